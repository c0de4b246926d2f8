#include "app/capacity/drain_report_model.h"

namespace berth::app {

DrainReportModel::DrainReportModel(QObject* parent) : QAbstractListModel(parent) {}

int DrainReportModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

QVariant DrainReportModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const Row& r = m_rows[index.row()];
    switch (role) {
        case PodRole: return r.pod;
        case BlockedRole: return r.blocked;
        case NodeRole: return r.node;
        case ReplacementRole: return r.replacement;
        case ToRole: return r.to;
        case Qt::DisplayRole:
        case TextRole:
            if (r.blocked) return tr("%1 stays on %2: %3").arg(r.pod, r.node, r.reason);
            if (r.replacement.isEmpty()) return tr("%1 evicted from %2, not replaced").arg(r.pod, r.node);
            return tr("%1 evicted from %2 → %3 on %4")
                .arg(r.pod, r.node, r.replacement, r.to.isEmpty() ? tr("pending") : r.to);
        default: return {};
    }
}

QHash<int, QByteArray> DrainReportModel::roleNames() const {
    return {{PodRole, "pod"}, {BlockedRole, "blocked"}, {NodeRole, "node"}, {ReplacementRole, "replacement"},
            {ToRole, "to"},   {TextRole, "text"}};
}

void DrainReportModel::setAnswer(const plan::capacity::DrainAnswer& answer) {
    QList<Row> rows;
    auto q = [](const std::string& s) { return QString::fromStdString(s); };
    for (const auto& e : answer.evicted) rows << Row{q(e.pod), false, q(e.from), q(e.replacement), q(e.to), {}};
    for (const auto& b : answer.blocked) rows << Row{q(b.pod), true, q(b.node), {}, {}, q(b.reason)};
    replaceRows(std::move(rows));
}

void DrainReportModel::clear() { replaceRows({}); }

void DrainReportModel::replaceRows(QList<Row> rows) {
    beginResetModel();
    m_rows = std::move(rows);
    endResetModel();
    Q_EMIT changed();
}

}  // namespace berth::app
