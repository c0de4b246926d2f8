#pragma once
/// The cluster canvas: every node as a card (grouped by a node label, `groupBy`:
/// topology.kubernetes.io/zone unless the user picks another, with cpu/memory
/// requested-vs-allocatable bars) and every pod as a small chip coloured by its
/// workload (assumed pods as ghosts, pending pods in a tray above the zones). Drawn through
/// the scene graph as batched vertex-coloured triangles (chunks of <= 2,500 quads, culled to
/// the view; two coarser levels of detail zoomed out); with the software backend (offscreen),
/// where custom geometry is not drawn, a QSGRenderNode paints the same quads with QPainter. Text labels are left to QML (see `labels`), which draws them
/// in world coordinates under the same view transform (`zoom`, `panX`, `panY`).
/// Model changes only mark the layout dirty; it is rebuilt once per frame (updatePolish), or
/// at once when something needs it (hit testing, nodeRect), so an update batch that touches
/// both the node and the pod model costs one layout, not two.
/// Where things go is canvas_layout.h (pure, unit-tested); their colours and the scene graph
/// are cluster_canvas_scene.cpp; pointer input and hit tests cluster_canvas.cpp and
/// cluster_canvas_pick.cpp.

#include <QColor>
#include <QPointF>
#include <QQuickItem>
#include <QRectF>
#include <QSet>
#include <QStringList>
#include <QVariantMap>
#include <QVariantList>
#include <QtQml/qqmlregistration.h>

#include <array>
#include <memory>
#include <utility>
#include <vector>

#include "app/canvas/canvas_label_model.h"
#include "app/canvas/canvas_layout.h"
#include "app/canvas/canvas_palette.h"
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
    /// The nodes picked for a whole-group action: Ctrl+click adds or removes a node,
    /// Shift+click on a group's background takes all its nodes, a plain click starts over
    /// (then it is the clicked node alone, or empty).
    Q_PROPERTY(QStringList selectedNodes READ selectedNodes NOTIFY selectionChanged)
    Q_PROPERTY(QString hoverText READ hoverText NOTIFY hoverChanged)
    Q_PROPERTY(QPointF hoverPosition READ hoverPosition NOTIFY hoverChanged)
    Q_PROPERTY(double zoom READ zoom NOTIFY viewChanged)
    Q_PROPERTY(double panX READ panX NOTIFY viewChanged)
    Q_PROPERTY(double panY READ panY NOTIFY viewChanged)
    Q_PROPERTY(berth::app::CanvasLabelModel* labels READ labels CONSTANT)
    Q_PROPERTY(bool softwareRendering READ softwareRendering NOTIFY renderingChanged)
    /// A pending pod dragged out of the tray (namespace/name; "" when none), where the pointer
    /// is (item coordinates) and the node under it ("" when none). See cluster_canvas_pick.cpp.
    Q_PROPERTY(QString draggedPod READ draggedPod NOTIFY podDragChanged)
    Q_PROPERTY(QPointF dragPosition READ dragPosition NOTIFY podDragChanged)
    Q_PROPERTY(QString dropNode READ dropNode NOTIFY podDragChanged)
    /// Height at the bottom of the item that fit-to-view leaves free (the legend lies over it).
    Q_PROPERTY(double fitInsetBottom READ fitInsetBottom WRITE setFitInsetBottom NOTIFY fitInsetChanged)
    /// The node label whose values group the cards; "" draws one group of all nodes.
    Q_PROPERTY(QString groupBy READ groupBy WRITE setGroupBy NOTIFY groupByChanged)
    /// The dark colour set (View > Theme); the chrome's colours below follow it.
    Q_PROPERTY(bool dark READ dark WRITE setDark NOTIFY themeChanged)
    /// The high-contrast set (View > Theme > High contrast); it wins over `dark`.
    Q_PROPERTY(bool highContrast READ highContrast WRITE setHighContrast NOTIFY themeChanged)
    Q_PROPERTY(QColor background READ background NOTIFY themeChanged)
    Q_PROPERTY(QColor legendInk READ legendInk NOTIFY themeChanged)
    Q_PROPERTY(QColor tipBackground READ tipBackground NOTIFY themeChanged)
    Q_PROPERTY(QColor tipBorder READ tipBorder NOTIFY themeChanged)
    Q_PROPERTY(QColor tipInk READ tipInk NOTIFY themeChanged)
    /// The legend's swatches in this theme: a list of {label, color}.
    Q_PROPERTY(QVariantList legend READ legend NOTIFY themeChanged)
