#include "app/models/queue_model.h"

#include <QHash>
#include <QSet>

namespace berth::app {

int QueueModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

QVariant QueueModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const QueueRow& r = m_rows[index.row()];
    switch (role) {
        case Qt::DisplayRole:
        case KeyRole: return r.key;
        case QueueRole: return r.queue;
        case AttemptsRole: return r.attempts;
        case BackoffLeftRole: return static_cast<double>(r.backoffLeftNs) / 1e9;  // seconds
        case ReasonRole: return r.reason;
        case PositionRole: {
            // 1-based position inside its own sub-queue.
            int pos = 1;
            for (int i = index.row() - 1; i >= 0 && m_rows[i].queue == r.queue; --i) ++pos;
            return pos;
        }
        default: return {};
    }
}

QHash<int, QByteArray> QueueModel::roleNames() const {
    return {{KeyRole, "key"},           {QueueRole, "queue"},
            {AttemptsRole, "attempts"}, {BackoffLeftRole, "backoffLeft"},
            {ReasonRole, "reason"},     {PositionRole, "position"}};
}

void QueueModel::reset(QList<QueueRow> rows) {
    beginResetModel();
    m_rows = std::move(rows);
    endResetModel();
    recount();
}

void QueueModel::update(const QList<QueueRow>& rows) {
    // 1. Remove rows whose pod left the queue (from the back, in contiguous runs).
    QSet<quint32> wanted;
    for (const QueueRow& r : rows) wanted.insert(r.podId);
    for (int i = static_cast<int>(m_rows.size()) - 1; i >= 0;) {
        if (wanted.contains(m_rows[i].podId)) {
            --i;
            continue;
        }
        int first = i;
        while (first > 0 && !wanted.contains(m_rows[first - 1].podId)) --first;
        beginRemoveRows({}, first, i);
        m_rows.remove(first, i - first + 1);
        endRemoveRows();
        i = first - 1;
    }
    // 2. Walk the target order: keep, move up, or insert. Every row before `i` is final.
    for (int i = 0; i < rows.size(); ++i) {
        const QueueRow& want = rows[i];
        if (i < m_rows.size() && m_rows[i].podId == want.podId) {
            if (!(m_rows[i] == want)) {
                m_rows[i] = want;
                Q_EMIT dataChanged(index(i), index(i));
            }
            continue;
        }
        int from = -1;
        for (int j = i + 1; j < m_rows.size(); ++j)
            if (m_rows[j].podId == want.podId) {
                from = j;
                break;
            }
        if (from >= 0) {
            beginMoveRows({}, from, from, {}, i);
            m_rows.move(from, i);
            endMoveRows();
            if (!(m_rows[i] == want)) {
                m_rows[i] = want;
                Q_EMIT dataChanged(index(i), index(i));
            }
        } else {
            beginInsertRows({}, i, i);
            m_rows.insert(i, want);
            endInsertRows();
        }
    }
    recount();
}

void QueueModel::recount() {
    int a = 0, b = 0, u = 0;
    for (const QueueRow& r : m_rows) {
        if (r.queue == QLatin1String("active"))
            ++a;
        else if (r.queue == QLatin1String("backoff"))
            ++b;
        else
            ++u;
    }
    if (a == m_active && b == m_backoff && u == m_unschedulable) return;
    m_active = a;
    m_backoff = b;
    m_unschedulable = u;
    Q_EMIT countsChanged();
}

}  // namespace berth::app
