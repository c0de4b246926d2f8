// The scheduler cache and its snapshot: the pod state machine (assume / finishBinding / forget /
// add-confirm / remove) with its error texts, NodeInfo aggregates, generation numbers, the
// incremental snapshot update that copies only changed nodes, node removal with and without
// pods, and the zone-interleaved node order (UPSTREAM 7.1-7.5).

#include <QtTest/QtTest>

#include <map>
#include <string>

#include "core/backend/cache/cache.h"
#include "core/backend/cache/node_tree.h"
#include "core/backend/cache/snapshot.h"
#include "testlib/builders.h"

using namespace berth::core;
using namespace berth::testlib;

namespace {

constexpr std::string_view kZone = "topology.kubernetes.io/zone";
constexpr std::string_view kRegion = "topology.kubernetes.io/region";
constexpr std::string_view kBetaZone = "failure-domain.beta.kubernetes.io/zone";
constexpr std::string_view kBetaRegion = "failure-domain.beta.kubernetes.io/region";

/// Runs cache operations written as text against a TestCluster:
///   "node n1 [zone]"      add a node (cpu 4) in an optional zone
///   "bound p n1"          a pod bound to n1 (cache AddPod)
///   "pending p"           a pending pod (not in the cache)
///   "assume p n1"         AssumePod on n1
///   "finish p"            FinishBinding
///   "add p n1"            AddPod (informer: bound to n1)
///   "forget p" / "remove p"
///   "rmnode n1"           RemoveNode
///   "affinity p n1"       a bound pod with a pod-affinity term
/// Each op's result is "" on success or the cache's error text; "snap" yields the number of
/// NodeInfos the snapshot update copied.
class Script {
public:
    explicit Script(TestCluster& tc) : m_tc(tc) {}

    QString run(const QString& op) {
        const QStringList f = op.split(' ', Qt::SkipEmptyParts);
        const QString cmd = f.value(0);
        const std::string a = f.value(1).toStdString();
        const std::string b = f.value(2).toStdString();
        Cache& cache = m_tc.cache;
        if (cmd == "node") {
            NodeBuilder nb = m_tc.node(a);
            nb.capacity("cpu=4,memory=8Gi");
            if (!b.empty()) nb.label(kZone, b);
            m_nodes[a] = &nb.add();
            return {};
        }
        if (cmd == "bound") {
            m_pods[a] = &m_tc.pod(a).requests("cpu=1").on(b).add();
            return {};
        }
        if (cmd == "affinity") {
            PodBuilder pb = m_tc.pod(a).requests("cpu=1").label("app", "x");
            PodAffinityTerm t;
            t.selector = m_tc.selector({{"app", "x"}});
            t.topologyKey = m_tc.sym("kubernetes.io/hostname");
            pb.raw().affinity.podAffinity.required.push_back(t);
            m_pods[a] = &pb.on(b).add();
            return {};
        }
        if (cmd == "pending") {
            m_pods[a] = &m_tc.pod(a).requests("cpu=1").add();
            return {};
        }
        if (cmd == "assume") return QString::fromStdString(cache.assumePod(pod(a), m_tc.sym(b)));
        if (cmd == "finish") {
            cache.finishBinding(pod(a));
            return {};
        }
        if (cmd == "add") return QString::fromStdString(cache.addPod(pod(a), m_tc.sym(b)));
        if (cmd == "forget") return QString::fromStdString(cache.forgetPod(pod(a)));
        if (cmd == "remove") return QString::fromStdString(cache.removePod(pod(a)));
        if (cmd == "rmnode") {
            cache.removeNode(*m_nodes.at(a));
            return {};
        }
        if (cmd == "snap") return QString::number(cache.updateSnapshot(m_tc.snapshot));
        qFatal("bad op in test row: %s", qPrintable(op));
        return {};
    }

    const Pod& pod(const std::string& name) {
        auto it = m_pods.find(name);
        if (it == m_pods.end()) m_pods[name] = &m_tc.pod(name).requests("cpu=1").add();
        return *m_pods.at(name);
    }

