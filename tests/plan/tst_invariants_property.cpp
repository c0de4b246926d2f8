// The property test of issue 15: on generated clusters — zones, taints, cordoned nodes, node
// selectors, anti-affinity, topology spread, two priorities (so preemption), budgets, plain and
// bound pods, a drain mid-run — every invariant holds (core/invariant_check.h), and the
// decisions are the same run to run, on one thread and on two, with and without fast paths,
// and with and without the checks.
//
// 1,000 clusters in the dev build (about ten seconds); 100 under the sanitizers. The long run:
//   BERTH_PROPERTY_CLUSTERS=100000 BERTH_PROPERTY_FIRST_SEED=1000 build/dev/tests/tst_plan_invariants_property
// (docs/testing.md records one).

#include <QtTest/QtTest>

#include <string>
#include <vector>

#include "core/simulation.h"
#include "io/manifest_loader.h"
#include "plan/cluster_setup.h"
#include "testlib/random_manifests.h"

using namespace berth;
using testlib::SeededPicks;

namespace {

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
constexpr int kDefaultClusters = 100;  // a sanitizer build runs the loop about ten times slower
#else
constexpr int kDefaultClusters = 1000;
#endif

int envInt(const char* name, int fallback) {
    const QByteArray v = qgetenv(name);
    bool ok = false;
    const int n = v.toInt(&ok);
    return ok && n >= 0 ? n : fallback;
}

std::string podSpecFor(SeededPicks& pick, const std::string& app) {
    std::string spec = "      containers: " + testlib::containers(pick(1, 15) * 100, pick(0, 4) * 256) + "\n";
    if (pick(0, 2) == 0) spec += "      priorityClassName: " + std::string(pick(0, 1) ? "high" : "low") + "\n";
    if (pick(0, 3) == 0)
        spec += "      tolerations: [{key: dedicated, operator: Equal, value: gpu, effect: NoSchedule}]\n";
    if (pick(0, 4) == 0) spec += "      nodeSelector: {disk: ssd}\n";
    if (pick(0, 4) == 0) spec += testlib::hostnameAntiAffinityLine(app);
    if (pick(0, 3) == 0)
        spec += "      topologySpreadConstraints: [{maxSkew: " + std::to_string(pick(1, 2)) +
                ", topologyKey: topology.kubernetes.io/zone, whenUnsatisfiable: " +
                (pick(0, 1) ? "DoNotSchedule" : "ScheduleAnyway") + ", labelSelector: {matchLabels: {app: " + app +
                "}}}]\n";
    return spec;
}

/// One generated cluster: its manifests, and the node a drain takes out mid-run.
struct Generated {
    std::string text;
    std::string drained;
};

Generated generate(int seed) {
    SeededPicks pick(static_cast<std::mt19937::result_type>(seed));
    Generated g;
    std::string& y = g.text;
    y += "apiVersion: scheduling.k8s.io/v1\nkind: PriorityClass\nmetadata: {name: low}\nvalue: 100\n---\n";
    y += "apiVersion: scheduling.k8s.io/v1\nkind: PriorityClass\nmetadata: {name: high}\nvalue: 1000\n---\n";
    const int nodes = pick(2, 10);
    const int zones = pick(1, 3);
    for (int i = 0; i < nodes; ++i) {
        testlib::NodeText n;
        n.name = "node-" + std::to_string(i);
        n.zone = i % zones;
        n.cpu = pick(1, 8);
        n.memory = std::to_string(pick(2, 16)) + "Gi";
        n.pods = pick(0, 3) == 0 ? pick(2, 6) : 110;
        if (pick(0, 2) == 0) n.moreLabels = ", disk: ssd";
        if (pick(0, 4) == 0) n.spec = "taints: [{key: dedicated, value: gpu, effect: NoSchedule}]";
        if (pick(0, 9) == 0) n.spec = "unschedulable: true";
        y += testlib::nodeManifest(n);
    }
    const int deployments = pick(1, 4);
    for (int d = 0; d < deployments; ++d) {
        const std::string app = "app-" + std::to_string(d);
        const int replicas = pick(1, 8);
        y += testlib::deploymentManifest(app, replicas, podSpecFor(pick, app)) + "---\n";
        if (pick(0, 2) == 0)
            y += "apiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata: {name: " + app +
                 ", namespace: default}\nspec: {minAvailable: " + std::to_string(pick(1, replicas)) +
                 ", selector: {matchLabels: {app: " + app + "}}}\n---\n";
    }
    const int plain = pick(0, 5);
    for (int p = 0; p < plain; ++p) {
        const std::string name = "pod-" + std::to_string(p);
        y += "apiVersion: v1\nkind: Pod\nmetadata: {name: " + name + ", namespace: default, labels: {app: plain}}\n" +
             "spec:\n" + podSpecFor(pick, "plain");
        if (pick(0, 3) == 0) y += "      nodeName: node-" + std::to_string(pick(0, nodes - 1)) + "\n";
        y += "---\n";
    }
    g.drained = "node-" + std::to_string(pick(0, nodes - 1));
    return g;
}

struct Variant {
    unsigned threads = 1;
    bool fastPaths = true;
    bool checked = true;  // the invariants checked while it runs
};

/// Runs the cluster with the invariants checked: the run, a drain, the run again. Returns
/// every pod's outcome, one a line; the violations (and load errors) go to `problems`.
QStringList runOnce(const Generated& g, int seed, Variant v, QStringList& problems) {
    const core::KubeVersion version;
    core::Cluster cluster;
    io::LoadResult load;
    io::LoadOptions lo;
    lo.version = version;
    io::loadManifestText(g.text, "cluster.yaml", cluster, load, lo);
    plan::finishLoading(cluster, load, static_cast<std::uint64_t>(seed), version);
    for (const auto& d : load.diagnostics.items)
        if (d.severity == io::Severity::Error) problems << QString::fromStdString(d.toString());
    core::SchedulerOptions so;
    so.version = version;
    so.seed = static_cast<std::uint64_t>(seed);
    so.threads = v.threads;
    so.fastPaths = v.fastPaths;
    so.minSharedNodes = 1;  // share the passes of these small clusters
    core::Simulation sim(cluster, load.config.value_or(core::SchedulerConfiguration{}), so);
    if (v.checked) sim.checkInvariantsWhileRunning();
    std::string error;
    if (!sim.init(error)) {
        problems << QString::fromStdString("init: " + error);
        return {};
    }
    plan::attachControllers(sim, static_cast<std::uint64_t>(seed), version);
    sim.run();
    sim.drain(g.drained);
    sim.run();
    for (const std::string& violation : sim.checkInvariants()) problems << QString::fromStdString(violation);
    QStringList out;
    for (const core::Pod& p : cluster.pods) {
        const core::PodOutcome& o = sim.outcome(p);
        out << QString::fromStdString(cluster.podKey(p) + " " + core::podStateName(o.state) + " " +
                                      std::string(cluster.pool.str(o.node)) + " nominated " +
                                      std::string(cluster.pool.str(o.nominated)) + " attempts " +
                                      std::to_string(o.attempts) + " | " + o.message);
    }
    return out;
}

}  // namespace

