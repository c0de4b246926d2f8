// The controllers' index kept between reconciles (src/plan/controllers/workload_index.h) and
// WorkloadExpansion over it: every answer must be the one a fresh index of the whole cluster
// gives, which is what each expandWorkloads call used to build.
#include <QtTest/QtTest>

#include <string>
#include <vector>

#include "core/api/cluster.h"
#include "core/api/version.h"
#include "plan/controllers/names.h"
#include "plan/controllers/workload_index.h"
#include "plan/controllers/workloads.h"

using namespace berth;
using core::Cluster;
using core::Pod;
using core::WorkloadKind;
using plan::detail::WorkloadIndex;

namespace {

/// A pod of namespace "ns" named `name`, controlled by ReplicaSet `owner` ("" for none).
const Pod& addPod(Cluster& c, const std::string& name, const std::string& owner = "") {
    Pod p;
    p.ns = c.pool.intern("ns");
    p.name = name;
    p.uid = "uid-" + name + "-" + std::to_string(c.pods.size());
    if (!owner.empty()) p.ownerReferences = {core::OwnerReference{"apps/v1", "ReplicaSet", owner, "", true}};
    return c.addPod(std::move(p));
}

std::vector<std::uint32_t> owned(WorkloadIndex& index, Cluster& c, const char* owner) {
    const auto* ids = index.controlledBy(WorkloadKind::ReplicaSet, c.pool.find("ns"), owner);
    return ids ? *ids : std::vector<std::uint32_t>{};
}

/// The suffixes a generator seeded with `seed` draws first (what every pass starts from).
std::vector<std::string> firstSuffixes(std::uint64_t seed, int n) {
    plan::detail::SuffixGenerator gen(seed);
    std::vector<std::string> out;
    for (int i = 0; i < n; ++i) out.push_back(gen.next());
    return out;
}

core::Workload replicaSet(Cluster& c, const std::string& name, std::int32_t replicas) {
    core::Workload w;
    w.kind = WorkloadKind::ReplicaSet;
    w.ns = c.pool.intern("ns");
    w.name = name;
    w.replicas = replicas;
    const core::Sym app = c.pool.intern("app");
    const core::Sym value = c.pool.intern(name);
    w.selector = core::LabelSelector{{core::LabelRequirement{app, core::SelectorOp::In, {value}}}};
    w.podTemplate.labels.set(app, value);
    return w;
}

}  // namespace

class TestWorkloadIndex : public QObject {
    Q_OBJECT

private slots:
    void ownersCatchUpOnAppendedPods() {
        Cluster c;
        addPod(c, "a-1", "a");  // id 0
        addPod(c, "b-1", "b");  // id 1
        addPod(c, "loose");     // id 2: no controller, in no list
        WorkloadIndex index(7);
        index.startPass(c);
        QCOMPARE(owned(index, c, "a"), (std::vector<std::uint32_t>{0}));
        QCOMPARE(owned(index, c, "b"), (std::vector<std::uint32_t>{1}));
        QVERIFY(!index.controlledBy(WorkloadKind::ReplicaSet, c.pool.find("ns"), "loose"));
        // Pods appended after the pass started (id 3) are counted from the next pass on, as
        // a fresh index made at that pass's start would count them.
        index.podCreated(addPod(c, "a-2", "a"));
        QCOMPARE(owned(index, c, "a"), (std::vector<std::uint32_t>{0}));
        addPod(c, "a-3", "a");  // id 4, appended by someone else between passes
        index.startPass(c);
        QCOMPARE(owned(index, c, "a"), (std::vector<std::uint32_t>{0, 3, 4}));
        // Removed pods drop out of the lists (here id 3), and stay out.
        c.podRemoved[3] = true;
        QCOMPARE(owned(index, c, "a"), (std::vector<std::uint32_t>{0, 4}));
        index.startPass(c);
        QCOMPARE(owned(index, c, "a"), (std::vector<std::uint32_t>{0, 4}));
        // A pod removed before the pass that first sees it (id 5) is in no list.
        addPod(c, "b-2", "b");
        c.podRemoved[5] = true;
        index.startPass(c);
        QCOMPARE(owned(index, c, "b"), (std::vector<std::uint32_t>{1}));
    }

