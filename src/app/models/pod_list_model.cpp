#include "app/models/pod_list_model.h"

namespace berth::app {

QString PodListModel::phaseName(PodPhaseUi phase) {
    switch (phase) {
        case PodPhaseUi::Pending: return QStringLiteral("Pending");
        case PodPhaseUi::Assumed: return QStringLiteral("Assumed");
        case PodPhaseUi::Bound: return QStringLiteral("Bound");
        case PodPhaseUi::Preexisting: return QStringLiteral("Running");
        case PodPhaseUi::Evicted: return QStringLiteral("Evicted");
        case PodPhaseUi::Ignored: return QStringLiteral("Ignored");
        case PodPhaseUi::Succeeded: return QStringLiteral("Succeeded");
    }
    return {};
}

QVariant PodListModel::data(const QModelIndex& index, int role) const {
    const PodRow* row = rowAt(index);
    if (!row) return {};
    const PodRow& r = *row;
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
    return {{KeyRole, "key"},       {WorkloadRole, "workload"}, {NodeRole, "node"},       {PhaseRole, "phase"},
            {QueueRole, "queue"},   {AttemptsRole, "attempts"}, {MessageRole, "message"}, {CpuRole, "cpu"},
            {MemoryRole, "memory"}, {PriorityRole, "priority"}};
}

int PodListModel::countOwnedBy(const QString& ns, const QString& owner) const {
    if (owner.isEmpty()) return 0;
    const QString prefix = ns + QLatin1Char('/');
    int count = 0;
    for (const PodRow& r : m_rows)
        if (r.owner == owner && r.key.startsWith(prefix) && r.phase != PodPhaseUi::Evicted)
            ++count;
    return count;
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
