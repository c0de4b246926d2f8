// NodeResourcesBalancedAllocation and the shared resource-allocation machinery: the std-dev
// formula for 2 and 3 resources, fractions capped at 1, fewer than two resources -> 100, real
// (not non-zero) requests, best-effort pods (v1.26 scored, >= 1.33 PreScore Skip) and the v1.26
// overhead quirk (UPSTREAM 5.1 worked example: 89). Rows follow upstream's
// balanced_allocation_test.go (cpu numbers are millicores there too). Each expected number is
// derived in the row's comment.

#include <QtTest/QtTest>

#include <string>
#include <vector>

#include "core/framework/plugins/noderesources/balanced_allocation.h"
#include "testlib/builders.h"
#include "testlib/plugin_rows.h"

using namespace berth::core;
using namespace berth::testlib;

namespace {

std::vector<ResourceSpec> resourcesOf(const QString& spec) {
    std::vector<ResourceSpec> out;
    for (const QString& item : spec.split(',', Qt::SkipEmptyParts)) {
        const QStringList kv = item.split(':');
        out.push_back({kv.value(0).toStdString(), kv.value(1, "1").toLongLong()});
    }
    return out;
}

}  // namespace

class TstBalancedAllocation : public QObject {
    Q_OBJECT

private slots:
    void score_data();
    void score();
    void formula_data();
    void formula();
};

