// NodeResourcesFit: Filter reasons and their order, ignored resources, the v1.26 missing
// `request > 0` guard, the >= 1.34 UU for requests larger than the whole node, init containers,
// sidecars and overhead in the request (UPSTREAM 4.6); and scoring with LeastAllocated,
// MostAllocated and RequestedToCapacityRatio, weights, extended resources, non-zero defaults and
// the v1.26 overhead quirk (UPSTREAM 4.14, 5.1-5.4). Score rows follow upstream's
// least_allocated_test.go / most_allocated_test.go / requested_to_capacity_ratio_test.go tables
// (upstream writes cpu in whole cores, e.g. "4000"; here the same numbers are millicores, which
// keeps every ratio). Every expected number is derived in the row's comment.

#include <QtTest/QtTest>

#include <string>
#include <vector>

#include "core/framework/plugins/noderesources/fit.h"
#include "testlib/builders.h"
#include "testlib/plugin_rows.h"

using namespace berth::core;
using namespace berth::testlib;

namespace {

/// "node1|cpu=1;cpu=2,memory=3": a pod bound to node1 with one container per ';' part.
/// "node1|" is one container without requests; "node1|-" a pod without containers.
void addExisting(TestCluster& tc, const QStringList& existing) {
    int seq = 0;
    for (const QString& e : existing) {
        const QStringList parts = e.split('|');
        PodBuilder pb = tc.pod("existing-" + std::to_string(++seq));
        if (parts.value(1) != "-")
            for (const QString& c : parts.value(1).split(';')) pb.requests(c.toStdString());
        pb.on(parts.value(0).toStdString()).add();
    }
}

/// The incoming pod: one container per entry (none when empty), init containers ("sidecar:"
/// prefix for restartable ones), overhead.
const Pod& addIncoming(TestCluster& tc, const QStringList& containers, const QStringList& inits = {},
                       const QString& overhead = {}) {
    PodBuilder pb = tc.pod("incoming");
    for (const QString& c : containers) pb.requests(c.toStdString());
    for (QString i : inits) {
        const bool sidecar = i.startsWith("sidecar:");
        if (sidecar) i.remove(0, 8);
        pb.initRequests(i.toStdString(), sidecar);
    }
    pb.overheadSpec(overhead.toStdString());
    return pb.add();
}

std::unique_ptr<NodeResourcesFit> makePlugin(TestCluster& tc, const PluginArgs& args) {
    auto p = std::make_unique<NodeResourcesFit>(args, tc.handle);
    p->setSlot(0);
    return p;
}

/// "cpu:1,memory:2,example.com/foo:3" -> resources with weights.
std::vector<ResourceSpec> resourcesOf(const QString& spec) {
    std::vector<ResourceSpec> out;
    for (const QString& item : spec.split(',', Qt::SkipEmptyParts)) {
        const QStringList kv = item.split(':');
        out.push_back({kv.value(0).toStdString(), kv.value(1, "1").toLongLong()});
    }
    return out;
}

/// "0:10,100:0" -> shape points.
std::vector<UtilizationShapePoint> shapeOf(const QString& spec) {
    std::vector<UtilizationShapePoint> out;
    for (const QString& item : spec.split(',', Qt::SkipEmptyParts)) {
        const QStringList kv = item.split(':');
        out.push_back({kv.value(0).toInt(), kv.value(1).toInt()});
    }
    return out;
}

std::vector<std::string> strings(const QStringList& l) {
    std::vector<std::string> out;
    for (const QString& s : l) out.push_back(s.toStdString());
    return out;
}

/// PreScore over the nodes in `order`, then Score each: "node1=37 node2=50".
QString scoreAll(TestCluster& tc, NodeResourcesFit& pl, const Pod& pod, const QStringList& order) {
    CycleState state(1);
    std::vector<NodeInfo*> infos;
    for (const QString& n : order) infos.push_back(const_cast<NodeInfo*>(&tc.nodeInfo(n.toStdString())));
    const Status pre = pl.preScore(state, pod, infos);
    if (!pre.isSuccess()) return QString::fromStdString("PreScore " + describe(pre, tc.cluster.pool));
    QStringList out;
    for (std::size_t i = 0; i < infos.size(); ++i) {
        std::int64_t s = -1;
        const Status st = pl.score(state, pod, *infos[i], s);
        if (!st.isSuccess()) return QString::fromStdString("Score " + describe(st, tc.cluster.pool));
        out << order[static_cast<qsizetype>(i)] + "=" + QString::number(s);
    }
    return out.join(' ');
}

}  // namespace

class TstNodeResourcesFit : public QObject {
    Q_OBJECT

private slots:
    void filter_data();
    void filter();
    void filterIgnoredResources_data();
    void filterIgnoredResources();
    void score_data();
    void score();
    void overheadQuirk_data();
    void overheadQuirk();
    void podLevelHugepages_data();
    void podLevelHugepages();
    void int64WrapsAsInGo();
};