    /// "n1=pods/milliCpu" for the cache's NodeInfo ("n1=gone" when it has none).
    QString nodeState(const std::string& name) const {
        const NodeInfo* ni = m_tc.cache.nodeInfo(m_tc.cluster.pool.find(name));
        if (!ni) return QString::fromStdString(name) + "=gone";
        return QString::fromStdString(name) + "=" + QString::number(ni->podCount()) + "/" +
               QString::number(ni->requested().milliCpu) + (ni->node() ? "" : "(ghost)");
    }

private:
    TestCluster& m_tc;
    std::map<std::string, const Node*> m_nodes;
    std::map<std::string, const Pod*> m_pods;
};

QString snapshotOrder(const Snapshot& s) {
    QStringList l;
    for (const NodeInfo* ni : s.nodes()) l << QString::fromStdString(ni->node()->name);
    return l.join(',');
}

}  // namespace

class TstCache : public QObject {
    Q_OBJECT

private slots:
    void podLifecycle_data();
    void podLifecycle();
    void incrementalSnapshot_data();
    void incrementalSnapshot();
    void generations();
    void nodeRemoval_data();
    void nodeRemoval();
    void zoneOrder_data();
    void zoneOrder();
    void changeLog();
    void filterFacts();
};

void TstCache::podLifecycle_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    QTest::addColumn<QStringList>("ops");      // run after "node n1", "node n2"
    QTest::addColumn<QStringList>("results");  // per op: "" or the error text
    QTest::addColumn<QString>("state");        // "assumed=0|1 node=<n|-> n1=pods/milliCpu n2=..."

    const QString inCache = "pod default/p is in the cache, so can't be assumed";
    const QString notAssumed = "pod default/p wasn't assumed so cannot be forgotten";
    const QString added = "pod default/p was already in added state";
    const QString notFound = "pod default/p is not found in scheduler cache, so cannot be removed from it";

    QTest::newRow("assume") << QStringList{"assume p n1"} << QStringList{""} << "assumed=1 node=n1 n1=1/1000 n2=0/0";
    QTest::newRow("assume twice") << QStringList{"assume p n1", "assume p n2"} << QStringList{"", inCache}
                                  << "assumed=1 node=n1 n1=1/1000 n2=0/0";
    QTest::newRow("assume, forget") << QStringList{"assume p n1", "forget p"} << QStringList{"", ""}
                                    << "assumed=0 node=- n1=0/0 n2=0/0";
    QTest::newRow("forget twice") << QStringList{"assume p n1", "forget p", "forget p"} << QStringList{"", "", notAssumed}
                                  << "assumed=0 node=- n1=0/0 n2=0/0";
    QTest::newRow("forget unknown") << QStringList{"forget p"} << QStringList{notAssumed} << "assumed=0 node=- n1=0/0 n2=0/0";
    QTest::newRow("forget an added pod") << QStringList{"add p n1", "forget p"} << QStringList{"", notAssumed}
                                         << "assumed=0 node=n1 n1=1/1000 n2=0/0";
    // the informer's Add confirms the assumed pod: counted once
    QTest::newRow("assume, finish, add confirms") << QStringList{"assume p n1", "finish p", "add p n1"}
                                                  << QStringList{"", "", ""} << "assumed=0 node=n1 n1=1/1000 n2=0/0";
    QTest::newRow("confirm without finish") << QStringList{"assume p n1", "add p n1"} << QStringList{"", ""}
                                            << "assumed=0 node=n1 n1=1/1000 n2=0/0";
    // bound elsewhere than assumed: the pod moves
    QTest::newRow("confirmed on another node") << QStringList{"assume p n1", "add p n2"} << QStringList{"", ""}
                                               << "assumed=0 node=n2 n1=0/0 n2=1/1000";
    QTest::newRow("add twice") << QStringList{"add p n1", "add p n1"} << QStringList{"", added}
                               << "assumed=0 node=n1 n1=1/1000 n2=0/0";
    QTest::newRow("confirmed pod added again") << QStringList{"assume p n1", "add p n1", "add p n1"}
                                               << QStringList{"", "", added} << "assumed=0 node=n1 n1=1/1000 n2=0/0";
    QTest::newRow("assume an added pod") << QStringList{"add p n1", "assume p n1"} << QStringList{"", inCache}
                                         << "assumed=0 node=n1 n1=1/1000 n2=0/0";
    QTest::newRow("remove unknown") << QStringList{"remove p"} << QStringList{notFound} << "assumed=0 node=- n1=0/0 n2=0/0";
    QTest::newRow("remove an added pod") << QStringList{"add p n1", "remove p"} << QStringList{"", ""}
                                         << "assumed=0 node=- n1=0/0 n2=0/0";
    // an assumed pod can be removed too
    QTest::newRow("remove an assumed pod") << QStringList{"assume p n1", "remove p", "forget p"}
                                           << QStringList{"", "", notAssumed} << "assumed=0 node=- n1=0/0 n2=0/0";
    // after a forget the pod can be assumed again
    QTest::newRow("assume after forget") << QStringList{"assume p n1", "forget p", "assume p n2"} << QStringList{"", "", ""}
                                         << "assumed=1 node=n2 n1=0/0 n2=1/1000";
    // clang-format on
}

