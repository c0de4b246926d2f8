#include "app/inspector/why_pending_model.h"

#include <QHash>

#include <algorithm>

namespace berth::app {

int WhyPendingModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

QVariant WhyPendingModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const Row& r = m_rows[index.row()];
    switch (role) {
        case Qt::DisplayRole: return tr("%1 × %2").arg(r.count).arg(r.reason);
        case ReasonRole: return r.reason;
        case CountRole: return r.count;
        case PluginRole: return r.plugin;
        default: return {};
    }
}

QHash<int, QByteArray> WhyPendingModel::roleNames() const {
    return {{Qt::DisplayRole, "display"}, {ReasonRole, "reason"}, {CountRole, "count"}, {PluginRole, "plugin"}};
}

QList<WhyPendingModel::Row> WhyPendingModel::summarize(const CycleTraceUi& trace) {
    QList<Row> rows;
    QHash<QString, qsizetype> at;
    auto add = [&](const QString& reason, const QString& plugin) {
        auto it = at.find(reason);
        if (it == at.end()) {
            at.insert(reason, rows.size());
            rows << Row{reason, plugin, 1};
        } else {
            ++rows[*it].count;
        }
    };
    for (const NodeTraceUi& n : trace.nodes) {
        if (n.feasible) continue;
        if (n.excluded)
            add(tr("excluded by a PreFilter result"), {});
        else if (!n.evaluated)
            continue;
        else if (n.reasons.isEmpty())
            add(n.filterPlugin.isEmpty() ? tr("rejected") : tr("rejected by %1").arg(n.filterPlugin), n.filterPlugin);
        // A node counts once per distinct reason, as in FitError's histogram.
        else
            for (const QString& r : n.reasons) add(r, n.filterPlugin);
    }
    std::stable_sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) {
        return a.count != b.count ? a.count > b.count : a.reason < b.reason;
    });
    return rows;
}

void WhyPendingModel::setTrace(const CycleTraceUi& trace) {
    const QList<Row> want = summarize(trace);
    const qsizetype before = m_rows.size();
    // Remove reasons that are gone (from the back), then walk the target order.
    for (qsizetype i = m_rows.size() - 1; i >= 0; --i) {
        const bool kept =
            std::any_of(want.begin(), want.end(), [&](const Row& r) { return r.reason == m_rows[i].reason; });
        if (kept) continue;
        beginRemoveRows({}, static_cast<int>(i), static_cast<int>(i));
        m_rows.remove(i);
        endRemoveRows();
    }
    for (qsizetype i = 0; i < want.size(); ++i) {
        qsizetype from = -1;
        for (qsizetype j = i; j < m_rows.size(); ++j)
            if (m_rows[j].reason == want[i].reason) {
                from = j;
                break;
            }
        const int row = static_cast<int>(i);
        if (from < 0) {
            beginInsertRows({}, row, row);
            m_rows.insert(i, want[i]);
            endInsertRows();
            continue;
        }
        if (from != i) {
            beginMoveRows({}, static_cast<int>(from), static_cast<int>(from), {}, row);
            m_rows.move(from, i);
            endMoveRows();
        }
        if (!(m_rows[i] == want[i])) {
            m_rows[i] = want[i];
            Q_EMIT dataChanged(index(row), index(row));
        }
    }
    const int nodes = static_cast<int>(trace.nodes.size());
    if (nodes != m_nodeCount || before != m_rows.size()) {
        m_nodeCount = nodes;
        Q_EMIT summaryChanged();
    }
}

}  // namespace berth::app
