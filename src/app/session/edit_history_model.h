#pragma once
/// The edit history as a list model for the history panel: one row per recorded edit, the
/// first `applied` of them in effect, the rest what redo brings back. Pushing a new edit
/// drops the redo tail, as every editor does.

#include <QAbstractListModel>
#include <QtQml/qqmlregistration.h>

#include <vector>

#include "plan/plan_edit.h"

namespace berth::app {

class EditHistoryModel : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Owned by SimulationController")
    Q_PROPERTY(int appliedCount READ appliedCount NOTIFY changed)
    Q_PROPERTY(bool canUndo READ canUndo NOTIFY changed)
    Q_PROPERTY(bool canRedo READ canRedo NOTIFY changed)
public:
    enum Role { DescriptionRole = Qt::UserRole + 1, AppliedRole, KindRole, AtStepRole };
    explicit EditHistoryModel(QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

    const std::vector<plan::PlanEdit>& edits() const { return m_edits; }
    int appliedCount() const { return m_applied; }
    bool canUndo() const { return m_applied > 0; }
    bool canRedo() const { return m_applied < static_cast<int>(m_edits.size()); }
    std::vector<plan::PlanEdit> appliedEdits() const { return {m_edits.begin(), m_edits.begin() + m_applied}; }

    /// Records an applied edit, dropping the undone ones after the current point.
    void push(const plan::PlanEdit& edit);
    /// Moves the current point; `applied` must be within [0, rowCount()].
    void setApplied(int applied);
    /// Replaces everything (a session opened, a new cluster loaded).
    void reset(std::vector<plan::PlanEdit> edits, int applied);

Q_SIGNALS:
    void changed();

private:
    std::vector<plan::PlanEdit> m_edits;
    int m_applied = 0;
};

}  // namespace berth::app
