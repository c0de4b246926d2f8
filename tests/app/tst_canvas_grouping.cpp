// The canvas's group-by: which label keys it offers, the groups a layout makes for a key
// (in value order, nodes without the label last as "(no <key>)"), and that cards follow
// their group's order on the canvas. Nodes are model rows made here, no worker needed.

#include <QGuiApplication>
#include <QSignalSpy>
#include <QTest>

#include "app/canvas/cluster_canvas.h"
#include "app/models/node_list_model.h"
#include "app/models/pod_list_model.h"

using namespace berth::app;

namespace {

NodeRow node(quint32 id, const QString& name, QList<QPair<QString, QString>> labels) {
    NodeRow r;
    r.id = id;
    r.name = name;
    std::sort(labels.begin(), labels.end());
    r.labels = labels;
    for (const auto& [k, v] : labels)
        if (k == ClusterCanvas::kZoneKey) r.zone = v;
    r.cpuAllocatable = 4000;
    r.memAllocatable = qint64(16) << 30;
    return r;
}

const QString kZone = QStringLiteral("topology.kubernetes.io/zone");
const QString kPool = QStringLiteral("cloud.google.com/gke-nodepool");
const QString kType = QStringLiteral("node.kubernetes.io/instance-type");
const QString kHost = QStringLiteral("kubernetes.io/hostname");

/// Five nodes: two zones, two pools, one node without zone or pool (a bare control plane).
QList<NodeRow> cluster() {
    return {node(0, "n-b1", {{kZone, "zone-b"}, {kPool, "general"}, {kHost, "n-b1"}, {kType, "e2-standard-4"}}),
            node(1, "n-a1", {{kZone, "zone-a"}, {kPool, "highmem"}, {kHost, "n-a1"}, {kType, "n2-highmem-8"}}),
            node(2, "n-cp", {{kHost, "n-cp"}, {"node-role.kubernetes.io/control-plane", ""}}),
            node(3, "n-a2", {{kZone, "zone-a"}, {kPool, "general"}, {kHost, "n-a2"}, {kType, "e2-standard-4"}}),
            node(4, "n-b2", {{kZone, "zone-b"}, {kPool, "general"}, {kHost, "n-b2"}, {kType, "e2-standard-4"}})};
}

QStringList membersOf(ClusterCanvas& canvas, const NodeListModel& nodes) {
    QStringList out;
    for (const auto& g : canvas.groups()) {
        QStringList names;
        for (int row : g.rows) names << nodes.rows()[row].name;
        out << names.join(QLatin1Char(','));
    }
    return out;
}

}  // namespace