void TstCache::podLifecycle() {
    QFETCH(QStringList, ops);
    QFETCH(QStringList, results);
    QFETCH(QString, state);

    TestCluster tc;
    Script s(tc);
    s.run("node n1");
    s.run("node n2");
    s.run("pending p");
    QStringList got;
    for (const QString& op : ops) got << s.run(op);
    QCOMPARE(got, results);
    const Pod& p = s.pod("p");
    const Sym node = tc.cache.nodeOf(p);
    const QString nodeName = node == kNoSym ? "-" : QString::fromStdString(std::string(tc.cluster.pool.str(node)));
    QCOMPARE(QString("assumed=%1 node=%2 %3 %4")
                 .arg(tc.cache.isAssumed(p) ? 1 : 0)
                 .arg(nodeName, s.nodeState("n1"), s.nodeState("n2")),
             state);
}

void TstCache::incrementalSnapshot_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    QTest::addColumn<QStringList>("ops");
    QTest::addColumn<QStringList>("results");  // "snap" results are copy counts, others ""
    QTest::addColumn<QString>("order");        // snapshot node order at the end
    QTest::addColumn<int>("withAffinity");     // snapshot's havePodsWithAffinity size

    // the first update copies every node, an unchanged cache copies none
    QTest::newRow("initial, then nothing") << QStringList{"node n1", "node n2", "node n3", "snap", "snap"}
                                           << QStringList{"", "", "", "3", "0"} << "n1,n2,n3" << 0;
    // only the touched node is copied
    QTest::newRow("one pod added") << QStringList{"node n1", "node n2", "node n3", "snap", "bound a n2", "snap"}
                                   << QStringList{"", "", "", "3", "", "1"} << "n1,n2,n3" << 0;
    QTest::newRow("assume on two nodes") << QStringList{"node n1", "node n2", "node n3", "snap", "pending a", "pending b",
                                                        "assume a n1", "assume b n3", "snap"}
                                         << QStringList{"", "", "", "3", "", "", "", "", "2"} << "n1,n2,n3" << 0;
    // two changes to the same node: copied once
    QTest::newRow("same node twice") << QStringList{"node n1", "node n2", "snap", "bound a n1", "bound b n1", "snap"}
                                     << QStringList{"", "", "2", "", "", "1"} << "n1,n2" << 0;
    // a new node is copied and the list rebuilt
    QTest::newRow("node added later") << QStringList{"node n1", "snap", "node n2", "snap"} << QStringList{"", "1", "", "1"}
                                      << "n1,n2" << 0;
    // a removed node leaves the snapshot (nothing to copy)
    QTest::newRow("node removed") << QStringList{"node n1", "node n2", "snap", "rmnode n1", "snap"}
                                  << QStringList{"", "", "2", "", "0"} << "n2" << 0;
    // a pod with affinity puts its node on the affinity list (partial rebuild)
    QTest::newRow("affinity list") << QStringList{"node n1", "node n2", "snap", "affinity a n2", "snap"}
                                   << QStringList{"", "", "2", "", "1"} << "n1,n2" << 1;
    QTest::newRow("affinity list emptied") << QStringList{"node n1", "affinity a n2", "node n2", "snap", "remove a", "snap"}
                                           << QStringList{"", "", "", "2", "", "1"} << "n1,n2" << 0;
    // clang-format on
}

