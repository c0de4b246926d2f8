// ClusterCanvas: from a layout (canvas_layout.h) to pixels. Colours the quads of each level of
// detail and the labels (QuadBuilder, rebuild), and hands the quads to the scene graph as
// batched vertex-coloured triangles, or to QPainter with the software backend.

#include <QPainter>
#include <QQuickWindow>
#include <QSGGeometryNode>
#include <QSGRenderNode>
#include <QSGRendererInterface>
#include <QSGTransformNode>
#include <QSGVertexColorMaterial>

#include <algorithm>
#include <cmath>

#include "app/canvas/cluster_canvas.h"

namespace berth::app {

using namespace canvas_geometry;

namespace {

// Colours: CanvasPalette (light and dark sets, canvas_palette.h).

QColor mix(const QColor& a, const QColor& b, double t) {
    return QColor::fromRgbF(static_cast<float>(a.redF() + (b.redF() - a.redF()) * t),
                            static_cast<float>(a.greenF() + (b.greenF() - a.greenF()) * t),
                            static_cast<float>(a.blueF() + (b.blueF() - a.blueF()) * t));
}

QRectF inflate(const QRectF& r, double d) { return r.adjusted(-d, -d, d, d); }

/// used / total, within [0, 1]; 0 without a total.
double fractionOf(qint64 used, qint64 total) {
    return total > 0 ? std::clamp(static_cast<double>(used) / static_cast<double>(total), 0.0, 1.0) : 0.0;
}

/// Paints the quads with QPainter: the software backend does not draw custom geometry.
class SoftwareQuadsNode : public QSGRenderNode {
public:
    explicit SoftwareQuadsNode(QQuickWindow* window) : m_window(window) {}
    std::array<std::shared_ptr<const std::vector<ClusterCanvas::Quad>>, ClusterCanvas::DetailLevels> levels;
    ClusterCanvas::Detail level = ClusterCanvas::FullDetail;
    QTransform view;
    QRectF bounds;

