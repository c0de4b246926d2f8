// Workload expansion (src/io/workloads.cpp): the pods each controller creates, their names,
// labels and owners, DaemonSet node pinning and eligibility, admission defaults, determinism.
// Workloads are built in code so the test does not depend on the manifest loader.
#include <QtTest/QtTest>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "core/api/cluster.h"
#include "core/api/version.h"
#include "plan/controllers/names.h"
#include "plan/controllers/workloads.h"

using namespace berth;
using core::Cluster;
using core::Pod;
using core::Sym;
using core::TaintEffect;
using core::Workload;
using core::WorkloadKind;

namespace {

constexpr std::string_view kAlphabet = "bcdfghjklmnpqrstvwxz2456789";

bool inAlphabet(std::string_view s) {
    return std::all_of(s.begin(), s.end(), [](char c) { return kAlphabet.find(c) != std::string_view::npos; });
}

std::string label(const Cluster& c, const core::Labels& labels, std::string_view key) {
    const Sym k = c.pool.find(key);
    if (k == core::kNoSym) return "<absent>";
    const Sym v = labels.get(k);
    return v == core::kNoSym ? "<absent>" : std::string(c.pool.str(v));
}

struct NodeSpec {
    const char* name;
    const char* taintKey = nullptr;  // taint key=value:effect
    const char* taintValue = "";
    TaintEffect effect = TaintEffect::NoSchedule;
    bool cordoned = false;
    const char* role = "";  // label role=<role> when set
};

core::Node& addNode(Cluster& c, const NodeSpec& spec) {
    core::Node n;
    n.name = spec.name;
    n.nameSym = c.pool.intern(spec.name);
    n.labels.set(c.pool.intern("kubernetes.io/hostname"), n.nameSym);
    if (*spec.role) n.labels.set(c.pool.intern("role"), c.pool.intern(spec.role));
    if (spec.taintKey)
        n.taints.push_back(core::Taint{c.pool.intern(spec.taintKey), c.pool.intern(spec.taintValue), spec.effect});
    if (spec.cordoned) {
        n.unschedulable = true;
        n.taints.push_back(
            core::Taint{c.pool.intern("node.kubernetes.io/unschedulable"), core::kEmptySym, TaintEffect::NoSchedule});
    }
    n.allocatable.milliCpu = 8000;
    n.allocatable.memory = 32LL << 30;
    n.allocatable.pods = 110;
    return c.addNode(std::move(n));
}

Workload makeWorkload(Cluster& c, WorkloadKind kind, std::string_view ns, std::string name, std::int32_t replicas) {
    Workload w;
    w.kind = kind;
    w.ns = c.pool.intern(ns);
    w.name = name;
    w.replicas = replicas;
    const Sym app = c.pool.intern("app");
    const Sym value = c.pool.intern(name);
    w.labels.set(app, value);
    w.selector = core::LabelSelector{{core::LabelRequirement{app, core::SelectorOp::In, {value}}}};
    w.podTemplate.labels.set(app, value);
    core::Container ctr;
    ctr.name = "main";
    ctr.image = "registry.example.com/" + name + ":1";
    ctr.requests.milliCpu = 250;
    ctr.requests.memory = 256LL << 20;
    ctr.hasCpuRequest = true;
    ctr.hasMemoryRequest = true;
    w.podTemplate.containers.push_back(ctr);
    w.source.file = "workloads.yaml";
    w.source.line = 1;
    w.source.column = 1;
    return w;
}

std::vector<const Pod*> podsOf(const Cluster& c, std::string_view ownerName) {
    std::vector<const Pod*> out;
    for (const auto& p : c.pods)
        if (!p.ownerReferences.empty() && p.ownerReferences.front().name == ownerName) out.push_back(&p);
    return out;
}

const Workload* findWorkload(const Cluster& c, WorkloadKind kind, std::string_view name) {
    for (const auto& w : c.workloads)
        if (w.kind == kind && w.name == name) return &w;
    return nullptr;
}

/// The `metadata.name In [x]` values of a pod's required node affinity, one per term.
std::vector<std::string> pinnedTo(const Cluster& c, const Pod& p) {
    std::vector<std::string> out;
    if (!p.affinity.node.required) return out;
    for (const auto& term : p.affinity.node.required->terms) {
        if (!term.expressions.empty() || term.fields.size() != 1) {
            out.push_back("<other term>");
            continue;
        }
        const auto& f = term.fields.front();
        if (c.pool.str(f.key) != "metadata.name" || f.op != core::SelectorOp::In || f.values.size() != 1)
            out.push_back("<other field>");
        else
            out.emplace_back(c.pool.str(f.values.front()));
    }
    return out;
}

int countTolerations(const Cluster& c, const Pod& p, std::string_view key, TaintEffect effect,
                     std::optional<std::int64_t> seconds) {
    const Sym k = c.pool.find(key);
    return static_cast<int>(std::count_if(p.tolerations.begin(), p.tolerations.end(), [&](const core::Toleration& t) {
        return t.key == k && t.op == core::TolerationOp::Exists && t.effect == effect && t.seconds == seconds;
    }));
}

/// A cluster with one of every kind, for the determinism checks.
void buildMixedCluster(Cluster& c) {
    addNode(c, {"n1"});
    addNode(c, {"n2", "dedicated", "batch", TaintEffect::NoSchedule});
    addNode(c, {"n3"});
    c.workloads.push_back(makeWorkload(c, WorkloadKind::Deployment, "shop", "web", 4));
    c.workloads.push_back(makeWorkload(c, WorkloadKind::ReplicaSet, "shop", "legacy", 2));
    c.workloads.push_back(makeWorkload(c, WorkloadKind::StatefulSet, "data", "cache", 3));
    Workload job = makeWorkload(c, WorkloadKind::Job, "batch", "report", 2);
    job.selector.reset();
    job.completions = 5;
    c.workloads.push_back(job);
    c.workloads.push_back(makeWorkload(c, WorkloadKind::DaemonSet, "kube-system", "agent", 1));
}

}  // namespace