void TstBalancedAllocation::score_data() {
    QTest::addColumn<QString>("version");
    QTest::addColumn<QString>("resources");
    QTest::addColumn<QStringList>("nodes");     // "name|allocatable"
    QTest::addColumn<QStringList>("existing");  // "node|container;container"
    QTest::addColumn<QStringList>("containers");
    QTest::addColumn<QString>("overhead");
    QTest::addColumn<QString>("expected");  // "node=score ..." or "Skip"

    const QString def = "cpu:1,memory:1";
    const QString gpu3 = "cpu:1,memory:1,nvidia.com/gpu:1";
    // upstream's pod specs
    const QString cpuAndMemory = "cpu=1000m,memory=2000;cpu=2000m,memory=3000";  // 3000m / 5000
    const QString cpuOnly = "cpu=1000m,memory=0;cpu=2000m,memory=0";             // 3000m / 0
    const QStringList cpuAndMemoryPod{"cpu=1000m,memory=2000", "cpu=2000m,memory=3000"};
    const QStringList cpuOnlyPod{"cpu=1000m,memory=0", "cpu=2000m,memory=0"};

    // node1: 3000/4000 = 0.75, 5000/10000 = 0.5 -> std |0.75-0.5|/2 = 0.125 -> int(87.5) = 87
    // node2: 3000/6000 = 0.5, 0.5 -> std 0 -> 100
    QTest::newRow("differently sized nodes") << "" << def
                                             << QStringList{"node1|cpu=4000m,memory=10000", "node2|cpu=6000m,memory=10000"}
                                             << QStringList{} << cpuAndMemoryPod << "" << "node1=87 node2=100";
    // node1 (cpuOnly there): 6000/10000 = 0.6, 5000/20000 = 0.25 -> std 0.175 -> 82
    // node2 (cpuAndMemory there): 0.6, 10000/20000 = 0.5 -> std 0.05 -> 95
    QTest::newRow("pods scheduled with resources")
        << "" << def << QStringList{"node1|cpu=10000m,memory=20000", "node2|cpu=10000m,memory=20000"}
        << QStringList{"node1|" + cpuOnly, "node2|" + cpuAndMemory} << cpuAndMemoryPod << "" << "node1=82 node2=95";
    // node2 memory 50000: 0.6, 10000/50000 = 0.2 -> std 0.2 -> 80
    QTest::newRow("pods scheduled, differently sized nodes")
        << "" << def << QStringList{"node1|cpu=10000m,memory=20000", "node2|cpu=10000m,memory=50000"}
        << QStringList{"node1|" + cpuOnly, "node2|" + cpuAndMemory} << cpuAndMemoryPod << "" << "node1=82 node2=80";
    // node1: 6000/6000 = 1, 0/10000 = 0 -> std 0.5 -> 50; node2: 1, 5000/10000 -> std 0.25 -> 75
    QTest::newRow("requested at node capacity")
        << "" << def << QStringList{"node1|cpu=6000m,memory=10000", "node2|cpu=6000m,memory=10000"}
        << QStringList{"node1|" + cpuOnly, "node2|" + cpuAndMemory} << cpuOnlyPod << "" << "node1=50 node2=75";
    // over-committed: cpu (3000+1000)/2000 = 2 is capped at 1; memory 5000/10000 = 0.5
    // -> std 0.25 -> 75 (uncapped it would be |2-0.5|/2 = 0.75 -> 25)
    QTest::newRow("fraction capped at 1") << "" << def << QStringList{"node1|cpu=2000m,memory=10000"}
                                          << QStringList{"node1|cpu=3000m,memory=0"}
                                          << QStringList{"cpu=1000m,memory=5000"} << "" << "node1=75";
    // three resources, pod asks memory 0 + gpu 1 (cpu 0):
    // node1 (cpuAndMemory + gpu 3 there): 3000/3500 = 0.857143, 5000/40000 = 0.125, 4/8 = 0.5;
    //   mean 0.494048, variance (0.131838 + 0.136196 + 0.000035)/3 = 0.089357, std 0.298925 -> 70
    // node2 (cpuAndMemory there): 0.857143, 0.125, 1/8 = 0.125; mean 0.369048,
    //   variance (0.238237 + 0.059559 + 0.059559)/3 = 0.119118, std 0.345135 -> 65
    QTest::newRow("three resources with a scalar")
        << "" << gpu3 << QStringList{"node1|cpu=3500m,memory=40000,nvidia.com/gpu=8", "node2|cpu=3500m,memory=40000,nvidia.com/gpu=8"}
        << QStringList{"node1|cpu=1000m,memory=2000;cpu=2000m,memory=3000,nvidia.com/gpu=3", "node2|" + cpuAndMemory}
        << QStringList{"memory=0,nvidia.com/gpu=1"} << "" << "node1=70 node2=65";
    // the pod requests no gpu: skipped on both nodes, 3000/3500 = 0.857143 and 5000/40000 = 0.125
    // -> std 0.366071 -> 63 (with or without gpu on the node)
    QTest::newRow("unrequested scalar skipped")
        << "" << gpu3 << QStringList{"node1|cpu=3500m,memory=40000,nvidia.com/gpu=8", "node2|cpu=3500m,memory=40000"}
        << QStringList{} << cpuAndMemoryPod << "" << "node1=63 node2=63";
    // only cpu configured: one fraction, k < 2 -> std 0 -> 100
    QTest::newRow("one resource gives 100") << "" << "cpu:1" << QStringList{"node1|cpu=4000m,memory=10000"}
                                            << QStringList{} << QStringList{"cpu=3000m,memory=1000"} << "" << "node1=100";
    // memory allocatable 0 -> memory skipped, k = 1 -> 100
    QTest::newRow("zero allocatable leaves one resource") << "" << def << QStringList{"node1|cpu=4000m"} << QStringList{}
                                                          << QStringList{"cpu=3000m,memory=1000"} << "" << "node1=100";
    // real requests, no non-zero default: cpu 0/4000 = 0, memory 5000/10000 = 0.5 -> std 0.25 -> 75
    QTest::newRow("real requests, no non-zero default") << "" << def << QStringList{"node1|cpu=4000m,memory=10000"}
                                                        << QStringList{} << QStringList{"memory=5000"} << "" << "node1=75";
    // best-effort pod: v1.26 scores it like any pod, the node's own balance decides:
    // node1 3000/4000 = 0.75, 5000/10000 = 0.5 -> 87; node2 0, 0 -> 100
    const QStringList beNodes{"node1|cpu=4000m,memory=10000", "node2|cpu=4000m,memory=10000"};
    const QStringList beExisting{"node1|cpu=3000m,memory=5000"};
    QTest::newRow("best-effort, 1.26") << "1.26" << def << beNodes << beExisting << QStringList{""} << ""
                                       << "node1=87 node2=100";
    QTest::newRow("best-effort, 1.32") << "1.32" << def << beNodes << beExisting << QStringList{""} << ""
                                       << "node1=87 node2=100";
    // >= 1.33 (PR #130260): all configured requests 0 -> PreScore Skip
    QTest::newRow("best-effort, 1.33") << "1.33" << def << beNodes << beExisting << QStringList{""} << "" << "Skip";
    QTest::newRow("best-effort, newest") << "" << def << beNodes << beExisting << QStringList{""} << "" << "Skip";
    QTest::newRow("explicit zero requests, newest") << "" << def << beNodes << beExisting << QStringList{"cpu=0,memory=0"}
                                                    << "" << "Skip";
    // a gpu request does not count when only cpu and memory are configured
    QTest::newRow("unconfigured resource only, newest") << "" << def << beNodes << beExisting
                                                        << QStringList{"nvidia.com/gpu=1"} << "" << "Skip";
    // UPSTREAM 5.1 worked example (ovh-0): container cpu 1 / memory 1Gi, overhead 250m / 160Mi, node 2 / 4Gi.
    // v1.26 adds the cpu overhead as 1: 1001/2000 = 0.5005, 1241513984/4294967296 = 0.289063
    //   -> std 0.105719 -> int(89.43) = 89
    QTest::newRow("overhead quirk, 1.26") << "1.26" << def << QStringList{"node1|cpu=2,memory=4Gi"} << QStringList{}
                                          << QStringList{"cpu=1,memory=1Gi"} << "cpu=250m,memory=160Mi" << "node1=89";
    // newest adds 250m: 1250/2000 = 0.625, 0.289063 -> std 0.167969 -> int(83.2) = 83
    QTest::newRow("overhead, newest") << "" << def << QStringList{"node1|cpu=2,memory=4Gi"} << QStringList{}
                                      << QStringList{"cpu=1,memory=1Gi"} << "cpu=250m,memory=160Mi" << "node1=83";
}