    void render(const RenderState* state) override {
        auto* p = static_cast<QPainter*>(
            m_window->rendererInterface()->getResource(m_window, QSGRendererInterface::PainterResource));
        const auto& drawn = levels[level];
        if (!p || !drawn) return;
        p->save();
        // The clip region is in window coordinates (QSGRenderNode::RenderState::clipRegion): it
        // must be set before the item's transform. Set after it, it was shifted by the item's
        // offset in the window and cut off the top of the canvas (the pending tray).
        if (const QRegion* clip = state->clipRegion(); clip && !clip->isEmpty())
            p->setClipRegion(*clip, Qt::ReplaceClip);
        p->setTransform(matrix()->toTransform());
        p->setOpacity(inheritedOpacity());
        p->setClipRect(bounds, Qt::IntersectClip);
        p->setTransform(view, true);
        p->setPen(Qt::NoPen);
        p->setRenderHint(QPainter::Antialiasing, false);
        const QRectF visible = view.inverted().mapRect(bounds);
        for (const auto& q : *drawn)
            if (q.rect.intersects(visible)) p->fillRect(q.rect, q.color);
        p->restore();
    }
    StateFlags changedStates() const override { return {}; }
    RenderingFlags flags() const override { return BoundedRectRendering; }
    QRectF rect() const override { return bounds; }

private:
    QQuickWindow* m_window;
};

/// A group of geometry that can be switched off without touching its geometry: the renderer
/// skips a blocked subtree (as it does for an opacity of 0). Used for level of detail and to
/// cull chunks outside the view.
class SwitchNode : public QSGNode {
public:
    QRectF bounds;  // world coordinates of everything below
    bool isSubtreeBlocked() const override { return m_blocked; }
    void setBlocked(bool blocked) {
        if (blocked == m_blocked) return;
        m_blocked = blocked;
        markDirty(DirtySubtreeBlocked);
    }

private:
    bool m_blocked = false;
};

/// One geometry node for the given quads. Opaque quads go without blending and in reverse
/// (topmost first): the renderer then draws them in its opaque pass with the depth test, and
/// llvmpipe skips shading what is covered (cards over zones, chips over cards) instead of
/// blending every layer; the renderer's depth test passes only nearer fragments, so within one
/// node the first drawn wins, hence the reversal.
QSGGeometryNode* makeChunk(const std::vector<const ClusterCanvas::Quad*>& quads, bool opaque) {
    const std::size_t count = quads.size();
    auto* geometry = new QSGGeometry(QSGGeometry::defaultAttributes_ColoredPoint2D(), static_cast<int>(count * 6));
    geometry->setDrawingMode(QSGGeometry::DrawTriangles);
    QSGGeometry::ColoredPoint2D* v = geometry->vertexDataAsColoredPoint2D();
    for (std::size_t i = 0; i < count; ++i) {
        const auto& q = *quads[opaque ? count - 1 - i : i];
        // QSGVertexColorMaterial wants premultiplied colours.
        const float a = static_cast<float>(q.color.alphaF());
        const auto r = static_cast<uchar>(q.color.red() * a), g = static_cast<uchar>(q.color.green() * a),
                   b = static_cast<uchar>(q.color.blue() * a), al = static_cast<uchar>(q.color.alpha());
        const auto x0 = static_cast<float>(q.rect.left()), y0 = static_cast<float>(q.rect.top());
        const auto x1 = static_cast<float>(q.rect.right()), y1 = static_cast<float>(q.rect.bottom());
        v[0].set(x0, y0, r, g, b, al);
        v[1].set(x1, y0, r, g, b, al);
        v[2].set(x0, y1, r, g, b, al);
        v[3].set(x1, y0, r, g, b, al);
        v[4].set(x1, y1, r, g, b, al);
        v[5].set(x0, y1, r, g, b, al);
        v += 6;
    }
    auto* node = new QSGGeometryNode;
    node->setGeometry(geometry);
    node->setFlag(QSGNode::OwnsGeometry);
    auto* material = new QSGVertexColorMaterial;
    if (opaque) material->setFlag(QSGMaterial::Blending, false);
    node->setMaterial(material);
    node->setFlag(QSGNode::OwnsMaterial);
    return node;
}

/// The average of chip colours: what a row of sub-pixel chips blends to on screen.
struct ColorSum {
    double r = 0, g = 0, b = 0;
    int n = 0;
    void add(const QColor& c) {
        r += c.redF();
        g += c.greenF();
        b += c.blueF();
        ++n;
    }
    QColor average() const {
        return n == 0
                   ? QColor()
                   : QColor::fromRgbF(static_cast<float>(r / n), static_cast<float>(g / n), static_cast<float>(b / n));
    }
};

/// Replaces root's children with one SwitchNode per level of detail (in Detail order), each
/// holding SwitchNode chunks of at most kQuadsPerCullChunk quads with their bounds, so that
/// chunks out of view can be switched off.
void replaceLevels(QSGNode* root, const std::array<std::vector<ClusterCanvas::Quad>, DetailLevels>& levels) {
    while (QSGNode* child = root->firstChild()) {
        root->removeChildNode(child);
        delete child;
    }
    for (const auto& quads : levels) {
        auto* level = new SwitchNode;
        for (std::size_t first = 0; first < quads.size(); first += ClusterCanvas::kQuadsPerCullChunk) {
            const std::size_t count = std::min<std::size_t>(ClusterCanvas::kQuadsPerCullChunk, quads.size() - first);
            auto* chunk = new SwitchNode;
            // Translucent quads (ghost pods) lie over the opaque ones: the renderer's
            // alpha pass draws them after its opaque pass, in this order.
            std::vector<const ClusterCanvas::Quad*> opaque, translucent;
            for (std::size_t i = first; i < first + count; ++i) {
                const ClusterCanvas::Quad& q = quads[i];
                chunk->bounds |= q.rect;
                (q.color.alpha() == 255 ? opaque : translucent).push_back(&q);
            }
            if (!opaque.empty()) chunk->appendChildNode(makeChunk(opaque, true));
            if (!translucent.empty()) chunk->appendChildNode(makeChunk(translucent, false));
            level->appendChildNode(chunk);
        }
        root->appendChildNode(level);
    }
}

}  // namespace

QColor ClusterCanvas::workloadColor(const QString& workload) {
    // A golden-ratio walk over hues spreads similar names apart.
    // FNV-1a over the UTF-16 code units: stable across runs (qHash is seeded per process).
    quint32 h = 2166136261u;
    for (const QChar ch : workload) h = (h ^ ch.unicode()) * 16777619u;
    const double hue = std::fmod(static_cast<double>(h % 1000) * 0.618033988749895, 1.0);
    return QColor::fromHsvF(static_cast<float>(hue), 0.55f + static_cast<float>((h >> 10) % 20) / 100.0f, 0.82f);
}

const QColor& ClusterCanvas::colorOf(int podRow, const QString& workload) {
    const auto row = static_cast<std::size_t>(podRow);
    if (row >= m_podColors.size()) m_podColors.resize(row + 1);
    auto& [name, color] = m_podColors[row];
    if (!color.isValid() || name != workload) {
        name = workload;
        color = workloadColor(workload);
    }
    return color;
}

/// Colours one layout: the quads of each level of detail (in drawing order), the labels, and
/// the highlights of the selection and of the cycle on show.
class ClusterCanvas::QuadBuilder {
public:
    QuadBuilder(ClusterCanvas& canvas, const CanvasLayout& layout)
        : c(canvas),
          layout(layout),
          pal(canvas.palette()),
          nodes(canvas.m_nodes->rows()),
          pods(canvas.m_pods->rows()) {}

