#include "app/inspector/filter_table_model.h"

namespace berth::app {

namespace {

/// "Pass" / "Fail" in a cell; a word rather than a glyph, so every font shows it.
QString cellText(FilterTableModel::Verdict verdict) {
    if (verdict == FilterTableModel::Pass) return QStringLiteral("pass");
    if (verdict == FilterTableModel::Fail) return QStringLiteral("FAIL");
    return {};
}

}  // namespace

int FilterTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_nodes.size());
}

int FilterTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : kFixedColumns + static_cast<int>(m_plugins.size());
}

FilterTableModel::Verdict FilterTableModel::verdict(int row, int column) const {
    const NodeTraceUi& n = m_nodes[row];
    if (column == ResultColumn) {
        if (n.feasible) return Pass;
        if (n.excluded || !n.evaluated) return Skip;
        return Fail;
    }
    if (column < kFixedColumns) return NoVerdict;
    if (n.excluded || !n.evaluated) return Skip;
    if (n.feasible) return Pass;
    const qsizetype failedAt = m_plugins.indexOf(n.filterPlugin);
    // Rejected before Filter (a PreFilter plugin): no Filter plugin ran on it.
    if (failedAt < 0) return NotRun;
    const qsizetype p = column - kFixedColumns;
    return p < failedAt ? Pass : p == failedAt ? Fail : NotRun;
}

QVariant FilterTableModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const NodeTraceUi& n = m_nodes[index.row()];
    switch (role) {
        case Qt::DisplayRole:
            switch (index.column()) {
                case NodeColumn: return n.node;
                case ResultColumn:
                    if (n.feasible) return tr("fits");
                    if (n.excluded) return tr("excluded");
                    if (!n.evaluated) return tr("not evaluated");
                    // The rejecting plugin's name says more than "rejected" in a narrow column.
                    return n.filterPlugin.isEmpty() ? tr("rejected") : n.filterPlugin;
                case ReasonColumn:
                    if (n.excluded) return tr("left out by a PreFilter result");
                    if (!n.evaluated) return tr("enough feasible nodes were found first");
                    return n.reasons.join(QStringLiteral("; "));
                default: return cellText(verdict(index.row(), index.column()));
            }
        case VerdictRole: return static_cast<int>(verdict(index.row(), index.column()));
        case ReasonRole: return n.reasons.join(QStringLiteral("; "));
        case NodeRole: return n.node;
        default: return {};
    }
}

QVariant FilterTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (role != Qt::DisplayRole) return {};
    if (orientation == Qt::Vertical) return section + 1;
    switch (section) {
        case NodeColumn: return tr("Node");
        case ResultColumn: return tr("Result");
        case ReasonColumn: return tr("Reason");
        default:
            if (section - kFixedColumns < m_plugins.size()) return m_plugins[section - kFixedColumns];
            return {};
    }
}

QHash<int, QByteArray> FilterTableModel::roleNames() const {
    return {{Qt::DisplayRole, "display"}, {VerdictRole, "verdict"}, {ReasonRole, "reason"}, {NodeRole, "node"}};
}

void FilterTableModel::setTrace(const CycleTraceUi& trace) {
    bool sameShape = trace.filterPlugins == m_plugins && trace.nodes.size() == m_nodes.size();
    for (qsizetype i = 0; sameShape && i < m_nodes.size(); ++i) sameShape = m_nodes[i].node == trace.nodes[i].node;
    if (!sameShape) {
        beginResetModel();
        m_nodes = trace.nodes;
        m_plugins = trace.filterPlugins;
        endResetModel();
        return;
    }
    if (m_nodes == trace.nodes) return;
    m_nodes = trace.nodes;
    if (!m_nodes.isEmpty()) Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
}

}  // namespace berth::app
