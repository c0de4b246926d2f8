#include "app/canvas/cluster_canvas.h"

#include <QCursor>
#include <QHash>
#include <QMap>
#include <QPainter>
#include <QSet>
#include <QVariantMap>
#include <QQuickWindow>
#include <QSGFlatColorMaterial>
#include <QSGGeometryNode>
#include <QSGRenderNode>
#include <QSGRendererInterface>
#include <QSGTransformNode>
#include <QSGVertexColorMaterial>

#include <algorithm>
#include <cmath>

namespace berth::app {

namespace {

// Card geometry, in world units (one unit = one pixel at zoom 1).
constexpr double kCardW = 220, kHeaderH = 24, kBarH = 7, kPodsTop = 50, kChip = 11, kPitch = 14, kPad = 8;
constexpr double kGap = 14, kZoneHeaderH = 30, kZoneGap = 18;
constexpr int kChipCols = static_cast<int>((kCardW - 2 * kPad + (kPitch - kChip)) / kPitch);
constexpr int kMaxLabelNodes = 600;  // level of detail: no per-node text beyond this

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
        if (const QRegion* clip = state->clipRegion(); clip && !clip->isEmpty()) p->setClipRegion(*clip, Qt::ReplaceClip);
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

}  // namespace

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
    return {entry(tr("cpu requested"), p.cpuBar),    entry(tr("memory requested"), p.memBar), entry(tr("> 90%"), p.overBar),
            entry(tr("cordoned"), p.cordonedCard),   entry(tr("fits"), p.passCard),          entry(tr("rejected"), p.failCard),
            entry(tr("score heat"), p.heatHigh)};
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
        titles << (key.isEmpty() ? tr("all nodes")
                   : g.missing    ? tr("(no %1)").arg(key)
                   : g.value.isEmpty() ? tr("%1 (empty)").arg(key)
                                       : g.value);
    return titles;
}

QStringList ClusterCanvas::groupTitles() {
    rebuild();
    return titlesOf(m_groups, m_groupBy);
}

void ClusterCanvas::markDirty() {
    // Lazily: one update batch changes several models; the layout is rebuilt once, before the
    // next frame (updatePolish) or when hit testing asks for it.
    m_dirty = true;
    polish();
    update();
}

void ClusterCanvas::updatePolish() { rebuild(); }

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

ClusterCanvas::Detail ClusterCanvas::detail() const {
    if (m_zoom * kCardW < kMinifiedCardPx) return MinifiedDetail;
    if (m_zoom * kPitch < kCoarseChipPitchPx) return CoarseDetail;
    return FullDetail;
}

namespace {

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
        return n == 0 ? QColor() : QColor::fromRgbF(static_cast<float>(r / n), static_cast<float>(g / n), static_cast<float>(b / n));
    }
};

}  // namespace