class TestWorkloads : public QObject {
    Q_OBJECT

private slots:
    void safeEncodeString() {
        // Each byte b maps to alphabet[b % 27]: '0' is 48, 48 % 27 = 21 -> '4', ..., '6' is
        // 54, 54 % 27 = 0 -> 'b'. So a decimal hash uses only "456789bcdf".
        QCOMPARE(plan::safeEncodeString("0123456789"), std::string("456789bcdf"));
        QCOMPARE(plan::safeEncodeString(""), std::string());
    }

    void deterministicUidDigits() {
        // a = splitmix64(seed ^ fnv64("kind/ns/name")), b = splitmix64(a ^ 0x6a09e667f3bcc909),
        // printed as 32 hex digits, digit 12 set to '4' (version) and digit 16 to "89ab"[b >> 62]
        // (variant), grouped 8-4-4-4-12. Seed 7, ReplicaSet default/web-abc: a = 919b63f2a7b273c6,
        // b = 37b8487002bc231f (b >> 62 = 0 -> '8'). Seed 0, Pod default/a: a = 047f8e88c20fe2b8
        // (a leading zero digit), b = f45cea1e19cbd92a (b >> 62 = 3 -> 'b'). Computed outside
        // Berth from the same formulas.
        QCOMPARE(plan::detail::deterministicUid(7, "ReplicaSet", "default", "web-abc"),
                 std::string("919b63f2-a7b2-43c6-87b8-487002bc231f"));
        QCOMPARE(plan::detail::deterministicUid(0, "Pod", "default", "a"),
                 std::string("047f8e88-c20f-42b8-b45c-ea1e19cbd92a"));
        // A pod's uid with its serial: the uid of the name joined with "#" and the number.
        QCOMPARE(plan::detail::deterministicUid(7, "Pod", "default", "web-abc", 12),
                 plan::detail::deterministicUid(7, "Pod", "default", "web-abc#12"));
        QCOMPARE(plan::detail::deterministicUid(0, "Pod", "default", "a", 0),
                 plan::detail::deterministicUid(0, "Pod", "default", "a#0"));
    }

    void deploymentCreatesReplicaSetAndPods() {
        Cluster c;
        c.workloads.push_back(makeWorkload(c, WorkloadKind::Deployment, "shop", "web", 3));
        c.workloads.back().uid = "dep-uid";
        io::Diagnostics diags;
        plan::expandWorkloads(c, 7, diags);
        QVERIFY(diags.items.empty());

        QCOMPARE(c.workloads.size(), std::size_t{2});
        const Workload& rs = c.workloads[1];
        QCOMPARE(rs.kind, WorkloadKind::ReplicaSet);
        QCOMPARE(c.pool.str(rs.ns), std::string_view("shop"));
        const std::string hash = plan::podTemplateHash(c.workloads[0].podTemplate, c.pool);
        // FNV-32a written in decimal: 1 to 10 digits, each encoded as one of "456789bcdf".
        QVERIFY(!hash.empty() && hash.size() <= 10);
        QVERIFY(hash.find_first_not_of("456789bcdf") == std::string::npos);
        QCOMPARE(rs.name, "web-" + hash);
        QCOMPARE(rs.replicas, 3);
        QVERIFY(!rs.uid.empty());
        QCOMPARE(rs.ownerReferences.size(), std::size_t{1});
        QCOMPARE(rs.ownerReferences[0].apiVersion, std::string("apps/v1"));
        QCOMPARE(rs.ownerReferences[0].kind, std::string("Deployment"));
        QCOMPARE(rs.ownerReferences[0].name, std::string("web"));
        QCOMPARE(rs.ownerReferences[0].uid, std::string("dep-uid"));
        QVERIFY(rs.ownerReferences[0].controller);
        QCOMPARE(label(c, rs.labels, "pod-template-hash"), hash);
        QCOMPARE(label(c, rs.podTemplate.labels, "pod-template-hash"), hash);
        // The ReplicaSet selects its own template's pods only: app=web AND pod-template-hash.
        QVERIFY(rs.selector.has_value());
        QCOMPARE(rs.selector->requirements.size(), std::size_t{2});
        QVERIFY(rs.selector->matches(rs.podTemplate.labels));

        QCOMPARE(c.pods.size(), std::size_t{3});
        std::set<std::string> names;
        std::set<std::string> uids;
        for (const auto& p : c.pods) {
            // <rs-name>-<5 characters of the alphabet>
            QCOMPARE(p.name.size(), rs.name.size() + 6);
            QVERIFY(p.name.rfind(rs.name + "-", 0) == 0);
            QVERIFY(inAlphabet(std::string_view(p.name).substr(rs.name.size() + 1)));
            QCOMPARE(p.generateName, rs.name + "-");
            QCOMPARE(c.pool.str(p.ns), std::string_view("shop"));
            QCOMPARE(label(c, p.labels, "app"), std::string("web"));
            QCOMPARE(label(c, p.labels, "pod-template-hash"), hash);
            QCOMPARE(p.ownerReferences.size(), std::size_t{1});
            QCOMPARE(p.ownerReferences[0].apiVersion, std::string("apps/v1"));
            QCOMPARE(p.ownerReferences[0].kind, std::string("ReplicaSet"));
            QCOMPARE(p.ownerReferences[0].name, rs.name);
            QCOMPARE(p.ownerReferences[0].uid, rs.uid);
            QVERIFY(p.ownerReferences[0].controller);
            QCOMPARE(p.phase, core::PodPhase::Pending);
            QCOMPARE(p.nodeName, core::kEmptySym);
            // computeDerived ran: one container of 250m / 256Mi.
            QCOMPARE(p.derived.requests.milliCpu, std::int64_t{250});
            QCOMPARE(p.derived.requests.memory, std::int64_t{256} << 20);
            QCOMPARE(p.source.file, std::string("workloads.yaml"));
            // uid: 8-4-4-4-12 hex, version 4
            QCOMPARE(p.uid.size(), std::size_t{36});
            QCOMPARE(p.uid[14], '4');
            names.insert(p.name);
            uids.insert(p.uid);
        }
        QCOMPARE(names.size(), std::size_t{3});
        QCOMPARE(uids.size(), std::size_t{3});
        for (std::size_t i = 0; i < c.pods.size(); ++i) QCOMPARE(c.pods[i].id, std::uint32_t(i));
    }

