#pragma once
/// The canvas's text labels (zone headers, node names, score totals, the pending count) as a
/// list model, so the QML Repeater that draws them keeps its Text items: a new layout changes
/// only the rows whose text or place changed. (A plain list property made the Repeater
/// recreate every label on each update batch: hundreds of Text items, a visible stall.)

#include <QAbstractListModel>
#include <QList>
#include <QString>
#include <QtQml/qqmlregistration.h>

namespace berth::app {

struct CanvasLabel {
    QString text;
    double x = 0, y = 0, width = 0;  // world coordinates
    double pixelSize = 12;
    bool bold = false;
    QString color;
    bool operator==(const CanvasLabel&) const = default;
};

class CanvasLabelModel : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Owned by ClusterCanvas")
public:
    enum Role { CaptionRole = Qt::UserRole + 1, PosXRole, PosYRole, BoxWidthRole, PixelSizeRole, StrongRole, InkRole };
    using QAbstractListModel::QAbstractListModel;

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

    /// Replaces the labels in place: changed rows get dataChanged, the tail is inserted or
    /// removed. Row i is label i of the new layout.
    void setLabels(QList<CanvasLabel> labels);
    const QList<CanvasLabel>& labels() const { return m_rows; }

private:
    QList<CanvasLabel> m_rows;
};

}  // namespace berth::app