public:
    static inline const QString kZoneKey = QStringLiteral("topology.kubernetes.io/zone");
    static inline const QString kHostnameKey = QStringLiteral("kubernetes.io/hostname");
    using Group = CanvasGroup;
    /// One drawn rectangle in world coordinates.
    struct Quad {
        QRectF rect;
        QColor color;
    };
    /// Geometry chunks hold at most this many quads (15k vertices, well under the 65,535
    /// limit), so that zoomed in only the few chunks in view are drawn (quads are laid out
    /// card by card: a chunk is a band of cards).
    static constexpr int kQuadsPerCullChunk = 2500;
    /// Levels of detail, from zoomed in to zoomed out (detail(); canvas_layout.h).
    using Detail = CanvasDetail;
    using enum CanvasDetail;  // ClusterCanvas::FullDetail, ...

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
    CanvasLabelModel* labels() { return &m_labels; }
    bool softwareRendering() const { return m_software; }
    QString groupBy() const { return m_groupBy; }
    void setGroupBy(const QString& key);
    bool dark() const { return m_dark; }
    double fitInsetBottom() const { return m_fitInsetBottom; }
    void setFitInsetBottom(double inset);
    void setDark(bool dark);
    bool highContrast() const { return m_highContrast; }
    void setHighContrast(bool on);
    const CanvasPalette& palette() const {
        return m_highContrast ? CanvasPalette::highContrast() : m_dark ? CanvasPalette::dark() : CanvasPalette::light();
    }
    QColor background() const { return palette().background; }
    QColor legendInk() const { return palette().legendInk; }
    QColor tipBackground() const { return palette().tipBackground; }
    QColor tipBorder() const { return palette().tipBorder; }
    QColor tipInk() const { return palette().tipInk; }
    QVariantList legend() const;
    /// This theme's canvas colours by name (CanvasPalette::byName; checked against AppPalette).
    Q_INVOKABLE QVariantMap colors() const { return palette().byName(); }

    /// The label keys the nodes can be grouped by: the zone first (always offered), then
    /// every other key on the live nodes in name order, the hostname last (one group per
    /// node). Computed on demand (when a menu opens), not per layout.
    Q_INVOKABLE QStringList availableGroupKeys() const;
    /// The groups of the current layout, in drawing order.
    const std::vector<Group>& groups() {
        rebuild();
        return m_layout.groups;
    }
    /// The titles of groups(): the value, or "(no <key>)"; "all nodes" without a key.
    Q_INVOKABLE QStringList groupTitles();

    QString draggedPod() const { return m_dragPod; }
    QPointF dragPosition() const { return m_dragPos; }
    QString dropNode() const { return m_dropNode; }
    /// Hit tests in item coordinates (drops from QML): the node card, the pod chip, and the
    /// group of cards ({key: groupBy, value} for a labelled group, {} elsewhere).
    Q_INVOKABLE QString nodeAt(QPointF itemPos);
    Q_INVOKABLE QString podAt(QPointF itemPos);
    Q_INVOKABLE QVariantMap groupAt(QPointF itemPos);

    Q_INVOKABLE void fitToView();
    Q_INVOKABLE void zoomBy(double factor);
    Q_INVOKABLE void select(const QString& node, const QString& pod);
    Q_INVOKABLE void clearSelection() {
        selectNodes({});
        select({}, {});
    }
    QStringList selectedNodes() const { return m_selectedNodes; }
    /// Makes `nodes` the nodes picked (the first one also the selected node).
    Q_INVOKABLE void selectNodes(const QStringList& nodes);
    /// Ctrl+click: adds `node` to the nodes picked, or takes it out.
    Q_INVOKABLE void toggleNode(const QString& node);
    /// The nodes of the group that lies under `itemPos` (Shift+click), in layout order.
    Q_INVOKABLE QStringList groupNodesAt(QPointF itemPos);
    /// Edit > Find's matches (node names, pod keys): each marked with a ring; with
    /// `dimOthers`, every card and chip that is not a match (nor holds one) fades.
    Q_INVOKABLE void setMarks(const QStringList& nodes, const QStringList& pods, bool dimOthers);
    /// Moves the view so that the pod's chip (else the node's card) is in the centre, zoomed
    /// in at least far enough to read the cards.
    Q_INVOKABLE void centerOn(const QString& node, const QString& pod);
    /// Whether a node or pod is marked (tests).
    Q_INVOKABLE bool marked(const QString& nodeOrPod) const { return m_markNodes.contains(nodeOrPod) || m_markPods.contains(nodeOrPod); }
    /// The world rectangle of everything drawn.
    Q_INVOKABLE QRectF contentRect() {
        rebuild();
        return m_content;
    }
    /// The card of a node (world coordinates), or an empty rect.
    Q_INVOKABLE QRectF nodeRect(const QString& name);
    /// The chip of a pod (world coordinates), or an empty rect.
    Q_INVOKABLE QRectF podRect(const QString& key);
    /// Where `count` more chips would go on a node's card after its own (world coordinates,
    /// as many as the card has room for; freeChipSlots): the ghosts of a fit answer.
    Q_INVOKABLE QVariantList ghostSlots(const QString& name, int count);
    /// The centre of a node's card in item coordinates (where a drop on it lands).
    Q_INVOKABLE QPointF nodeCenter(const QString& name) {
        const QRectF card = nodeRect(name);  // first: a pending layout may also refit the view
        return card.center() * m_zoom + m_pan;
    }

    /// The colour of a workload's chips: a stable hue from its name.
    static QColor workloadColor(const QString& workload);
    /// What one level of detail draws (world coordinates, in drawing order).
    const std::vector<Quad>& quads(Detail level) {
        rebuild();
        return m_levels[level];
    }
    /// The level of detail the current zoom draws.
    Detail detail() const { return canvasDetailAt(m_zoom); }