    void templateChangeChangesHash() {
        Cluster c;
        c.workloads.push_back(makeWorkload(c, WorkloadKind::Deployment, "shop", "web", 1));
        Workload other = makeWorkload(c, WorkloadKind::Deployment, "shop", "web", 1);
        const std::string before = plan::podTemplateHash(other.podTemplate, c.pool);
        QCOMPARE(plan::podTemplateHash(c.workloads[0].podTemplate, c.pool), before);
        other.podTemplate.containers[0].image = "registry.example.com/web:2";
        QVERIFY(plan::podTemplateHash(other.podTemplate, c.pool) != before);
        other.podTemplate.containers[0].image = "registry.example.com/web:1";
        other.podTemplate.containers[0].requests.milliCpu = 500;
        QVERIFY(plan::podTemplateHash(other.podTemplate, c.pool) != before);
    }

    void replicaSetAndReplicationController_data() {
        // clang-format off
    // (table rows keep their hand alignment)
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("apiVersion");
        QTest::addColumn<QString>("kindName");
        QTest::newRow("ReplicaSet") << int(WorkloadKind::ReplicaSet) << "apps/v1" << "ReplicaSet";
        QTest::newRow("ReplicationController") << int(WorkloadKind::ReplicationController) << "v1"
                                               << "ReplicationController";
    }
    void replicaSetAndReplicationController() {
        QFETCH(int, kind);
        QFETCH(QString, apiVersion);
        QFETCH(QString, kindName);
        Cluster c;
        c.workloads.push_back(makeWorkload(c, WorkloadKind(kind), "default", "frontend", 4));
        io::Diagnostics diags;
        plan::expandWorkloads(c, 1, diags);
        QCOMPARE(c.workloads.size(), std::size_t{1});  // no extra objects
        QVERIFY(!c.workloads[0].uid.empty());            // a deterministic uid was assigned
        QCOMPARE(c.pods.size(), std::size_t{4});
        for (const auto& p : c.pods) {
            QCOMPARE(p.name.size(), std::string("frontend-").size() + 5);
            QVERIFY(p.name.rfind("frontend-", 0) == 0);
            QVERIFY(inAlphabet(std::string_view(p.name).substr(9)));
            QCOMPARE(label(c, p.labels, "app"), std::string("frontend"));
            QCOMPARE(label(c, p.labels, "pod-template-hash"), std::string("<absent>"));
            QCOMPARE(QString::fromStdString(p.ownerReferences.at(0).apiVersion), apiVersion);
            QCOMPARE(QString::fromStdString(p.ownerReferences.at(0).kind), kindName);
            QCOMPARE(p.ownerReferences.at(0).name, std::string("frontend"));
            QCOMPARE(p.ownerReferences.at(0).uid, c.workloads[0].uid);
        }
    }

    void statefulSet_data() {
        QTest::addColumn<int>("minor");
        QTest::addColumn<bool>("podIndexLabel");
        QTest::newRow("newest") << core::KubeVersion::newest().minor << true;
        QTest::newRow("1.28: PodIndexLabel beta, on") << 28 << true;
        QTest::newRow("1.26: no pod-index label") << 26 << false;
    }
    void statefulSet() {
        QFETCH(int, minor);
        QFETCH(bool, podIndexLabel);
        Cluster c;
        c.workloads.push_back(makeWorkload(c, WorkloadKind::StatefulSet, "data", "cache", 3));
        io::Diagnostics diags;
        plan::expandWorkloads(c, 1, core::KubeVersion{1, minor}, diags);
        QCOMPARE(c.pods.size(), std::size_t{3});
        const std::string revision = "cache-" + plan::podTemplateHash(c.workloads[0].podTemplate, c.pool);
        for (int i = 0; i < 3; ++i) {
            const Pod& p = c.pods[std::size_t(i)];
            QCOMPARE(p.name, "cache-" + std::to_string(i));
            QCOMPARE(p.generateName, std::string());
            QCOMPARE(label(c, p.labels, "app"), std::string("cache"));
            QCOMPARE(label(c, p.labels, "statefulset.kubernetes.io/pod-name"), p.name);
            QCOMPARE(label(c, p.labels, "apps.kubernetes.io/pod-index"),
                     podIndexLabel ? std::to_string(i) : std::string("<absent>"));
            QCOMPARE(label(c, p.labels, "controller-revision-hash"), revision);
            QCOMPARE(p.ownerReferences.at(0).kind, std::string("StatefulSet"));
            QCOMPARE(p.ownerReferences.at(0).apiVersion, std::string("apps/v1"));
        }
    }