void ClusterCanvas::rebuild() {
    if (!m_dirty) return;
    m_dirty = false;
    for (auto& level : m_levels) level.clear();
    m_nodeBoxes.clear();
    m_podBoxes.clear();
    QList<CanvasLabel> labels;
    if (!m_nodes || !m_pods) {
        m_content = {};
        m_geometryDirty = true;
        m_labels.setLabels({});
        update();
        return;
    }
    const auto& nodes = m_nodes->rows();
    const auto& pods = m_pods->rows();
    const CanvasPalette& pal = palette();

    // Pods per node (in pod id order: stable) and the pending tray.
    std::vector<std::vector<int>> onNode(static_cast<std::size_t>(nodes.size()));
    std::vector<int> pending;
    for (int i = 0; i < pods.size(); ++i) {
        const PodRow& p = pods[i];
        const bool placed = p.phase == PodPhaseUi::Bound || p.phase == PodPhaseUi::Assumed ||
                            p.phase == PodPhaseUi::Preexisting;
        // In step mode the popped pod stays in the tray until the assume phase shows.
        const bool heldBack = m_cycle && m_cycle->holdsBack(p.key);
        if (placed && !heldBack && p.nodeId >= 0 && p.nodeId < nodes.size())
            onNode[static_cast<std::size_t>(p.nodeId)].push_back(i);
        else if (p.phase == PodPhaseUi::Pending || heldBack) pending.push_back(i);
    }

    // Groups by the `groupBy` label, in value order; nodes without the label last.
    m_groups.clear();
    QMap<QString, std::vector<int>> byValue;
    std::vector<int> unlabelled;
    int liveNodes = 0;
    std::size_t maxPods = 0;
    for (int i = 0; i < nodes.size(); ++i) {
        if (nodes[i].removed) continue;
        ++liveNodes;
        if (m_groupBy.isEmpty()) {
            byValue[QString()].push_back(i);
        } else {
            const QString* value = nullptr;
            if (m_groupBy == kZoneKey) {
                if (!nodes[i].zone.isEmpty()) value = &nodes[i].zone;
            } else {
                for (const auto& [k, v] : nodes[i].labels)
                    if (k == m_groupBy) {
                        value = &v;
                        break;
                    }
            }
            if (value) byValue[*value].push_back(i);
            else unlabelled.push_back(i);
        }
        maxPods = std::max(maxPods, onNode[static_cast<std::size_t>(i)].size());
    }
    for (auto it = byValue.begin(); it != byValue.end(); ++it) m_groups.push_back(Group{it.key(), false, std::move(it.value())});
    if (!unlabelled.empty()) m_groups.push_back(Group{QString(), true, std::move(unlabelled)});
    const auto& zones = m_groups;
    // Card height: room for the busiest node, or for an even share of all pods, whichever is more.
    const std::size_t share = liveNodes > 0 ? (static_cast<std::size_t>(pods.size()) + liveNodes - 1) / liveNodes + 2 : 0;
    const int podRows = std::max<int>(2, static_cast<int>((std::max(maxPods, share) + kChipCols - 1) / kChipCols));
    const double cardH = kPodsTop + podRows * kPitch + kPad - (kPitch - kChip);
    int widest = 1;
    for (const auto& z : zones) widest = std::max<int>(widest, static_cast<int>(z.rows.size()));
    // Columns: the count whose layout fills the view best (largest fit-to-view zoom). Any count
    // up to the largest group: a cap (it was 16) left 5,000 nodes a tall strip a tenth of the
    // view wide.
    int cols = 1;
    double bestZoom = -1;
    for (int c = 1; c <= widest; ++c) {
        double h = 0;
        for (const auto& z : zones) h += kZoneHeaderH + static_cast<double>((z.rows.size() + c - 1) / c) * (cardH + kGap) + kZoneGap;
        const double w = c * kCardW + (c + 1) * kGap;
        h += m_trayRows > 0 ? 28 + m_trayRows * kPitch + kPad + kZoneGap : 0;
        const double vw = width() > 0 ? width() : 1000, vh = height() > m_fitInsetBottom ? height() - m_fitInsetBottom : 700;
        const double zoomAt = std::min(vw / w, vh / h);
        if (zoomAt > bestZoom * 1.02) {
            bestZoom = zoomAt;
            cols = c;
        }
    }
    const double width = cols * kCardW + (cols - 1) * kGap + 2 * kGap;
    const bool withLabels = liveNodes <= kMaxLabelNodes;
    auto label = [&](const QString& text, double x, double y, double w, double size, bool bold, const QString& color) {
        if (!withLabels) return;
        labels.append(CanvasLabel{text, x, y, w, size, bold, color});
    };
    auto& full = m_levels[FullDetail];
    auto& coarse = m_levels[CoarseDetail];
    auto& minified = m_levels[MinifiedDetail];
    auto everywhere = [&](const QRectF& r, const QColor& c) {
        for (auto& level : m_levels) level.push_back({r, c});
    };
    // Zoomed out, the chips of one row become one block (see kCoarseChipPitchPx). Minified, the
    // tray keeps its blocks (`alsoMinified`); a card's chips are left to its usage tint.
    auto chipRows = [&](double left, double top, std::size_t count, int perRow, const QColor& c, bool alsoMinified) {
        if (count == 0) return;
        const auto rows = static_cast<double>(count / static_cast<std::size_t>(perRow));
        const auto rest = static_cast<double>(count % static_cast<std::size_t>(perRow));
        auto block = [&](const QRectF& r) {
            coarse.push_back({r, c});
            if (alsoMinified) minified.push_back({r, c});
        };
        if (rows > 0) block(QRectF(left, top, perRow * kPitch - (kPitch - kChip), rows * kPitch - (kPitch - kChip)));
        if (rest > 0) block(QRectF(left, top + rows * kPitch, rest * kPitch - (kPitch - kChip), kChip));
    };
    QRectF selectedMark;
    auto markSelected = [&] {
        if (selectedMark.isNull()) return;
        coarse.push_back({selectedMark, pal.selectedBorder});
        minified.push_back({selectedMark, pal.selectedBorder});
        selectedMark = {};
    };
    // Minified, a card is one quad: its fill tinted towards the colour of its fuller bar, as far
    // as that bar is full (the bars' "> 90%" colour above that). Sub-pixel bars and chips would
    // average to almost the plain fill, and a cluster's usage at a glance is what a planner
    // zoomed out wants to see. Cards marked by a cycle keep their verdict or heat colour.
    auto usageTint = [&](const NodeRow& node, const QColor& fill) {
        const double cpu = fractionOf(node.cpuRequested, node.cpuAllocatable);
        const double mem = fractionOf(node.memRequested, node.memAllocatable);
        const double f = std::max(cpu, mem);
        return mix(fill, f > 0.9 ? pal.overBar : cpu >= mem ? pal.cpuBar : pal.memBar, f);
    };
    auto chipQuad = [&](int podRow, QRectF chip, ColorSum& sum) {
        const PodRow& p = pods[podRow];
        QColor c = colorOf(podRow, p.workload);
        sum.add(c);
        if (p.phase == PodPhaseUi::Assumed) c.setAlphaF(0.35f);  // a ghost: binding in flight
        if (p.key == m_selectedPod) {
            full.push_back({inflate(chip, 2), pal.selectedBorder});
            selectedMark = inflate(chip, 6);  // zoomed out: over its chip block (markSelected)
        } else if (m_cycle && m_cycle->active() && p.key == m_cycle->pod()) {
            full.push_back({inflate(chip, 2), pal.cyclePod});
        }
        full.push_back({chip, c});
        m_podBoxes.push_back({podRow, chip});
    };

    double y = 0;
    // The pending tray.
    const int trayCols = std::max(1, static_cast<int>((width - 2 * kPad) / kPitch));
    m_trayRows = std::max(m_trayRows, static_cast<int>((pending.size() + trayCols - 1) / trayCols));
    if (m_trayRows > 0) {
        const double trayH = 28 + m_trayRows * kPitch + kPad;
        everywhere(QRectF(0, y, width, trayH), pal.tray);
        label(tr("Pending (%1)").arg(pending.size()), kPad, y + 4, width, 15, true, pal.trayInk);
        ColorSum sum;
        for (std::size_t i = 0; i < pending.size(); ++i) {
            const double cx = kPad + static_cast<double>(i % trayCols) * kPitch;
            const double cy = y + 28 + static_cast<double>(i / trayCols) * kPitch;
            chipQuad(pending[i], QRectF(cx, cy, kChip, kChip), sum);
        }
        chipRows(kPad, y + 28, pending.size(), trayCols, sum.average(), true);
        markSelected();
        y += trayH + kZoneGap;
    }

    const QStringList titles = titlesOf(m_groups, m_groupBy);
    for (std::size_t g = 0; g < zones.size(); ++g) {
        const auto& members = zones[g].rows;
        const int rows = static_cast<int>((members.size() + cols - 1) / cols);
        const double zoneH = kZoneHeaderH + rows * (cardH + kGap);
        everywhere(QRectF(0, y, width, zoneH), pal.zone);
        const QString& title = titles[static_cast<qsizetype>(g)];
        label(members.size() == 1 ? tr("%1 — 1 node").arg(title)
                                  : tr("%1 — %2 nodes").arg(title, QString::number(members.size())),
              kGap, y + 6, width, 15, true, pal.groupInk);
        for (std::size_t k = 0; k < members.size(); ++k) {
            const int n = members[k];
            const NodeRow& node = nodes[n];
            const QRectF card(kGap + static_cast<double>(k % cols) * (kCardW + kGap),
                              y + kZoneHeaderH + static_cast<double>(k / cols) * (cardH + kGap), kCardW, cardH);
            const bool selected = node.name == m_selectedNode;
            QColor border = selected ? pal.selectedBorder : pal.cardBorder;
            QColor fill = node.cordoned ? pal.cordonedCard : pal.card;
            double borderWidth = selected ? 3 : 1;
            const CyclePlayback::NodeMark* mark = nullptr;
            if (m_cycle) {
                const auto found = m_cycle->marks().constFind(node.name);
                if (found != m_cycle->marks().constEnd()) mark = &*found;
            }
            if (mark) {
                switch (mark->mark) {
                    case CyclePlayback::PassMark: fill = pal.passCard; border = pal.passBorder; borderWidth = 2; break;
                    case CyclePlayback::FailMark: fill = pal.failCard; border = pal.failBorder; borderWidth = 2; break;
                    case CyclePlayback::SkipMark: border = pal.skipBorder; break;
                    case CyclePlayback::NoMark: break;
                }
                if (mark->heat >= 0) fill = mix(pal.heatLow, pal.heatHigh, mark->heat);
                if (mark->winner) {
                    border = pal.winnerBorder;
                    borderWidth = 5;
                }
                if (selected) border = pal.selectedBorder;
            }
            full.push_back({inflate(card, borderWidth), border});
            full.push_back({card, fill});
            // Zoomed out a 1-unit border is invisible; highlights (selection, verdicts) stay.
            if (border != pal.cardBorder) {
                coarse.push_back({inflate(card, std::max(borderWidth, 4.0)), border});
                minified.push_back({inflate(card, std::max(borderWidth, 12.0)), border});
            }
            coarse.push_back({card, fill});
            m_nodeBoxes.push_back({n, card});
            label(node.cordoned ? node.name + tr("  (cordoned)") : node.name, card.left() + kPad, card.top() + 4,
                  kCardW - 2 * kPad - 44, 12, false, pal.nodeInk);
            if (mark && (mark->heat >= 0 || mark->mark == CyclePlayback::FailMark)) {
                // The node's score total (or the verdict) at the card's top right.
                const QString text = mark->heat >= 0 ? QString::number(mark->total) : QStringLiteral("×");
                label(text, card.right() - 44, card.top() + 3, 40, 13, true,
                      mark->heat >= 0 ? pal.scoreInk : pal.failInk);
            }
            auto bar = [&](double top, qint64 used, qint64 total, const QColor& color) {
                const QRectF track(card.left() + kPad, card.top() + top, kCardW - 2 * kPad, kBarH);
                full.push_back({track, pal.barTrack});
                const double f = fractionOf(used, total);
                if (f <= 0) return;
                const QRectF filled(track.left(), track.top(), track.width() * f, kBarH);
                const QColor& c = f > 0.9 ? pal.overBar : color;
                full.push_back({filled, c});
                coarse.push_back({filled, c});
            };
            bar(kHeaderH, node.cpuRequested, node.cpuAllocatable, pal.cpuBar);
            bar(kHeaderH + kBarH + 4, node.memRequested, node.memAllocatable, pal.memBar);
            const auto& mine = onNode[static_cast<std::size_t>(n)];
            ColorSum sum;
            std::size_t drawn = 0;
            for (std::size_t i = 0; i < mine.size(); ++i) {
                const double cx = card.left() + kPad + static_cast<double>(i % kChipCols) * kPitch;
                const double cy = card.top() + kPodsTop + static_cast<double>(i / kChipCols) * kPitch;
                if (cy + kChip > card.bottom()) break;  // overfull: the inspector lists the rest
                chipQuad(mine[i], QRectF(cx, cy, kChip, kChip), sum);
                ++drawn;
            }
            chipRows(card.left() + kPad, card.top() + kPodsTop, drawn, kChipCols, sum.average(), false);
            minified.push_back({card, mark ? fill : usageTint(node, fill)});
            markSelected();
        }
        y += zoneH + kZoneGap;
    }
    m_content = QRectF(0, 0, width, std::max(0.0, y - kZoneGap));
    m_geometryDirty = true;
    m_labels.setLabels(std::move(labels));
    if (!m_userView) fitToView();
    update();
}

