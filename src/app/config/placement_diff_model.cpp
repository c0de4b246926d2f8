#include "app/config/placement_diff_model.h"

namespace berth::app {

PlacementDiffModel::PlacementDiffModel(QObject* parent) : QAbstractListModel(parent) {}

int PlacementDiffModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_changes.size());
}

QVariant PlacementDiffModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const plan::PlacementChange& c = m_changes[static_cast<std::size_t>(index.row())];
    const QString from = c.from.empty() ? tr("pending") : QString::fromStdString(c.from);
    const QString to = c.to.empty() ? tr("pending") : QString::fromStdString(c.to);
    switch (role) {
        case Qt::DisplayRole:
        case TextRole: return tr("%1: %2 → %3").arg(QString::fromStdString(c.pod), from, to);
        case PodRole: return QString::fromStdString(c.pod);
        case KindRole: return static_cast<int>(c.kind);  // a ChangeKind
        case FromRole: return QString::fromStdString(c.from);
        case ToRole: return QString::fromStdString(c.to);
        default: return {};
    }
}

QHash<int, QByteArray> PlacementDiffModel::roleNames() const {
    return {{PodRole, "pod"}, {KindRole, "kind"}, {FromRole, "from"}, {ToRole, "to"}, {TextRole, "text"}};
}

QString PlacementDiffModel::summary() const {
    if (m_computing) return tr("Comparing placements…");
    if (!m_error.isEmpty()) return m_error;
    if (!m_valid) return tr("Apply a configuration to see what moves.");
    int moved = 0, unscheduled = 0, scheduled = 0;
    for (const auto& c : m_changes) {
        switch (c.kind) {
            case plan::PlacementChangeKind::Moved: ++moved; break;
            case plan::PlacementChangeKind::Unscheduled: ++unscheduled; break;
            case plan::PlacementChangeKind::Scheduled: ++scheduled; break;
        }
    }
    if (moved + unscheduled + scheduled == 0) return tr("Nothing moved.");
    return tr("%1 moved, %2 now pending, %3 newly scheduled").arg(moved).arg(unscheduled).arg(scheduled);
}

QStringList PlacementDiffModel::pods() const {
    QStringList out;
    for (const auto& c : m_changes) out << QString::fromStdString(c.pod);
    return out;
}

void PlacementDiffModel::setComputing() {
    m_computing = true;
    m_error.clear();
    Q_EMIT changed();
}

void PlacementDiffModel::setChanges(std::vector<plan::PlacementChange> changes) {
    replaceRows(std::move(changes));
    m_computing = false;
    m_valid = true;
    m_error.clear();
    Q_EMIT changed();
}

void PlacementDiffModel::setError(const QString& error) {
    replaceRows({});
    m_computing = false;
    m_valid = false;
    m_error = error;
    Q_EMIT changed();
}

void PlacementDiffModel::clear() {
    replaceRows({});
    m_computing = false;
    m_valid = false;
    m_error.clear();
    Q_EMIT changed();
}

void PlacementDiffModel::replaceRows(std::vector<plan::PlacementChange> changes) {
    // A new comparison is a new list: rows removed, then inserted (no reset, so views keep
    // their state).
    if (!m_changes.empty()) {
        beginRemoveRows({}, 0, count() - 1);
        m_changes.clear();
        endRemoveRows();
    }
    if (!changes.empty()) {
        beginInsertRows({}, 0, static_cast<int>(changes.size()) - 1);
        m_changes = std::move(changes);
        endInsertRows();
    }
}

}  // namespace berth::app