    void jobPodCount_data() {
        QTest::addColumn<int>("parallelism");
        QTest::addColumn<int>("completions");
        QTest::addColumn<int>("expected");
        // min(parallelism, completions); completions < 0 is nil: parallelism pods.
        QTest::newRow("parallelism 3, completions 2 -> 2") << 3 << 2 << 2;
        QTest::newRow("parallelism 2, completions 5 -> 2") << 2 << 5 << 2;
        QTest::newRow("parallelism 1, completions 1 -> 1") << 1 << 1 << 1;
        QTest::newRow("parallelism 4, completions nil -> 4") << 4 << -1 << 4;
        QTest::newRow("completions 0 -> 0") << 3 << 0 << 0;
        QTest::newRow("parallelism 0 (suspended-like) -> 0") << 0 << 5 << 0;
    }
    void jobPodCount() {
        QFETCH(int, parallelism);
        QFETCH(int, completions);
        QFETCH(int, expected);
        Cluster c;
        Workload job = makeWorkload(c, WorkloadKind::Job, "batch", "report", parallelism);
        job.completions = completions;
        c.workloads.push_back(job);
        io::Diagnostics diags;
        plan::expandWorkloads(c, 3, diags);
        QCOMPARE(int(c.pods.size()), expected);
    }

    void jobLabels_data() {
        QTest::addColumn<int>("minor");
        QTest::addColumn<bool>("prefixed");
        QTest::newRow("newest: both label sets") << core::KubeVersion::newest().minor << true;
        QTest::newRow("1.27: both label sets") << 27 << true;
        QTest::newRow("1.26: controller-uid and job-name only") << 26 << false;
    }
    void jobLabels() {
        QFETCH(int, minor);
        QFETCH(bool, prefixed);
        Cluster c;
        Workload job = makeWorkload(c, WorkloadKind::Job, "batch", "report", 2);
        job.selector.reset();  // the usual case: the API generates it
        job.uid = "job-uid-1";
        job.completions = 4;
        c.workloads.push_back(job);
        io::Diagnostics diags;
        plan::expandWorkloads(c, 3, core::KubeVersion{1, minor}, diags);
        QCOMPARE(c.pods.size(), std::size_t{2});
        const std::string absent = "<absent>";
        for (const auto& p : c.pods) {
            QVERIFY(p.name.rfind("report-", 0) == 0);
            QCOMPARE(p.name.size(), std::size_t{12});
            QCOMPARE(label(c, p.labels, "app"), std::string("report"));
            QCOMPARE(label(c, p.labels, "controller-uid"), std::string("job-uid-1"));
            QCOMPARE(label(c, p.labels, "job-name"), std::string("report"));
            QCOMPARE(label(c, p.labels, "batch.kubernetes.io/controller-uid"), prefixed ? "job-uid-1" : absent);
            QCOMPARE(label(c, p.labels, "batch.kubernetes.io/job-name"), prefixed ? "report" : absent);
            QCOMPARE(p.ownerReferences.at(0).apiVersion, std::string("batch/v1"));
            QCOMPARE(p.ownerReferences.at(0).kind, std::string("Job"));
            QCOMPARE(p.ownerReferences.at(0).uid, std::string("job-uid-1"));
            // The generated selector selects the job's pods.
            QVERIFY(c.workloads[0].selector.has_value());
            QVERIFY(c.workloads[0].selector->matches(p.labels));
        }
    }

