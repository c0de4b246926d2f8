#include "app/inspector/node_pods_model.h"

#include "app/models/pod_list_model.h"

namespace berth::app {

int NodePodsModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

QVariant NodePodsModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const PodRow& r = m_rows[index.row()];
    switch (role) {
        case Qt::DisplayRole:
        case KeyRole: return r.key;
        case WorkloadRole: return r.workload;
        case PhaseRole: return PodListModel::phaseName(r.phase);
        case CpuRole: return r.cpu;
        case MemoryRole: return r.memory;
        default: return {};
    }
}

QHash<int, QByteArray> NodePodsModel::roleNames() const {
    return {
        {KeyRole, "key"}, {WorkloadRole, "workload"}, {PhaseRole, "phase"}, {CpuRole, "cpu"}, {MemoryRole, "memory"}};
}

void NodePodsModel::setPods(const QList<PodRow>& all, qint32 nodeId) {
    QList<PodRow> want;
    if (nodeId >= 0)
        for (const PodRow& p : all) {
            const bool onNode =
                p.phase == PodPhaseUi::Bound || p.phase == PodPhaseUi::Assumed || p.phase == PodPhaseUi::Preexisting;
            if (onNode && p.nodeId == nodeId) want << p;
        }
    // Merge two id-sorted lists: remove, insert or update row by row.
    int i = 0;
    for (const PodRow& w : want) {
        while (i < m_rows.size() && m_rows[i].id < w.id) {
            beginRemoveRows({}, i, i);
            m_rows.remove(i);
            endRemoveRows();
        }
        if (i < m_rows.size() && m_rows[i].id == w.id) {
            if (!(m_rows[i] == w)) {
                m_rows[i] = w;
                Q_EMIT dataChanged(index(i), index(i));
            }
        } else {
            beginInsertRows({}, i, i);
            m_rows.insert(i, w);
            endInsertRows();
        }
        ++i;
    }
    if (i < m_rows.size()) {
        beginRemoveRows({}, i, static_cast<int>(m_rows.size()) - 1);
        m_rows.remove(i, m_rows.size() - i);
        endRemoveRows();
    }
}

}  // namespace berth::app
