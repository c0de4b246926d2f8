#include "app/canvas/canvas_layout.h"

#include <QMap>

#include <algorithm>

namespace berth::app {

using namespace canvas_geometry;

namespace {

const QString kZoneKey = QStringLiteral("topology.kubernetes.io/zone");

/// The value of `key` on a node, or null when it lacks the label.
const QString* labelValue(const NodeRow& node, const QString& key) {
    if (key == kZoneKey) return node.zone.isEmpty() ? nullptr : &node.zone;
    for (const auto& [k, v] : node.labels)
        if (k == key) return &v;
    return nullptr;
}

/// Pods per node row (in pod row order: stable) and the pods of the pending tray.
struct PodPlaces {
    std::vector<std::vector<int>> onNode;
    std::vector<int> pending;
};

PodPlaces placePods(const CanvasLayoutInput& in) {
    PodPlaces out;
    out.onNode.resize(static_cast<std::size_t>(in.nodes.size()));
    for (int i = 0; i < in.pods.size(); ++i) {
        const PodRow& p = in.pods[i];
        const bool placed =
            p.phase == PodPhaseUi::Bound || p.phase == PodPhaseUi::Assumed || p.phase == PodPhaseUi::Preexisting;
        const bool heldBack = !in.heldBackPod.isEmpty() && p.key == in.heldBackPod;
        if (const auto held = in.heldOnNode.constFind(p.key); held != in.heldOnNode.constEnd()) {
            if (*held >= 0 && *held < in.nodes.size()) out.onNode[static_cast<std::size_t>(*held)].push_back(i);
            continue;
        }
        if (placed && !heldBack && p.nodeId >= 0 && p.nodeId < in.nodes.size())
            out.onNode[static_cast<std::size_t>(p.nodeId)].push_back(i);
        else if (p.phase == PodPhaseUi::Pending || heldBack)
            out.pending.push_back(i);
    }
    return out;
}

/// Card height: room for the busiest node's chips, or for an even share of all pods plus
/// two, whichever is more; at least two chip rows.
double cardHeightFor(const CanvasLayoutInput& in, const PodPlaces& places, int liveNodes) {
    std::size_t maxPods = 0;
    for (int i = 0; i < in.nodes.size(); ++i)
        if (!in.nodes[i].removed) maxPods = std::max(maxPods, places.onNode[static_cast<std::size_t>(i)].size());
    const auto live = static_cast<std::size_t>(liveNodes);
    const std::size_t share = live > 0 ? (static_cast<std::size_t>(in.pods.size()) + live - 1) / live + 2 : 0;
    const int podRows = std::max<int>(2, static_cast<int>((std::max(maxPods, share) + kChipCols - 1) / kChipCols));
    return kPodsTop + podRows * kPitch + kPad - (kPitch - kChip);
}

/// Columns: the count whose layout fills the view best (largest fit-to-view zoom; a count
/// must beat the best so far by 2% to win, so ties keep fewer columns). Any count up to the
/// largest group: a cap (it was 16) left 5,000 nodes a tall strip a tenth of the view wide.
/// Without a size, the view counts as 1000 x 700.
int columnsFor(const CanvasLayoutInput& in, const std::vector<CanvasGroup>& groups, double cardH) {
    int widest = 1;
    for (const auto& g : groups) widest = std::max<int>(widest, static_cast<int>(g.rows.size()));
    const double vw = in.viewWidth > 0 ? in.viewWidth : 1000;
    const double vh = in.viewHeight > in.insetBottom ? in.viewHeight - in.insetBottom : 700;
    const double tray = in.trayRows > 0 ? kTrayHeaderH + in.trayRows * kPitch + kPad + kGroupGap : 0;
    int cols = 1;
    double bestZoom = -1;
    for (int c = 1; c <= widest; ++c) {
        double h = 0;
        for (const auto& g : groups)
            h += kGroupHeaderH + static_cast<double>((g.rows.size() + c - 1) / c) * (cardH + kGap) + kGroupGap;
        h += tray;
        const double w = c * kCardW + (c + 1) * kGap;
        const double zoomAt = std::min(vw / w, vh / h);
        if (zoomAt > bestZoom * 1.02) {
            bestZoom = zoomAt;
            cols = c;
        }
    }
    return cols;
}

/// A row of chips from (left, top), `perRow` a row, up to `bottom` (exclusive of a chip
/// that would cross it).
std::vector<ChipBox> chipsAt(const std::vector<int>& pods, double left, double top, int perRow, double bottom) {
    std::vector<ChipBox> out;
    out.reserve(pods.size());
    for (std::size_t i = 0; i < pods.size(); ++i) {
        const double x = left + static_cast<double>(i % static_cast<std::size_t>(perRow)) * kPitch;
        const double y = top + static_cast<double>(i / static_cast<std::size_t>(perRow)) * kPitch;
        if (y + kChip > bottom) break;
        out.push_back({pods[i], QRectF(x, y, kChip, kChip)});
    }
    return out;
}

}  // namespace

std::vector<QRectF> freeChipSlots(const CardBox& card, std::size_t count) {
    std::vector<QRectF> out;
    const auto perRow = static_cast<std::size_t>(kChipCols);
    for (std::size_t i = card.chips.size(); out.size() < count; ++i) {
        const double x = card.card.left() + kPad + static_cast<double>(i % perRow) * kPitch;
        const double y = card.card.top() + kPodsTop + static_cast<double>(i / perRow) * kPitch;
        if (y + kChip > card.card.bottom()) break;
        out.emplace_back(x, y, kChip, kChip);
    }
    return out;
}

CanvasDetail canvasDetailAt(double zoom) {
    if (zoom * kCardW < kMinifiedCardPx) return MinifiedDetail;
    if (zoom * kPitch < kCoarseChipPitchPx) return CoarseDetail;
    return FullDetail;
}

std::vector<CanvasGroup> groupNodes(const QList<NodeRow>& nodes, const QString& groupBy) {
    QMap<QString, std::vector<int>> byValue;
    std::vector<int> unlabelled;
    for (int i = 0; i < nodes.size(); ++i) {
        if (nodes[i].removed) continue;
        if (groupBy.isEmpty()) {
            byValue[QString()].push_back(i);
        } else if (const QString* value = labelValue(nodes[i], groupBy)) {
            byValue[*value].push_back(i);
        } else {
            unlabelled.push_back(i);
        }
    }
    std::vector<CanvasGroup> groups;
    for (auto it = byValue.begin(); it != byValue.end(); ++it)
        groups.push_back({it.key(), false, std::move(it.value())});
    if (!unlabelled.empty()) groups.push_back({QString(), true, std::move(unlabelled)});
    return groups;
}

std::vector<QRectF> chipBlocks(double left, double top, std::size_t count, int perRow) {
    std::vector<QRectF> out;
    const auto per = static_cast<std::size_t>(perRow);
    const auto rows = static_cast<double>(count / per);
    const auto rest = static_cast<double>(count % per);
    if (rows > 0) out.emplace_back(left, top, perRow * kPitch - (kPitch - kChip), rows * kPitch - (kPitch - kChip));
    if (rest > 0) out.emplace_back(left, top + rows * kPitch, rest * kPitch - (kPitch - kChip), kChip);
    return out;
}

QRectF barTrack(const QRectF& card, int index) {
    return {card.left() + kPad, card.top() + kHeaderH + index * (kBarH + kBarGap), kCardW - 2 * kPad, kBarH};
}

CanvasLayout layoutCanvas(const CanvasLayoutInput& in) {
    CanvasLayout out;
    const PodPlaces places = placePods(in);
    out.groups = groupNodes(in.nodes, in.groupBy);
    for (const auto& g : out.groups) out.liveNodes += static_cast<int>(g.rows.size());
    out.cardHeight = cardHeightFor(in, places, out.liveNodes);
    out.columns = columnsFor(in, out.groups, out.cardHeight);
    const int cols = out.columns;
    const double width = cols * kCardW + (cols - 1) * kGap + 2 * kGap;

    double y = 0;
    out.trayColumns = std::max(1, static_cast<int>((width - 2 * kPad) / kPitch));
    const auto trayCols = static_cast<std::size_t>(out.trayColumns);
    out.trayRows = std::max(in.trayRows, static_cast<int>((places.pending.size() + trayCols - 1) / trayCols));
    if (out.trayRows > 0) {
        const double trayH = kTrayHeaderH + out.trayRows * kPitch + kPad;
        out.tray = QRectF(0, y, width, trayH);
        out.pendingChips = chipsAt(places.pending, kPad, y + kTrayHeaderH, out.trayColumns, out.tray.bottom());
        y += trayH + kGroupGap;
    }
    for (const CanvasGroup& g : out.groups) {
        const int rows = static_cast<int>((g.rows.size() + cols - 1) / cols);
        GroupBox band{QRectF(0, y, width, kGroupHeaderH + rows * (out.cardHeight + kGap)), {}};
        for (std::size_t k = 0; k < g.rows.size(); ++k) {
            const int n = g.rows[k];
            const QRectF card(kGap + static_cast<double>(k % cols) * (kCardW + kGap),
                              y + kGroupHeaderH + static_cast<double>(k / cols) * (out.cardHeight + kGap), kCardW,
                              out.cardHeight);
            band.cards.push_back({n, card,
                                  chipsAt(places.onNode[static_cast<std::size_t>(n)], card.left() + kPad,
                                          card.top() + kPodsTop, kChipCols, card.bottom())});
        }
        y += band.band.height() + kGroupGap;
        out.bands.push_back(std::move(band));
    }
    out.content = QRectF(0, 0, width, std::max(0.0, y - kGroupGap));
    return out;
}

}  // namespace berth::app