    void daemonSetEligibility_data() {
        QTest::addColumn<bool>("tolerateAll");
        QTest::addColumn<QString>("nodeSelectorRole");
        QTest::addColumn<QStringList>("expectedNodes");
        // Nodes: plain; dedicated=batch:NoSchedule; cordoned (unschedulable taint, tolerated by
        // the daemon default); gpu=true:NoExecute with role=gpu; PreferNoSchedule (ignored);
        // role=gpu without taints.
        QTest::newRow("template tolerates nothing")
            << false << "" << QStringList{"plain", "cordoned", "soft", "gpu-free"};
        QTest::newRow("template tolerates everything")
            << true << "" << QStringList{"plain", "batch", "cordoned", "gpu", "soft", "gpu-free"};
        QTest::newRow("nodeSelector role=gpu") << false << "gpu" << QStringList{"gpu-free"};
        QTest::newRow("nodeSelector role=gpu, tolerates everything")
            << true << "gpu" << QStringList{"gpu", "gpu-free"};
    }
    void daemonSetEligibility() {
        QFETCH(bool, tolerateAll);
        QFETCH(QString, nodeSelectorRole);
        QFETCH(QStringList, expectedNodes);
        Cluster c;
        addNode(c, {"plain"});
        addNode(c, {"batch", "dedicated", "batch", TaintEffect::NoSchedule});
        addNode(c, {"cordoned", nullptr, "", TaintEffect::NoSchedule, true});
        addNode(c, {"gpu", "gpu", "true", TaintEffect::NoExecute, false, "gpu"});
        addNode(c, {"soft", "spot", "true", TaintEffect::PreferNoSchedule});
        addNode(c, {"gpu-free", nullptr, "", TaintEffect::NoSchedule, false, "gpu"});
        addNode(c, {"removed"});
        c.nodeRemoved.back() = true;

        Workload ds = makeWorkload(c, WorkloadKind::DaemonSet, "kube-system", "agent", 1);
        if (tolerateAll) {
            core::Toleration all;
            all.op = core::TolerationOp::Exists;
            ds.podTemplate.tolerations.push_back(all);
        }
        if (!nodeSelectorRole.isEmpty())
            ds.podTemplate.nodeSelector.set(c.pool.intern("role"), c.pool.intern(nodeSelectorRole.toStdString()));
        // A preferred term survives; the required terms are replaced by the node pin.
        core::PreferredSchedulingTerm pref;
        pref.weight = 10;
        pref.term.expressions.push_back({c.pool.intern("role"), core::SelectorOp::Exists, {}, 0});
        ds.podTemplate.affinity.node.preferred.push_back(pref);
        c.workloads.push_back(ds);

        io::Diagnostics diags;
        plan::expandWorkloads(c, 5, diags);
        QStringList pinned;
        for (const auto& p : c.pods) {
            const auto to = pinnedTo(c, p);
            QCOMPARE(to.size(), std::size_t{1});
            pinned << QString::fromStdString(to[0]);
            QVERIFY(p.name.rfind("agent-", 0) == 0);
            QCOMPARE(p.name.size(), std::size_t{11});
            QCOMPARE(p.nodeName, core::kEmptySym);  // the scheduler binds DaemonSet pods
            QCOMPARE(p.affinity.node.preferred.size(), std::size_t{1});
            QCOMPARE(p.ownerReferences.at(0).kind, std::string("DaemonSet"));
            QVERIFY(label(c, p.labels, "controller-revision-hash") != "<absent>");
            QCOMPARE(label(c, p.labels, "pod-template-generation"), std::string("1"));
            // The daemon controller's tolerations, once each; DefaultTolerationSeconds then
            // adds nothing (not-ready and unreachable are already tolerated, forever).
            QCOMPARE(countTolerations(c, p, "node.kubernetes.io/not-ready", TaintEffect::NoExecute, std::nullopt), 1);
            QCOMPARE(countTolerations(c, p, "node.kubernetes.io/unreachable", TaintEffect::NoExecute, std::nullopt), 1);
            for (const char* k : {"node.kubernetes.io/disk-pressure", "node.kubernetes.io/memory-pressure",
                                  "node.kubernetes.io/pid-pressure", "node.kubernetes.io/unschedulable"})
                QCOMPARE(countTolerations(c, p, k, TaintEffect::NoSchedule, std::nullopt), 1);
            QCOMPARE(int(p.tolerations.size()), 6 + (tolerateAll ? 1 : 0));
        }
        QCOMPARE(pinned, expectedNodes);
    }

    void daemonSetKeepsOwnedPods() {
        // A pod the DaemonSet already runs on n1 (as a dump would hold it): only n2 gets one.
        Cluster c;
        addNode(c, {"n1"});
        addNode(c, {"n2"});
        Workload ds = makeWorkload(c, WorkloadKind::DaemonSet, "kube-system", "agent", 1);
        ds.uid = "ds-uid";
        c.workloads.push_back(ds);
        Pod existing = ds.podTemplate;
        existing.name = "agent-abcde";
        existing.ns = ds.ns;
        existing.nodeName = c.pool.intern("n1");
        existing.phase = core::PodPhase::Running;
        existing.ownerReferences = {{"apps/v1", "DaemonSet", "agent", "ds-uid", true}};
        c.addPod(existing);
        io::Diagnostics diags;
        plan::expandWorkloads(c, 5, diags);
        QCOMPARE(c.pods.size(), std::size_t{2});
        QCOMPARE(pinnedTo(c, c.pods[1]), std::vector<std::string>{"n2"});
    }

    void replicaSetCountsThePodsOfItsUid_data() {
        QTest::addColumn<QString>("uid");
        QTest::addColumn<int>("made");
        // Three running pods name ReplicaSet web as their controller: one with uid-old (an
        // earlier object of that name), one with uid-new, one with no uid. The ReplicaSet
        // wants 3 and owns the pods whose uid is its own or absent.
        QTest::newRow("uid-new: owns 2 (new, none), makes 1") << "uid-new" << 1;
        QTest::newRow("uid-old: owns 2 (old, none), makes 1") << "uid-old" << 1;
        QTest::newRow("a uid no pod carries: owns 1 (none), makes 2") << "uid-other" << 2;
        // No uid: the expansion gives it a deterministic one, which no pod carries either.
        QTest::newRow("no uid: a derived one, owns 1 (none), makes 2") << "" << 2;
    }

    void replicaSetCountsThePodsOfItsUid() {
        QFETCH(QString, uid);
        QFETCH(int, made);
        Cluster c;
        addNode(c, {"n1"});
        Workload rs = makeWorkload(c, WorkloadKind::ReplicaSet, "ns", "web", 3);
        rs.uid = uid.toStdString();
        c.workloads.push_back(rs);
        for (const char* podUid : {"uid-old", "uid-new", ""}) {
            Pod p = rs.podTemplate;
            p.name = std::string("web-") + (*podUid ? podUid : "none");
            p.ns = rs.ns;
            p.nodeName = c.pool.intern("n1");
            p.phase = core::PodPhase::Running;
            p.ownerReferences = {{"apps/v1", "ReplicaSet", "web", podUid, true}};
            c.addPod(p);
        }
        io::Diagnostics diags;
        plan::expandWorkloads(c, 5, diags);
        QCOMPARE(int(c.pods.size()), 3 + made);
    }

