#include "app/models/node_list_model.h"

namespace berth::app {

int NodeListModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : static_cast<int>(m_rows.size()); }

QVariant NodeListModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const NodeRow& r = m_rows[index.row()];
    auto fraction = [](qint64 a, qint64 b) { return b > 0 ? static_cast<double>(a) / static_cast<double>(b) : 0.0; };
    switch (role) {
        case Qt::DisplayRole:
        case NameRole: return r.name;
        case ZoneRole: return r.zone;
        case PoolRole: return r.pool;
        case CpuRequestedRole: return r.cpuRequested;
        case CpuAllocatableRole: return r.cpuAllocatable;
        case CpuFractionRole: return fraction(r.cpuRequested, r.cpuAllocatable);
        case MemRequestedRole: return r.memRequested;
        case MemAllocatableRole: return r.memAllocatable;
        case MemFractionRole: return fraction(r.memRequested, r.memAllocatable);
        case PodCountRole: return r.podCount;
        case PodsAllocatableRole: return r.podsAllocatable;
        case CordonedRole: return r.cordoned;
        case TaintsRole: return r.taints;
        case RemovedRole: return r.removed;
        default: return {};
    }
}

QHash<int, QByteArray> NodeListModel::roleNames() const {
    return {{NameRole, "name"},
            {ZoneRole, "zone"},
            {PoolRole, "pool"},
            {CpuRequestedRole, "cpuRequested"},
            {CpuAllocatableRole, "cpuAllocatable"},
            {CpuFractionRole, "cpuFraction"},
            {MemRequestedRole, "memRequested"},
            {MemAllocatableRole, "memAllocatable"},
            {MemFractionRole, "memFraction"},
            {PodCountRole, "podCount"},
            {PodsAllocatableRole, "podsAllocatable"},
            {CordonedRole, "cordoned"},
            {TaintsRole, "taints"},
            {RemovedRole, "removed"}};
}

void NodeListModel::reset(QList<NodeRow> rows) {
    beginResetModel();
    m_rows = std::move(rows);
    endResetModel();
    Q_EMIT contentChanged();
}

void NodeListModel::apply(const QList<NodeRow>& changed) {
    bool any = false;
    for (const NodeRow& r : changed) {
        const auto row = static_cast<int>(r.id);
        if (row < m_rows.size()) {
            if (m_rows[row] == r) continue;
            m_rows[row] = r;
            Q_EMIT dataChanged(index(row), index(row));
            any = true;
        } else if (row == m_rows.size()) {
            beginInsertRows({}, row, row);
            m_rows.append(r);
            endInsertRows();
            any = true;
        }
    }
    if (any) Q_EMIT contentChanged();
}

int NodeListModel::indexOf(const QString& name) const {
    // An edited node is a new object (a new row); the old row stays, marked removed.
    for (int i = m_rows.size() - 1; i >= 0; --i)
        if (m_rows[i].name == name && !m_rows[i].removed) return i;
    for (int i = 0; i < m_rows.size(); ++i)
        if (m_rows[i].name == name) return i;
    return -1;
}

}  // namespace berth::app
