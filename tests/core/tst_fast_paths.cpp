// The scheduler's fast paths (incremental per-node counts kept between cycles by
// PodTopologySpread and InterPodAffinity, issue 6) must not change any decision: the same
// generated clusters are run with SchedulerOptions::fastPaths on and off, and every pod's
// outcome (state, node, nomination, message, attempts) must be identical. The shapes are those
// of `berthctl generate`, smaller; the edits mid-run (labels changed, a node removed, one
// added) make the kept counts go stale, which the generation check must notice.

#include <QtTest/QtTest>

#include <sstream>
#include <string>
#include <vector>

#include "cli/generate.h"
#include "core/simulation.h"
#include "io/manifest_loader.h"
#include "plan/controllers/workloads.h"

using namespace berth;

namespace {

struct Run {
    std::vector<std::string> outcomes;  // one line per pod
    core::RunStats stats;
};

// `shape`: a generate variant, then optionally "interleaved" (pod i of workload i mod 10) and
// "bound=N" (N running pods of the same workloads), e.g. "basic interleaved bound=2000".
std::string generated(int nodes, int pods, int zones, const QString& shape) {
    const QStringList words = shape.split(' ', Qt::SkipEmptyParts);
    cli::GenerateOptions g;
    g.nodes = nodes;
    g.pods = pods;
    g.zones = zones;
    g.variant = words.value(0).toStdString();
    for (const QString& w : words.mid(1)) {
        if (w == "interleaved")
            g.interleave = true;
        else if (w.startsWith("bound="))
            g.bound = w.mid(6).toInt();
        else
            qFatal("unknown shape word %s", qPrintable(w));
    }
    std::ostringstream out;
    cli::generateCluster(g, out);
    return out.str();
}

// `threads`: SchedulerOptions::threads. `taintEvery`: every n-th node gets a NoSchedule taint
// no pod tolerates, its own key, so that its reason text is new to the string pool.
Run runOnce(const std::string& text, const core::KubeVersion& version, std::optional<std::int32_t> percentage,
            bool fastPaths, bool edits, unsigned threads = 1, int taintEvery = 0) {
    core::Cluster cluster;
    io::LoadResult load;
    io::LoadOptions lo;
    lo.version = version;
    io::loadManifestText(text, "generated.yaml", cluster, load, lo);
    io::addImplicitNamespaces(cluster);
    plan::expandWorkloads(cluster, 7, version, load.diagnostics);
    for (int i = 0; taintEvery > 0 && i < static_cast<int>(cluster.nodes.size()); i += taintEvery) {
        const std::string key = "example.com/taint-" + std::to_string(i);
        cluster.nodes[static_cast<std::size_t>(i)].taints.push_back(
            core::Taint{cluster.pool.intern(key), cluster.pool.intern("x"), core::TaintEffect::NoSchedule});
    }
    core::SchedulerOptions so;
    so.version = version;
    so.seed = 7;  // random tie-breaks: the rng must be drawn the same way too
    so.percentageOfNodesToScore = percentage;
    so.fastPaths = fastPaths;
    so.threads = threads;
    so.minSharedNodes = 64;  // share the passes of these small clusters too
    core::Simulation sim(cluster, core::SchedulerConfiguration{}, so);
    std::string error;
    if (!sim.init(error)) qFatal("init: %s", error.c_str());
    Run r;
    if (edits) {
        // A third of the pods, then edits that change nodes the kept counts cover.
        for (std::size_t i = 0; i < cluster.pods.size() / 3; ++i) sim.step();
        sim.updateNode("node-3", [&](core::Node& n) {
            n.labels.set(cluster.pool.intern("topology.kubernetes.io/zone"), cluster.pool.intern("zone-x"));
        });
        sim.removeNode("node-5");
        core::Node extra = cluster.nodes[1];
        extra.name = "node-extra";
        extra.nameSym = cluster.pool.intern("node-extra");
        extra.labels.set(cluster.pool.intern("kubernetes.io/hostname"), extra.nameSym);
        sim.addNode(extra);
        r.stats = sim.run();
    } else {
        r.stats = sim.runSinglePass();
    }
    for (const auto& p : cluster.pods) {
        const auto& o = sim.outcome(p);
        r.outcomes.push_back(p.name + " " + core::podStateName(o.state) + " " + std::string(cluster.pool.str(o.node)) +
                             " " + std::string(cluster.pool.str(o.nominated)) + " " + std::to_string(o.attempts) + " " +
                             o.message);
    }
    return r;
}

}  // namespace