class TestCanvasGrouping : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // Zone first (the default), then the other keys in name order, the hostname last.
    void offeredKeys() {
        NodeListModel nodes;
        PodListModel pods;
        nodes.reset(cluster());
        ClusterCanvas canvas;
        canvas.setNodes(&nodes);
        canvas.setPods(&pods);
        QCOMPARE(canvas.groupBy(), kZone);
        QCOMPARE(canvas.availableGroupKeys(),
                 // "node-role..." sorts before "node.kubernetes..." ('-' < '.').
                 (QStringList{kZone, kPool, "node-role.kubernetes.io/control-plane", kType, kHost}));
    }

    void groups_data() {
        // clang-format off
    // (table rows keep their hand alignment)
        QTest::addColumn<QString>("key");
        QTest::addColumn<QStringList>("titles");   // in drawing order
        QTest::addColumn<QStringList>("members");  // node names per group, in model order
        // Values sort by name; n-cp has no zone: its group is last.
        QTest::newRow("zone") << kZone << QStringList{"zone-a", "zone-b", "(no topology.kubernetes.io/zone)"}
                              << QStringList{"n-a1,n-a2", "n-b1,n-b2", "n-cp"};
        QTest::newRow("pool") << kPool << QStringList{"general", "highmem", "(no cloud.google.com/gke-nodepool)"}
                              << QStringList{"n-b1,n-a2,n-b2", "n-a1", "n-cp"};
        QTest::newRow("instance type") << kType
                                       << QStringList{"e2-standard-4", "n2-highmem-8", "(no node.kubernetes.io/instance-type)"}
                                       << QStringList{"n-b1,n-a2,n-b2", "n-a1", "n-cp"};
        // A label with an empty value is present: its own group, not "(no ...)".
        QTest::newRow("empty value") << "node-role.kubernetes.io/control-plane"
                                     << QStringList{"node-role.kubernetes.io/control-plane (empty)",
                                                    "(no node-role.kubernetes.io/control-plane)"}
                                     << QStringList{"n-cp", "n-b1,n-a1,n-a2,n-b2"};
        QTest::newRow("hostname: one per node") << kHost << QStringList{"n-a1", "n-a2", "n-b1", "n-b2", "n-cp"}
                                                << QStringList{"n-a1", "n-a2", "n-b1", "n-b2", "n-cp"};
        QTest::newRow("none") << QString() << QStringList{"all nodes"} << QStringList{"n-b1,n-a1,n-cp,n-a2,n-b2"};
        QTest::newRow("absent key") << "example.com/nowhere" << QStringList{"(no example.com/nowhere)"}
                                    << QStringList{"n-b1,n-a1,n-cp,n-a2,n-b2"};
    }
    void groups() {
        QFETCH(QString, key);
        QFETCH(QStringList, titles);
        QFETCH(QStringList, members);
        NodeListModel nodes;
        PodListModel pods;
        nodes.reset(cluster());
        ClusterCanvas canvas;
        canvas.setSize(QSizeF(1000, 700));
        canvas.setNodes(&nodes);
        canvas.setPods(&pods);
        QSignalSpy changed(&canvas, &ClusterCanvas::groupByChanged);
        canvas.setGroupBy(key);
        QCOMPARE(changed.count(), key == kZone ? 0 : 1);
        QCOMPARE(canvas.groupTitles(), titles);
        QCOMPARE(membersOf(canvas, nodes), members);
        // The cards are drawn group after group: each group's first card lies below (or, in
        // the same band of rows, not above) the previous group's last card.
        double lastTop = -1;
        for (const auto& g : canvas.groups()) {
            const QRectF first = canvas.nodeRect(nodes.rows()[g.rows.front()].name);
            QVERIFY(!first.isEmpty());
            QVERIFY2(first.top() > lastTop, qPrintable(nodes.rows()[g.rows.front()].name));
            lastTop = canvas.nodeRect(nodes.rows()[g.rows.back()].name).top();
        }
    }

    // A removed node is in no group; a relabelled node moves group on the next layout.
    void followsTheModel() {
        NodeListModel nodes;
        PodListModel pods;
        nodes.reset(cluster());
        ClusterCanvas canvas;
        canvas.setNodes(&nodes);
        canvas.setPods(&pods);
        canvas.setGroupBy(kPool);
        NodeRow moved = nodes.rows()[1];  // n-a1: highmem -> general
        moved.labels = {{kPool, "general"}, {kZone, "zone-a"}};
        NodeRow removed = nodes.rows()[2];  // n-cp
        removed.removed = true;
        nodes.apply({moved, removed});
        QCOMPARE(canvas.groupTitles(), QStringList{"general"});
        QCOMPARE(membersOf(canvas, nodes), QStringList{"n-b1,n-a1,n-a2,n-b2"});
    }

    // A large cluster fills the view in both directions (any column count, not at most 16),
    // and fit-to-view keeps it above the inset the legend lies over.
    void largeClusterFillsTheView() {
        QList<NodeRow> rows;
        for (quint32 i = 0; i < 2000; ++i) rows << node(i, QStringLiteral("n-%1").arg(i), {{kZone, "zone-a"}});
        NodeListModel nodes;
        PodListModel pods;
        nodes.reset(rows);
        ClusterCanvas canvas;
        canvas.setSize(QSizeF(1000, 700));
        canvas.setFitInsetBottom(30);
        canvas.setNodes(&nodes);
        canvas.setPods(&pods);
        const QRectF content = canvas.contentRect();
        const double z = canvas.zoom();
        QVERIFY2(content.width() * z >= 0.75 * 1000, qPrintable(QString::number(content.width() * z)));
        QVERIFY2(content.height() * z >= 0.75 * (700 - 30), qPrintable(QString::number(content.height() * z)));
        QVERIFY(content.bottom() * z + canvas.panY() <= 700 - 30);
        QVERIFY(content.left() * z + canvas.panX() >= 0);
        QVERIFY(content.right() * z + canvas.panX() <= 1000);
    }

    // Three levels of detail. Minified draws one quad per card (beside the group panels): an
    // idle node in the plain card colour, a busier one tinted further towards its bar colour.
    void levelsOfDetail() {
        QList<NodeRow> rows = cluster();
        rows[0].cpuRequested = 1000;  // n-b1: a quarter of its cpu
        rows[3].cpuRequested = 3000;  // n-a2: three quarters
        NodeListModel nodes;
        PodListModel pods;
        nodes.reset(rows);
        ClusterCanvas canvas;
        canvas.setSize(QSizeF(1000, 700));
        canvas.setNodes(&nodes);
        canvas.setPods(&pods);
        const auto& minified = canvas.quads(ClusterCanvas::MinifiedDetail);
        const auto groups = static_cast<std::size_t>(canvas.groups().size());
        QCOMPARE(minified.size(), groups + 5);
        QVERIFY(canvas.quads(ClusterCanvas::CoarseDetail).size() > minified.size());
        QVERIFY(canvas.quads(ClusterCanvas::FullDetail).size() > canvas.quads(ClusterCanvas::CoarseDetail).size());
        auto colourOf = [&](const QString& name) {
            const QRectF card = canvas.nodeRect(name);
            for (const auto& q : minified)
                if (q.rect == card) return q.color;
            return QColor();
        };
        const CanvasPalette& pal = canvas.palette();
        QCOMPARE(colourOf("n-a1"), pal.card);
        auto distance = [](const QColor& a, const QColor& b) {
            return std::abs(a.red() - b.red()) + std::abs(a.green() - b.green()) + std::abs(a.blue() - b.blue());
        };
        QVERIFY(distance(colourOf("n-a2"), pal.cpuBar) < distance(colourOf("n-b1"), pal.cpuBar));
        QVERIFY(distance(colourOf("n-b1"), pal.cpuBar) < distance(colourOf("n-a1"), pal.cpuBar));
        // The zoom picks the level: this small cluster fits in full detail; far out it is minified.
        QCOMPARE(canvas.detail(), ClusterCanvas::FullDetail);
        canvas.zoomBy(0.01);
        QCOMPARE(canvas.detail(), ClusterCanvas::MinifiedDetail);
    }

    // The theme switches the canvas's colours (and says so once).
    void darkTheme() {
        ClusterCanvas canvas;
        QSignalSpy changed(&canvas, &ClusterCanvas::themeChanged);
        QVERIFY(canvas.background().lightness() > 200);
        canvas.setDark(true);
        canvas.setDark(true);
        QCOMPARE(changed.count(), 1);
        QVERIFY(canvas.background().lightness() < 60);
        QVERIFY(canvas.legendInk().lightness() > 150);  // readable on the dark background
        QCOMPARE(canvas.legend().size(), 9);  // with the preemption candidate and the victim ring
    }
};

QTEST_MAIN(TestCanvasGrouping)
#include "tst_canvas_grouping.moc"