void TstNodeResourcesFit::filter_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    QTest::addColumn<QString>("version");
    QTest::addColumn<QString>("node");          // allocatable of node "n1"
    QTest::addColumn<QStringList>("existing");  // pods on n1
    QTest::addColumn<QStringList>("containers");
    QTest::addColumn<QStringList>("inits");
    QTest::addColumn<QString>("overhead");
    QTest::addColumn<QString>("expected");

    // free cpu 2000 - 0 = 2000 >= 1000, free memory 4Gi >= 1Gi
    QTest::newRow("fits an empty node") << "" << "cpu=2,memory=4Gi" << QStringList{} << QStringList{"cpu=1,memory=1Gi"}
                                        << QStringList{} << "" << "ok";
    // free cpu 2000 - 1500 = 500 < 1000; 1000 <= 2000 allocatable, so not UU
    QTest::newRow("insufficient cpu") << "" << "cpu=2,memory=4Gi" << QStringList{"n1|cpu=1500m"}
                                      << QStringList{"cpu=1"} << QStringList{} << "" << "U: Insufficient cpu";
    // free memory 4Gi - 3Gi = 1Gi < 2Gi
    QTest::newRow("insufficient memory") << "" << "cpu=2,memory=4Gi" << QStringList{"n1|memory=3Gi"}
                                         << QStringList{"memory=2Gi"} << QStringList{} << "" << "U: Insufficient memory";
    // both fail; reasons in the fixed order cpu, memory
    QTest::newRow("cpu then memory") << "" << "cpu=2,memory=4Gi" << QStringList{"n1|cpu=1500m,memory=3Gi"}
                                     << QStringList{"cpu=1,memory=2Gi"} << QStringList{}
                                     << "" << "U: Insufficient cpu, Insufficient memory";
    // 1 pod + 1 > 1 allowed pod; resources fit
    QTest::newRow("too many pods") << "" << "cpu=2,memory=4Gi,pods=1" << QStringList{"n1|"} << QStringList{"cpu=1"}
                                   << QStringList{} << "" << "U: Too many pods";
    // pods first, then cpu (free 500 < 1000)
    QTest::newRow("too many pods before cpu") << "" << "cpu=2,memory=4Gi,pods=1" << QStringList{"n1|cpu=1500m"}
                                              << QStringList{"cpu=1"} << QStringList{} << ""
                                              << "U: Too many pods, Insufficient cpu";
    // the request checks stop for a pod that requests nothing; only the pod count applies
    QTest::newRow("requests nothing, node full of pods") << "" << "cpu=1,memory=1Gi,pods=1" << QStringList{"n1|cpu=1,memory=1Gi"}
                                                         << QStringList{""} << QStringList{} << "" << "U: Too many pods";
    QTest::newRow("requests nothing, node out of cpu") << "" << "cpu=1,memory=1Gi" << QStringList{"n1|cpu=1,memory=1Gi"}
                                                       << QStringList{""} << QStringList{} << "" << "ok";
    // every check fails: pods (1+1 > 1), cpu (1000 > 500), memory (2Gi > 1Gi),
    // ephemeral-storage (4Gi > 10Gi-8Gi), example.com/foo (2 > 2-1); all within allocatable -> U
    QTest::newRow("all reasons in order")
        << "" << "cpu=2,memory=4Gi,ephemeral-storage=10Gi,pods=1,example.com/foo=2"
        << QStringList{"n1|cpu=1500m,memory=3Gi,ephemeral-storage=8Gi,example.com/foo=1"}
        << QStringList{"cpu=1,memory=2Gi,ephemeral-storage=4Gi,example.com/foo=2"} << QStringList{} << ""
        << "U: Too many pods, Insufficient cpu, Insufficient memory, Insufficient ephemeral-storage, "
           "Insufficient example.com/foo";
    // a node without ephemeral-storage has allocatable 0: 1Gi > 0 - 0; >= 1.34 1Gi > 0 allocatable -> UU
    QTest::newRow("no ephemeral-storage on node, newest") << "" << "cpu=2,memory=4Gi" << QStringList{}
                                                          << QStringList{"ephemeral-storage=1Gi"} << QStringList{} << ""
                                                          << "UU: Insufficient ephemeral-storage";
    QTest::newRow("no ephemeral-storage on node, 1.26") << "1.26" << "cpu=2,memory=4Gi" << QStringList{}
                                                        << QStringList{"ephemeral-storage=1Gi"} << QStringList{} << ""
                                                        << "U: Insufficient ephemeral-storage";
    // scalar the node lacks: 1 > 0 - 0; 1 > 0 allocatable -> UU from 1.34
    QTest::newRow("scalar missing on node, newest") << "" << "cpu=2" << QStringList{} << QStringList{"example.com/foo=1"}
                                                    << QStringList{} << "" << "UU: Insufficient example.com/foo";
    QTest::newRow("scalar missing on node, 1.33") << "1.33" << "cpu=2" << QStringList{} << QStringList{"example.com/foo=1"}
                                                  << QStringList{} << "" << "U: Insufficient example.com/foo";
    // scalar short only because of the other pod: 2 > 2 - 1 but 2 <= 2 allocatable -> U
    QTest::newRow("scalar used up") << "" << "cpu=2,example.com/foo=2" << QStringList{"n1|example.com/foo=1"}
                                    << QStringList{"example.com/foo=2"} << QStringList{} << ""
                                    << "U: Insufficient example.com/foo";
    // cpu 3000 > 2000 - 0 and > 2000 allocatable: U in 1.33, UU from 1.34 (PR #131345)
    QTest::newRow("request above allocatable, 1.33") << "1.33" << "cpu=2,memory=4Gi" << QStringList{} << QStringList{"cpu=3"}
                                                     << QStringList{} << "" << "U: Insufficient cpu";
    QTest::newRow("request above allocatable, 1.34") << "1.34" << "cpu=2,memory=4Gi" << QStringList{} << QStringList{"cpu=3"}
                                                     << QStringList{} << "" << "UU: Insufficient cpu";
    // "Too many pods" itself is never UU, but the cpu part (3000 > 2000) makes the status UU
    QTest::newRow("too many pods and cpu above allocatable") << "" << "cpu=2,pods=1" << QStringList{"n1|-"}
                                                             << QStringList{"cpu=3"} << QStringList{} << ""
                                                             << "UU: Too many pods, Insufficient cpu";
    // init container: max(1000, 3000) = 3000 > 2000 (and > allocatable: UU newest, U in 1.26)
    QTest::newRow("init container dominates, newest") << "" << "cpu=2" << QStringList{} << QStringList{"cpu=1"}
                                                      << QStringList{"cpu=3"} << "" << "UU: Insufficient cpu";
    QTest::newRow("init container dominates, 1.26") << "1.26" << "cpu=2" << QStringList{} << QStringList{"cpu=1"}
                                                    << QStringList{"cpu=3"} << "" << "U: Insufficient cpu";
    // containers 1000 + 500 = 1500 > init 1200: 1500 > 2000 - 600 = 1400
    QTest::newRow("containers dominate init") << "" << "cpu=2" << QStringList{"n1|cpu=600m"}
                                              << QStringList{"cpu=1", "cpu=500m"} << QStringList{"cpu=1200m"} << ""
                                              << "U: Insufficient cpu";
    // same pod on an empty node: 1500 <= 2000
    QTest::newRow("containers and init fit") << "" << "cpu=2" << QStringList{} << QStringList{"cpu=1", "cpu=500m"}
                                             << QStringList{"cpu=1200m"} << "" << "ok";
    // overhead in millicores in the Filter, every version: 1500 + 250 = 1750 > 2000 - 300 = 1700
    QTest::newRow("overhead counts, newest") << "" << "cpu=2" << QStringList{"n1|cpu=300m"} << QStringList{"cpu=1500m"}
                                             << QStringList{} << "cpu=250m" << "U: Insufficient cpu";
    QTest::newRow("overhead counts, 1.26") << "1.26" << "cpu=2" << QStringList{"n1|cpu=300m"} << QStringList{"cpu=1500m"}
                                           << QStringList{} << "cpu=250m" << "U: Insufficient cpu";
    // 1500 + 600 = 2100 > 2000 allocatable -> UU
    QTest::newRow("overhead above allocatable") << "" << "cpu=2" << QStringList{} << QStringList{"cpu=1500m"}
                                                << QStringList{} << "cpu=600m" << "UU: Insufficient cpu";
    // sidecar (>= 1.29): 1000 + 600 = 1600 > 2000 - 500 = 1500; v1.26 classic max(1000, 600) = 1000 fits
    QTest::newRow("sidecar adds up, newest") << "" << "cpu=2" << QStringList{"n1|cpu=500m"} << QStringList{"cpu=1"}
                                             << QStringList{"sidecar:cpu=600m"} << "" << "U: Insufficient cpu";
    QTest::newRow("sidecar adds up, 1.26") << "1.26" << "cpu=2" << QStringList{"n1|cpu=500m"} << QStringList{"cpu=1"}
                                           << QStringList{"sidecar:cpu=600m"} << "" << "ok";
    // sidecar 500 then init 1200: peak max(500, 1200 + 500) = 1700 > 300 + 500 = 800 -> 1700 > 2000 - 400;
    // v1.26: max(300, 500, 1200) = 1200 <= 1600
    QTest::newRow("init after sidecar, newest") << "" << "cpu=2" << QStringList{"n1|cpu=400m"} << QStringList{"cpu=300m"}
                                                << QStringList{"sidecar:cpu=500m", "cpu=1200m"} << ""
                                                << "U: Insufficient cpu";
    QTest::newRow("init after sidecar, 1.26") << "1.26" << "cpu=2" << QStringList{"n1|cpu=400m"} << QStringList{"cpu=300m"}
                                              << QStringList{"sidecar:cpu=500m", "cpu=1200m"} << "" << "ok";
    // over-committed node (3000 used of 2000): v1.26/1.27 check cpu without a `request > 0`
    // guard, 0 > 2000 - 3000 -> Insufficient cpu for a memory-only pod; from 1.28 only requested
    // resources are checked (UPSTREAM 0.1 row 4)
    QTest::newRow("no request guard, 1.26") << "1.26" << "cpu=2,memory=4Gi" << QStringList{"n1|cpu=3"}
                                            << QStringList{"memory=1Gi"} << QStringList{} << "" << "U: Insufficient cpu";
    QTest::newRow("no request guard, 1.27") << "1.27" << "cpu=2,memory=4Gi" << QStringList{"n1|cpu=3"}
                                            << QStringList{"memory=1Gi"} << QStringList{} << "" << "U: Insufficient cpu";
    QTest::newRow("request guard, 1.28") << "1.28" << "cpu=2,memory=4Gi" << QStringList{"n1|cpu=3"}
                                         << QStringList{"memory=1Gi"} << QStringList{} << "" << "ok";
    QTest::newRow("request guard, newest") << "" << "cpu=2,memory=4Gi" << QStringList{"n1|cpu=3"}
                                           << QStringList{"memory=1Gi"} << QStringList{} << "" << "ok";
    // the guard-less check also covers memory: 0 > 4Gi - 5Gi
    QTest::newRow("no request guard on memory, 1.26") << "1.26" << "cpu=2,memory=4Gi" << QStringList{"n1|memory=5Gi"}
                                                      << QStringList{"cpu=1"} << QStringList{} << ""
                                                      << "U: Insufficient memory";
    // an explicit 0 cpu request still counts as "requesting nothing" for cpu
    QTest::newRow("explicit zero requests, node over-committed") << "" << "cpu=2,memory=4Gi" << QStringList{"n1|cpu=3"}
                                                                 << QStringList{"cpu=0,memory=0"} << QStringList{} << ""
                                                                 << "ok";
    // clang-format on
}