    QList<CanvasLabel> labels;

    void tray() {
        if (layout.tray.isEmpty()) return;
        everywhere(layout.tray, pal.tray);
        label(tr("Pending (%1)").arg(layout.pendingChips.size()), kPad, layout.tray.top() + 4, layout.tray.width(), 15,
              true, pal.trayInk);
        ColorSum sum;
        for (const ChipBox& chip : layout.pendingChips) chipQuad(chip, sum);
        chipRows(kPad, layout.tray.top() + kTrayHeaderH, layout.pendingChips.size(), layout.trayColumns, sum.average(),
                 true);
        markSelected();
    }

    void band(const GroupBox& band, const QString& title) {
        everywhere(band.band, pal.zone);
        label(band.cards.size() == 1 ? tr("%1 — 1 node").arg(title)
                                     : tr("%1 — %2 nodes").arg(title, QString::number(band.cards.size())),
              kGap, band.band.top() + 6, band.band.width(), 15, true, pal.groupInk);
        for (const CardBox& card : band.cards) this->card(card);
    }

private:
    /// A card's frame as a cycle mark and the selection leave it.
    struct CardStyle {
        QColor border, fill;
        double borderWidth = 1;
        const CyclePlayback::NodeMark* mark = nullptr;
    };

    CardStyle styleOf(const NodeRow& node) const {
        const bool selected = node.name == c.m_selectedNode || c.m_selectedNodeSet.contains(node.name);
        CardStyle s{selected ? pal.selectedBorder : pal.cardBorder, node.cordoned ? pal.cordonedCard : pal.card,
                    selected ? 3.0 : 1.0, nullptr};
        if (c.m_cycle) {
            const auto found = c.m_cycle->marks().constFind(node.name);
            if (found != c.m_cycle->marks().constEnd()) s.mark = &*found;
        }
        if (!s.mark) return s;
        switch (s.mark->mark) {
            case CyclePlayback::PassMark:
                s.fill = pal.passCard;
                s.border = pal.passBorder;
                s.borderWidth = 2;
                break;
            case CyclePlayback::FailMark:
                s.fill = pal.failCard;
                s.border = pal.failBorder;
                s.borderWidth = 2;
                break;
            case CyclePlayback::SkipMark: s.border = pal.skipBorder; break;
            case CyclePlayback::CandidateMark:  // preemption would make room here
                s.fill = pal.heatLow;
                s.border = pal.heatHigh;
                s.borderWidth = 3;
                break;
            case CyclePlayback::NoMark: break;
        }
        if (s.mark->heat >= 0) s.fill = mix(pal.heatLow, pal.heatHigh, s.mark->heat);
        if (s.mark->winner) {
            s.border = pal.winnerBorder;
            s.borderWidth = 5;
        }
        if (selected) s.border = pal.selectedBorder;
        return s;
    }