void TstCache::incrementalSnapshot() {
    QFETCH(QStringList, ops);
    QFETCH(QStringList, results);
    QFETCH(QString, order);
    QFETCH(int, withAffinity);

    TestCluster tc;
    Script s(tc);
    QStringList got;
    for (const QString& op : ops) got << s.run(op);
    QCOMPARE(got, results);
    QCOMPARE(snapshotOrder(tc.snapshot), order);
    QCOMPARE(int(tc.snapshot.havePodsWithAffinity().size()), withAffinity);
    // the snapshot's NodeInfos equal the cache's
    for (const NodeInfo* ni : tc.snapshot.nodes()) {
        const NodeInfo* ci = tc.cache.nodeInfo(ni->node()->nameSym);
        QVERIFY(ci);
        QCOMPARE(ni->podCount(), ci->podCount());
        QCOMPARE(ni->generation(), ci->generation());
    }
}

void TstCache::generations() {
    // Every NodeInfo mutation takes the next global generation; the snapshot remembers the
    // newest one it has seen.
    TestCluster tc;
    Script s(tc);
    s.run("node n1");
    s.run("node n2");
    const Sym n1 = tc.sym("n1"), n2 = tc.sym("n2");
    QCOMPARE(tc.cache.nodeInfo(n1)->generation(), std::int64_t{1});
    QCOMPARE(tc.cache.nodeInfo(n2)->generation(), std::int64_t{2});
    QCOMPARE(tc.cache.generation(), std::int64_t{2});
    s.run("bound a n1");
    QCOMPARE(tc.cache.nodeInfo(n1)->generation(), std::int64_t{3});
    QCOMPARE(tc.cache.nodeInfo(n2)->generation(), std::int64_t{2});
    s.run("snap");
    QCOMPARE(tc.snapshot.generation(), std::int64_t{3});
    s.run("pending b");
    s.run("assume b n2");
    QCOMPARE(tc.cache.nodeInfo(n2)->generation(), std::int64_t{4});
    s.run("forget b");
    QCOMPARE(tc.cache.nodeInfo(n2)->generation(), std::int64_t{5});
    QCOMPARE(s.run("snap"), QString("1"));
    QCOMPARE(tc.snapshot.generation(), std::int64_t{5});
    QCOMPARE(tc.snapshot.get(n2)->generation(), std::int64_t{5});
    QCOMPARE(tc.snapshot.get(n1)->generation(), std::int64_t{3});
}

void TstCache::nodeRemoval_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    QTest::addColumn<QStringList>("ops");
    QTest::addColumn<QString>("n1");  // cache NodeInfo state of n1 at the end
    QTest::addColumn<QString>("order");
    QTest::addColumn<int>("nodeCount");

    // without pods the NodeInfo goes away
    QTest::newRow("empty node") << QStringList{"node n1", "node n2", "snap", "rmnode n1", "snap"} << "n1=gone" << "n2" << 1;
    // with pods it stays as a ghost (no Node object) until its last pod goes; the snapshot and
    // the node tree drop it at once
    QTest::newRow("node with pods") << QStringList{"node n1", "node n2", "bound a n1", "snap", "rmnode n1", "snap"}
                                    << "n1=1/1000(ghost)" << "n2" << 1;
    QTest::newRow("ghost loses its last pod") << QStringList{"node n1", "node n2", "bound a n1", "bound b n1", "snap",
                                                             "rmnode n1", "remove a", "remove b", "snap"}
                                              << "n1=gone" << "n2" << 1;
    QTest::newRow("ghost keeps a pod") << QStringList{"node n1", "node n2", "bound a n1", "bound b n1", "snap", "rmnode n1",
                                                      "remove a", "snap"}
                                       << "n1=1/1000(ghost)" << "n2" << 1;
    // clang-format on
}

void TstCache::nodeRemoval() {
    QFETCH(QStringList, ops);
    QFETCH(QString, n1);
    QFETCH(QString, order);
    QFETCH(int, nodeCount);

    TestCluster tc;
    Script s(tc);
    for (const QString& op : ops) QCOMPARE(s.run(op).contains("pod "), false);
    QCOMPARE(s.nodeState("n1"), n1);
    QCOMPARE(snapshotOrder(tc.snapshot), order);
    QCOMPARE(int(tc.cache.nodeCount()), nodeCount);
    QCOMPARE(int(tc.snapshot.size()), nodeCount);
    QVERIFY(!tc.snapshot.get(tc.sym("n1")));
    QCOMPARE(tc.snapshot.indexOf(tc.sym("n1")), -1);
}