Q_SIGNALS:
    void fitInsetChanged();
    void nodesChanged();
    void podsChanged();
    void cycleChanged();
    void selectionChanged();
    void hoverChanged();
    void viewChanged();
    void renderingChanged();
    void groupByChanged();
    void themeChanged();
    /// A click picked a pod or a node (empty strings: the background).
    void clicked(const QString& node, const QString& pod);
    void podDragChanged();
    /// A pending pod was dragged from the tray and dropped on a node card.
    void podDropped(const QString& pod, const QString& node);

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
    void updatePolish() override;

private:
    /// Turns a layout into quads and labels (cluster_canvas_scene.cpp).
    class QuadBuilder;
    void markDirty();
    /// Lays out (canvas_layout.h) and colours the quads, when the layout is dirty.
    void rebuild();
    /// The preemption victims the cycle on show still draws on their node, by node row.
    QHash<QString, int> heldVictimRows() const;
    void setView(double zoom, QPointF pan);
    QPointF toWorld(QPointF item) const { return (item - m_pan) / m_zoom; }
    static QStringList titlesOf(const std::vector<Group>& groups, const QString& key);
    int hitNode(QPointF world);
    /// Pending-pod drags (cluster_canvas_pick.cpp): the pending pod under a press, a move
    /// (true while a pod drag owns the gesture) and the release (true when it was one).
    QString pendingPodAt(QPointF itemPos);
    bool movePodDrag(QPointF itemPos);
    bool endPodDrag(QPointF itemPos);
    int hitPod(QPointF world);
    /// The first chip (the tray's, then the cards' in layout order) that `pred` accepts.
    template <typename Pred>
    const ChipBox* findChip(Pred pred);
    void updateHover(QPointF itemPos);

    NodeListModel* m_nodes = nullptr;
    PodListModel* m_pods = nullptr;
    CyclePlayback* m_cycle = nullptr;
    const QColor& colorOf(int podRow, const QString& workload);

    std::array<std::vector<Quad>, DetailLevels> m_levels;
    /// workloadColor() per pod row, kept while the row's workload stays the same: a string
    /// compare per pod and layout instead of a hash and an HSV conversion.
    std::vector<std::pair<QString, QColor>> m_podColors;
    CanvasLayout m_layout;  // the last rebuild's positions: hit tests and rects read them
    QString m_groupBy = kZoneKey;
    bool m_dark = false;
    bool m_highContrast = false;
    double m_fitInsetBottom = 0;
    CanvasLabelModel m_labels;
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
    QString m_pressPod;  // a pending pod under the press: a drag moves it, not the view
    QString m_dragPod, m_dropNode;
    QPointF m_dragPos;
    QString m_selectedNode, m_selectedPod;
    QStringList m_selectedNodes;  // several nodes picked (selectedNodes), in click order
    QSet<QString> m_selectedNodeSet;
    QSet<QString> m_markNodes, m_markPods;  // Edit > Find's matches
    bool m_dimOthers = false;
    QString m_hoverText;
    QPointF m_hoverPos;
};

}  // namespace berth::app
