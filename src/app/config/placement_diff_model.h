#pragma once
/// "What moved": the pods whose placement differs between the plan before and after a
/// scheduler configuration change (or its undo), as computed by plan::diffPlacements over two
/// runs to the end. One row per pod: moved A -> B, now pending, newly scheduled.

#include <QAbstractListModel>
#include <QStringList>
#include <QtQml/qqmlregistration.h>

#include <vector>

#include "plan/placement_diff.h"

namespace berth::app {

class PlacementDiffModel : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Owned by SimulationController")
    Q_PROPERTY(int count READ count NOTIFY changed)
    Q_PROPERTY(bool computing READ computing NOTIFY changed)
    Q_PROPERTY(bool valid READ valid NOTIFY changed)
    Q_PROPERTY(QString summary READ summary NOTIFY changed)
    Q_PROPERTY(QString error READ error NOTIFY changed)
    Q_PROPERTY(QStringList pods READ pods NOTIFY changed)
public:
    enum Role { PodRole = Qt::UserRole + 1, KindRole, FromRole, ToRole, TextRole };
    /// KindRole: plan::PlacementChangeKind as QML sees it (PlacementDiffModel.Unscheduled).
    enum ChangeKind {
        Moved = static_cast<int>(plan::PlacementChangeKind::Moved),
        Unscheduled = static_cast<int>(plan::PlacementChangeKind::Unscheduled),
        Scheduled = static_cast<int>(plan::PlacementChangeKind::Scheduled),
    };
    Q_ENUM(ChangeKind)
    explicit PlacementDiffModel(QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

    int count() const { return static_cast<int>(m_changes.size()); }
    bool computing() const { return m_computing; }
    /// A comparison has been made (the list may still be empty: nothing moved).
    bool valid() const { return m_valid; }
    QString summary() const;
    QString error() const { return m_error; }
    /// The keys of the pods listed (for the canvas to highlight).
    QStringList pods() const;
    const std::vector<plan::PlacementChange>& changes() const { return m_changes; }

    /// A new comparison is being computed: the old rows stay until it arrives.
    void setComputing();
    void setChanges(std::vector<plan::PlacementChange> changes);
    void setError(const QString& error);
    void clear();

Q_SIGNALS:
    void changed();

private:
    void replaceRows(std::vector<plan::PlacementChange> changes);

    std::vector<plan::PlacementChange> m_changes;
    bool m_computing = false;
    bool m_valid = false;
    QString m_error;
};

}  // namespace berth::app