void ClusterCanvas::fitToView() {
    m_userView = false;
    if (m_content.isEmpty() || width() <= 0 || height() <= 0) return;
    const double margin = 12;
    const double freeHeight = std::max(1.0, height() - m_fitInsetBottom - 2 * margin);
    const double z = std::min((width() - 2 * margin) / m_content.width(), freeHeight / m_content.height());
    const double zoom = std::clamp(z, 0.02, 4.0);
    const QPointF pan((width() - m_content.width() * zoom) / 2 - m_content.left() * zoom, margin - m_content.top() * zoom);
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
    m_selectedNode = node;
    m_selectedPod = pod;
    Q_EMIT selectionChanged();
    m_dirty = true;
    rebuild();
}

QRectF ClusterCanvas::nodeRect(const QString& name) {
    rebuild();
    for (const auto& b : m_nodeBoxes)
        if (m_nodes->rows()[b.row].name == name) return b.card;
    return {};
}

QRectF ClusterCanvas::podRect(const QString& key) {
    rebuild();
    for (const auto& b : m_podBoxes)
        if (m_pods->rows()[b.row].key == key) return b.chip;
    return {};
}

int ClusterCanvas::hitNode(QPointF world) {
    rebuild();
    for (const auto& b : m_nodeBoxes)
        if (b.card.contains(world)) return b.row;
    return -1;
}

