#include "app/models/pod_list_model.h"

namespace berth::app {

int PodListModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : static_cast<int>(m_rows.size()); }

QString PodListModel::phaseName(PodPhaseUi phase) {
    switch (phase) {
        case PodPhaseUi::Pending: return QStringLiteral("Pending");
        case PodPhaseUi::Assumed: return QStringLiteral("Assumed");
        case PodPhaseUi::Bound: return QStringLiteral("Bound");
        case PodPhaseUi::Preexisting: return QStringLiteral("Running");
        case PodPhaseUi::Evicted: return QStringLiteral("Evicted");
        case PodPhaseUi::Ignored: return QStringLiteral("Ignored");
    }
    return {};
}

QVariant PodListModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const PodRow& r = m_rows[index.row()];
    switch (role) {
        case Qt::DisplayRole:
        case KeyRole: return r.key;
        case WorkloadRole: return r.workload;
        case NodeRole: return r.node;
        case PhaseRole: return phaseName(r.phase);
        case QueueRole: return r.queue;
        case AttemptsRole: return r.attempts;
        case MessageRole: return r.message;
        case CpuRole: return r.cpu;
        case MemoryRole: return r.memory;
        case PriorityRole: return r.priority;
        default: return {};
    }
}

QHash<int, QByteArray> PodListModel::roleNames() const {
    return {{KeyRole, "key"},         {WorkloadRole, "workload"}, {NodeRole, "node"},
            {PhaseRole, "phase"},     {QueueRole, "queue"},       {AttemptsRole, "attempts"},
            {MessageRole, "message"}, {CpuRole, "cpu"},           {MemoryRole, "memory"},
            {PriorityRole, "priority"}};
}

void PodListModel::reset(QList<PodRow> rows) {
    beginResetModel();
    m_rows = std::move(rows);
    endResetModel();
    Q_EMIT contentChanged();
}

void PodListModel::apply(const QList<PodRow>& changed) {
    bool any = false;
    for (const PodRow& r : changed) {
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

int PodListModel::indexOf(const QString& key) const {
    // A pod pinned to a node is a new object under the same name: the live one wins.
    for (int i = m_rows.size() - 1; i >= 0; --i)
        if (m_rows[i].key == key && m_rows[i].phase != PodPhaseUi::Evicted) return i;
    for (int i = 0; i < m_rows.size(); ++i)
        if (m_rows[i].key == key) return i;
    return -1;
}

}  // namespace berth::app
