#pragma once
/// "Why pending", aggregated: for the selected pod's last attempt, each rejection reason with
/// the number of nodes that gave it, most common first — the same counting as upstream's
/// FitError message ("0/30 nodes are available: 12 Insufficient cpu, ...",
/// framework/types.go, FitError.Error), but as rows the panel can list.

#include <QAbstractListModel>
#include <QtQml/qqmlregistration.h>

#include "app/engine/trace_types.h"

namespace berth::app {

class WhyPendingModel : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Owned by the Inspector")
    Q_PROPERTY(int nodeCount READ nodeCount NOTIFY summaryChanged)
    /// Rows, as a property: a hidden view's `count` is not updated until it is shown.
    Q_PROPERTY(int count READ count NOTIFY summaryChanged)
public:
    enum Role { ReasonRole = Qt::UserRole + 1, CountRole, PluginRole };
    Q_ENUM(Role)
    struct Row {
        QString reason;
        QString plugin;
        int count = 0;
        bool operator==(const Row&) const = default;
    };

    using QAbstractListModel::QAbstractListModel;

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

    /// Rows are keyed by reason: counts change in place, new reasons insert, gone ones remove.
    void setTrace(const CycleTraceUi& trace);
    /// The rows for `trace`, most nodes first (then by reason).
    static QList<Row> summarize(const CycleTraceUi& trace);
    const QList<Row>& rows() const { return m_rows; }
    /// Nodes the attempt looked at.
    int nodeCount() const { return m_nodeCount; }
    int count() const { return static_cast<int>(m_rows.size()); }

Q_SIGNALS:
    void summaryChanged();

private:
    QList<Row> m_rows;
    int m_nodeCount = 0;
};

}  // namespace berth::app