    void removedSucceededPodsStayCounted() {
        // A Job keeps its succeeded pods counted once they are deleted (status.succeeded);
        // the index counts each removed succeeded pod of a controller once, whether it went
        // before the index first saw it or after, as a fresh index would.
        Cluster c;
        addPod(c, "a-1", "a");  // id 0: succeeded, removed before the first pass
        addPod(c, "a-2", "a");  // id 1: succeeded, removed after it
        addPod(c, "a-3", "a");  // id 2: removed while running: not counted
        addPod(c, "a-4", "a");  // id 3: succeeded, still there: in controlledBy, not counted
        c.pods[0].phase = core::PodPhase::Succeeded;
        c.podRemoved[0] = true;
        WorkloadIndex index(7);
        index.startPass(c);
        QCOMPARE(owned(index, c, "a"), (std::vector<std::uint32_t>{1, 2, 3}));
        QCOMPARE(index.removedSucceeded(WorkloadKind::ReplicaSet, c.pool.find("ns"), "a"), std::size_t{1});
        c.pods[1].phase = core::PodPhase::Succeeded;
        c.pods[3].phase = core::PodPhase::Succeeded;
        c.podRemoved[1] = true;
        c.podRemoved[2] = true;
        index.startPass(c);
        QCOMPARE(index.removedSucceeded(WorkloadKind::ReplicaSet, c.pool.find("ns"), "a"), std::size_t{2});
        QCOMPARE(owned(index, c, "a"), (std::vector<std::uint32_t>{3}));  // asked again: still 2
        QCOMPARE(index.removedSucceeded(WorkloadKind::ReplicaSet, c.pool.find("ns"), "a"), std::size_t{2});
        WorkloadIndex fresh(7);
        fresh.startPass(c);
        QCOMPARE(fresh.removedSucceeded(WorkloadKind::ReplicaSet, c.pool.find("ns"), "a"), std::size_t{2});
        QCOMPARE(fresh.removedSucceeded(WorkloadKind::ReplicaSet, c.pool.find("ns"), "b"), std::size_t{0});
    }

    void namesStayTakenOnceRemoved() {
        Cluster c;
        const core::Sym ns = c.pool.intern("ns");
        addPod(c, "db-0", "db");  // id 0
        WorkloadIndex index(7);
        index.startPass(c);
        QVERIFY(index.nameTaken(ns, "db-0"));
        QVERIFY(index.nameLive(ns, "db-0"));
        QVERIFY(!index.nameTaken(ns, "db-1"));
        QVERIFY(!index.nameTaken(c.pool.intern("other"), "db-0"));  // names are per namespace
        c.podRemoved[0] = true;
        QVERIFY(index.nameTaken(ns, "db-0"));
        QVERIFY(!index.nameLive(ns, "db-0"));
        // A StatefulSet pod recreated under the name (id 1) makes it live again; removing
        // that one leaves both removed.
        index.podCreated(addPod(c, "db-0", "db"));
        QVERIFY(index.nameLive(ns, "db-0"));
        c.podRemoved[1] = true;
        QVERIFY(!index.nameLive(ns, "db-0"));
        index.startPass(c);
        QVERIFY(!index.nameLive(ns, "db-0"));
        QVERIFY(index.nameTaken(ns, "db-0"));
    }

    void generatedNamesFollowAFreshGeneratorPerPass() {
        // s0..s5: what a generator seeded 7 draws. Each pass draws from s0 again, one suffix
        // after the other across all prefixes, and skips a name already taken.
        const auto s = firstSuffixes(7, 6);
        Cluster c;
        const core::Sym ns = c.pool.intern("ns");
        addPod(c, "web-" + s[0], "web");
        addPod(c, "web-" + s[2], "web");
        WorkloadIndex index(7);
        index.startPass(c);
        // web-s0 is taken: s1. Then from s2: web-s2 is taken: s3. Then db- from s4.
        std::string name = index.generateName(ns, "web-");
        QCOMPARE(name, "web-" + s[1]);
        index.podCreated(addPod(c, name, "web"));
        name = index.generateName(ns, "web-");
        QCOMPARE(name, "web-" + s[3]);
        index.podCreated(addPod(c, name, "web"));
        name = index.generateName(ns, "db-");
        QCOMPARE(name, "db-" + s[4]);
        index.podCreated(addPod(c, name, "db"));
        // The next pass starts over: web-s0..s3 are all taken, so web- gets s4; db- then
        // draws from s5.
        index.startPass(c);
        name = index.generateName(ns, "web-");
        QCOMPARE(name, "web-" + s[4]);
        index.podCreated(addPod(c, name, "web"));
        QCOMPARE(index.generateName(ns, "db-"), "db-" + s[5]);
        // A name generated but never used stays free: the same pass's next call moves on
        // (s0 for api-, then s1), and the next pass offers s0 again.
        index.startPass(c);
        QCOMPARE(index.generateName(ns, "api-"), "api-" + s[0]);
        QCOMPARE(index.generateName(ns, "api-"), "api-" + s[1]);
        index.startPass(c);
        QCOMPARE(index.generateName(ns, "api-"), "api-" + s[0]);
        // A prefix longer than 58 characters is cut there (names.go), 63 in all.
        const std::string longPrefix(60, 'x');
        QCOMPARE(index.generateName(ns, longPrefix), std::string(58, 'x') + s[1]);
    }