void TstNodeResourcesFit::filter() {
    QFETCH(QString, version);
    QFETCH(QString, node);
    QFETCH(QStringList, existing);
    QFETCH(QStringList, containers);
    QFETCH(QStringList, inits);
    QFETCH(QString, overhead);
    QFETCH(QString, expected);

    TestCluster tc(versionOf(version));
    tc.node("n1").capacity(node.toStdString()).add();
    addExisting(tc, existing);
    const Pod& pod = addIncoming(tc, containers, inits, overhead);
    tc.refresh();

    auto pl = makePlugin(tc, PluginArgs{});
    CycleState state(1);
    PreFilterResult r;
    QCOMPARE(QString::fromStdString(describe(pl->preFilter(state, pod, r), tc.cluster.pool)), QString("ok"));
    QVERIFY(r.allNodes());
    QCOMPARE(QString::fromStdString(describe(pl->filter(state, pod, tc.nodeInfo("n1")), tc.cluster.pool)), expected);
}

void TstNodeResourcesFit::filterIgnoredResources_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    QTest::addColumn<QStringList>("ignoredResources");
    QTest::addColumn<QStringList>("ignoredGroups");
    QTest::addColumn<QString>("request");
    QTest::addColumn<QString>("expected");

    // Node n1: cpu 2, no scalar resources at all; every scalar request below exceeds 0.
    QTest::newRow("not ignored") << QStringList{} << QStringList{} << "cpu=1,example.com/foo=1"
                                 << "UU: Insufficient example.com/foo";
    QTest::newRow("ignoredResources names it") << QStringList{"example.com/foo"} << QStringList{}
                                               << "cpu=1,example.com/foo=1" << "ok";
    QTest::newRow("ignoredResourceGroups has its prefix") << QStringList{} << QStringList{"example.com"}
                                                          << "cpu=1,example.com/foo=1" << "ok";
    // the group is the whole part before "/", not a string prefix
    QTest::newRow("group must match the whole prefix") << QStringList{} << QStringList{"example"}
                                                       << "cpu=1,example.com/foo=1" << "UU: Insufficient example.com/foo";
    // only the ignored one is skipped
    QTest::newRow("one of two scalars ignored") << QStringList{} << QStringList{"example.com"}
                                                << "example.com/foo=1,other.io/bar=1" << "UU: Insufficient other.io/bar";
    // hugepages-2Mi has no "/": a native resource, never ignorable (extended resources only)
    QTest::newRow("native scalar is never ignored") << QStringList{"hugepages-2Mi"} << QStringList{}
                                                    << "hugepages-2Mi=2Mi" << "UU: Insufficient hugepages-2Mi";
    // any name containing "kubernetes.io/" is a prefixed native resource (v1helper
    // IsPrefixedNativeResource uses strings.Contains), so it is not extended and not ignorable
    QTest::newRow("*.kubernetes.io/ name is native") << QStringList{"example.kubernetes.io/foo"}
                                                     << QStringList{"example.kubernetes.io"}
                                                     << "example.kubernetes.io/foo=1"
                                                     << "UU: Insufficient example.kubernetes.io/foo";
    // a zero request for a scalar is skipped
    QTest::newRow("zero scalar request") << QStringList{} << QStringList{} << "cpu=1,example.com/foo=0" << "ok";
    // clang-format on
}

