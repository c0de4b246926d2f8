#include "app/session/edit_history_model.h"

#include <algorithm>

namespace berth::app {

EditHistoryModel::EditHistoryModel(QObject* parent) : QAbstractListModel(parent) {}

int EditHistoryModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_edits.size());
}

QVariant EditHistoryModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const plan::PlanEdit& e = m_edits[static_cast<std::size_t>(index.row())];
    switch (role) {
        case Qt::DisplayRole:
        case DescriptionRole: return QString::fromStdString(plan::describeEdit(e));
        case AppliedRole: return index.row() < m_applied;
        case KindRole: return QLatin1String(plan::editKindName(e.kind));
        case AtStepRole: return static_cast<qulonglong>(e.atStep);
        default: return {};
    }
}

QHash<int, QByteArray> EditHistoryModel::roleNames() const {
    return {{DescriptionRole, "description"}, {AppliedRole, "applied"}, {KindRole, "kind"}, {AtStepRole, "atStep"}};
}

void EditHistoryModel::push(const plan::PlanEdit& edit) {
    const int size = static_cast<int>(m_edits.size());
    if (m_applied < size) {
        beginRemoveRows({}, m_applied, size - 1);
        m_edits.resize(static_cast<std::size_t>(m_applied));
        endRemoveRows();
    }
    beginInsertRows({}, m_applied, m_applied);
    m_edits.push_back(edit);
    ++m_applied;
    endInsertRows();
    Q_EMIT changed();
}

void EditHistoryModel::setApplied(int applied) {
    applied = std::clamp(applied, 0, static_cast<int>(m_edits.size()));
    if (applied == m_applied) return;
    const int first = std::min(applied, m_applied), last = std::max(applied, m_applied) - 1;
    m_applied = applied;
    Q_EMIT dataChanged(index(first), index(last), {AppliedRole});
    Q_EMIT changed();
}

void EditHistoryModel::reset(std::vector<plan::PlanEdit> edits, int applied) {
    beginResetModel();
    m_edits = std::move(edits);
    m_applied = std::clamp(applied, 0, static_cast<int>(m_edits.size()));
    endResetModel();
    Q_EMIT changed();
}

}  // namespace berth::app