    void card(const CardBox& box) {
        const NodeRow& node = nodes[box.nodeRow];
        const QRectF& card = box.card;
        CardStyle s = styleOf(node);
        if (c.m_markNodes.contains(node.name)) {
            // Edit > Find: a ring outside the border, wider zoomed out so it stays visible.
            full.push_back({inflate(card, s.borderWidth + 3), pal.searchMark});
            coarse.push_back({inflate(card, std::max(s.borderWidth, 4.0) + 6), pal.searchMark});
            minified.push_back({inflate(card, std::max(s.borderWidth, 12.0) + 14), pal.searchMark});
        } else if (dimmed(box)) {
            s.fill = fade(s.fill);
            s.border = fade(s.border);
        }
        full.push_back({inflate(card, s.borderWidth), s.border});
        full.push_back({card, s.fill});
        // Zoomed out a 1-unit border is invisible; highlights (selection, verdicts) stay.
        if (s.border != pal.cardBorder) {
            coarse.push_back({inflate(card, std::max(s.borderWidth, 4.0)), s.border});
            minified.push_back({inflate(card, std::max(s.borderWidth, 12.0)), s.border});
        }
        coarse.push_back({card, s.fill});
        label(node.cordoned ? node.name + tr("  (cordoned)") : node.name, card.left() + kPad, card.top() + 4,
              kCardW - 2 * kPad - 44, 12, false, pal.nodeInk);
        if (s.mark && (s.mark->heat >= 0 || s.mark->mark == CyclePlayback::FailMark ||
                       s.mark->mark == CyclePlayback::CandidateMark)) {
            // The node's score total (or the verdict, or a candidate's victim count) at the card's top right.
            const QString text = s.mark->heat >= 0                               ? QString::number(s.mark->total)
                                 : s.mark->mark == CyclePlayback::CandidateMark ? QStringLiteral("−%1").arg(s.mark->total)
                                                                                : QStringLiteral("×");
            label(text, card.right() - 44, card.top() + 3, 40, 13, true,
                  s.mark->heat >= 0 ? pal.scoreInk : pal.failInk);
        }
        // Preemption victims held on the card until Evict still count: the node as Filter saw it.
        qint64 cpu = node.cpuRequested, memory = node.memRequested;
        if (const QHash<QString, QString> held = c.m_cycle ? c.m_cycle->heldVictims() : QHash<QString, QString>();
            !held.isEmpty())
            for (const ChipBox& chip : box.chips)
                if (const PodRow& p = pods[chip.podRow]; held.value(p.key) == node.name) {
                    cpu += p.cpu;
                    memory += p.memory;
                }
        bar(barTrack(card, 0), cpu, node.cpuAllocatable, pal.cpuBar);
        bar(barTrack(card, 1), memory, node.memAllocatable, pal.memBar);
        ColorSum sum;
        for (const ChipBox& chip : box.chips) chipQuad(chip, sum);
        chipRows(card.left() + kPad, card.top() + kPodsTop, box.chips.size(), kChipCols, sum.average(), false);
        minified.push_back({card, s.mark ? s.fill : usageTint(node, s.fill)});
        markSelected();
    }

    void bar(const QRectF& track, qint64 used, qint64 total, const QColor& color) {
        full.push_back({track, pal.barTrack});
        const double f = fractionOf(used, total);
        if (f <= 0) return;
        const QRectF filled(track.left(), track.top(), track.width() * f, track.height());
        const QColor& c = f > 0.9 ? pal.overBar : color;
        full.push_back({filled, c});
        coarse.push_back({filled, c});
    }

