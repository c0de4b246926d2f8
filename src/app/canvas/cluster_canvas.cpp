// ClusterCanvas: its properties, the view (fit, zoom, pan), selection, pointer input, hover
// text and hit tests. The layout is canvas_layout.cpp, the drawing cluster_canvas_scene.cpp.

#include "app/canvas/cluster_canvas.h"

#include <QSet>
#include <QVariantMap>

#include <algorithm>
#include <cmath>

namespace berth::app {

ClusterCanvas::ClusterCanvas(QQuickItem* parent) : QQuickItem(parent) {
    setFlag(ItemHasContents, true);
    setClip(true);
    setAcceptedMouseButtons(Qt::LeftButton);
    setAcceptHoverEvents(true);
}

ClusterCanvas::~ClusterCanvas() = default;

void ClusterCanvas::setNodes(NodeListModel* model) {
    if (model == m_nodes) return;
    if (m_nodes) disconnect(m_nodes, nullptr, this, nullptr);
    m_nodes = model;
    if (m_nodes) {
        connect(m_nodes, &NodeListModel::contentChanged, this, &ClusterCanvas::markDirty);
        connect(m_nodes, &QAbstractItemModel::modelReset, this, [this] {
            m_userView = false;
            m_trayRows = 0;
        });
    }
    markDirty();
    Q_EMIT nodesChanged();
}

void ClusterCanvas::setPods(PodListModel* model) {
    if (model == m_pods) return;
    if (m_pods) disconnect(m_pods, nullptr, this, nullptr);
    m_pods = model;
    if (m_pods) connect(m_pods, &PodListModel::contentChanged, this, &ClusterCanvas::markDirty);
    markDirty();
    Q_EMIT podsChanged();
}

void ClusterCanvas::setCycle(CyclePlayback* cycle) {
    if (cycle == m_cycle) return;
    if (m_cycle) disconnect(m_cycle, nullptr, this, nullptr);
    m_cycle = cycle;
    if (m_cycle) connect(m_cycle, &CyclePlayback::changed, this, &ClusterCanvas::markDirty);
    markDirty();
    Q_EMIT cycleChanged();
}

void ClusterCanvas::setGroupBy(const QString& key) {
    if (key == m_groupBy) return;
    m_groupBy = key;
    m_userView = false;  // a new layout: fit it
    Q_EMIT groupByChanged();
    markDirty();
}

void ClusterCanvas::setHighContrast(bool on) {
    if (on == m_highContrast) return;
    m_highContrast = on;
    Q_EMIT themeChanged();
    markDirty();
}

void ClusterCanvas::setDark(bool dark) {
    if (dark == m_dark) return;
    m_dark = dark;
    Q_EMIT themeChanged();
    markDirty();
}

void ClusterCanvas::setFitInsetBottom(double inset) {
    if (qFuzzyCompare(inset, m_fitInsetBottom)) return;
    m_fitInsetBottom = inset;
    Q_EMIT fitInsetChanged();
    if (!m_userView) markDirty();  // the column count and the fit follow the free height
}

QVariantList ClusterCanvas::legend() const {
    const CanvasPalette& p = palette();
    auto entry = [](const QString& label, const QColor& color) {
        return QVariantMap{{QStringLiteral("label"), label}, {QStringLiteral("color"), color}};
    };
    return {entry(tr("cpu requested"), p.cpuBar), entry(tr("memory requested"), p.memBar),
            entry(tr("> 90%"), p.overBar),        entry(tr("cordoned"), p.cordonedCard),
            entry(tr("fits"), p.passCard),        entry(tr("rejected"), p.failCard),
            entry(tr("score heat"), p.heatHigh),  entry(tr("preemption candidate"), p.heatLow),
            entry(tr("victim (ringed)"), p.failBorder)};
}

QStringList ClusterCanvas::availableGroupKeys() const {
    QStringList keys{kZoneKey};
    if (!m_nodes) return keys;
    QSet<QString> seen{kZoneKey, kHostnameKey};
    QStringList others;
    bool hostname = false;
    for (const NodeRow& n : m_nodes->rows()) {
        if (n.removed) continue;
        for (const auto& label : n.labels) {
            if (label.first == kHostnameKey) hostname = true;
            if (seen.contains(label.first)) continue;
            seen.insert(label.first);
            others << label.first;
        }
    }
    others.sort();
    keys << others;
    if (hostname) keys << kHostnameKey;
    return keys;
}

QStringList ClusterCanvas::titlesOf(const std::vector<Group>& groups, const QString& key) {
    QStringList titles;
    for (const Group& g : groups)
        titles << (key.isEmpty()       ? tr("all nodes")
                   : g.missing         ? tr("(no %1)").arg(key)
                   : g.value.isEmpty() ? tr("%1 (empty)").arg(key)
                                       : g.value);
    return titles;
}

QStringList ClusterCanvas::groupTitles() {
    rebuild();
    return titlesOf(m_layout.groups, m_groupBy);
}

void ClusterCanvas::markDirty() {
    // Lazily: one update batch changes several models; the layout is rebuilt once, before the
    // next frame (updatePolish) or when hit testing asks for it.
    m_dirty = true;
    polish();
    update();
}

void ClusterCanvas::updatePolish() { rebuild(); }

void ClusterCanvas::fitToView() {
    m_userView = false;
    if (m_content.isEmpty() || width() <= 0 || height() <= 0) return;
    const double margin = 12;
    const double freeHeight = std::max(1.0, height() - m_fitInsetBottom - 2 * margin);
    const double z = std::min((width() - 2 * margin) / m_content.width(), freeHeight / m_content.height());
    const double zoom = std::clamp(z, 0.02, 4.0);
    const QPointF pan((width() - m_content.width() * zoom) / 2 - m_content.left() * zoom,
                      margin - m_content.top() * zoom);
    setView(zoom, pan);
}

void ClusterCanvas::zoomBy(double factor) {
    const QPointF c(width() / 2, height() / 2);
    const QPointF w = toWorld(c);
    const double z = std::clamp(m_zoom * factor, 0.02, 8.0);
    m_userView = true;
    setView(z, c - w * z);
}

void ClusterCanvas::setView(double zoom, QPointF pan) {
    if (qFuzzyCompare(zoom, m_zoom) && pan == m_pan) return;
    m_zoom = zoom;
    m_pan = pan;
    Q_EMIT viewChanged();
    update();
}

void ClusterCanvas::select(const QString& node, const QString& pod) {
    if (node == m_selectedNode && pod == m_selectedPod) return;
    // Selected from elsewhere (the inspector, Find): the nodes picked give way to it.
    if (!m_selectedNodes.isEmpty() && !m_selectedNodeSet.contains(node)) {
        m_selectedNodes.clear();
        m_selectedNodeSet.clear();
    }
    m_selectedNode = node;
    m_selectedPod = pod;
    Q_EMIT selectionChanged();
    m_dirty = true;
    rebuild();
}

void ClusterCanvas::setMarks(const QStringList& nodes, const QStringList& pods, bool dimOthers) {
    QSet<QString> n(nodes.begin(), nodes.end()), p(pods.begin(), pods.end());
    if (n == m_markNodes && p == m_markPods && dimOthers == m_dimOthers) return;
    m_markNodes = std::move(n);
    m_markPods = std::move(p);
    m_dimOthers = dimOthers;
    markDirty();
}

void ClusterCanvas::centerOn(const QString& node, const QString& pod) {
    QRectF target = pod.isEmpty() ? QRectF() : podRect(pod);
    if (target.isEmpty()) target = nodeRect(node);
    if (target.isEmpty()) return;
    // At least 1:1, where every chip is drawn (FullDetail): the match is legible.
    const double zoom = std::max(m_zoom, 1.0);
    m_userView = true;
    setView(zoom, QPointF(width() / 2, height() / 2) - target.center() * zoom);
}

QRectF ClusterCanvas::nodeRect(const QString& name) {
    rebuild();
    for (const GroupBox& band : m_layout.bands)
        for (const CardBox& b : band.cards)
            if (m_nodes->rows()[b.nodeRow].name == name) return b.card;
    return {};
}

QVariantList ClusterCanvas::ghostSlots(const QString& name, int count) {
    rebuild();
    QVariantList out;
    for (const GroupBox& band : m_layout.bands)
        for (const CardBox& b : band.cards)
            if (m_nodes->rows()[b.nodeRow].name == name) {
                for (const QRectF& r : freeChipSlots(b, static_cast<std::size_t>(std::max(0, count)))) out << r;
                return out;
            }
    return out;
}

template <typename Pred>
const ChipBox* ClusterCanvas::findChip(Pred pred) {
    rebuild();
    for (const ChipBox& b : m_layout.pendingChips)
        if (pred(b)) return &b;
    for (const GroupBox& band : m_layout.bands)
        for (const CardBox& card : band.cards)
            for (const ChipBox& b : card.chips)
                if (pred(b)) return &b;
    return nullptr;
}

QRectF ClusterCanvas::podRect(const QString& key) {
    const ChipBox* b = findChip([&](const ChipBox& c) { return m_pods->rows()[c.podRow].key == key; });
    return b ? b->chip : QRectF();
}

int ClusterCanvas::hitNode(QPointF world) {
    rebuild();
    for (const GroupBox& band : m_layout.bands)
        for (const CardBox& b : band.cards)
            if (b.card.contains(world)) return b.nodeRow;
    return -1;
}

int ClusterCanvas::hitPod(QPointF world) {
    // A pixel of slack around each chip: they are small.
    const ChipBox* b = findChip([&](const ChipBox& c) { return c.chip.adjusted(-1, -1, 1, 1).contains(world); });
    return b ? b->podRow : -1;
}

void ClusterCanvas::geometryChange(const QRectF& newGeometry, const QRectF& oldGeometry) {
    QQuickItem::geometryChange(newGeometry, oldGeometry);
    if (!m_userView && newGeometry.size() != oldGeometry.size()) {
        m_dirty = true;
        rebuild();  // the column count follows the view's shape
    }
    if (!m_userView) fitToView();
    update();
}

void ClusterCanvas::itemChange(ItemChange change, const ItemChangeData& value) {
    QQuickItem::itemChange(change, value);
    if (change == ItemSceneChange && value.window) update();
}

void ClusterCanvas::wheelEvent(QWheelEvent* e) {
    const double steps = e->angleDelta().y() / 120.0;
    if (steps == 0) return e->ignore();
    const QPointF at = e->position();
    const QPointF w = toWorld(at);
    const double z = std::clamp(m_zoom * std::pow(1.15, steps), 0.02, 8.0);
    m_userView = true;
    setView(z, at - w * z);
    e->accept();
}

void ClusterCanvas::mousePressEvent(QMouseEvent* e) {
    m_pressPos = e->position();
    m_pressPan = m_pan;
    m_dragging = false;
    m_pressPod = pendingPodAt(m_pressPos);
    e->accept();
}

void ClusterCanvas::mouseMoveEvent(QMouseEvent* e) {
    if (movePodDrag(e->position())) return;
    const QPointF d = e->position() - m_pressPos;
    if (!m_dragging && d.manhattanLength() > 4) m_dragging = true;
    if (m_dragging) {
        m_userView = true;
        setView(m_zoom, m_pressPan + d);
    }
}

void ClusterCanvas::mouseReleaseEvent(QMouseEvent* e) {
    if (endPodDrag(e->position())) return;
    if (m_dragging) {
        m_dragging = false;
        return;
    }
    const QPointF w = toWorld(e->position());
    QString node, pod;
    if (const int p = hitPod(w); p >= 0) {
        pod = m_pods->rows()[p].key;
        node = m_pods->rows()[p].node;
    } else if (const int n = hitNode(w); n >= 0) {
        node = m_nodes->rows()[n].name;
    }
    if (e->modifiers() & Qt::ControlModifier) {
        if (!node.isEmpty()) toggleNode(node);
        return;
    }
    if ((e->modifiers() & Qt::ShiftModifier) && node.isEmpty()) {
        selectNodes(groupNodesAt(e->position()));
        return;
    }
    selectNodes(node.isEmpty() ? QStringList() : QStringList{node});
    select(node, pod);
    Q_EMIT clicked(node, pod);
}

void ClusterCanvas::selectNodes(const QStringList& nodes) {
    QSet<QString> set(nodes.begin(), nodes.end());
    if (nodes == m_selectedNodes) return;
    m_selectedNodes = nodes;
    m_selectedNodeSet = std::move(set);
    Q_EMIT selectionChanged();
    markDirty();
    if (!nodes.isEmpty() && !m_selectedNodeSet.contains(m_selectedNode)) select(nodes.front(), {});
}

void ClusterCanvas::toggleNode(const QString& node) {
    QStringList nodes = m_selectedNodes;
    if (nodes.isEmpty() && !m_selectedNode.isEmpty()) nodes << m_selectedNode;  // the click before counts
    if (!nodes.removeOne(node)) nodes << node;
    selectNodes(nodes);
    select(nodes.isEmpty() ? QString() : nodes.back(), {});
}

void ClusterCanvas::mouseDoubleClickEvent(QMouseEvent* e) {
    fitToView();
    e->accept();
}

void ClusterCanvas::hoverMoveEvent(QHoverEvent* e) { updateHover(e->position()); }

void ClusterCanvas::hoverLeaveEvent(QHoverEvent*) {
    if (m_hoverText.isEmpty()) return;
    m_hoverText.clear();
    Q_EMIT hoverChanged();
}

void ClusterCanvas::updateHover(QPointF itemPos) {
    if (!m_nodes || !m_pods) return;
    const QPointF w = toWorld(itemPos);
    QString text;
    if (const int p = hitPod(w); p >= 0) {
        const PodRow& r = m_pods->rows()[p];
        text = tr("%1\n%2 · %3%4\ncpu %5m · memory %6 MiB")
                   .arg(r.key, r.workload, PodListModel::phaseName(r.phase),
                        r.node.isEmpty() ? QString() : tr(" on %1").arg(r.node))
                   .arg(r.cpu)
                   .arg(r.memory / (1024 * 1024));
        if (!r.message.isEmpty()) text += QLatin1Char('\n') + r.message;
    } else if (const int n = hitNode(w); n >= 0) {
        const NodeRow& r = m_nodes->rows()[n];
        text = tr("%1 (%2)\ncpu %3 / %4 cores · memory %5 / %6 GiB\n%7 pods%8")
                   .arg(r.name, r.zone.isEmpty() ? tr("no zone") : r.zone)
                   .arg(static_cast<double>(r.cpuRequested) / 1000.0, 0, 'f', 2)
                   .arg(static_cast<double>(r.cpuAllocatable) / 1000.0, 0, 'f', 2)
                   .arg(static_cast<double>(r.memRequested) / (1 << 30), 0, 'f', 1)
                   .arg(static_cast<double>(r.memAllocatable) / (1 << 30), 0, 'f', 1)
                   .arg(r.podCount)
                   .arg(r.cordoned ? tr(" · cordoned") : QString());
        if (!r.taints.isEmpty()) text += tr("\ntaints: %1").arg(r.taints);
    }
    if (text == m_hoverText && itemPos == m_hoverPos) return;
    m_hoverText = text;
    m_hoverPos = itemPos;
    Q_EMIT hoverChanged();
}

}  // namespace berth::app