void TstNodeResourcesFit::filterIgnoredResources() {
    QFETCH(QStringList, ignoredResources);
    QFETCH(QStringList, ignoredGroups);
    QFETCH(QString, request);
    QFETCH(QString, expected);

    TestCluster tc;
    tc.node("n1").capacity("cpu=2,memory=4Gi").add();
    const Pod& pod = addIncoming(tc, {request});
    tc.refresh();
    PluginArgs args;
    args.nodeResourcesFit.ignoredResources = strings(ignoredResources);
    args.nodeResourcesFit.ignoredResourceGroups = strings(ignoredGroups);
    auto pl = makePlugin(tc, args);
    CycleState state(1);
    QCOMPARE(QString::fromStdString(describe(pl->filter(state, pod, tc.nodeInfo("n1")), tc.cluster.pool)), expected);
}

void TstNodeResourcesFit::score_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    QTest::addColumn<QString>("version");
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<QString>("resources");
    QTest::addColumn<QString>("shape");
    QTest::addColumn<QStringList>("nodes");     // "name|allocatable"
    QTest::addColumn<QStringList>("existing");  // "node|containers"
    QTest::addColumn<QStringList>("containers");
    QTest::addColumn<QStringList>("inits");
    QTest::addColumn<QString>("expected");

    const QString def = "cpu:1,memory:1";
    const QString ext = "cpu:1,memory:1,example.com/foo:1";
    const QStringList small2{"node1|cpu=4000m,memory=10000", "node2|cpu=4000m,memory=10000"};
    const QStringList diff2{"node1|cpu=4000m,memory=10000", "node2|cpu=6000m,memory=10000"};
    const QStringList big2{"node1|cpu=10000m,memory=20000", "node2|cpu=10000m,memory=20000"};
    const QStringList req2{"cpu=1000m,memory=2000", "cpu=2000m,memory=3000"};  // 3000m / 5000 in all

    // --- LeastAllocated: per resource (alloc - req) * 100 / alloc, 0 when req > alloc ---
    // pod without containers, empty nodes: (4000-0)*100/4000 = 100 for both resources
    QTest::newRow("least: nothing requested") << "" << "LeastAllocated" << def << "" << small2 << QStringList{}
                                              << QStringList{} << QStringList{} << "node1=100 node2=100";
    // node1: cpu (4000-3000)*100/4000 = 25, mem (10000-5000)*100/10000 = 50 -> (25+50)/2 = 37
    // node2: cpu (6000-3000)*100/6000 = 50, mem 50 -> 50
    QTest::newRow("least: differently sized nodes") << "" << "LeastAllocated" << def << "" << diff2 << QStringList{}
                                                    << req2 << QStringList{} << "node1=37 node2=50";
    // node1 used cpu 6000 mem 0: cpu (10000-6000)*100/10000 = 40, mem 100 -> 70
    // node2 used cpu 6000 mem 5000: 40, (20000-5000)*100/20000 = 75 -> (40+75)/2 = 57
    QTest::newRow("least: pods scheduled with resources")
        << "" << "LeastAllocated" << def << "" << big2
        << QStringList{"node1|cpu=3000m,memory=0", "node1|cpu=3000m,memory=0", "node2|cpu=3000m,memory=0",
                       "node2|cpu=3000m,memory=5000"}
        << QStringList{} << QStringList{} << "node1=70 node2=57";
    // node1: cpu (10000-6000)=40, mem (20000-5000)=75 -> 57; node2: 40, (20000-10000)*100/20000 = 50 -> 45
    QTest::newRow("least: requested and scheduled") << "" << "LeastAllocated" << def << "" << big2
                                                    << QStringList{"node1|cpu=3000m,memory=0", "node2|cpu=3000m,memory=5000"}
                                                    << req2 << QStringList{} << "node1=57 node2=45";
    // node1: cpu 6000 > 4000 -> 0, mem 100 -> 50; node2: 0, (10000-5000)*100/10000 = 50 -> 25
    QTest::newRow("least: request exceeds capacity") << "" << "LeastAllocated" << def << "" << small2
                                                     << QStringList{"node1|cpu=3000m,memory=0", "node2|cpu=3000m,memory=5000"}
                                                     << QStringList{"cpu=3000m,memory=0"} << QStringList{} << "node1=50 node2=25";
    // allocatable 0 for both resources: all skipped, no weights -> 0
    QTest::newRow("least: zero node resources") << "" << "LeastAllocated" << def << "" << QStringList{"node1|", "node2|"}
                                                << QStringList{"node1|cpu=3000m,memory=0"} << QStringList{} << QStringList{}
                                                << "node1=0 node2=0";
    // memory weight 2: node1 (25*1 + 50*2)/3 = 125/3 = 41; node2 (50 + 100)/3 = 50
    QTest::newRow("least: weights") << "" << "LeastAllocated" << "memory:2,cpu:1" << "" << diff2 << QStringList{}
                                    << req2 << QStringList{} << "node1=41 node2=50";
    // the pod requests no example.com/foo: skipped on both nodes -> (50+50)/2 = 50
    QTest::newRow("least: extended resource not requested")
        << "" << "LeastAllocated" << ext << ""
        << QStringList{"node1|cpu=6000m,memory=10000", "node2|cpu=6000m,memory=10000,example.com/foo=4"} << QStringList{}
        << req2 << QStringList{} << "node1=50 node2=50";
    // foo 2 requested: node1 (4-2)*100/4 = 50 -> (50+50+50)/3 = 50; node2 (10-2)*100/10 = 80 -> 180/3 = 60
    QTest::newRow("least: extended resource requested")
        << "" << "LeastAllocated" << ext << ""
        << QStringList{"node1|cpu=6000m,memory=10000,example.com/foo=4", "node2|cpu=6000m,memory=10000,example.com/foo=10"}
        << QStringList{} << QStringList{"cpu=3000m,memory=5000,example.com/foo=2"} << QStringList{} << "node1=50 node2=60";
    // foo (weight 2) not requested: skipped, so (50*1 + 60*1)/2 = 55 on both nodes
    QTest::newRow("least: weighted extended resource skipped")
        << "" << "LeastAllocated" << "example.com/foo:2,cpu:1,memory:1" << ""
        << QStringList{"node1|cpu=6000m,memory=10000", "node2|cpu=6000m,memory=10000,example.com/foo=4"} << QStringList{}
        << QStringList{"cpu=3000m,memory=4000"} << QStringList{} << "node1=55 node2=55";
    // non-zero defaults: no cpu/memory entry -> 100m / 200Mi:
    // cpu (1000-100)*100/1000 = 90, memory (1000Mi-200Mi)*100/1000Mi = 80 -> 85
    QTest::newRow("least: non-zero defaults") << "" << "LeastAllocated" << def << ""
                                              << QStringList{"node1|cpu=1000m,memory=1000Mi"} << QStringList{}
                                              << QStringList{""} << QStringList{} << "node1=85";
    // explicit zero requests stay 0 -> 100, 100 -> 100
    QTest::newRow("least: explicit zero requests") << "" << "LeastAllocated" << def << ""
                                                   << QStringList{"node1|cpu=1000m,memory=1000Mi"} << QStringList{}
                                                   << QStringList{"cpu=0,memory=0"} << QStringList{} << "node1=100";
    // node side also non-zero: two request-less pods count 200m / 400Mi -> cpu 80, memory 60 -> 70
    QTest::newRow("least: existing pods counted non-zero") << "" << "LeastAllocated" << def << ""
                                                           << QStringList{"node1|cpu=1000m,memory=1000Mi"}
                                                           << QStringList{"node1|", "node1|"} << QStringList{"cpu=0,memory=0"}
                                                           << QStringList{} << "node1=70";
    // init container: cpu max(500, 2000) = 2000 -> (4000-2000)*100/4000 = 50;
    // memory max(1Gi, 512Mi) = 1Gi -> (4Gi-1Gi)*100/4Gi = 75 -> (50+75)/2 = 62
    QTest::newRow("least: init container in the request") << "" << "LeastAllocated" << def << ""
                                                           << QStringList{"node1|cpu=4000m,memory=4Gi"} << QStringList{}
                                                           << QStringList{"cpu=500m,memory=1Gi"}
                                                           << QStringList{"cpu=2000m,memory=512Mi"} << "node1=62";
    // the same in v1.26 (its scorer sums containers itself): 62
    QTest::newRow("least: init container in the request, 1.26") << "1.26" << "LeastAllocated" << def << ""
                                                                << QStringList{"node1|cpu=4000m,memory=4Gi"} << QStringList{}
                                                                << QStringList{"cpu=500m,memory=1Gi"}
                                                                << QStringList{"cpu=2000m,memory=512Mi"} << "node1=62";
    // an init container without requests is defaulted too: cpu max(50, 100) = 100 ->
    // (1000-100)*100/1000 = 90; memory max(100Mi, 200Mi) = 200Mi -> 80 -> 85
    QTest::newRow("least: non-zero default of an init container") << "" << "LeastAllocated" << def << ""
                                                                   << QStringList{"node1|cpu=1000m,memory=1000Mi"}
                                                                   << QStringList{} << QStringList{"cpu=50m,memory=100Mi"}
                                                                   << QStringList{""} << "node1=85";

    // --- MostAllocated: per resource min(req, alloc) * 100 / alloc ---
    QTest::newRow("most: nothing requested") << "" << "MostAllocated" << def << "" << small2 << QStringList{}
                                             << QStringList{} << QStringList{} << "node1=0 node2=0";
    // node1: cpu 3000*100/4000 = 75, mem 5000*100/10000 = 50 -> 62; node2: 50, 50 -> 50
    QTest::newRow("most: differently sized nodes") << "" << "MostAllocated" << def << "" << diff2 << QStringList{}
                                                   << req2 << QStringList{} << "node1=62 node2=50";
    // node1: cpu 6000*100/10000 = 60, mem 0 -> 30; node2: 60, 5000*100/20000 = 25 -> 42
    QTest::newRow("most: pods scheduled with resources")
        << "" << "MostAllocated" << def << "" << big2
        << QStringList{"node1|cpu=3000m,memory=0", "node1|cpu=3000m,memory=0", "node2|cpu=3000m,memory=0",
                       "node2|cpu=3000m,memory=5000"}
        << QStringList{} << QStringList{} << "node1=30 node2=42";
    // node1: 60, 25 -> 42; node2: 60, 10000*100/20000 = 50 -> 55
    QTest::newRow("most: requested and scheduled") << "" << "MostAllocated" << def << "" << big2
                                                   << QStringList{"node1|cpu=3000m,memory=0", "node2|cpu=3000m,memory=5000"}
                                                   << req2 << QStringList{} << "node1=42 node2=55";
    // pod 5000m / 9000: node1 (5000m, 10000): cpu 100, mem 90 -> 95; node2 (10000m, 9000): 50, 100 -> 75
    QTest::newRow("most: requested equals capacity") << "" << "MostAllocated" << def << ""
                                                     << QStringList{"node1|cpu=5000m,memory=10000", "node2|cpu=10000m,memory=9000"}
                                                     << QStringList{} << QStringList{"cpu=2000m,memory=4000", "cpu=3000m,memory=5000"}
                                                     << QStringList{} << "node1=95 node2=75";
    // memory weight 2: node1 (75 + 50*2)/3 = 58; node2 (50 + 100)/3 = 50
    QTest::newRow("most: weights") << "" << "MostAllocated" << "memory:2,cpu:1" << "" << diff2 << QStringList{}
                                   << req2 << QStringList{} << "node1=58 node2=50";
    // non-zero: node1 has two request-less pods (200m, 400Mi) + this one (100m, 200Mi):
    // cpu min(300, 250)*100/250 = 100, mem 600Mi*100/1000Mi = 60 -> 80; node2: 100*100/250 = 40, 20 -> 30
    QTest::newRow("most: non-zero requests") << "" << "MostAllocated" << def << ""
                                             << QStringList{"node1|cpu=250m,memory=1000Mi", "node2|cpu=250m,memory=1000Mi"}
                                             << QStringList{"node1|", "node1|"} << QStringList{""} << QStringList{}
                                             << "node1=80 node2=30";
    // foo: node1 2*100/4 = 50 -> 150/3 = 50; node2 2*100/10 = 20 -> 120/3 = 40
    QTest::newRow("most: extended resource requested")
        << "" << "MostAllocated" << ext << ""
        << QStringList{"node1|cpu=6000m,memory=10000,example.com/foo=4", "node2|cpu=6000m,memory=10000,example.com/foo=10"}
        << QStringList{} << QStringList{"cpu=3000m,memory=5000,example.com/foo=2"} << QStringList{} << "node1=50 node2=40";
    // UPSTREAM 5.3 worked example (config-mostallocated pack-0): cpu 1000*100/2000 = 50 (w2),
    // memory 1Gi*100/4Gi = 25 (w1), gpu not requested -> (100 + 25)/3 = 41
    QTest::newRow("most: UPSTREAM 5.3 pack-0") << "1.26" << "MostAllocated" << "cpu:2,memory:1,nvidia.com/gpu:3" << ""
                                               << QStringList{"node1|cpu=2,memory=4Gi,nvidia.com/gpu=2"} << QStringList{}
                                               << QStringList{"cpu=1,memory=1Gi"} << QStringList{} << "node1=41";

    // --- RequestedToCapacityRatio: f(req*100/alloc) on shape points x10, round(sum s*w / sum w)
    //     over resources with s > 0 ---
    const QString leastShape = "0:10,100:0";
    // util 0 -> f(0) = 100 on both
    QTest::newRow("rtcr: nothing requested") << "" << "RequestedToCapacityRatio" << def << leastShape << small2
                                             << QStringList{"node1|-", "node1|-"} << QStringList{} << QStringList{}
                                             << "node1=100 node2=100";
    // node1: cpu util 3000*100/4000 = 75 -> 100 + (0-100)*75/100 = 25; mem 50 -> 50;
    // round((25+50)/2 = 37.5) = 38; node2: 50, 50 -> 50
    QTest::newRow("rtcr: differently sized nodes") << "" << "RequestedToCapacityRatio" << def << leastShape << diff2
                                                   << QStringList{"node1|-", "node1|-"} << req2 << QStringList{}
                                                   << "node1=38 node2=50";
    QTest::newRow("rtcr: pods scheduled with resources") << "" << "RequestedToCapacityRatio" << def << leastShape << diff2
                                                         << QStringList{"node1|cpu=3000m,memory=5000",
                                                                        "node2|cpu=3000m,memory=5000"}
                                                         << QStringList{} << QStringList{} << "node1=38 node2=50";
    const QStringList fooNodes{"node1|cpu=4000m,memory=10000Mi,intel.com/foo=8",
                               "node2|cpu=4000m,memory=10000Mi,intel.com/foo=4"};
    // only intel.com/foo is scored and the pod requests none -> no resource -> 0
    QTest::newRow("rtcr: extended, nothing requested") << "" << "RequestedToCapacityRatio" << "intel.com/foo:1" << "0:0,100:1"
                                                       << fooNodes << QStringList{"node1|-"} << QStringList{}
                                                       << QStringList{} << "node1=0 node2=0";
    // node1 util 2*100/8 = 25 -> 10*25/100 = 2; node2 2*100/4 = 50 -> 5
    QTest::newRow("rtcr: extended requested") << "" << "RequestedToCapacityRatio" << "intel.com/foo:1" << "0:0,100:1"
                                              << fooNodes << QStringList{"node1|-"} << QStringList{"intel.com/foo=2"}
                                              << QStringList{} << "node1=2 node2=5";
    // node2 already has 2: (2+2)*100/4 = 100 -> 10
    QTest::newRow("rtcr: extended with existing pod") << "" << "RequestedToCapacityRatio" << "intel.com/foo:1" << "0:0,100:1"
                                                      << fooNodes << QStringList{"node2|intel.com/foo=2"}
                                                      << QStringList{"intel.com/foo=2"} << QStringList{} << "node1=2 node2=10";
    // node1: foo 25 -> 2, bar 2*100/4 = 50 -> 5: round((2*3 + 5*5)/8 = 3.875) = 4;
    // node2: foo 50 -> 5, bar 25 -> 2: round((15 + 10)/8 = 3.125) = 3
    QTest::newRow("rtcr: two extended resources") << "" << "RequestedToCapacityRatio" << "intel.com/foo:3,intel.com/bar:5"
                                                  << "0:0,100:1"
                                                  << QStringList{"node1|cpu=4000m,intel.com/foo=8,intel.com/bar=4",
                                                                 "node2|cpu=4000m,intel.com/foo=4,intel.com/bar=8"}
                                                  << QStringList{} << QStringList{"intel.com/foo=2,intel.com/bar=2"}
                                                  << QStringList{} << "node1=4 node2=3";
    // cpu util 50 -> 50; memory util 0 -> f = 0, excluded from the weights too -> round(50/1) = 50
    QTest::newRow("rtcr: zero-score resource not averaged") << "" << "RequestedToCapacityRatio" << def << "0:0,100:10"
                                                            << QStringList{"node1|cpu=4000m,memory=10000"} << QStringList{}
                                                            << QStringList{"cpu=2000m,memory=0"} << QStringList{} << "node1=50";
    // cpu 5000 > 4000 -> f(100) = 100; memory 0 excluded -> 100
    QTest::newRow("rtcr: over capacity uses f(100)") << "" << "RequestedToCapacityRatio" << def << "0:0,100:10"
                                                     << QStringList{"node1|cpu=4000m,memory=10000"} << QStringList{}
                                                     << QStringList{"cpu=5000m,memory=0"} << QStringList{} << "node1=100";
    // shape (10,1) (90,9): util 15 -> 10 + (90-10)*(15-10)/(90-10) = 15 -> ... here cpu 600*100/4000 = 15:
    // f = 10 + 80*5/80 = 15; memory 0 < 10 -> f = 10 (first point); round((15+10)/2 = 12.5) = 13
    QTest::newRow("rtcr: broken-linear interpolation") << "" << "RequestedToCapacityRatio" << def << "10:1,90:9"
                                                       << QStringList{"node1|cpu=4000m,memory=10000"} << QStringList{}
                                                       << QStringList{"cpu=600m,memory=0"} << QStringList{} << "node1=13";
    // clang-format on
}

