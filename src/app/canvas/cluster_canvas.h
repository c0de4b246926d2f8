#pragma once
/// The cluster canvas: every node as a card (grouped by topology.kubernetes.io/zone, with
/// cpu/memory requested-vs-allocatable bars) and every pod as a small chip coloured by its
/// workload (assumed pods as ghosts, pending pods in a tray above the zones). Drawn through
/// the scene graph as batched vertex-coloured triangles (chunks of <= 10k quads); with the
/// software backend (offscreen), where custom geometry is not drawn, a QSGRenderNode paints
/// the same quads with QPainter. Text labels are left to QML (see `labels`), which draws them
/// in world coordinates under the same view transform (`zoom`, `panX`, `panY`).

#include <QColor>
#include <QPointF>
#include <QQuickItem>
#include <QRectF>
#include <QVariantList>
#include <QtQml/qqmlregistration.h>

#include <memory>
#include <vector>

#include "app/models/node_list_model.h"
#include "app/models/pod_list_model.h"
#include "app/playback/cycle_playback.h"

namespace berth::app {

class ClusterCanvas : public QQuickItem {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(berth::app::NodeListModel* nodes READ nodes WRITE setNodes NOTIFY nodesChanged)
    Q_PROPERTY(berth::app::PodListModel* pods READ pods WRITE setPods NOTIFY podsChanged)
    /// The cycle on show (step mode, slow play): node pass/fail, score heat, the winner.
    Q_PROPERTY(berth::app::CyclePlayback* cycle READ cycle WRITE setCycle NOTIFY cycleChanged)
    Q_PROPERTY(QString selectedNode READ selectedNode NOTIFY selectionChanged)
    Q_PROPERTY(QString selectedPod READ selectedPod NOTIFY selectionChanged)
    Q_PROPERTY(QString hoverText READ hoverText NOTIFY hoverChanged)
    Q_PROPERTY(QPointF hoverPosition READ hoverPosition NOTIFY hoverChanged)
    Q_PROPERTY(double zoom READ zoom NOTIFY viewChanged)
    Q_PROPERTY(double panX READ panX NOTIFY viewChanged)
    Q_PROPERTY(double panY READ panY NOTIFY viewChanged)
    Q_PROPERTY(QVariantList labels READ labels NOTIFY labelsChanged)
    Q_PROPERTY(bool softwareRendering READ softwareRendering NOTIFY renderingChanged)
public:
    /// One drawn rectangle in world coordinates.
    struct Quad {
        QRectF rect;
        QColor color;
    };
    static constexpr int kQuadsPerChunk = 10000;  // 60k vertices: under the 65,535 limit

    explicit ClusterCanvas(QQuickItem* parent = nullptr);
    ~ClusterCanvas() override;

    NodeListModel* nodes() const { return m_nodes; }
    void setNodes(NodeListModel* model);
    PodListModel* pods() const { return m_pods; }
    void setPods(PodListModel* model);
    CyclePlayback* cycle() const { return m_cycle; }
    void setCycle(CyclePlayback* cycle);
    QString selectedNode() const { return m_selectedNode; }
    QString selectedPod() const { return m_selectedPod; }
    QString hoverText() const { return m_hoverText; }
    QPointF hoverPosition() const { return m_hoverPos; }
    double zoom() const { return m_zoom; }
    double panX() const { return m_pan.x(); }
    double panY() const { return m_pan.y(); }
    QVariantList labels() const { return m_labels; }
    bool softwareRendering() const { return m_software; }

    Q_INVOKABLE void fitToView();
    Q_INVOKABLE void zoomBy(double factor);
    Q_INVOKABLE void select(const QString& node, const QString& pod);
    Q_INVOKABLE void clearSelection() { select({}, {}); }
    /// The world rectangle of everything drawn.
    Q_INVOKABLE QRectF contentRect() const { return m_content; }
    /// The card of a node (world coordinates), or an empty rect.
    Q_INVOKABLE QRectF nodeRect(const QString& name) const;
    /// The chip of a pod (world coordinates), or an empty rect.
    Q_INVOKABLE QRectF podRect(const QString& key) const;

    /// The colour of a workload's chips: a stable hue from its name.
    static QColor workloadColor(const QString& workload);
    const std::vector<Quad>& quads() const { return m_quads; }

Q_SIGNALS:
    void nodesChanged();
    void podsChanged();
    void cycleChanged();
    void selectionChanged();
    void hoverChanged();
    void viewChanged();
    void labelsChanged();
    void renderingChanged();
    /// A click picked a pod or a node (empty strings: the background).
    void clicked(const QString& node, const QString& pod);

protected:
    QSGNode* updatePaintNode(QSGNode* old, UpdatePaintNodeData*) override;
    void geometryChange(const QRectF& newGeometry, const QRectF& oldGeometry) override;
    void wheelEvent(QWheelEvent* e) override;
    void mousePressEvent(QMouseEvent* e) override;
    void mouseMoveEvent(QMouseEvent* e) override;
    void mouseReleaseEvent(QMouseEvent* e) override;
    void mouseDoubleClickEvent(QMouseEvent* e) override;
    void hoverMoveEvent(QHoverEvent* e) override;
    void hoverLeaveEvent(QHoverEvent* e) override;
    void itemChange(ItemChange change, const ItemChangeData& value) override;

private:
    struct NodeBox {
        int row = -1;
        QRectF card;
    };
    struct PodBox {
        int row = -1;
        QRectF chip;
    };
    void markDirty();
    void rebuild();
    void setView(double zoom, QPointF pan);
    QPointF toWorld(QPointF item) const { return (item - m_pan) / m_zoom; }
    int hitNode(QPointF world) const;
    int hitPod(QPointF world) const;
    void updateHover(QPointF itemPos);

    NodeListModel* m_nodes = nullptr;
    PodListModel* m_pods = nullptr;
    CyclePlayback* m_cycle = nullptr;
    std::vector<Quad> m_quads;
    std::vector<NodeBox> m_nodeBoxes;
    std::vector<PodBox> m_podBoxes;
    QVariantList m_labels;
    QRectF m_content;
    int m_trayRows = 0;  // the pending tray keeps its largest height so cards don't jump
    bool m_dirty = true;
    bool m_geometryDirty = true;  // quads changed since the last paint
    bool m_userView = false;      // the user zoomed or panned: stop auto-fitting
    bool m_software = false;
    double m_zoom = 1.0;
    QPointF m_pan;
    QPointF m_pressPos;
    QPointF m_pressPan;
    bool m_dragging = false;
    QString m_selectedNode, m_selectedPod;
    QString m_hoverText;
    QPointF m_hoverPos;
};

}  // namespace berth::app