    void admissionPriority() {
        Cluster c;
        c.priorityClasses.push_back({"standard", 1000, true, core::PreemptionPolicy::PreemptLowerPriority, {}});
        c.priorityClasses.push_back({"low-default", 10, true, core::PreemptionPolicy::PreemptLowerPriority, {}});
        c.priorityClasses.push_back({"batch-low", 100, false, core::PreemptionPolicy::Never, {}});
        c.workloads.push_back(makeWorkload(c, WorkloadKind::ReplicaSet, "ns", "plain", 1));
        Workload low = makeWorkload(c, WorkloadKind::ReplicaSet, "ns", "low", 1);
        low.podTemplate.priorityClassName = "batch-low";
        c.workloads.push_back(low);
        Workload sys = makeWorkload(c, WorkloadKind::ReplicaSet, "ns", "sys", 1);
        sys.podTemplate.priorityClassName = "system-node-critical";
        c.workloads.push_back(sys);
        Workload missing = makeWorkload(c, WorkloadKind::ReplicaSet, "ns", "missing", 2);
        missing.podTemplate.priorityClassName = "no-such-class";
        c.workloads.push_back(missing);

        io::Diagnostics diags;
        plan::expandWorkloads(c, 9, diags);
        // No class named: the global default with the highest value.
        const auto plain = podsOf(c, "plain");
        QCOMPARE(plain.size(), std::size_t{1});
        QCOMPARE(plain[0]->priorityClassName, std::string("standard"));
        QCOMPARE(plain[0]->priority, 1000);
        QCOMPARE(plain[0]->preemptionPolicy, core::PreemptionPolicy::PreemptLowerPriority);
        const auto lowPods = podsOf(c, "low");
        QCOMPARE(lowPods.size(), std::size_t{1});
        QCOMPARE(lowPods[0]->priority, 100);
        QCOMPARE(lowPods[0]->preemptionPolicy, core::PreemptionPolicy::Never);
        const auto sysPods = podsOf(c, "sys");
        QCOMPARE(sysPods.size(), std::size_t{1});
        QCOMPARE(sysPods[0]->priority, 2000001000);
        // An unknown class: the API server refuses the pods; a warning names the workload.
        QVERIFY(podsOf(c, "missing").empty());
        QCOMPARE(diags.items.size(), std::size_t{1});
        QCOMPARE(diags.items[0].severity, io::Severity::Warning);
        QCOMPARE(diags.items[0].kind, std::string("ReplicaSet"));
        QCOMPARE(diags.items[0].name, std::string("ns/missing"));
        QVERIFY(diags.items[0].message.find("no-such-class") != std::string::npos);
        QVERIFY(!diags.hasErrors());
    }

    void admissionNoDefaultClass() {
        Cluster c;
        c.workloads.push_back(makeWorkload(c, WorkloadKind::ReplicaSet, "ns", "plain", 1));
        io::Diagnostics diags;
        plan::expandWorkloads(c, 9, diags);
        QCOMPARE(c.pods.size(), std::size_t{1});
        QCOMPARE(c.pods[0].priority, 0);
        QCOMPARE(c.pods[0].priorityClassName, std::string());
    }

    void defaultTolerationSeconds_data() {
        QTest::addColumn<QString>("existingKey");  // "" with exists=true: tolerate every key
        QTest::addColumn<int>("existingEffect");
        QTest::addColumn<bool>("hasExisting");
        QTest::addColumn<int>("addedNotReady");
        QTest::addColumn<int>("addedUnreachable");
        QTest::newRow("none: both added with 300s") << "" << int(TaintEffect::None) << false << 1 << 1;
        QTest::newRow("tolerates every taint: nothing added") << "" << int(TaintEffect::None) << true << 0 << 0;
        QTest::newRow("every key, NoExecute: nothing added") << "" << int(TaintEffect::NoExecute) << true << 0 << 0;
        QTest::newRow("every key, NoSchedule only: both added") << "" << int(TaintEffect::NoSchedule) << true << 1 << 1;
        QTest::newRow("not-ready NoExecute: unreachable added")
            << "node.kubernetes.io/not-ready" << int(TaintEffect::NoExecute) << true << 0 << 1;
        QTest::newRow("unreachable, any effect: not-ready added")
            << "node.kubernetes.io/unreachable" << int(TaintEffect::None) << true << 1 << 0;
    }
    void defaultTolerationSeconds() {
        QFETCH(QString, existingKey);
        QFETCH(int, existingEffect);
        QFETCH(bool, hasExisting);
        QFETCH(int, addedNotReady);
        QFETCH(int, addedUnreachable);
        Cluster c;
        Workload w = makeWorkload(c, WorkloadKind::ReplicaSet, "ns", "app", 1);
        if (hasExisting) {
            core::Toleration t;
            t.key = existingKey.isEmpty() ? core::kEmptySym : c.pool.intern(existingKey.toStdString());
            t.op = core::TolerationOp::Exists;
            t.effect = TaintEffect(existingEffect);
            w.podTemplate.tolerations.push_back(t);
        }
        c.workloads.push_back(w);
        io::Diagnostics diags;
        plan::expandWorkloads(c, 9, diags);
        QCOMPARE(c.pods.size(), std::size_t{1});
        const Pod& p = c.pods[0];
        QCOMPARE(countTolerations(c, p, "node.kubernetes.io/not-ready", TaintEffect::NoExecute, 300), addedNotReady);
        QCOMPARE(countTolerations(c, p, "node.kubernetes.io/unreachable", TaintEffect::NoExecute, 300), addedUnreachable);
        QCOMPARE(int(p.tolerations.size()), (hasExisting ? 1 : 0) + addedNotReady + addedUnreachable);
    }

