// The canvas layout (src/app/canvas/canvas_layout.h) as a pure function: node and pod rows in,
// world rectangles out. Every expected number is derived in a comment from the geometry:
// card 220 wide, title 24, bars 7 (4 apart), chips 11 at a pitch of 14 from 50 below the
// card's top, pads 8, gaps 14, group titles 30, 18 between bands, tray title 28; 14 chips a
// card row ((220 - 2*8 + 3) / 14 = 14.8).

#include <QTest>

#include "app/canvas/canvas_layout.h"

using namespace berth::app;

namespace {

const QString kZone = QStringLiteral("topology.kubernetes.io/zone");

NodeRow node(const QString& name, const QString& zone) {
    NodeRow r;
    r.name = name;
    r.zone = zone;
    if (!zone.isEmpty()) r.labels = {{kZone, zone}};
    return r;
}

PodRow pod(const QString& key, PodPhaseUi phase, int nodeId) {
    PodRow p;
    p.key = key;
    p.phase = phase;
    p.nodeId = nodeId;
    return p;
}

/// Five nodes: three in zone-a (rows 0, 2, 3), one in zone-b (row 1), one without a zone
/// (row 4). Three pods bound on row 0, one pending.
QList<NodeRow> fiveNodes() {
    return {node("a1", "zone-a"), node("b1", "zone-b"), node("a2", "zone-a"), node("a3", "zone-a"), node("cp", "")};
}
QList<PodRow> fourPods() {
    return {pod("ns/p0", PodPhaseUi::Bound, 0), pod("ns/p1", PodPhaseUi::Bound, 0),
            pod("ns/p2", PodPhaseUi::Assumed, 0), pod("ns/pending", PodPhaseUi::Pending, -1)};
}

}  // namespace