    void chipQuad(const ChipBox& box, ColorSum& sum) {
        const PodRow& p = pods[box.podRow];
        QColor color = c.colorOf(box.podRow, p.workload);
        const bool marked = c.m_markPods.contains(p.key);
        if (c.m_dimOthers && !marked) color = fade(color);
        sum.add(color);
        if (marked) full.push_back({inflate(box.chip, 2), pal.searchMark});
        if (p.phase == PodPhaseUi::Assumed) color.setAlphaF(0.35f);  // a ghost: binding in flight
        // A preemption victim on stage: a ring in the Filter verdict's red.
        if (c.m_cycle && c.m_cycle->victims().contains(p.key)) full.push_back({inflate(box.chip, 3), pal.failBorder});
        if (p.key == c.m_selectedPod) {
            full.push_back({inflate(box.chip, 2), pal.selectedBorder});
            selectedMark = inflate(box.chip, 6);  // zoomed out: over its chip block (markSelected)
        } else if (c.m_cycle && c.m_cycle->active() && p.key == c.m_cycle->pod()) {
            full.push_back({inflate(box.chip, 2), pal.cyclePod});
        }
        full.push_back({box.chip, color});
    }

    // Zoomed out, the chips of one row become one block (see kCoarseChipPitchPx). Minified, the
    // tray keeps its blocks (`alsoMinified`); a card's chips are left to its usage tint.
    void chipRows(double left, double top, std::size_t count, int perRow, const QColor& color, bool alsoMinified) {
        if (count == 0) return;
        for (const QRectF& r : chipBlocks(left, top, count, perRow)) {
            coarse.push_back({r, color});
            if (alsoMinified) minified.push_back({r, color});
        }
    }

    /// With Find's filter on, a card that is no match and holds none fades.
    bool dimmed(const CardBox& box) const {
        if (!c.m_dimOthers) return false;
        for (const ChipBox& chip : box.chips)
            if (c.m_markPods.contains(pods[chip.podRow].key)) return false;
        return true;
    }
    /// Most of the way to the background: still there, no longer competing with the matches.
    QColor fade(const QColor& color) const {
        QColor faded = mix(color, pal.background, 0.75);
        faded.setAlpha(color.alpha());
        return faded;
    }

    void markSelected() {
        if (selectedMark.isNull()) return;
        coarse.push_back({selectedMark, pal.selectedBorder});
        minified.push_back({selectedMark, pal.selectedBorder});
        selectedMark = {};
    }

    // Minified, a card is one quad: its fill tinted towards the colour of its fuller bar, as far
    // as that bar is full (the bars' "> 90%" colour above that). Sub-pixel bars and chips would
    // average to almost the plain fill, and a cluster's usage at a glance is what a planner
    // zoomed out wants to see. Cards marked by a cycle keep their verdict or heat colour.
    QColor usageTint(const NodeRow& node, const QColor& fill) const {
        const double cpu = fractionOf(node.cpuRequested, node.cpuAllocatable);
        const double mem = fractionOf(node.memRequested, node.memAllocatable);
        const double f = std::max(cpu, mem);
        return mix(fill, f > 0.9 ? pal.overBar : cpu >= mem ? pal.cpuBar : pal.memBar, f);
    }

    void everywhere(const QRectF& r, const QColor& color) {
        for (auto& level : c.m_levels) level.push_back({r, color});
    }

    void label(const QString& text, double x, double y, double w, double size, bool bold, const QString& color) {
        if (layout.withLabels()) labels.append(CanvasLabel{text, x, y, w, size, bold, color});
    }

