#pragma once
/// The Capacity panel's fragmentation: per node, how many more of the reference pod fit by
/// resources (plan::capacity::ConfigOutcome::moreReferencePods), nodes that take none first,
/// since their free capacity is the stranded part; and how many nodes take 0, 1, 2... more,
/// for the chart.

#include <QAbstractListModel>
#include <QVariantMap>
#include <QtQml/qqmlregistration.h>

#include "plan/capacity/utilization.h"

namespace berth::app {

class FragmentationModel : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Owned by CapacityController")
    Q_PROPERTY(int count READ count NOTIFY changed)
public:
    enum Role { NodeRole = Qt::UserRole + 1, MoreRole };
    Q_ENUM(Role)
    /// The histogram's last bucket holds every node that takes this many more or more.
    static constexpr int kHistogramBuckets = 10;

    explicit FragmentationModel(QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QHash<int, QByteArray> roleNames() const override;
    int count() const { return static_cast<int>(m_rows.size()); }

    /// {labels: ["0", "1", ..., "10+"], nodes: [n0, n1, ...]}: how many nodes take that many
    /// more reference pods; the buckets past the largest count are left out.
    Q_INVOKABLE QVariantMap histogram() const;

    void setOutcome(const plan::capacity::ConfigOutcome& outcome);
    void clear();

Q_SIGNALS:
    void changed();

private:
    struct Row {
        QString node;
        qint64 more = 0;
    };
    QList<Row> m_rows;  // by `more`, then by node name
};

}  // namespace berth::app
