#pragma once
/// The cluster's nodes, one row per node id (stable for a load): names, zone, requested and
/// allocatable cpu/memory, pod count. Reset on load, then updated row by row.

#include <QAbstractListModel>
#include <QtQml/qqmlregistration.h>

#include "app/engine/sim_types.h"

namespace berth::app {

class NodeListModel : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Owned by the SimulationController")
public:
    enum Role {
        NameRole = Qt::UserRole + 1, ZoneRole, PoolRole, CpuRequestedRole, CpuAllocatableRole, CpuFractionRole,
        MemRequestedRole, MemAllocatableRole, MemFractionRole, PodCountRole, PodsAllocatableRole, CordonedRole,
        TaintsRole, RemovedRole
    };
    Q_ENUM(Role)
    using QAbstractListModel::QAbstractListModel;

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

    void reset(QList<NodeRow> rows);
    /// Replaces changed rows (by id) and appends new ones.
    void apply(const QList<NodeRow>& changed);
    const QList<NodeRow>& rows() const { return m_rows; }
    /// Row of the node called `name`, or -1.
    Q_INVOKABLE int indexOf(const QString& name) const;

Q_SIGNALS:
    /// Emitted after any change (reset or rows), for views that redraw everything at once.
    void contentChanged();

private:
    QList<NodeRow> m_rows;
};

}  // namespace berth::app
