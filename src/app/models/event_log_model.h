#pragma once
/// The simulation's event stream as a log: rows are appended in sequence order; the oldest
/// rows are dropped beyond a cap so a long run keeps a bounded memory.

#include <QAbstractListModel>
#include <QtQml/qqmlregistration.h>

#include "app/engine/sim_types.h"

namespace berth::app {

class EventLogModel : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Owned by the SimulationController")
public:
    enum Role { SequenceRole = Qt::UserRole + 1, TimeRole, TypeRole, PodRole, NodeRole, MessageRole };
    Q_ENUM(Role)
    static constexpr int kDefaultCap = 5000;
    explicit EventLogModel(QObject* parent = nullptr, int cap = kDefaultCap) : QAbstractListModel(parent), m_cap(cap) {}

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

    void clear();
    /// Drops the rows from `sequence` on (the playback stepped back before them).
    void truncateFrom(quint64 sequence);
    void append(const QList<EventRow>& events);
    const QList<EventRow>& rows() const { return m_rows; }

private:
    QList<EventRow> m_rows;
    int m_cap;
};

}  // namespace berth::app