class TestInvariantsProperty : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void generatedClusters();
};

void TestInvariantsProperty::generatedClusters() {
    const int clusters = envInt("BERTH_PROPERTY_CLUSTERS", kDefaultClusters);
    const int first = envInt("BERTH_PROPERTY_FIRST_SEED", 1);
    int pods = 0;
    for (int seed = first; seed < first + clusters; ++seed) {
        const Generated g = generate(seed);
        QStringList problems;
        const QStringList base = runOnce(g, seed, {}, problems);
        const QString where = QString("seed %1 (BERTH_PROPERTY_FIRST_SEED=%1 BERTH_PROPERTY_CLUSTERS=1)").arg(seed);
        if (!problems.isEmpty()) QFAIL(qPrintable(where + ": " + problems.join("; ")));
        QVERIFY2(runOnce(g, seed, {}, problems) == base, qPrintable(where + ": a second run decided otherwise"));
        QVERIFY2(runOnce(g, seed, {2, true}, problems) == base, qPrintable(where + ": two threads decided otherwise"));
        QVERIFY2(runOnce(g, seed, {1, false}, problems) == base,
                 qPrintable(where + ": without fast paths it decided otherwise"));
        QVERIFY2(runOnce(g, seed, {1, true, false}, problems) == base,
                 qPrintable(where + ": unchecked it decided otherwise"));
        if (!problems.isEmpty()) QFAIL(qPrintable(where + ": " + problems.join("; ")));
        pods += static_cast<int>(base.size());
    }
    qInfo("%d clusters, %d pods, seeds %d..%d", clusters, pods, first, first + clusters - 1);
}

QTEST_APPLESS_MAIN(TestInvariantsProperty)
#include "tst_invariants_property.moc"