int ClusterCanvas::hitPod(QPointF world) {
    rebuild();
    for (const auto& b : m_podBoxes)
        if (inflate(b.chip, 1).contains(world)) return b.row;
    return -1;
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
    select(node, pod);
    Q_EMIT clicked(node, pod);
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
            for (int l = 0; l < DetailLevels; ++l) node->levels[l] = std::make_shared<const std::vector<Quad>>(m_levels[l]);
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
    // Children of root: one per level of detail, in Detail order; each a SwitchNode of
    // SwitchNode chunks with their bounds, so that chunks out of view can be switched off.
    if (m_geometryDirty) {
        m_geometryDirty = false;
        while (QSGNode* child = root->firstChild()) {
            root->removeChildNode(child);
            delete child;
        }
        for (const auto& quads : m_levels) {
            auto* level = new SwitchNode;
            for (std::size_t first = 0; first < quads.size(); first += kQuadsPerCullChunk) {
                const std::size_t count = std::min<std::size_t>(kQuadsPerCullChunk, quads.size() - first);
                auto* chunk = new SwitchNode;
                // Translucent quads (ghost pods) lie over the opaque ones: the renderer's
                // alpha pass draws them after its opaque pass, in this order.
                std::vector<const Quad*> opaque, translucent;
                for (std::size_t i = first; i < first + count; ++i) {
                    const Quad& q = quads[i];
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