void TstCache::zoneOrder_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    QTest::addColumn<QStringList>("nodes");  // "name|region|zone|betaRegion|betaZone" in add order; "-name" removes
    QTest::addColumn<QString>("expected");

    // zones in insertion order (a, b, c, no zone), nodes round-robin across zones
    QTest::newRow("round-robin") << QStringList{"a1||a", "a2||a", "b1||b", "a3||a", "c1||c", "b2||b", "x1||"}
                                 << "a1,b1,c1,x1,a2,b2,a3";
    QTest::newRow("single zone keeps add order") << QStringList{"n3||z", "n1||z", "n2||z"} << "n3,n1,n2";
    QTest::newRow("no zone labels at all") << QStringList{"n2", "n1"} << "n2,n1";
    // the zone key is region + zone: same zone name in two regions are two zones
    QTest::newRow("region and zone") << QStringList{"r1a|r1|a", "r2a|r2|a", "r1a2|r1|a"} << "r1a,r2a,r1a2";
    // the deprecated failure-domain labels win over topology.kubernetes.io: b1 is in z1
    // (zones [g1, b1, g3] and [g2]); with the GA label it would be g1, g2, g3, b1
    QTest::newRow("beta labels first") << QStringList{"g1||z1", "g2||z2", "b1||z2||z1", "g3||z1"} << "g1,g2,b1,g3";
    // q's beta region r1 puts it with p (r1, a), not with o and o2 (r2, a): zones [p, q] and
    // [o, o2] -> p, o, q, o2 (with the GA labels it would be p, o, o2, q)
    QTest::newRow("beta region") << QStringList{"p|r1|a", "o|r2|a", "o2|r2|a", "q|r2|a|r1|"} << "p,o,q,o2";
    // a deprecated label that is present wins even when empty ("~" = empty value): e1 has
    // beta zone "" and GA zone a, so its key is "" like x1's -> zones [a1, a2], [e1, x1]
    // (reading the GA label would give [a1, a2, e1], [x1] -> a1, x1, a2, e1)
    QTest::newRow("empty beta zone label") << QStringList{"a1||a", "a2||a", "e1||a||~", "x1"} << "a1,e1,a2,x1";
    // removing a node re-balances the order; an emptied zone disappears
    QTest::newRow("removal") << QStringList{"a1||a", "a2||a", "b1||b", "-a1"} << "a2,b1";
    QTest::newRow("zone emptied") << QStringList{"a1||a", "b1||b", "b2||b", "-a1", "c1||c"} << "b1,c1,b2";
    // clang-format on
}

void TstCache::zoneOrder() {
    QFETCH(QStringList, nodes);
    QFETCH(QString, expected);

    TestCluster tc;
    std::map<QString, const Node*> added;
    for (const QString& n : nodes) {
        if (n.startsWith('-')) {
            tc.cache.removeNode(*added.at(n.mid(1)));
            continue;
        }
        const QStringList f = n.split('|');
        NodeBuilder nb = tc.node(f.value(0).toStdString());
        auto set = [&](std::string_view key, const QString& v) {
            if (!v.isEmpty()) nb.label(key, v == "~" ? std::string{} : v.toStdString());
        };
        set(kRegion, f.value(1));
        set(kZone, f.value(2));
        set(kBetaRegion, f.value(3));
        set(kBetaZone, f.value(4));
        added[f.value(0)] = &nb.add();
    }
    tc.refresh();
    QCOMPARE(snapshotOrder(tc.snapshot), expected);
}

