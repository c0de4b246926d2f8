#include "app/canvas/canvas_label_model.h"

#include <algorithm>

namespace berth::app {

int CanvasLabelModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

QVariant CanvasLabelModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const CanvasLabel& l = m_rows[index.row()];
    switch (role) {
        case Qt::DisplayRole:
        case CaptionRole: return l.text;
        case PosXRole: return l.x;
        case PosYRole: return l.y;
        case BoxWidthRole: return l.width;
        case PixelSizeRole: return l.pixelSize;
        case StrongRole: return l.bold;
        case InkRole: return l.color;
        default: return {};
    }
}

QHash<int, QByteArray> CanvasLabelModel::roleNames() const {
    return {{CaptionRole, "caption"},     {PosXRole, "posX"},     {PosYRole, "posY"}, {BoxWidthRole, "boxWidth"},
            {PixelSizeRole, "pixelSize"}, {StrongRole, "strong"}, {InkRole, "ink"}};
}

void CanvasLabelModel::setLabels(QList<CanvasLabel> labels) {
    const int common = static_cast<int>(std::min(m_rows.size(), labels.size()));
    // Changed rows of the common part, as contiguous runs (one signal per run).
    for (int i = 0; i < common;) {
        if (m_rows[i] == labels[i]) {
            ++i;
            continue;
        }
        int last = i;
        while (last + 1 < common && !(m_rows[last + 1] == labels[last + 1])) ++last;
        for (int k = i; k <= last; ++k) m_rows[k] = std::move(labels[k]);
        Q_EMIT dataChanged(index(i), index(last));
        i = last + 1;
    }
    if (labels.size() > m_rows.size()) {
        beginInsertRows({}, common, static_cast<int>(labels.size()) - 1);
        for (qsizetype k = common; k < labels.size(); ++k) m_rows.append(std::move(labels[k]));
        endInsertRows();
    } else if (labels.size() < m_rows.size()) {
        beginRemoveRows({}, common, static_cast<int>(m_rows.size()) - 1);
        m_rows.resize(common);
        endRemoveRows();
    }
}

}  // namespace berth::app
