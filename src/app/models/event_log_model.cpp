#include "app/models/event_log_model.h"

namespace berth::app {

int EventLogModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

QVariant EventLogModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const EventRow& r = m_rows[index.row()];
    switch (role) {
        case SequenceRole: return static_cast<qulonglong>(r.sequence);
        case TimeRole: return static_cast<double>(r.timeNs) / 1e9;  // seconds
        case TypeRole: return r.type;
        case PodRole: return r.pod;
        case NodeRole: return r.node;
        case Qt::DisplayRole: return r.type + QLatin1Char(' ') + r.pod;
        case MessageRole: return r.message;
        default: return {};
    }
}

QHash<int, QByteArray> EventLogModel::roleNames() const {
    return {{SequenceRole, "sequence"}, {TimeRole, "time"}, {TypeRole, "type"},
            {PodRole, "pod"},           {NodeRole, "node"}, {MessageRole, "message"}};
}

void EventLogModel::clear() {
    if (m_rows.isEmpty()) return;
    beginResetModel();
    m_rows.clear();
    endResetModel();
}

void EventLogModel::truncateFrom(quint64 sequence) {
    // Rows are in sequence order: the ones to drop are a tail.
    qsizetype first = m_rows.size();
    while (first > 0 && m_rows[first - 1].sequence >= sequence) --first;
    if (first == m_rows.size()) return;
    beginRemoveRows({}, static_cast<int>(first), static_cast<int>(m_rows.size() - 1));
    m_rows.resize(first);
    endRemoveRows();
}

void EventLogModel::append(const QList<EventRow>& events) {
    if (events.isEmpty()) return;
    // Only the newest `cap` of this batch can survive.
    const int take = std::min<int>(static_cast<int>(events.size()), m_cap);
    const int overflow = static_cast<int>(m_rows.size()) + take - m_cap;
    if (overflow > 0) {
        beginRemoveRows({}, 0, overflow - 1);
        m_rows.remove(0, overflow);
        endRemoveRows();
    }
    const int first = static_cast<int>(m_rows.size());
    beginInsertRows({}, first, first + take - 1);
    m_rows.append(events.mid(events.size() - take));
    endInsertRows();
}

}  // namespace berth::app