class TestCanvasLayout : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void groupsByZoneUnlabelledLast() {
        const auto groups = groupNodes(fiveNodes(), kZone);
        QCOMPARE(groups.size(), std::size_t(3));
        QCOMPARE(groups[0].value, QStringLiteral("zone-a"));
        QCOMPARE(groups[0].rows, (std::vector<int>{0, 2, 3}));  // node order within a group
        QCOMPARE(groups[1].value, QStringLiteral("zone-b"));
        QVERIFY(groups[2].missing);
        QCOMPARE(groups[2].rows, (std::vector<int>{4}));
    }

    void noKeyOneGroupWithoutRemovedNodes() {
        QList<NodeRow> nodes = fiveNodes();
        nodes[2].removed = true;
        const auto groups = groupNodes(nodes, QString());
        QCOMPARE(groups.size(), std::size_t(1));
        QVERIFY(!groups[0].missing);
        QCOMPARE(groups[0].rows, (std::vector<int>{0, 1, 3, 4}));
    }

    void positions() {
        const QList<NodeRow> nodes = fiveNodes();
        const QList<PodRow> pods = fourPods();
        const CanvasLayout l = layoutCanvas({nodes, pods, kZone, QString(), 1000, 700, 0, 0});
        // Card height: the busiest node has 3 pods, an even share is ceil(4/5) + 2 = 3; 3 chips
        // need one row, at least two are kept: 50 + 2*14 + 8 - 3 = 83.
        QCOMPARE(l.cardHeight, 83.0);
        QCOMPARE(l.liveNodes, 5);
        // Columns, for a 1000 x 700 view (bands: 30 + rows * (83 + 14) + 18; width c*220 + (c+1)*14):
        //   1: height 339 + 145 + 145 = 629, width 248: zoom min(4.03, 1.113) = 1.113
        //   2: height 242 + 145 + 145 = 532, width 482: zoom min(2.07, 1.316) = 1.316 > 1.02 * 1.113
        //   3: height 145 * 3 = 435,         width 716: zoom min(1.397, 1.609) = 1.397 > 1.02 * 1.316
        QCOMPARE(l.columns, 3);
        // Width 3*220 + 2*14 + 2*14 = 716. The tray: (716 - 16) / 14 = 50 chips a row, one row
        // for one pending pod: 28 + 14 + 8 = 50 tall; its chip at (8, 28).
        QCOMPARE(l.tray, QRectF(0, 0, 716, 50));
        QCOMPARE(l.trayColumns, 50);
        QCOMPARE(l.trayRows, 1);
        QCOMPARE(l.pendingChips.size(), std::size_t(1));
        QCOMPARE(l.pendingChips[0].podRow, 3);
        QCOMPARE(l.pendingChips[0].chip, QRectF(8, 28, 11, 11));
        // Bands from y = 50 + 18 = 68, each 30 + 97 = 127 tall, 127 + 18 = 145 apart.
        QCOMPARE(l.bands.size(), std::size_t(3));
        QCOMPARE(l.bands[0].band, QRectF(0, 68, 716, 127));
        QCOMPARE(l.bands[1].band, QRectF(0, 213, 716, 127));
        QCOMPARE(l.bands[2].band, QRectF(0, 358, 716, 127));
        // zone-a's cards at x = 14 + k * (220 + 14), below its title at 68 + 30 = 98.
        const auto& a = l.bands[0].cards;
        QCOMPARE(a.size(), std::size_t(3));
        QCOMPARE(a[0].nodeRow, 0);
        QCOMPARE(a[0].card, QRectF(14, 98, 220, 83));
        QCOMPARE(a[1].card, QRectF(248, 98, 220, 83));
        QCOMPARE(a[2].card, QRectF(482, 98, 220, 83));
        QCOMPARE(l.bands[2].cards[0].card, QRectF(14, 388, 220, 83));
        // Chips of a1 from (14 + 8, 98 + 50) = (22, 148), 14 apart; the assumed pod included.
        QCOMPARE(a[0].chips.size(), std::size_t(3));
        QCOMPARE(a[0].chips[0].chip, QRectF(22, 148, 11, 11));
        QCOMPARE(a[0].chips[2].podRow, 2);
        QCOMPARE(a[0].chips[2].chip, QRectF(50, 148, 11, 11));
        QVERIFY(a[1].chips.empty());
        // Content: down to the last band's bottom, 358 + 127 = 485.
        QCOMPARE(l.content, QRectF(0, 0, 716, 485));
        QVERIFY(l.withLabels());
    }

    void heldBackPodStaysInTheTrayAndTheTrayKeepsItsHeight() {
        const QList<NodeRow> nodes = fiveNodes();
        QList<PodRow> pods = fourPods();
        pods[3].phase = PodPhaseUi::Bound;
        pods[3].nodeId = 1;
        // Step mode before assume: the popped pod is drawn in the tray, not on its node.
        CanvasLayout l = layoutCanvas({nodes, pods, kZone, QStringLiteral("ns/p0"), 1000, 700, 0, 0});
        QCOMPARE(l.pendingChips.size(), std::size_t(1));
        QCOMPARE(l.pendingChips[0].podRow, 0);
        QCOMPARE(l.bands[0].cards[0].chips.size(), std::size_t(2));
        // Nothing pending, but the tray had two rows: it keeps them (28 + 2*14 + 8 = 64 tall)
        // and counts in the column choice (3 columns: 435 + 64 + 18 = 517 tall, zoom 1.354 still
        // beats 2 columns' 532 + 82 = 614, zoom 1.140, by more than 2%).
        l = layoutCanvas({nodes, pods, kZone, QString(), 1000, 700, 0, 2});
        QVERIFY(l.pendingChips.empty());
        QCOMPARE(l.trayRows, 2);
        QCOMPARE(l.tray, QRectF(0, 0, 716, 64));
        QCOMPARE(l.columns, 3);
        QCOMPARE(l.bands[0].band.top(), 64.0 + 18.0);
    }

    void columnsFollowTheViewShape() {
        // Nine nodes in one group, nothing pending; cards 83 tall (two chip rows).
        QList<NodeRow> nodes;
        for (int i = 0; i < 9; ++i) nodes << node(QStringLiteral("n%1").arg(i), QString());
        const QList<PodRow> pods;
        // A tall narrow view, 300 x 2000: one column is 248 wide and 30 + 9*97 + 18 = 921 tall,
        // zoom min(1.21, 2.17) = 1.21; two columns are 482 wide, zoom at most 300/482 = 0.62.
        QCOMPARE(layoutCanvas({nodes, pods, QString(), QString(), 300, 2000, 0, 0}).columns, 1);
        // A wide short view, 3000 x 300: one row of nine cards, 30 + 97 + 18 = 145 tall and
        // 9*220 + 10*14 = 2120 wide: zoom min(1.415, 2.07) = 1.415; eight columns (two rows,
        // 242 tall, 1886 wide) reach only min(1.59, 1.24) = 1.24.
        QCOMPARE(layoutCanvas({nodes, pods, QString(), QString(), 3000, 300, 0, 0}).columns, 9);
        // The inset at the bottom is not part of the view: 3000 x (1300 - 1000) is the same.
        QCOMPARE(layoutCanvas({nodes, pods, QString(), QString(), 3000, 1300, 1000, 0}).columns, 9);
    }

    void chipBlocksAreFullRowsThenTheRest() {
        // 31 chips, 14 a row: two full rows (14*14 - 3 = 193 wide, 2*14 - 3 = 25 tall), then
        // 3 chips (3*14 - 3 = 39 wide) one pitch row lower for each full row: y + 28.
        const auto blocks = chipBlocks(8, 100, 31, 14);
        QCOMPARE(blocks.size(), std::size_t(2));
        QCOMPARE(blocks[0], QRectF(8, 100, 193, 25));
        QCOMPARE(blocks[1], QRectF(8, 128, 39, 11));
        QCOMPARE(chipBlocks(8, 100, 14, 14).size(), std::size_t(1));
    }

    // A fit answer's ghosts go where the card's next chips would: a card at (14, 98), 220 x 83,
    // with 3 chips. kChipCols = (220 - 2*8 + 3) / 14 = 14 a row; rows from 98 + 50 = 148, 14
    // apart, while a chip ends by the bottom 181: 148 and 162 (176 + 11 = 187 crosses it).
    // 2 rows x 14 = 28 slots, 3 taken: 25 free.
    void freeChipSlotsFollowTheCardsChips() {
        CardBox card{0, QRectF(14, 98, 220, 83), {}};
        for (int i = 0; i < 3; ++i) card.chips.push_back({i, QRectF(22 + 14 * i, 148, 11, 11)});
        const std::vector<QRectF> two = freeChipSlots(card, 2);
        QCOMPARE(two.size(), std::size_t(2));
        QCOMPARE(two[0], QRectF(22 + 3 * 14, 148, 11, 11));  // the 4th slot: (64, 148)
        QCOMPARE(two[1], QRectF(78, 148, 11, 11));
        const std::vector<QRectF> all = freeChipSlots(card, 100);
        QCOMPARE(all.size(), std::size_t(25));
        QCOMPARE(all.back(), QRectF(22 + 13 * 14, 162, 11, 11));  // slot 27: column 13, row 1
        QVERIFY(freeChipSlots(card, 0).empty());
    }

    void barTracksUnderTheTitle() {
        // From the card's left + 8, 24 below its top, 220 - 16 = 204 wide; memory 7 + 4 lower.
        const QRectF card(14, 98, 220, 83);
        QCOMPARE(barTrack(card, 0), QRectF(22, 122, 204, 7));
        QCOMPARE(barTrack(card, 1), QRectF(22, 133, 204, 7));
    }

    void levelOfDetail() {
        // Coarse once a chip pitch is under 3.5 px (zoom < 0.25), minified once a card is under
        // 24 px (zoom < 24 / 220 = 0.109).
        QCOMPARE(canvasDetailAt(1.0), FullDetail);
        QCOMPARE(canvasDetailAt(0.25), FullDetail);
        QCOMPARE(canvasDetailAt(0.2), CoarseDetail);
        QCOMPARE(canvasDetailAt(0.11), CoarseDetail);
        QCOMPARE(canvasDetailAt(0.1), MinifiedDetail);
    }

    void noPerNodeLabelsBeyond600Nodes() {
        QList<NodeRow> nodes;
        for (int i = 0; i < 601; ++i) nodes << node(QStringLiteral("n%1").arg(i), QString());
        QVERIFY(!layoutCanvas({nodes, {}, QString(), QString(), 1000, 700, 0, 0}).withLabels());
        nodes.removeLast();
        QVERIFY(layoutCanvas({nodes, {}, QString(), QString(), 1000, 700, 0, 0}).withLabels());
    }
};

QTEST_APPLESS_MAIN(TestCanvasLayout)
#include "tst_canvas_layout.moc"
