// Edit > Find's matching (SearchModel) over hand-made node and pod rows: names (nodes, pods,
// workloads, namespaces; case-insensitive) and label selectors (kubectl -l syntax), what is
// listed, in which order, and what the canvas marks.

#include <QSignalSpy>
#include <QTest>

#include "app/models/search_model.h"

using namespace berth::app;

namespace {

using LabelList = QList<QPair<QString, QString>>;

NodeRow node(quint32 id, const char* name, LabelList labels, bool removed = false) {
    NodeRow r;
    r.id = id;
    r.name = QLatin1String(name);
    r.labels = std::move(labels);
    r.removed = removed;
    return r;
}

PodRow pod(quint32 id, const char* key, const char* owner, const char* onNode, LabelList labels,
           PodPhaseUi phase = PodPhaseUi::Bound) {
    PodRow r;
    r.id = id;
    r.key = QLatin1String(key);
    r.owner = QLatin1String(owner);
    r.workload = r.owner;
    r.node = QLatin1String(onNode);
    r.phase = phase;
    r.labels = std::move(labels);
    return r;
}

// The cluster of every row: three live nodes (node-a1 in the gpu pool) and a removed one;
// two pods of Deployment web (app=web), a bare pending pod in namespace team (app=cache,
// tier=db), and an evicted web pod (never a match).
void fill(NodeListModel& nodes, PodListModel& pods) {
    nodes.reset({node(0, "node-a1", {{"pool", "gpu"}, {"zone", "a"}}), node(1, "node-a2", {{"zone", "a"}}),
                 node(2, "node-b1", {{"zone", "b"}}), node(3, "node-x", {{"zone", "a"}}, true)});
    pods.reset({pod(0, "default/web-1", "Deployment/web", "node-a1", {{"app", "web"}}),
                pod(1, "default/web-2", "Deployment/web", "node-b1", {{"app", "web"}}),
                pod(2, "team/cache", "", "", {{"app", "cache"}, {"tier", "db"}}, PodPhaseUi::Pending),
                pod(3, "default/web-old", "Deployment/web", "", {{"app", "web"}}, PodPhaseUi::Evicted)});
}

/// The cluster above behind a SearchModel.
struct Searched {
    NodeListModel nodes;
    PodListModel pods;
    SearchModel m;
    explicit Searched(const QString& query) {
        fill(nodes, pods);
        m.setNodes(&nodes);
        m.setPods(&pods);
        m.setQuery(query);
    }
};

QStringList listed(const SearchModel& m) {
    static const char* kinds[] = {"node", "pod", "workload", "namespace"};
    QStringList out;
    for (const auto& r : m.rows()) out << QStringLiteral("%1:%2").arg(QLatin1String(kinds[static_cast<int>(r.kind)]), r.name);
    return out;
}

}  // namespace

class TestSearchModel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void matches_data() {
        QTest::addColumn<QString>("query");
        QTest::addColumn<bool>("selector");
        QTest::addColumn<QStringList>("rows");
        QTest::addColumn<QStringList>("markedNodes");
        QTest::addColumn<QStringList>("markedPods");
        const QStringList none;
        const QStringList webPods{"default/web-1", "default/web-2"};
        // clang-format off
        // A node's name; "a1" is in no pod, workload or namespace name.
        QTest::newRow("node name") << "a1" << false << QStringList{"node:node-a1"} << QStringList{"node-a1"} << none;
        // "web": the workload (its 2 live pods; the evicted one is no match), listed before
        // the pods themselves; every web pod marked.
        QTest::newRow("workload and pods") << "web" << false
            << QStringList{"workload:Deployment/web in default", "pod:default/web-1", "pod:default/web-2"} << none << webPods;
        // Any case; a namespace stands for its pods.
        QTest::newRow("namespace, any case") << "TEAM" << false << QStringList{"namespace:team"} << none
            << QStringList{"team/cache"};
        // The removed node is never listed.
        QTest::newRow("removed node") << "node-x" << false << QStringList{} << none << none;
        // Selectors: pods by their labels...
        QTest::newRow("selector: pods") << "app=web" << true << QStringList{"pod:default/web-1", "pod:default/web-2"}
            << none << webPods;
        // ...nodes by theirs.
        QTest::newRow("selector: nodes") << "pool=gpu" << true << QStringList{"node:node-a1"} << QStringList{"node-a1"} << none;
        // A set and a "not": cache is in the set but has tier=db.
        QTest::newRow("selector: in and !=") << "app in (web,cache),tier!=db" << true
            << QStringList{"pod:default/web-1", "pod:default/web-2"} << none << webPods;
        // "!pool": everything without the key: two nodes, all three live pods.
        QTest::newRow("selector: does not exist") << "!pool" << true
            << QStringList{"node:node-a2", "node:node-b1", "pod:default/web-1", "pod:default/web-2", "pod:team/cache"}
            << QStringList{"node-a2", "node-b1"} << QStringList{"default/web-1", "default/web-2", "team/cache"};
        QTest::newRow("empty query") << "  " << false << QStringList{} << none << none;
        // clang-format on
    }
    void matches() {
        QFETCH(QString, query);
        QFETCH(bool, selector);
        QFETCH(QStringList, rows);
        QFETCH(QStringList, markedNodes);
        QFETCH(QStringList, markedPods);
        Searched s(query);
        const SearchModel& m = s.m;
        QCOMPARE(m.selector(), selector);
        QCOMPARE(m.error(), QString());
        QCOMPARE(listed(m), rows);
        QCOMPARE(m.count(), rows.size());
        QCOMPARE(m.rowCount(), rows.size());
        QCOMPARE(m.markedNodes(), markedNodes);
        QCOMPARE(m.markedPods(), markedPods);
    }

    void aBadSelectorSaysWhy() {
        Searched s(QStringLiteral("app in (web"));
        const SearchModel& m = s.m;
        QVERIFY(m.selector());
        QVERIFY(!m.error().isEmpty());
        QCOMPARE(m.count(), 0);
    }

    // A pick selects where the match is: a pod's node and itself; a workload's first pod.
    void pickSelectsTheMatch() {
        Searched s(QStringLiteral("web"));
        const SearchModel& m = s.m;
        QCOMPARE(m.pick(0).value(QStringLiteral("node")).toString(), QStringLiteral("node-a1"));
        QCOMPARE(m.pick(0).value(QStringLiteral("pod")).toString(), QStringLiteral("default/web-1"));
        QCOMPARE(m.pick(2).value(QStringLiteral("pod")).toString(), QStringLiteral("default/web-2"));
        QVERIFY(m.pick(3).isEmpty());
    }

    // The answer follows the cluster: a new pod that matches appears after the model changes.
    void followsTheCluster() {
        Searched s(QStringLiteral("app=cache"));
        SearchModel& m = s.m;
        QCOMPARE(m.count(), 1);
        QSignalSpy changed(&m, &SearchModel::resultsChanged);
        s.pods.apply({pod(4, "team/cache-2", "", "", {{"app", "cache"}}, PodPhaseUi::Pending)});
        QVERIFY(changed.wait(2000));
        QCOMPARE(m.count(), 2);
    }
};

QTEST_MAIN(TestSearchModel)
#include "tst_search_model.moc"
