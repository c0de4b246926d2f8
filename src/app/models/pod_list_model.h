#pragma once
/// Every pod of the cluster, one row per pod id (stable for a load): key, workload, phase,
/// node, queue, attempts, last FailedScheduling message. Reset on load, then row by row;
/// pods a controller creates mid-run are appended.

#include <QtQml/qqmlregistration.h>

#include "app/engine/sim_types.h"
#include "app/models/id_row_model.h"

namespace berth::app {

class PodListModel : public IdRowModel<PodRow> {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Owned by the SimulationController")
public:
    enum Role {
        KeyRole = Qt::UserRole + 1,
        WorkloadRole,
        NodeRole,
        PhaseRole,
        QueueRole,
        AttemptsRole,
        MessageRole,
        CpuRole,
        MemoryRole,
        PriorityRole
    };
    Q_ENUM(Role)
    using IdRowModel::IdRowModel;

    QVariant data(const QModelIndex& index, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

    Q_INVOKABLE int indexOf(const QString& key) const;
    /// The live pods (not evicted) of workload `owner` ("Kind/name", PodRow::owner)
    /// in namespace `ns`: the replicas it has now, once its controller caught up (Scale's
    /// starting value).
    Q_INVOKABLE int countOwnedBy(const QString& ns, const QString& owner) const;

    static QString phaseName(PodPhaseUi phase);
};

}  // namespace berth::app
