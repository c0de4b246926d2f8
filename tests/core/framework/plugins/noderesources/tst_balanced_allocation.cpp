// NodeResourcesBalancedAllocation and the shared resource-allocation machinery: the std-dev
// formula for 2 and 3 resources, fractions capped at 1, fewer than two resources -> 100, real
// (not non-zero) requests, best-effort pods (v1.26 scored, >= 1.33 PreScore Skip), the v1.26
// overhead quirk (UPSTREAM 5.1 worked example: 89) and the >= 1.36 score of the change of
// balance (PR #135573, balanced_allocation.go balancedResourceScorer). Rows follow upstream's
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
    void changeFormula_data();
    void changeFormula();
};

void TstBalancedAllocation::score_data() {
    // clang-format off
    // (table rows keep their hand alignment)
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
    QTest::newRow("differently sized nodes") << "1.35" << def
                                             << QStringList{"node1|cpu=4000m,memory=10000", "node2|cpu=6000m,memory=10000"}
                                             << QStringList{} << cpuAndMemoryPod << "" << "node1=87 node2=100";
    // node1 (cpuOnly there): 6000/10000 = 0.6, 5000/20000 = 0.25 -> std 0.175 -> 82
    // node2 (cpuAndMemory there): 0.6, 10000/20000 = 0.5 -> std 0.05 -> 95
    QTest::newRow("pods scheduled with resources")
        << "1.35" << def << QStringList{"node1|cpu=10000m,memory=20000", "node2|cpu=10000m,memory=20000"}
        << QStringList{"node1|" + cpuOnly, "node2|" + cpuAndMemory} << cpuAndMemoryPod << "" << "node1=82 node2=95";
    // node2 memory 50000: 0.6, 10000/50000 = 0.2 -> std 0.2 -> 80
    QTest::newRow("pods scheduled, differently sized nodes")
        << "1.35" << def << QStringList{"node1|cpu=10000m,memory=20000", "node2|cpu=10000m,memory=50000"}
        << QStringList{"node1|" + cpuOnly, "node2|" + cpuAndMemory} << cpuAndMemoryPod << "" << "node1=82 node2=80";
    // node1: 6000/6000 = 1, 0/10000 = 0 -> std 0.5 -> 50; node2: 1, 5000/10000 -> std 0.25 -> 75
    QTest::newRow("requested at node capacity")
        << "1.35" << def << QStringList{"node1|cpu=6000m,memory=10000", "node2|cpu=6000m,memory=10000"}
        << QStringList{"node1|" + cpuOnly, "node2|" + cpuAndMemory} << cpuOnlyPod << "" << "node1=50 node2=75";
    // over-committed: cpu (3000+1000)/2000 = 2 is capped at 1; memory 5000/10000 = 0.5
    // -> std 0.25 -> 75 (uncapped it would be |2-0.5|/2 = 0.75 -> 25)
    QTest::newRow("fraction capped at 1") << "1.35" << def << QStringList{"node1|cpu=2000m,memory=10000"}
                                          << QStringList{"node1|cpu=3000m,memory=0"}
                                          << QStringList{"cpu=1000m,memory=5000"} << "" << "node1=75";
    // three resources, pod asks memory 0 + gpu 1 (cpu 0):
    // node1 (cpuAndMemory + gpu 3 there): 3000/3500 = 0.857143, 5000/40000 = 0.125, 4/8 = 0.5;
    //   mean 0.494048, variance (0.131838 + 0.136196 + 0.000035)/3 = 0.089357, std 0.298925 -> 70
    // node2 (cpuAndMemory there): 0.857143, 0.125, 1/8 = 0.125; mean 0.369048,
    //   variance (0.238237 + 0.059559 + 0.059559)/3 = 0.119118, std 0.345135 -> 65
    QTest::newRow("three resources with a scalar")
        << "1.35" << gpu3 << QStringList{"node1|cpu=3500m,memory=40000,nvidia.com/gpu=8", "node2|cpu=3500m,memory=40000,nvidia.com/gpu=8"}
        << QStringList{"node1|cpu=1000m,memory=2000;cpu=2000m,memory=3000,nvidia.com/gpu=3", "node2|" + cpuAndMemory}
        << QStringList{"memory=0,nvidia.com/gpu=1"} << "" << "node1=70 node2=65";
    // the pod requests no gpu: skipped on both nodes, 3000/3500 = 0.857143 and 5000/40000 = 0.125
    // -> std 0.366071 -> 63 (with or without gpu on the node)
    QTest::newRow("unrequested scalar skipped")
        << "1.35" << gpu3 << QStringList{"node1|cpu=3500m,memory=40000,nvidia.com/gpu=8", "node2|cpu=3500m,memory=40000"}
        << QStringList{} << cpuAndMemoryPod << "" << "node1=63 node2=63";
    // only cpu configured: one fraction, k < 2 -> std 0 -> 100
    QTest::newRow("one resource gives 100") << "1.35" << "cpu:1" << QStringList{"node1|cpu=4000m,memory=10000"}
                                            << QStringList{} << QStringList{"cpu=3000m,memory=1000"} << "" << "node1=100";
    // memory allocatable 0 -> memory skipped, k = 1 -> 100
    QTest::newRow("zero allocatable leaves one resource") << "1.35" << def << QStringList{"node1|cpu=4000m"} << QStringList{}
                                                          << QStringList{"cpu=3000m,memory=1000"} << "" << "node1=100";
    // real requests, no non-zero default: cpu 0/4000 = 0, memory 5000/10000 = 0.5 -> std 0.25 -> 75
    QTest::newRow("real requests, no non-zero default") << "1.35" << def << QStringList{"node1|cpu=4000m,memory=10000"}
                                                        << QStringList{} << QStringList{"memory=5000"} << "" << "node1=75";
    // >= 1.36 (PR #135573): score = 50 + (50 + B_with - B_without) / 2 (integer division), with
    // B the balance above computed with and without the incoming pod's requests.
    // node1: with 87 (above); without 0/4000, 0/10000 -> std 0 -> 100; 50 + (50+87-100)/2 =
    //   50 + 37/2 = 68. node2: with 100, without 100 -> 50 + 50/2 = 75 (no change).
    QTest::newRow("differently sized nodes, 1.36") << "1.36" << def
                                                   << QStringList{"node1|cpu=4000m,memory=10000", "node2|cpu=6000m,memory=10000"}
                                                   << QStringList{} << cpuAndMemoryPod << "" << "node1=68 node2=75";
    // node1: with 82; without 3000/10000 = 0.3, 0/20000 = 0 -> std 0.15 -> 85;
    //   50 + (50+82-85)/2 = 50 + 47/2 = 73.
    // node2: with 95; without 0.3, 5000/20000 = 0.25 -> std 0.025 -> int(97.5) = 97;
    //   50 + (50+95-97)/2 = 50 + 48/2 = 74.
    QTest::newRow("pods scheduled with resources, newest")
        << "" << def << QStringList{"node1|cpu=10000m,memory=20000", "node2|cpu=10000m,memory=20000"}
        << QStringList{"node1|" + cpuOnly, "node2|" + cpuAndMemory} << cpuAndMemoryPod << "" << "node1=73 node2=74";
    // Different balances after, same change: node1 with 50, without 3000/6000 = 0.5, 0 -> 75:
    //   50 + (50+50-75)/2 = 50 + 25/2 = 62; node2 with 75, without 0.5, 0.5 -> 100:
    //   50 + (50+75-100)/2 = 62.
    QTest::newRow("requested at node capacity, newest")
        << "" << def << QStringList{"node1|cpu=6000m,memory=10000", "node2|cpu=6000m,memory=10000"}
        << QStringList{"node1|" + cpuOnly, "node2|" + cpuAndMemory} << cpuOnlyPod << "" << "node1=62 node2=62";
    // the capped row: with 75; without min(3000/2000, 1) = 1, 0 -> 50; the pod improves the
    // balance: 50 + (50+75-50)/2 = 50 + 75/2 = 87.
    QTest::newRow("fraction capped at 1, newest") << "" << def << QStringList{"node1|cpu=2000m,memory=10000"}
                                                  << QStringList{"node1|cpu=3000m,memory=0"}
                                                  << QStringList{"cpu=1000m,memory=5000"} << "" << "node1=87";
    // the three-resource row: node1 with 70; without 0.857143, 0.125, 3/8 = 0.375, mean 0.452381,
    //   variance (0.163832 + 0.107178 + 0.005988)/3 = 0.092333, std 0.303863 -> 69;
    //   50 + (50+70-69)/2 = 50 + 51/2 = 75.
    // node2 with 65; without 0.857143, 0.125, 0/8 = 0, mean 0.327381,
    //   variance (0.280648 + 0.040958 + 0.107178)/3 = 0.142928, std 0.378058 -> 62;
    //   50 + (50+65-62)/2 = 50 + 53/2 = 76.
    QTest::newRow("three resources with a scalar, newest")
        << "" << gpu3 << QStringList{"node1|cpu=3500m,memory=40000,nvidia.com/gpu=8", "node2|cpu=3500m,memory=40000,nvidia.com/gpu=8"}
        << QStringList{"node1|cpu=1000m,memory=2000;cpu=2000m,memory=3000,nvidia.com/gpu=3", "node2|" + cpuAndMemory}
        << QStringList{"memory=0,nvidia.com/gpu=1"} << "" << "node1=75 node2=76";
    // extremes: the pod fills the empty resource of a one-sided node (without 4000/4000 = 1, 0
    // -> 50; with 1, 1 -> 100): 50 + (50+100-50)/2 = 100; the pod unbalances an empty node
    // (without 100; with 1, 0 -> 50): 50 + (50+50-100)/2 = 50.
    QTest::newRow("balance restored, newest") << "" << def << QStringList{"node1|cpu=4000m,memory=4000"}
                                              << QStringList{"node1|cpu=4000m,memory=0"}
                                              << QStringList{"memory=4000"} << "" << "node1=100";
    QTest::newRow("balance destroyed, newest") << "" << def << QStringList{"node1|cpu=4000m,memory=4000"}
                                               << QStringList{} << QStringList{"cpu=4000m,memory=0"} << "" << "node1=50";
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
    // >= 1.27 adds 250m: 1250/2000 = 0.625, 0.289063 -> std 0.167969 -> int(83.2) = 83
    QTest::newRow("overhead, newest") << "1.35" << def << QStringList{"node1|cpu=2,memory=4Gi"} << QStringList{}
                                      << QStringList{"cpu=1,memory=1Gi"} << "cpu=250m,memory=160Mi" << "node1=83";
    // clang-format on
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
    // clang-format off
    // (table rows keep their hand alignment)
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
    // clang-format on
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

void TstBalancedAllocation::changeFormula_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    // balancedAllocationChangeScore on its own (>= 1.36): (requested, allocated, allocatable).
    QTest::addColumn<QList<qint64>>("requested");
    QTest::addColumn<QList<qint64>>("allocated");
    QTest::addColumn<QList<qint64>>("allocatable");
    QTest::addColumn<qint64>("expected");

    // k = 0 and k = 1: both balances 100 -> 50 + 50/2 = 75
    QTest::newRow("k=0") << QList<qint64>{} << QList<qint64>{} << QList<qint64>{} << qint64(75);
    QTest::newRow("k=1") << QList<qint64>{9} << QList<qint64>{1} << QList<qint64>{10} << qint64(75);
    // k = 2: with |0.75-0.25|/2 -> 75, without |0.25-0.25|/2 -> 100: 50 + (50+75-100)/2 = 62
    QTest::newRow("k=2 worse") << QList<qint64>{3, 1} << QList<qint64>{1, 1} << QList<qint64>{4, 4} << qint64(62);
    // k = 2, the reverse: with 100, without 75: 50 + (50+100-75)/2 = 50 + 75/2 = 87
    QTest::newRow("k=2 better") << QList<qint64>{3, 3} << QList<qint64>{3, 1} << QList<qint64>{4, 4} << qint64(87);
    // k = 3: with 1, 0, 0.5 -> 59 (formula row above); without 0, 0, 0 -> 100:
    // 50 + (50+59-100)/2 = 50 + 9/2 = 54
    QTest::newRow("k=3") << QList<qint64>{10, 0, 5} << QList<qint64>{0, 0, 0} << QList<qint64>{10, 10, 10}
                         << qint64(54);
    // k = 3: with 1, 1, 0.5 -> mean 5/6, variance (1/36 + 1/36 + 4/36)/3 = 1/18, std 0.235702
    // -> 76; without 1, 0, 0.5 -> 59: 50 + (50+76-59)/2 = 50 + 67/2 = 83
    QTest::newRow("k=3 better") << QList<qint64>{10, 10, 5} << QList<qint64>{10, 0, 5} << QList<qint64>{10, 10, 10}
                                << qint64(83);
    // clang-format on
}

void TstBalancedAllocation::changeFormula() {
    QFETCH(QList<qint64>, requested);
    QFETCH(QList<qint64>, allocated);
    QFETCH(QList<qint64>, allocatable);
    QFETCH(qint64, expected);
    AllocationVector a;
    a.count = static_cast<int>(requested.size());
    for (int i = 0; i < a.count; ++i) {
        a.requested[i] = requested[i];
        a.allocated[i] = allocated[i];
        a.allocatable[i] = allocatable[i];
        a.weight[i] = 1;
    }
    QCOMPARE(qint64(balancedAllocationChangeScore(a)), expected);
}

QTEST_GUILESS_MAIN(TstBalancedAllocation)
#include "tst_balanced_allocation.moc"