void TstBalancedAllocation::score() {
    QFETCH(QString, version);
    QFETCH(QString, resources);
    QFETCH(QStringList, nodes);
    QFETCH(QStringList, existing);
    QFETCH(QStringList, containers);
    QFETCH(QString, overhead);
    QFETCH(QString, expected);

    TestCluster tc(versionOf(version));
    QStringList order;
    for (const QString& n : nodes) {
        const QStringList parts = n.split('|');
        tc.node(parts.value(0).toStdString()).capacity(parts.value(1).toStdString()).add();
        order << parts.value(0);
    }
    int seq = 0;
    for (const QString& e : existing) {
        const QStringList parts = e.split('|');
        PodBuilder pb = tc.pod("existing-" + std::to_string(++seq));
        for (const QString& c : parts.value(1).split(';')) pb.requests(c.toStdString());
        pb.on(parts.value(0).toStdString()).add();
    }
    PodBuilder pb = tc.pod("incoming");
    for (const QString& c : containers) pb.requests(c.toStdString());
    pb.overheadSpec(overhead.toStdString());
    const Pod& pod = pb.add();
    tc.refresh();

    PluginArgs args;
    args.balancedAllocation.resources = resourcesOf(resources);
    NodeResourcesBalancedAllocation pl(args, tc.handle);
    pl.setSlot(0);
    CycleState state(1);
    std::vector<NodeInfo*> infos;
    for (const QString& n : order) infos.push_back(const_cast<NodeInfo*>(&tc.nodeInfo(n.toStdString())));
    // v1.26 has no PreScore for this plugin (the runtime does not call it there); Score must
    // work without one.
    if (tc.version.atLeast(27)) {
        const Status pre = pl.preScore(state, pod, infos);
        if (pre.isSkip()) {
            QCOMPARE(QString("Skip"), expected);
            return;
        }
        QVERIFY(pre.isSuccess());
    }
    QStringList out;
    for (std::size_t i = 0; i < infos.size(); ++i) {
        std::int64_t s = -1;
        QVERIFY(pl.score(state, pod, *infos[i], s).isSuccess());
        out << order[static_cast<qsizetype>(i)] + "=" + QString::number(s);
    }
    QCOMPARE(out.join(' '), expected);
}

void TstBalancedAllocation::formula_data() {
    // The scorer on its own: (requested, allocatable) pairs -> score.
    QTest::addColumn<QList<qint64>>("requested");
    QTest::addColumn<QList<qint64>>("allocatable");
    QTest::addColumn<qint64>("expected");

    // no resources: k = 0 -> std 0 -> 100
    QTest::newRow("k=0") << QList<qint64>{} << QList<qint64>{} << qint64(100);
    // k = 1 -> 100 whatever the fraction
    QTest::newRow("k=1") << QList<qint64>{9} << QList<qint64>{10} << qint64(100);
    // k = 2: |0.75 - 0.25|/2 = 0.25 -> 75
    QTest::newRow("k=2") << QList<qint64>{3, 1} << QList<qint64>{4, 4} << qint64(75);
    // k = 2 with a capped fraction: min(30/10, 1) = 1, 0 -> std 0.5 -> 50
    QTest::newRow("k=2 capped") << QList<qint64>{30, 0} << QList<qint64>{10, 10} << qint64(50);
    // k = 3: fractions 1, 0, 0.5 -> mean 0.5, variance (0.25 + 0.25 + 0)/3 = 1/6,
    // std 0.408248 -> int(59.18) = 59
    QTest::newRow("k=3") << QList<qint64>{10, 0, 5} << QList<qint64>{10, 10, 10} << qint64(59);
    // k = 3 all equal -> 100
    QTest::newRow("k=3 balanced") << QList<qint64>{5, 50, 500} << QList<qint64>{10, 100, 1000} << qint64(100);
}

void TstBalancedAllocation::formula() {
    QFETCH(QList<qint64>, requested);
    QFETCH(QList<qint64>, allocatable);
    QFETCH(qint64, expected);
    AllocationVector a;
    a.count = static_cast<int>(requested.size());
    for (int i = 0; i < a.count; ++i) {
        a.requested[i] = requested[i];
        a.allocatable[i] = allocatable[i];
        a.weight[i] = 1;
    }
    QCOMPARE(qint64(balancedAllocationScore(a)), expected);
}

QTEST_GUILESS_MAIN(TstBalancedAllocation)
#include "tst_balanced_allocation.moc"