void TstNodeResourcesFit::score() {
    QFETCH(QString, version);
    QFETCH(QString, strategy);
    QFETCH(QString, resources);
    QFETCH(QString, shape);
    QFETCH(QStringList, nodes);
    QFETCH(QStringList, existing);
    QFETCH(QStringList, containers);
    QFETCH(QStringList, inits);
    QFETCH(QString, expected);

    TestCluster tc(versionOf(version));
    QStringList order;
    for (const QString& n : nodes) {
        const QStringList parts = n.split('|');
        tc.node(parts.value(0).toStdString()).capacity(parts.value(1).toStdString()).add();
        order << parts.value(0);
    }
    addExisting(tc, existing);
    const Pod& pod = addIncoming(tc, containers, inits);
    tc.refresh();

    PluginArgs args;
    auto& fit = args.nodeResourcesFit;
    fit.type = strategy == "MostAllocated"              ? ScoringStrategyType::MostAllocated
               : strategy == "RequestedToCapacityRatio" ? ScoringStrategyType::RequestedToCapacityRatio
                                                        : ScoringStrategyType::LeastAllocated;
    fit.resources = resourcesOf(resources);
    fit.shape = shapeOf(shape);
    auto pl = makePlugin(tc, args);
    QCOMPARE(scoreAll(tc, *pl, pod, order), expected);
}