// Snapshot::forEachChangedSince, which the plugins' kept-between-cycles data follows: the
// positions the last updates copied, and "rescan" once the list is rebuilt or the log trimmed.
void TstCache::changeLog() {
    TestCluster tc;
    Script sc(tc);
    for (const char* op : {"node n1 a", "node n2 b", "node n3 c"}) QCOMPARE(sc.run(op), QString());
    QCOMPARE(sc.run("snap"), QString("3"));
    const Snapshot& snap = tc.snapshot;
    for (std::size_t i = 0; i < snap.size(); ++i) QCOMPARE(snap.nodes()[i]->snapshotPosition(), int(i));

    std::uint64_t version = snap.listVersion();
    std::uint64_t seq = snap.changeLogEnd();
    std::vector<std::size_t> seen;
    const auto collect = [&](std::size_t pos) { seen.push_back(pos); };
    QVERIFY(snap.forEachChangedSince(version, seq, collect));
    QVERIFY(seen.empty());

    // One pod bound to n2: only n2's position is reported, once read.
    QCOMPARE(sc.run("bound p1 n2"), QString());
    QCOMPARE(sc.run("snap"), QString("1"));
    const int n2 = snap.indexOf(tc.sym("n2"));
    QVERIFY(snap.forEachChangedSince(version, seq, collect));
    QCOMPARE(seen, std::vector<std::size_t>{std::size_t(n2)});
    QCOMPARE(snap.nodes()[std::size_t(n2)]->snapshotPosition(), n2);  // kept across the copy
    seen.clear();
    QVERIFY(snap.forEachChangedSince(version, seq, collect));
    QVERIFY(seen.empty());

    // A new node rebuilds the list: positions move, so the reader must rescan.
    QCOMPARE(sc.run("node n4 a"), QString());
    QCOMPARE(sc.run("snap"), QString("1"));
    QVERIFY(snap.listVersion() != version);
    QVERIFY(!snap.forEachChangedSince(version, seq, collect));
    QVERIFY(seen.empty());
    QCOMPARE(seq, snap.changeLogEnd());
    for (std::size_t i = 0; i < snap.size(); ++i) QCOMPARE(snap.nodes()[i]->snapshotPosition(), int(i));

    // A reader far behind a trimmed log rescans too.
    version = snap.listVersion();
    seq = snap.changeLogEnd();
    for (int i = 0; i < 1100; ++i) {
        const std::string pod = "q" + std::to_string(i);
        QCOMPARE(sc.run(QString::fromStdString("bound " + pod + " n1")), QString());
        QCOMPARE(sc.run("snap"), QString("1"));
    }
    QVERIFY(!snap.forEachChangedSince(version, seq, collect));
}

// NodeInfo's filter facts (the first cache line the Filter fast paths read) stay equal to
// the full data through setNode, addPod and removePod.
void TstCache::filterFacts() {
    TestCluster tc;
    const Node& plain = tc.node("n1").capacity("cpu=4,memory=8Gi").pods(3).add();
    const Node& cordoned = tc.node("n2")
                               .capacity("cpu=2,memory=1Gi")
                               .unschedulable()
                               .taint("soft", "", TaintEffect::PreferNoSchedule)
                               .add();
    const Node& tainted = tc.node("n3").capacity("cpu=2").taint("gpu", "yes", TaintEffect::NoExecute).add();
    const Pod& a = tc.pod("a").requests("cpu=1500m,memory=1Gi").add();
    const Pod& b = tc.pod("b").requests("cpu=500m").add();

    const auto check = [](const NodeInfo& ni) {
        QCOMPARE(ni.unschedulable(), ni.node()->unschedulable);
        QCOMPARE(ni.allocatableMilliCpu(), ni.node()->allocatable.milliCpu);
        QCOMPARE(ni.allocatableMemory(), ni.node()->allocatable.memory);
        QCOMPARE(ni.requestedMilliCpu(), ni.requested().milliCpu);
        QCOMPARE(ni.requestedMemory(), ni.requested().memory);
        QCOMPARE(ni.podRoom(), ni.node()->allocatable.pods - std::int64_t(ni.podCount()));
    };
    NodeInfo ni(&plain);
    check(ni);
    QVERIFY(!ni.hasHardTaints());
    ni.addPod(&a);
    check(ni);
    ni.addPod(&b);
    check(ni);
    QCOMPARE(ni.podRoom(), std::int64_t(1));
    QVERIFY(ni.removePod(&a));
    check(ni);
    QVERIFY(!ni.removePod(&a));
    check(ni);
    ni.setNode(&cordoned);  // a PreferNoSchedule taint is not a hard one
    check(ni);
    QVERIFY(ni.unschedulable());
    QVERIFY(!ni.hasHardTaints());
    ni.setNode(&tainted);
    check(ni);
    QVERIFY(ni.hasHardTaints());
    const NodeInfo copy = ni;
    check(copy);
    QCOMPARE(copy.hasHardTaints(), true);
}

QTEST_GUILESS_MAIN(TstCache)
#include "tst_cache.moc"
