#pragma once
/// The cluster's nodes, one row per node id (stable for a load): names, zone, requested and
/// allocatable cpu/memory, pod count. Reset on load, then updated row by row.

#include <QtQml/qqmlregistration.h>

#include "app/engine/sim_types.h"
#include "app/models/id_row_model.h"

namespace berth::app {

class NodeListModel : public IdRowModel<NodeRow> {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Owned by the SimulationController")
public:
    enum Role {
        NameRole = Qt::UserRole + 1,
        ZoneRole,
        PoolRole,
        CpuRequestedRole,
        CpuAllocatableRole,
        CpuFractionRole,
        MemRequestedRole,
        MemAllocatableRole,
        MemFractionRole,
        PodCountRole,
        PodsAllocatableRole,
        CordonedRole,
        TaintsRole,
        RemovedRole
    };
    Q_ENUM(Role)
    using IdRowModel::IdRowModel;

    QVariant data(const QModelIndex& index, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

    /// Row of the node called `name`, or -1.
    Q_INVOKABLE int indexOf(const QString& name) const;
};

}  // namespace berth::app