class TestFastPaths : public QObject {
    Q_OBJECT

private slots:
    void identicalDecisions_data() {
        // clang-format off
    // (table rows keep their hand alignment)
        QTest::addColumn<int>("nodes");
        QTest::addColumn<int>("pods");
        QTest::addColumn<int>("zones");
        QTest::addColumn<QString>("variant");
        QTest::addColumn<QString>("version");
        QTest::addColumn<int>("percentage");  // 0: adaptive
        QTest::addColumn<bool>("edits");
        // Adaptive on 200 nodes looks at all of them (fewer than 100 * 100 / 50); 100% too.
        QTest::newRow("basic") << 200 << 1000 << 3 << "basic" << "1.35" << 0 << false;
        QTest::newRow("basic 1.26") << 200 << 1000 << 3 << "basic" << "1.26" << 100 << false;
        QTest::newRow("anti-affinity") << 200 << 1000 << 3 << "anti-affinity" << "1.35" << 0 << false;
        QTest::newRow("anti-affinity 1.26") << 200 << 1000 << 3 << "anti-affinity" << "1.26" << 0 << false;
        QTest::newRow("spread") << 200 << 1000 << 3 << "spread" << "1.35" << 0 << false;
        // More pods than anti-affinity allows (10 sets x 60 > 50 nodes): failures, requeues.
        QTest::newRow("anti-affinity full") << 50 << 600 << 3 << "anti-affinity" << "1.35" << 0 << true;
        QTest::newRow("basic edits") << 150 << 600 << 4 << "basic" << "1.35" << 0 << true;
        QTest::newRow("spread edits") << 150 << 600 << 3 << "spread" << "1.35" << 0 << true;
        // 1.37: BalancedAllocation's change-of-balance score (>= 1.36) from kept scores.
        QTest::newRow("basic 1.37") << 200 << 1000 << 3 << "basic" << "1.37" << 0 << false;
        QTest::newRow("basic edits 1.37") << 150 << 600 << 4 << "basic" << "1.37" << 0 << true;
        // Issue 19: workloads interleaved in the queue (each kept count and score set is found
        // again a few cycles later), the mixed shapes, and running clusters with bound pods.
        QTest::newRow("basic interleaved") << 200 << 1000 << 3 << "basic interleaved" << "1.35" << 0 << false;
        QTest::newRow("basic interleaved 1.26") << 200 << 1000 << 3 << "basic interleaved" << "1.26" << 100 << false;
        QTest::newRow("spread interleaved") << 150 << 600 << 3 << "spread interleaved" << "1.35" << 0 << true;
        QTest::newRow("anti-affinity interleaved") << 50 << 600 << 3 << "anti-affinity interleaved" << "1.35" << 0 << true;
        QTest::newRow("mixed") << 200 << 1000 << 3 << "mixed" << "1.37" << 0 << false;
        QTest::newRow("mixed 1.26") << 200 << 1000 << 3 << "mixed" << "1.26" << 100 << false;
        QTest::newRow("mixed edits") << 150 << 600 << 4 << "mixed" << "1.35" << 0 << true;
        QTest::newRow("running cluster") << 200 << 600 << 3 << "basic interleaved bound=2000" << "1.37" << 100 << false;
        QTest::newRow("mixed running cluster") << 150 << 600 << 3 << "mixed bound=1500" << "1.35" << 0 << true;
        // Issue 14: more pods than the nodes hold (150 nodes hold 12,012 of these pods, 120 nodes
        // 9,147 interleaved). The kept Filter verdicts (filter_verdict_cache.h) pass over the full
        // nodes, stop after 100 feasible ones (adaptive on 150 nodes) and give the pods that fit
        // nowhere every node's reasons.
        QTest::newRow("full cluster") << 150 << 12300 << 3 << "basic" << "1.37" << 0 << false;
#if !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__)
        // Under the sanitizers one full-cluster row: the slow path of each took minutes there.
        QTest::newRow("full cluster 1.26") << 150 << 12300 << 3 << "basic" << "1.26" << 0 << false;
        QTest::newRow("full cluster interleaved edits") << 120 << 9400 << 3 << "basic interleaved" << "1.35" << 0 << true;
#endif
    }
    void identicalDecisions() {
        QFETCH(int, nodes);
        QFETCH(int, pods);
        QFETCH(int, zones);
        QFETCH(QString, variant);
        QFETCH(QString, version);
        QFETCH(int, percentage);
        QFETCH(bool, edits);
        const std::string text = generated(nodes, pods, zones, variant);
        const core::KubeVersion v = *core::KubeVersion::parse(version.toStdString());
        const std::optional<std::int32_t> pct = percentage ? std::optional<std::int32_t>(percentage) : std::nullopt;
        const Run fast = runOnce(text, v, pct, true, edits);
        const Run slow = runOnce(text, v, pct, false, edits);
        QCOMPARE(fast.stats.attempts, slow.stats.attempts);
        QCOMPARE(fast.stats.scheduled, slow.stats.scheduled);
        QCOMPARE(fast.outcomes.size(), slow.outcomes.size());
        for (std::size_t i = 0; i < fast.outcomes.size(); ++i)
            QCOMPARE(QString::fromStdString(fast.outcomes[i]), QString::fromStdString(slow.outcomes[i]));
        QVERIFY(fast.stats.scheduled > 0);
    }