    ClusterCanvas& c;
    const CanvasLayout& layout;
    const CanvasPalette& pal;
    const QList<NodeRow>& nodes;
    const QList<PodRow>& pods;
    std::vector<Quad>& full = c.m_levels[FullDetail];
    std::vector<Quad>& coarse = c.m_levels[CoarseDetail];
    std::vector<Quad>& minified = c.m_levels[MinifiedDetail];
    QRectF selectedMark;  // the selected pod's mark, drawn over its chip block
};

QHash<QString, int> ClusterCanvas::heldVictimRows() const {
    QHash<QString, int> rows;
    if (!m_cycle) return rows;
    const QHash<QString, QString> held = m_cycle->heldVictims();
    if (held.isEmpty()) return rows;
    const QList<NodeRow>& nodes = m_nodes->rows();
    for (auto it = held.constBegin(); it != held.constEnd(); ++it)
        for (int i = 0; i < nodes.size(); ++i)
            if (nodes[i].name == it.value()) rows.insert(it.key(), i);
    return rows;
}

void ClusterCanvas::rebuild() {
    if (!m_dirty) return;
    m_dirty = false;
    for (auto& level : m_levels) level.clear();
    if (!m_nodes || !m_pods) {
        m_layout = {};
        m_content = {};
        m_geometryDirty = true;
        m_labels.setLabels({});
        update();
        return;
    }
    const bool holds = m_cycle && m_cycle->holdsBack(m_cycle->trace().pod);
    CanvasLayoutInput input{m_nodes->rows(), m_pods->rows(), m_groupBy, holds ? m_cycle->trace().pod : QString(),
                            width(), height(), m_fitInsetBottom, m_trayRows};
    input.heldOnNode = heldVictimRows();
    m_layout = layoutCanvas(input);
    m_trayRows = m_layout.trayRows;
    QuadBuilder builder(*this, m_layout);
    builder.tray();
    const QStringList titles = titlesOf(m_layout.groups, m_groupBy);
    for (std::size_t g = 0; g < m_layout.bands.size(); ++g)
        builder.band(m_layout.bands[g], titles[static_cast<qsizetype>(g)]);
    m_content = m_layout.content;
    m_geometryDirty = true;
    m_labels.setLabels(std::move(builder.labels));
    if (!m_userView) fitToView();
    update();
}

QSGNode* ClusterCanvas::updatePaintNode(QSGNode* old, UpdatePaintNodeData*) {
    rebuild();
    const bool software = window() && window()->rendererInterface()->graphicsApi() == QSGRendererInterface::Software;
    if (software != m_software) {
        m_software = software;
        Q_EMIT renderingChanged();
    }
    QTransform view;
    view.translate(m_pan.x(), m_pan.y());
    view.scale(m_zoom, m_zoom);

    if (software) {
        auto* node = old && old->type() == QSGNode::RenderNodeType ? static_cast<SoftwareQuadsNode*>(old) : nullptr;
        if (!node) {
            delete old;
            node = new SoftwareQuadsNode(window());
            m_geometryDirty = true;
        }
        if (m_geometryDirty) {
            for (int l = 0; l < DetailLevels; ++l)
                node->levels[l] = std::make_shared<const std::vector<Quad>>(m_levels[l]);
        }
        m_geometryDirty = false;
        node->level = detail();
        node->view = view;
        node->bounds = QRectF(0, 0, width(), height());
        node->markDirty(QSGNode::DirtyMaterial);
        return node;
    }

    auto* root = old && old->type() == QSGNode::TransformNodeType ? static_cast<QSGTransformNode*>(old) : nullptr;
    if (!root) {
        delete old;
        root = new QSGTransformNode;
        m_geometryDirty = true;
    }
    root->setMatrix(QMatrix4x4(view));
    if (m_geometryDirty) {
        m_geometryDirty = false;
        replaceLevels(root, m_levels);
    }
    // Per frame: pick the level of detail and switch off its chunks that are out of view.
    const Detail drawn = detail();
    SwitchNode* shown = nullptr;
    int index = 0;
    for (QSGNode* c = root->firstChild(); c; c = c->nextSibling(), ++index) {
        auto* level = static_cast<SwitchNode*>(c);
        level->setBlocked(index != drawn);
        if (index == drawn) shown = level;
    }
    const QRectF visible = view.inverted().mapRect(QRectF(0, 0, width(), height()));
    for (QSGNode* c = shown->firstChild(); c; c = c->nextSibling()) {
        auto* chunk = static_cast<SwitchNode*>(c);
        chunk->setBlocked(!chunk->bounds.intersects(visible));
    }
    root->markDirty(QSGNode::DirtyMatrix);
    return root;
}

}  // namespace berth::app
