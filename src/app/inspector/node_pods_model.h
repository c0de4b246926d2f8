#pragma once
/// The pods on the selected node (bound, assumed or already running), in pod id order, with
/// their requests: the inspector's node view. Rows are keyed by pod id and merged in place
/// as the simulation moves, so the list does not jump.

#include <QAbstractListModel>
#include <QtQml/qqmlregistration.h>

#include "app/engine/sim_types.h"

namespace berth::app {

class NodePodsModel : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Owned by the Inspector")
public:
    enum Role { KeyRole = Qt::UserRole + 1, WorkloadRole, PhaseRole, CpuRole, MemoryRole };
    Q_ENUM(Role)
    using QAbstractListModel::QAbstractListModel;

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

    /// Shows the pods of `all` that sit on node `nodeId` (-1: none).
    void setPods(const QList<PodRow>& all, qint32 nodeId);
    const QList<PodRow>& rows() const { return m_rows; }

private:
    QList<PodRow> m_rows;  // sorted by id
};

}  // namespace berth::app
