#include "app/capacity/fragmentation_model.h"

#include <algorithm>

namespace berth::app {

FragmentationModel::FragmentationModel(QObject* parent) : QAbstractListModel(parent) {}

int FragmentationModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

QVariant FragmentationModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const Row& r = m_rows[index.row()];
    switch (role) {
        case Qt::DisplayRole:
        case NodeRole: return r.node;
        case MoreRole: return r.more;
        default: return {};
    }
}

QHash<int, QByteArray> FragmentationModel::roleNames() const { return {{NodeRole, "node"}, {MoreRole, "more"}}; }

QVariantMap FragmentationModel::histogram() const {
    QList<int> counts;
    for (const Row& r : m_rows) {
        const auto bucket = static_cast<int>(std::min<qint64>(r.more, kHistogramBuckets));
        if (counts.size() <= bucket) counts.resize(bucket + 1, 0);
        ++counts[bucket];
    }
    QVariantList labels, nodes;
    for (int i = 0; i < counts.size(); ++i) {
        labels << (i == kHistogramBuckets ? QStringLiteral("%1+").arg(i) : QString::number(i));
        nodes << counts[i];
    }
    return {{QStringLiteral("labels"), labels}, {QStringLiteral("nodes"), nodes}};
}

void FragmentationModel::setOutcome(const plan::capacity::ConfigOutcome& outcome) {
    QList<Row> rows;
    for (const auto& [node, more] : outcome.moreReferencePods) rows << Row{QString::fromStdString(node), more};
    // The map is by name already: a stable sort keeps that order among equal counts.
    std::stable_sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) { return a.more < b.more; });
    beginResetModel();
    m_rows = std::move(rows);
    endResetModel();
    Q_EMIT changed();
}

void FragmentationModel::clear() {
    beginResetModel();
    m_rows.clear();
    endResetModel();
    Q_EMIT changed();
}

}  // namespace berth::app
