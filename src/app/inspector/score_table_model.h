#pragma once
/// The selected pod's last attempt as a Score table: one row per scored node, highest total
/// first; the columns Node, Total, then one per Score plugin showing raw -> normalized
/// x weight = weighted. The total is the sum of the weighted scores
/// (framework/runtime/framework.go, RunScorePlugins; schedule_one.go, prioritizeNodes).
/// Empty when fewer than two nodes were feasible: upstream skips scoring then.

#include <QAbstractTableModel>
#include <QtQml/qqmlregistration.h>

#include "app/engine/trace_types.h"

namespace berth::app {

class ScoreTableModel : public QAbstractTableModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Owned by the Inspector")
public:
    enum Role {
        RawRole = Qt::UserRole + 1,
        NormalizedRole,
        WeightRole,
        WeightedRole,
        TotalRole,
        WinnerRole,
        HeatRole,
        NodeRole,
        ScoredRole
    };
    Q_ENUM(Role)
    enum Column { NodeColumn, TotalColumn, kFixedColumns };

    using QAbstractTableModel::QAbstractTableModel;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

    void setTrace(const CycleTraceUi& trace);

private:
    struct Row {
        NodeTraceUi node;
        bool operator==(const Row&) const = default;
    };
    const PluginScoreUi* score(int row, int column) const;

    QList<Row> m_rows;
    QStringList m_plugins;
    QString m_chosen;
    qint64 m_minTotal = 0, m_maxTotal = 0;
};

}  // namespace berth::app