void TstNodeResourcesFit::overheadQuirk_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    QTest::addColumn<QString>("version");
    QTest::addColumn<QString>("expected");
    // UPSTREAM 5.1 worked example (resources-fit ovh-0): container cpu 1 / memory 1Gi, overhead
    // cpu 250m / memory 160Mi, empty node cpu 2 / memory 4Gi.
    // memory: 1Gi + 160Mi = 1241513984; (4294967296 - 1241513984)*100/4294967296 = 71
    // v1.26: cpu overhead added as Quantity.Value() = 1 (whole cores, rounded up):
    //   p_cpu = 1001 -> (2000-1001)*100/2000 = 49 -> (49+71)/2 = 60
    QTest::newRow("1.26 adds the cpu overhead as 1") << "1.26" << "node1=60";
    // >= 1.27: overhead in millicores, p_cpu = 1250 -> (2000-1250)*100/2000 = 37 -> (37+71)/2 = 54
    QTest::newRow("1.27 adds 250 millicores") << "1.27" << "node1=54";
    QTest::newRow("newest adds 250 millicores") << "" << "node1=54";
    // clang-format on
}

void TstNodeResourcesFit::overheadQuirk() {
    QFETCH(QString, version);
    QFETCH(QString, expected);
    TestCluster tc(versionOf(version));
    tc.node("node1").capacity("cpu=2,memory=4Gi").add();
    const Pod& pod = addIncoming(tc, {"cpu=1,memory=1Gi"}, {}, "cpu=250m,memory=160Mi");
    tc.refresh();
    auto pl = makePlugin(tc, PluginArgs{});
    QCOMPARE(scoreAll(tc, *pl, pod, {"node1"}), expected);
    // The Filter is unaffected: 1000 + 250 = 1250 <= 2000 in every version.
    CycleState state(1);
    QVERIFY(pl->filter(state, pod, tc.nodeInfo("node1")).isSuccess());
}

