#pragma once
/// Where the cluster canvas puts things, as a pure function: node rows and pod rows in, world
/// rectangles out (the pending tray and its chips, one band per group of nodes, the cards in
/// columns, the chips on each card), plus the level of detail a zoom draws. No scene graph,
/// no colours, no QObject: ClusterCanvas (cluster_canvas_scene.cpp) turns a layout into
/// coloured quads, and tests/app/canvas/tst_canvas_layout.cpp checks positions by hand.
/// World units are pixels at zoom 1.

#include <QHash>
#include <QList>
#include <QRectF>
#include <QString>

#include <cstddef>
#include <vector>

#include "app/engine/sim_types.h"

namespace berth::app {

/// Card and band geometry (world units).
namespace canvas_geometry {
inline constexpr double kCardW = 220;        // a node card's width
inline constexpr double kHeaderH = 24;       // the card's title line, above its bars
inline constexpr double kBarH = 7;           // one usage bar
inline constexpr double kBarGap = 4;         // between the cpu and the memory bar
inline constexpr double kPodsTop = 50;       // the first chip row, from the card's top
inline constexpr double kChip = 11;          // a pod chip's side
inline constexpr double kPitch = 14;         // chip to chip
inline constexpr double kPad = 8;            // inside a card or the tray
inline constexpr double kGap = 14;           // between cards, and around them in a band
inline constexpr double kGroupHeaderH = 30;  // a group band's title, above its cards
inline constexpr double kGroupGap = 18;      // between bands (the tray is one)
inline constexpr double kTrayHeaderH = 28;   // the tray's title, above its chips
/// Chips per card row: as many pitches as fit between the pads (the last chip needs no gap).
inline constexpr int kChipCols = static_cast<int>((kCardW - 2 * kPad + (kPitch - kChip)) / kPitch);
/// Level of detail for text: no per-node labels beyond this many live nodes.
inline constexpr int kMaxLabelNodes = 600;
}  // namespace canvas_geometry

/// Levels of detail, from zoomed in to zoomed out (canvasDetailAt).
enum CanvasDetail : int {
    FullDetail,      // every chip, bar track and border
    CoarseDetail,    // chips as one block per chip row; no bar tracks or thin borders
    MinifiedDetail,  // one quad per card, tinted by its usage
    DetailLevels
};
/// Coarse below this pod-chip pitch on screen (pixels): with 5,000 nodes and 50,000 pods
/// ~4x fewer quads for llvmpipe to transform and fill.
inline constexpr double kCoarseChipPitchPx = 3.5;
/// Minified below this card width on screen (pixels): the bars are then under a pixel tall
/// and the chips under two pixels wide, so they alias and shimmer while zooming. One quad
/// a card (highlight borders kept), a fifth of the coarse quads.
inline constexpr double kMinifiedCardPx = 24;
/// The level of detail drawn at `zoom` (screen pixels per world unit).
CanvasDetail canvasDetailAt(double zoom);

/// One group of cards: the nodes (node rows) whose group-by label is `value`, or that lack
/// it (`missing`: drawn last, titled "(no <key>)").
struct CanvasGroup {
    QString value;
    bool missing = false;
    std::vector<int> rows;
};

/// What a layout depends on.
struct CanvasLayoutInput {
    const QList<NodeRow>& nodes;
    const QList<PodRow>& pods;
    /// The node label whose values group the cards; "" puts all nodes in one group.
    QString groupBy;
    /// Step mode: the pod on show stays in the tray until its assume phase ("" when none).
    QString heldBackPod;
    /// The view the columns are chosen for: its size, less the height kept free at the bottom.
    double viewWidth = 0, viewHeight = 0, insetBottom = 0;
    /// The tray's height so far (chip rows): it only grows, so cards do not jump.
    int trayRows = 0;
    /// Step mode: preemption victims still drawn on their node (pod key -> node row) until
    /// the Evict phase, though their rows already say Evicted.
    QHash<QString, int> heldOnNode = {};
};

/// A pod chip: its pod row and where it is.
struct ChipBox {
    int podRow = -1;
    QRectF chip;
};
/// A node card: its node row, where it is, and its chips (as many as fit; the inspector
/// lists the rest).
struct CardBox {
    int nodeRow = -1;
    QRectF card;
    std::vector<ChipBox> chips;
};
/// A group's band and its cards, in group order.
struct GroupBox {
    QRectF band;
    std::vector<CardBox> cards;
};

struct CanvasLayout {
    std::vector<CanvasGroup> groups;
    std::vector<GroupBox> bands;  // one per group
    int columns = 1;              // cards per band row
    double cardHeight = 0;
    int liveNodes = 0;
    /// The pending tray (empty when it has never held a pod), its chip rows and columns.
    QRectF tray;
    int trayRows = 0;
    int trayColumns = 1;
    std::vector<ChipBox> pendingChips;
    /// Everything drawn.
    QRectF content;
    /// Per-node text is drawn (canvas_geometry::kMaxLabelNodes).
    bool withLabels() const { return liveNodes <= canvas_geometry::kMaxLabelNodes; }
};

/// Lays out the canvas (see CanvasLayout).
CanvasLayout layoutCanvas(const CanvasLayoutInput& in);

/// The groups of live nodes by `groupBy` (CanvasGroup), in value order, the nodes without
/// the label last. The zone key reads NodeRow::zone.
std::vector<CanvasGroup> groupNodes(const QList<NodeRow>& nodes, const QString& groupBy);

/// Zoomed out, the chips of one card (or the tray) drawn as blocks: up to two rectangles,
/// the full rows and the last partial row, for `count` chips `perRow` a row from (left, top).
std::vector<QRectF> chipBlocks(double left, double top, std::size_t count, int perRow);

/// Where `count` more chips would go on `card` after its own, in the same rows (as many as
/// the card has room for): the ghost replicas of a "how many more fit" answer.
std::vector<QRectF> freeChipSlots(const CardBox& card, std::size_t count);

/// A card's usage bar tracks: the cpu bar (index 0) and the memory bar (index 1).
QRectF barTrack(const QRectF& card, int index);

}  // namespace berth::app
