#include "app/models/node_list_model.h"

namespace berth::app {

QVariant NodeListModel::data(const QModelIndex& index, int role) const {
    const NodeRow* row = rowAt(index);
    if (!row) return {};
    const NodeRow& r = *row;
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

int NodeListModel::indexOf(const QString& name) const {
    // An edited node is a new object (a new row); the old row stays, marked removed.
    for (int i = m_rows.size() - 1; i >= 0; --i)
        if (m_rows[i].name == name && !m_rows[i].removed) return i;
    for (int i = 0; i < m_rows.size(); ++i)
        if (m_rows[i].name == name) return i;
    return -1;
}

}  // namespace berth::app
