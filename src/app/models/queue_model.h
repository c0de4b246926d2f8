#pragma once
/// The scheduling queue as one list: activeQ in pop order, then backoffQ (with time left),
/// then the unschedulable pool (with the last reason). Rows are keyed by pod id; a new queue
/// state is applied as removes, moves, inserts and dataChanged — never a reset — so delegates
/// (and their animations) survive.

#include <QAbstractListModel>
#include <QtQml/qqmlregistration.h>

#include "app/engine/sim_types.h"

namespace berth::app {

class QueueModel : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Owned by the SimulationController")
    Q_PROPERTY(int activeCount READ activeCount NOTIFY countsChanged)
    Q_PROPERTY(int backoffCount READ backoffCount NOTIFY countsChanged)
    Q_PROPERTY(int unschedulableCount READ unschedulableCount NOTIFY countsChanged)
public:
    enum Role { KeyRole = Qt::UserRole + 1, QueueRole, AttemptsRole, BackoffLeftRole, ReasonRole, PositionRole };
    Q_ENUM(Role)
    using QAbstractListModel::QAbstractListModel;

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

    void reset(QList<QueueRow> rows);
    /// Brings the rows to `rows` (same pod ids keep their delegates).
    void update(const QList<QueueRow>& rows);
    const QList<QueueRow>& rows() const { return m_rows; }

    int activeCount() const { return m_active; }
    int backoffCount() const { return m_backoff; }
    int unschedulableCount() const { return m_unschedulable; }

Q_SIGNALS:
    void countsChanged();

private:
    void recount();
    QList<QueueRow> m_rows;
    int m_active = 0, m_backoff = 0, m_unschedulable = 0;
};

}  // namespace berth::app