// Go's int64 arithmetic wraps, and the strategies are Go code (least_allocated.go:
// ((capacity - requested) * MaxNodeScore) / capacity). Berth's core is built with -fwrapv to
// match: with 2^62 allocatable and nothing requested, 2^62 * 100 = 25 * 2^64 wraps to 0, so
// upstream scores 0, not 100. (Under the sanitizers this is also the check that such input
// is not undefined behaviour.)
// The scorer is built without enablePodLevelResources (v1.37.2 fit.go): a pod-level hugepages
// request is not what it scores, the containers' is (plus overhead); found by the differential
// test once its generator named hugepages in scoring configurations (tests/oracle/README.md).
// Nodes: cpu 4, memory 8Gi, hugepages-2Mi 1Gi (node1) / 2Gi (node2); weights cpu 1, memory 1,
// hugepages-2Mi 2; containers cpu 500m, memory 512Mi: cpu (4000-500)*100/4000 = 87, memory
// (8192-512)*100/8192 = 93 (integer division, as upstream's leastRequestedScore).
void TstNodeResourcesFit::podLevelHugepages_data() {
    QTest::addColumn<QString>("containers");
    QTest::addColumn<QString>("podRequests");
    QTest::addColumn<QString>("expected");
    // containers request no hugepages: a scalar resource the pod does not request is skipped,
    // so (87 + 93) / 2 = 90 on both nodes (the oracle's score; pod-level 512Mi would give
    // node1 (87 + 93 + 50*2) / 4 = 70)
    QTest::newRow("pod-level only") << "cpu=500m,memory=512Mi" << "cpu=1,memory=1Gi,hugepages-2Mi=512Mi"
                                    << "node1=90 node2=90";
    // containers 128Mi, pod-level 256Mi: the containers' 128Mi: node1 (1024-128)*100/1024 = 87
    // -> (87 + 93 + 87*2) / 4 = 88; node2 (2048-128)*100/2048 = 93 -> (87 + 93 + 93*2) / 4 = 91
    QTest::newRow("containers' below pod-level")
        << "cpu=500m,memory=512Mi,hugepages-2Mi=128Mi" << "hugepages-2Mi=256Mi" << "node1=88 node2=91";
}

