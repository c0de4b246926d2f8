#pragma once
/// The drain report of a whole group of nodes (plan::capacity::DrainAnswer), one row per pod:
/// the evicted ones in eviction order, each with where its replacement went, then the ones
/// left on their node with the reason (a PodDisruptionBudget that allowed no disruption, a
/// pod kubectl refuses to delete).

#include <QAbstractListModel>
#include <QtQml/qqmlregistration.h>

#include <vector>

#include "plan/capacity/drain.h"

namespace berth::app {

class DrainReportModel : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Owned by GroupDrainController")
    Q_PROPERTY(int count READ count NOTIFY changed)
public:
    enum Role { PodRole = Qt::UserRole + 1, BlockedRole, NodeRole, ReplacementRole, ToRole, TextRole };
    Q_ENUM(Role)

    explicit DrainReportModel(QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QHash<int, QByteArray> roleNames() const override;
    int count() const { return static_cast<int>(m_rows.size()); }

    void setAnswer(const plan::capacity::DrainAnswer& answer);
    void clear();

Q_SIGNALS:
    void changed();

private:
    struct Row {
        QString pod;
        bool blocked = false;
        QString node;         // where it was (evicted) or is (blocked)
        QString replacement;  // evicted: its controller's new pod, "" when none
        QString to;           // ... where that runs, "" when pending
        QString reason;       // blocked: why
    };
    void replaceRows(QList<Row> rows);
    QList<Row> m_rows;
};

}  // namespace berth::app