    void sameSeedSameCluster() {
        Cluster a;
        Cluster b;
        Cluster other;
        buildMixedCluster(a);
        buildMixedCluster(b);
        buildMixedCluster(other);
        io::Diagnostics diags;
        plan::expandWorkloads(a, 42, diags);
        plan::expandWorkloads(b, 42, diags);
        plan::expandWorkloads(other, 43, diags);
        QVERIFY(diags.items.empty());
        // 4 (Deployment) + 2 (ReplicaSet) + 3 (StatefulSet) + 2 (Job) + 2 (DaemonSet: n2 is
        // tainted)
        QCOMPARE(a.pods.size(), std::size_t{13});
        QCOMPARE(b.pods.size(), a.pods.size());
        QCOMPARE(b.workloads.size(), a.workloads.size());
        for (std::size_t i = 0; i < a.workloads.size(); ++i) {
            QCOMPARE(b.workloads[i].name, a.workloads[i].name);
            QCOMPARE(b.workloads[i].uid, a.workloads[i].uid);
        }
        bool anyDifferent = false;
        for (std::size_t i = 0; i < a.pods.size(); ++i) {
            QCOMPARE(b.pods[i].name, a.pods[i].name);
            QCOMPARE(b.pods[i].uid, a.pods[i].uid);
            QCOMPARE(b.pods[i].ownerReferences.at(0).uid, a.pods[i].ownerReferences.at(0).uid);
            QCOMPARE(b.pods[i].labels.size(), a.pods[i].labels.size());
            anyDifferent = anyDifferent || other.pods[i].name != a.pods[i].name;
        }
        // Another seed draws other suffixes; the template hash does not depend on the seed.
        QVERIFY(anyDifferent);
        QCOMPARE(findWorkload(other, WorkloadKind::ReplicaSet, a.workloads.back().name) != nullptr, true);
    }

    void expandingTwiceAddsNothing() {
        Cluster c;
        buildMixedCluster(c);
        io::Diagnostics diags;
        plan::expandWorkloads(c, 42, diags);
        const auto pods = c.pods.size();
        const auto workloads = c.workloads.size();
        plan::expandWorkloads(c, 42, diags);
        QCOMPARE(c.pods.size(), pods);
        QCOMPARE(c.workloads.size(), workloads);
        // Unless pods went away: a deleted ReplicaSet pod is replaced.
        const auto legacy = podsOf(c, "legacy");
        QCOMPARE(legacy.size(), std::size_t{2});
        c.podRemoved[legacy[0]->id] = true;
        plan::expandWorkloads(c, 42, diags);
        QCOMPARE(c.pods.size(), pods + 1);
        const Pod& replacement = c.pods.back();
        QCOMPARE(replacement.ownerReferences.at(0).name, std::string("legacy"));
        // A new object: neither the name nor the uid of the removed pod.
        QVERIFY(replacement.name != legacy[0]->name);
        QVERIFY(replacement.uid != legacy[0]->uid);

        // A StatefulSet pod comes back under its own name, as a new object.
        const Pod* cache1 = c.findPod(c.pool.find("data"), "cache-1");
        QVERIFY(cache1);
        const std::string oldUid = cache1->uid;
        c.podRemoved[cache1->id] = true;
        plan::expandWorkloads(c, 42, diags);
        QCOMPARE(c.pods.size(), pods + 2);
        QCOMPARE(c.pods.back().name, std::string("cache-1"));
        QVERIFY(c.pods.back().uid != oldUid);
        QVERIFY(diags.items.empty());
    }

    void terminatingPodsAreReplaced() {
        // FilterActivePods: a pod being deleted no longer counts towards the replicas.
        Cluster c;
        c.workloads.push_back(makeWorkload(c, WorkloadKind::ReplicaSet, "ns", "app", 2));
        io::Diagnostics diags;
        plan::expandWorkloads(c, 1, diags);
        QCOMPARE(c.pods.size(), std::size_t{2});
        c.pods[0].terminating = true;
        plan::expandWorkloads(c, 1, diags);
        QCOMPARE(c.pods.size(), std::size_t{3});
    }

    void scaleDownRanksPodsAsTheReplicaSetController() {
        // controller.ActivePodsWithRanks: unassigned pods go first, then pods on the node
        // with the most replicas, then the newest.
        Cluster c;
        c.workloads.push_back(makeWorkload(c, WorkloadKind::ReplicaSet, "ns", "app", 5));
        io::Diagnostics diags;
        QVERIFY(plan::expandWorkloads(c, 1, diags).empty());
        QCOMPARE(c.pods.size(), std::size_t{5});
        // Pods 0 and 1 on node-a, 2 and 4 on node-b (two each: equal rank), 3 still pending.
        auto place = [&](std::size_t i, const char* node) {
            c.pods[i].nodeName = c.pool.intern(node);
            c.pods[i].phase = core::PodPhase::Running;
        };
        place(0, "node-a");
        place(1, "node-a");
        place(2, "node-b");
        place(4, "node-b");
        c.workloads[0].replicas = 2;
        const auto surplus = plan::expandWorkloads(c, 1, diags);
        // 3 (unassigned), then among equal ranks the newest: 4, then 2.
        QCOMPARE(surplus, (std::vector<std::uint32_t>{3, 4, 2}));
        QCOMPARE(c.pods.size(), std::size_t{5});  // nothing created
    }