void TstNodeResourcesFit::podLevelHugepages() {
    QFETCH(QString, containers);
    QFETCH(QString, podRequests);
    QFETCH(QString, expected);
    TestCluster tc;
    tc.node("node1").capacity("cpu=4,memory=8Gi,pods=110,hugepages-2Mi=1Gi").add();
    tc.node("node2").capacity("cpu=4,memory=8Gi,pods=110,hugepages-2Mi=2Gi").add();
    const Pod& pod = tc.pod("incoming")
                         .requests(containers.toStdString())
                         .podRequests(podRequests.toStdString())
                         .podLimits("hugepages-2Mi=" + podRequests.section("hugepages-2Mi=", 1).toStdString())
                         .add();
    tc.refresh();
    PluginArgs args;
    args.nodeResourcesFit.type = ScoringStrategyType::LeastAllocated;
    args.nodeResourcesFit.resources = resourcesOf("cpu:1,memory:1,hugepages-2Mi:2");
    auto pl = makePlugin(tc, args);
    QCOMPARE(scoreAll(tc, *pl, pod, {"node1", "node2"}), expected);
}

void TstNodeResourcesFit::int64WrapsAsInGo() {
    AllocationVector a;
    a.count = 1;
    a.allocatable[0] = std::int64_t{1} << 62;
    a.requested[0] = 0;
    a.weight[0] = 1;
    QCOMPARE(leastAllocatedScore(a), std::int64_t{0});
    // most_allocated.go: requested * 100 / capacity with requested = 2^62 - 1 wraps to
    // -100 (2^62 * 100 = 0 mod 2^64), and -100 / 2^62 truncates to 0.
    a.requested[0] = (std::int64_t{1} << 62) - 1;
    QCOMPARE(mostAllocatedScore(a), std::int64_t{0});
    // Without wrapping: an ordinary node still scores as the formula says.
    a.allocatable[0] = 4000;
    a.requested[0] = 1000;
    QCOMPARE(leastAllocatedScore(a), std::int64_t{75});
}

QTEST_GUILESS_MAIN(TstNodeResourcesFit)
#include "tst_node_resources_fit.moc"
