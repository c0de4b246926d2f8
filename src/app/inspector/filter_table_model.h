#pragma once
/// The selected pod's last attempt as a Filter table: one row per node (snapshot order), the
/// columns Node, Result, Reason, then one column per Filter plugin in run order. Upstream runs
/// a node's Filter plugins in order and stops at the first that says no
/// (framework/runtime/framework.go, RunFilterPlugins), so a rejected row reads pass, pass,
/// FAIL, then "not run".

#include <QAbstractTableModel>
#include <QtQml/qqmlregistration.h>

#include "app/engine/trace_types.h"

namespace berth::app {

class FilterTableModel : public QAbstractTableModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Owned by the Inspector")
public:
    enum Role { VerdictRole = Qt::UserRole + 1, ReasonRole, NodeRole };
    Q_ENUM(Role)
    /// A cell's verdict (VerdictRole): FilterTableModel.Fail in QML.
    enum Verdict { NoVerdict, Pass, Fail, Skip, NotRun };
    Q_ENUM(Verdict)
    /// Fixed columns before the per-plugin ones.
    enum Column { NodeColumn, ResultColumn, ReasonColumn, kFixedColumns };

    using QAbstractTableModel::QAbstractTableModel;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

    /// Same pod, same nodes and plugins: cells change in place; another shape resets (a
    /// different pod is a different table).
    void setTrace(const CycleTraceUi& trace);
    /// Cell verdict: Pass, Fail, NotRun (after the first failure), Skip (not evaluated /
    /// excluded), or NoVerdict for the text columns.
    Verdict verdict(int row, int column) const;

private:
    QList<NodeTraceUi> m_nodes;
    QStringList m_plugins;
};

}  // namespace berth::app