    void scaleDownCondemnsHighestStatefulSetOrdinals() {
        Cluster c;
        c.workloads.push_back(makeWorkload(c, WorkloadKind::StatefulSet, "ns", "db", 4));
        io::Diagnostics diags;
        plan::expandWorkloads(c, 1, diags);
        QCOMPARE(c.pods.size(), std::size_t{4});
        c.workloads[0].replicas = 1;
        const auto surplus = plan::expandWorkloads(c, 1, diags);
        QCOMPARE(surplus.size(), std::size_t{3});
        QCOMPARE(c.pods[surplus[0]].name, std::string("db-3"));
        QCOMPARE(c.pods[surplus[1]].name, std::string("db-2"));
        QCOMPARE(c.pods[surplus[2]].name, std::string("db-1"));
    }

    void deploymentScaleFollowsToItsReplicaSet() {
        Cluster c;
        c.workloads.push_back(makeWorkload(c, WorkloadKind::Deployment, "ns", "web", 2));
        io::Diagnostics diags;
        plan::expandWorkloads(c, 1, diags);
        QCOMPARE(c.pods.size(), std::size_t{2});
        c.workloads[0].replicas = 5;
        QVERIFY(plan::expandWorkloads(c, 1, diags).empty());
        QCOMPARE(c.pods.size(), std::size_t{5});
        QCOMPARE(c.workloads.size(), std::size_t{2});  // the same ReplicaSet
        QCOMPARE(c.workloads[1].replicas, 5);
        c.workloads[0].replicas = 0;
        QCOMPARE(plan::expandWorkloads(c, 1, diags).size(), std::size_t{5});
    }

    // A replicas typo (6000000 for 6) would make millions of pods and take the machine's
    // memory: past kMaxPlannedPods a workload makes none, with an error naming what the user
    // wrote (the Deployment, not its ReplicaSet), its file and line. The others still expand.
    void tooManyPodsIsAnError_data() {
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("named");
        QTest::newRow("Deployment") << static_cast<int>(WorkloadKind::Deployment) << "Deployment ns/huge";
        QTest::newRow("ReplicaSet") << static_cast<int>(WorkloadKind::ReplicaSet) << "ReplicaSet ns/huge";
        QTest::newRow("StatefulSet") << static_cast<int>(WorkloadKind::StatefulSet) << "StatefulSet ns/huge";
        QTest::newRow("Job") << static_cast<int>(WorkloadKind::Job) << "Job ns/huge";
    }
    void tooManyPodsIsAnError() {
        QFETCH(int, kind);
        QFETCH(QString, named);
        Cluster c;
        Workload huge = makeWorkload(c, static_cast<WorkloadKind>(kind), "ns", "huge", 6'000'000);
        huge.completions = 6'000'000;  // a Job runs `parallelism` pods at a time, up to these
        huge.source.line = 7;
        c.workloads.push_back(huge);
        c.workloads.push_back(makeWorkload(c, WorkloadKind::ReplicaSet, "ns", "small", 3));
        io::Diagnostics diags;
        plan::expandWorkloads(c, 1, diags);
        QCOMPARE(c.pods.size(), std::size_t{3});  // only the small one's
        QCOMPARE(diags.items.size(), std::size_t{1});
        const io::Diagnostic& d = diags.items.front();
        QCOMPARE(d.severity, io::Severity::Error);
        QCOMPARE(d.line, 7);
        QCOMPARE(QString::fromStdString(d.kind + " " + d.name), named);
        QVERIFY2(d.message.find("6000000 more pods") != std::string::npos, d.message.c_str());
        QVERIFY2(d.message.find(std::to_string(plan::kMaxPlannedPods)) != std::string::npos, d.message.c_str());
    }

    void lowerJobParallelismDeletesActivePods() {
        Cluster c;
        Workload job = makeWorkload(c, WorkloadKind::Job, "ns", "crunch", 3);
        job.completions = 10;
        c.workloads.push_back(job);
        io::Diagnostics diags;
        plan::expandWorkloads(c, 1, diags);
        QCOMPARE(c.pods.size(), std::size_t{3});
        c.workloads[0].replicas = 1;
        QCOMPARE(plan::expandWorkloads(c, 1, diags).size(), std::size_t{2});
    }

    void longNamesAreCut() {
        // names.SimpleNameGenerator: the "<name>-" prefix is cut to 58 characters, then 5
        // random ones: 63 in all.
        Cluster c;
        const std::string longName(60, 'a');
        c.workloads.push_back(makeWorkload(c, WorkloadKind::ReplicaSet, "ns", longName, 1));
        io::Diagnostics diags;
        plan::expandWorkloads(c, 1, diags);
        QCOMPARE(c.pods.size(), std::size_t{1});
        QCOMPARE(c.pods[0].name.size(), std::size_t{63});
        QCOMPARE(c.pods[0].name.substr(0, 58), longName.substr(0, 58));
    }
};

QTEST_GUILESS_MAIN(TestWorkloads)
#include "tst_workloads.moc"
