#include "app/inspector/score_table_model.h"

#include <algorithm>

namespace berth::app {

int ScoreTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int ScoreTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : kFixedColumns + static_cast<int>(m_plugins.size());
}

const PluginScoreUi* ScoreTableModel::score(int row, int column) const {
    if (column < kFixedColumns) return nullptr;
    const QString& plugin = m_plugins[column - kFixedColumns];
    for (const PluginScoreUi& s : m_rows[row].node.scores)
        if (s.plugin == plugin) return &s;
    return nullptr;  // PreScore said Skip: the plugin did not score this pod
}

QVariant ScoreTableModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const NodeTraceUi& n = m_rows[index.row()].node;
    const PluginScoreUi* s = score(index.row(), index.column());
    switch (role) {
        case Qt::DisplayRole:
            if (index.column() == NodeColumn) return n.node;
            if (index.column() == TotalColumn) return n.total;
            if (!s) return tr("skipped");
            return QStringLiteral("%1 → %2 ×%3 = %4").arg(s->raw).arg(s->normalized).arg(s->weight).arg(s->weighted);
        case RawRole: return s ? QVariant(s->raw) : QVariant();
        case NormalizedRole: return s ? QVariant(s->normalized) : QVariant();
        case WeightRole: return s ? QVariant(s->weight) : QVariant();
        case WeightedRole: return s ? QVariant(s->weighted) : QVariant();
        case TotalRole: return n.total;
        case WinnerRole: return n.node == m_chosen;
        case HeatRole:
            // 0 for the lowest total, 1 for the highest: the canvas and table heat colour.
            return m_maxTotal > m_minTotal
                       ? static_cast<double>(n.total - m_minTotal) / static_cast<double>(m_maxTotal - m_minTotal)
                       : 1.0;
        case NodeRole: return n.node;
        case ScoredRole: return index.column() < kFixedColumns || s != nullptr;
        default: return {};
    }
}

QVariant ScoreTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (role != Qt::DisplayRole) return {};
    if (orientation == Qt::Vertical) return section + 1;
    if (section == NodeColumn) return tr("Node");
    if (section == TotalColumn) return tr("Total");
    if (section - kFixedColumns < m_plugins.size()) return m_plugins[section - kFixedColumns];
    return {};
}

QHash<int, QByteArray> ScoreTableModel::roleNames() const {
    return {{Qt::DisplayRole, "display"}, {RawRole, "raw"},      {NormalizedRole, "normalized"}, {WeightRole, "weight"},
            {WeightedRole, "weighted"},   {TotalRole, "total"},  {WinnerRole, "winner"},         {HeatRole, "heat"},
            {NodeRole, "node"},           {ScoredRole, "scored"}};
}

void ScoreTableModel::setTrace(const CycleTraceUi& trace) {
    QList<Row> rows;
    if (trace.scored)
        for (const NodeTraceUi& n : trace.nodes)
            if (n.feasible) rows << Row{n};
    // Highest total first, then by name: the winner (or a tied one) is the first row.
    std::stable_sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) {
        return a.node.total != b.node.total ? a.node.total > b.node.total : a.node.node < b.node.node;
    });
    qint64 lo = 0, hi = 0;
    for (qsizetype i = 0; i < rows.size(); ++i) {
        lo = i == 0 ? rows[i].node.total : std::min(lo, rows[i].node.total);
        hi = i == 0 ? rows[i].node.total : std::max(hi, rows[i].node.total);
    }
    bool sameShape = trace.scorePlugins == m_plugins && rows.size() == m_rows.size();
    for (qsizetype i = 0; sameShape && i < rows.size(); ++i) sameShape = rows[i].node.node == m_rows[i].node.node;
    if (!sameShape) {
        beginResetModel();
        m_rows = std::move(rows);
        m_plugins = trace.scorePlugins;
        m_chosen = trace.chosen;
        m_minTotal = lo;
        m_maxTotal = hi;
        endResetModel();
        return;
    }
    if (rows == m_rows && m_chosen == trace.chosen) return;
    m_rows = std::move(rows);
    m_chosen = trace.chosen;
    m_minTotal = lo;
    m_maxTotal = hi;
    if (!m_rows.isEmpty()) Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
}

}  // namespace berth::app