    // A cycle's Filter and Score passes split over threads (SchedulerOptions::threads) must
    // decide as one thread does: the same nodes found, the same stop and next start index, the
    // same scores and rng draws. The passes are shared from 64 nodes on (minSharedNodes), so
    // that blocks of two or more 256-node parts go to the workers; three threads on a
    // two-core machine also interleave them. Registered a
    // second time as core/fast_paths_threads, the ThreadSanitizer pass of test.sh.
    void sameDecisionsOnThreads_data() {
        QTest::addColumn<int>("nodes");
        QTest::addColumn<int>("pods");
        QTest::addColumn<QString>("variant");
        QTest::addColumn<QString>("version");
        QTest::addColumn<int>("percentage");  // 0: adaptive
        QTest::addColumn<int>("taintEvery");
        QTest::addColumn<bool>("edits");
        QTest::newRow("basic adaptive") << 300 << 600 << "basic" << "1.35" << 0 << 0 << false;
        QTest::newRow("basic every node") << 300 << 600 << "basic" << "1.35" << 100 << 0 << false;
        // Per-taint reasons (before 1.35) a worker cannot intern: those nodes are filtered again.
        // Every node tainted: each pod's message counts the reasons of all of them.
        QTest::newRow("tainted 1.34") << 300 << 30 << "basic" << "1.34" << 0 << 1 << false;
        QTest::newRow("some tainted 1.34") << 300 << 600 << "basic" << "1.34" << 0 << 7 << false;
        QTest::newRow("spread") << 300 << 600 << "spread" << "1.35" << 0 << 0 << false;
        // Nodes that fail (a pod of the same set is there), and node edits mid-run.
        QTest::newRow("anti-affinity edits") << 260 << 300 << "anti-affinity" << "1.35" << 0 << 0 << true;
        QTest::newRow("mixed") << 300 << 600 << "mixed" << "1.35" << 0 << 0 << false;
        QTest::newRow("running cluster every node") << 300 << 600 << "basic interleaved bound=3000" << "1.35" << 100 << 0
                                                    << false;
    }
    void sameDecisionsOnThreads() {
        QFETCH(int, nodes);
        QFETCH(int, pods);
        QFETCH(QString, variant);
        QFETCH(QString, version);
        QFETCH(int, percentage);
        QFETCH(int, taintEvery);
        QFETCH(bool, edits);
        const std::string text = generated(nodes, pods, 3, variant);
        const core::KubeVersion v = *core::KubeVersion::parse(version.toStdString());
        const std::optional<std::int32_t> pct = percentage ? std::optional<std::int32_t>(percentage) : std::nullopt;
        const Run one = runOnce(text, v, pct, true, edits, 1, taintEvery);
        const Run three = runOnce(text, v, pct, true, edits, 3, taintEvery);
        QCOMPARE(three.stats.attempts, one.stats.attempts);
        QCOMPARE(three.stats.scheduled, one.stats.scheduled);
        QCOMPARE(three.outcomes.size(), one.outcomes.size());
        for (std::size_t i = 0; i < one.outcomes.size(); ++i)
            QCOMPARE(QString::fromStdString(three.outcomes[i]), QString::fromStdString(one.outcomes[i]));
    }
};

QTEST_GUILESS_MAIN(TestFastPaths)
#include "tst_fast_paths.moc"