    void startsOverForAnotherOrCutBackCluster() {
        Cluster c;
        const core::Sym ns = c.pool.intern("ns");
        addPod(c, "a-1", "a");
        addPod(c, "a-2", "a");
        WorkloadIndex index(7);
        index.startPass(c);
        QCOMPARE(owned(index, c, "a"), (std::vector<std::uint32_t>{0, 1}));
        // Cut back to one pod (a template read and dropped) and grown again with another
        // pod at id 1: the index must not keep a-2.
        c.pods.resize(1);
        c.podRemoved.resize(1);
        addPod(c, "b-1", "b");
        index.startPass(c);
        QCOMPARE(owned(index, c, "a"), (std::vector<std::uint32_t>{0}));
        QCOMPARE(owned(index, c, "b"), (std::vector<std::uint32_t>{1}));
        QVERIFY(!index.nameTaken(ns, "a-2"));
        // Another cluster: only its own pods.
        Cluster other;
        addPod(other, "c-1", "c");
        index.startPass(other);
        QCOMPARE(owned(index, other, "c"), (std::vector<std::uint32_t>{0}));
        QVERIFY(!index.controlledBy(WorkloadKind::ReplicaSet, other.pool.find("ns"), "a"));
    }

    // The kept expansion against a fresh expandWorkloads per call, on twin clusters put
    // through the same evictions and scale changes: the same pods, names, uids and surplus.
    void keptExpansionEqualsFreshExpansion() {
        Cluster kept;
        Cluster fresh;
        for (Cluster* c : {&kept, &fresh}) {
            c->workloads.push_back(replicaSet(*c, "web", 6));
            c->workloads.push_back(replicaSet(*c, "api", 3));
        }
        plan::WorkloadExpansion expansion(11, core::KubeVersion::newest());
        io::Diagnostics diags;
        auto step = [&](auto&& edit) {
            edit(kept);
            edit(fresh);
            const auto a = expansion.expand(kept, diags);
            const auto b = plan::expandWorkloads(fresh, 11, diags);
            QCOMPARE(a, b);
            for (std::uint32_t id : a) kept.podRemoved[id] = fresh.podRemoved[id] = true;
            QCOMPARE(kept.pods.size(), fresh.pods.size());
            for (std::size_t i = 0; i < kept.pods.size(); ++i) {
                QCOMPARE(kept.pods[i].name, fresh.pods[i].name);
                QCOMPARE(kept.pods[i].uid, fresh.pods[i].uid);
            }
        };
        step([](Cluster&) {});                                    // 6 + 3 pods
        step([](Cluster& c) { c.podRemoved[0] = true; });         // web-0 evicted: one more
        step([](Cluster& c) { c.podRemoved[7] = true; });         // an api pod: one more
        step([](Cluster& c) { c.workloads[0].replicas = 40; });   // 34 more web pods
        step([](Cluster& c) { c.workloads[0].replicas = 2; });    // 38 surplus
        step([](Cluster& c) { c.pods[8].terminating = true; });   // replaced
        QCOMPARE(kept.pods.size(), std::size_t{6 + 3 + 1 + 1 + 34 + 1});
        QVERIFY(diags.items.empty());
    }
};

QTEST_GUILESS_MAIN(TestWorkloadIndex)
#include "tst_workload_index.moc"
