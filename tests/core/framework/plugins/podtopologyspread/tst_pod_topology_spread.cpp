// PodTopologySpread: PreFilter/Filter skew arithmetic, PreScore/Score/NormalizeScore, default
// constraints, inclusion policies, AddPod/RemovePod, and the v1.26 differences (UPSTREAM 4.11,
// 5.6, 0.1 rows 11 and 19). Every expected number is derived in the row's comment.

#include <QtTest/QtTest>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "core/framework/plugins/podtopologyspread/pod_topology_spread.h"
#include "testlib/builders.h"
#include "testlib/plugin_rows.h"

using namespace berth::core;
using namespace berth::testlib;

namespace {

constexpr std::string_view kZone = "topology.kubernetes.io/zone";
constexpr std::string_view kHost = "kubernetes.io/hostname";

TopologySpreadConstraint spread(TestCluster& tc, int maxSkew, std::string_view key, UnsatisfiableAction action,
                                std::optional<LabelSelector> selector) {
    TopologySpreadConstraint c;
    c.maxSkew = maxSkew;
    c.topologyKey = tc.sym(key);
    c.whenUnsatisfiable = action;
    c.selector = std::move(selector);
    return c;
}

TopologySpreadConstraint hard(TestCluster& tc, int maxSkew, std::string_view key, std::string_view app) {
    return spread(tc, maxSkew, key, UnsatisfiableAction::DoNotSchedule, tc.selector({{"app", app}}));
}

TopologySpreadConstraint soft(TestCluster& tc, int maxSkew, std::string_view key, std::string_view app) {
    return spread(tc, maxSkew, key, UnsatisfiableAction::ScheduleAnyway, tc.selector({{"app", app}}));
}

void addPods(TestCluster& tc, std::string_view node, int n, std::string_view app, std::string_view ns = "default") {
    static int seq = 0;
    for (int i = 0; i < n; ++i) tc.pod("e" + std::to_string(++seq)).ns(ns).label("app", app).on(node).add();
}

std::unique_ptr<PodTopologySpread> makePlugin(TestCluster& tc, const PluginArgs& args = {}) {
    auto pl = std::make_unique<PodTopologySpread>(args, tc.handle);
    pl->setSlot(0);
    return pl;
}

}  // namespace

class TstPodTopologySpread : public QObject {
    Q_OBJECT

private slots:
    void hardSkew_data();
    void hardSkew();
    void hardMinDomains_data();
    void hardMinDomains();
    void hardMatchLabelKeys_data();
    void hardMatchLabelKeys();
    void hardCountsOnlyLivePodsOfTheNamespace();
    void emptySelectorCountsNoPods_data();
    void emptySelectorCountsNoPods();
    void inclusionPolicies_data();
    void inclusionPolicies();
    void filterReasons();
    void invalidSelectorIsAnError();
    void preFilterWithoutHardConstraints_data();
    void preFilterWithoutHardConstraints();
    void addAndRemovePod();
    void cloneIsIndependent();
    void softScoring_data();
    void softScoring();
    void softInclusionPolicy_data();
    void softInclusionPolicy();
    void noSoftConstraints_data();
    void noSoftConstraints();
    void systemDefaults_data();
    void systemDefaults();
    void listDefaulting();
};

// Topology for the hard rows: zone a = {n1, n2}, b = {n3}, c = {n4}; n5 has no zone label.
// Existing app=x pods: n1 x2, n2 x1, n3 x1, n5 x1 -> zone counts a=3, b=1, c=0 (n5 lacks the
// key, so its pod counts nowhere); global minimum 0. Hostname domains: n1=2 n2=1 n3=1 n4=0 n5=1.
void TstPodTopologySpread::hardSkew_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    QTest::addColumn<QString>("key");
    QTest::addColumn<int>("maxSkew");
    QTest::addColumn<QString>("incomingApp");
    QTest::addColumn<QString>("expected");
    // skew = count + selfMatch(1) - 0: a 4 > 1, b 2 > 1, c 1 <= 1; n5 lacks zone -> UU.
    QTest::newRow("zone maxSkew 1") << "zone" << 1 << "x" << "n1=U n2=U n3=U n4=ok n5=UU";
    // a 4 > 2, b 2 <= 2, c 1.
    QTest::newRow("zone maxSkew 2") << "zone" << 2 << "x" << "n1=U n2=U n3=ok n4=ok n5=UU";
    // selfMatch 0 (incoming app=y): a 3 > 1, b 1, c 0.
    QTest::newRow("zone, no self match") << "zone" << 1 << "y" << "n1=U n2=U n3=ok n4=ok n5=UU";
    // a 4 <= 4: every zoned node passes.
    QTest::newRow("zone maxSkew 4") << "zone" << 4 << "x" << "n1=ok n2=ok n3=ok n4=ok n5=UU";
    // hostname, min 0 (n4): n1 2+1=3, n2 2, n3 2, n4 1, n5 1+1=2; only n4 within 1.
    QTest::newRow("hostname maxSkew 1") << "host" << 1 << "x" << "n1=U n2=U n3=U n4=ok n5=U";
    // clang-format on
}

void TstPodTopologySpread::hardSkew() {
    QFETCH(QString, key);
    QFETCH(int, maxSkew);
    QFETCH(QString, incomingApp);
    QFETCH(QString, expected);
    for (int minor : {26, 35}) {
        TestCluster tc(KubeVersion{1, minor});
        tc.node("n1").cpu("4").label(kZone, "a").add();
        tc.node("n2").cpu("4").label(kZone, "a").add();
        tc.node("n3").cpu("4").label(kZone, "b").add();
        tc.node("n4").cpu("4").label(kZone, "c").add();
        tc.node("n5").cpu("4").add();
        addPods(tc, "n1", 2, "x");
        addPods(tc, "n2", 1, "x");
        addPods(tc, "n3", 1, "x");
        addPods(tc, "n5", 1, "x");
        auto b = tc.pod("in");
        b.label("app", incomingApp.toStdString());
        b.raw().topologySpreadConstraints = {hard(tc, maxSkew, key == "zone" ? kZone : kHost, "x")};
        const Pod& pod = b.add();
        tc.refresh();
        auto pl = makePlugin(tc);
        CycleState state(1);
        PreFilterResult r;
        QVERIFY(pl->preFilter(state, pod, r).isSuccess());
        QVERIFY(r.allNodes());
        QCOMPARE(filterAll(tc, *pl, state, pod), expected);
    }
}

// n1 zone a, n2 zone b, one app=x pod on each: 2 domains, minimum 1. maxSkew 1, self match.
void TstPodTopologySpread::hardMinDomains_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    QTest::addColumn<int>("minor");
    QTest::addColumn<int>("minDomains");  // 0 = unset
    QTest::addColumn<QString>("expected");
    // 2 domains < 3 -> minimum taken as 0: skew 1+1-0 = 2 > 1 everywhere.
    QTest::newRow("newest, minDomains 3") << 35 << 3 << "n1=U n2=U";
    QTest::newRow("1.27, minDomains 3") << 27 << 3 << "n1=U n2=U";
    // v1.26 ignores minDomains: skew 1+1-1 = 1.
    QTest::newRow("1.26, minDomains 3 ignored") << 26 << 3 << "n1=ok n2=ok";
    // 2 domains >= 2: minimum stays 1 -> skew 1.
    QTest::newRow("newest, minDomains 2") << 35 << 2 << "n1=ok n2=ok";
    QTest::newRow("newest, unset") << 35 << 0 << "n1=ok n2=ok";
    // clang-format on
}

void TstPodTopologySpread::hardMinDomains() {
    QFETCH(int, minor);
    QFETCH(int, minDomains);
    QFETCH(QString, expected);
    TestCluster tc(KubeVersion{1, minor});
    tc.node("n1").cpu("4").label(kZone, "a").add();
    tc.node("n2").cpu("4").label(kZone, "b").add();
    addPods(tc, "n1", 1, "x");
    addPods(tc, "n2", 1, "x");
    auto b = tc.pod("in");
    b.label("app", "x");
    auto c = hard(tc, 1, kZone, "x");
    if (minDomains > 0) c.minDomains = minDomains;
    b.raw().topologySpreadConstraints = {c};
    const Pod& pod = b.add();
    tc.refresh();
    auto pl = makePlugin(tc);
    CycleState state(1);
    PreFilterResult r;
    QVERIFY(pl->preFilter(state, pod, r).isSuccess());
    QCOMPARE(filterAll(tc, *pl, state, pod), expected);
}

// n1 zone a: two app=x,version=v1 pods; n2 zone b: one app=x,version=v2 pod. The incoming pod
// is app=x,version=v2 with matchLabelKeys [version].
void TstPodTopologySpread::hardMatchLabelKeys_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    QTest::addColumn<int>("minor");
    QTest::addColumn<QString>("expected");
    // Selector becomes app=x,version=v2: a=0, b=1, min 0 -> n1 0+1 = 1, n2 1+1 = 2 > 1.
    QTest::newRow("newest merges the key") << 35 << "n1=ok n2=U";
    // v1.26 ignores matchLabelKeys: a=2, b=1, min 1 -> n1 2+1-1 = 2 > 1, n2 1+1-1 = 1.
    QTest::newRow("1.26 ignores it") << 26 << "n1=U n2=ok";
    // clang-format on
}

void TstPodTopologySpread::hardMatchLabelKeys() {
    QFETCH(int, minor);
    QFETCH(QString, expected);
    TestCluster tc(KubeVersion{1, minor});
    tc.node("n1").cpu("4").label(kZone, "a").add();
    tc.node("n2").cpu("4").label(kZone, "b").add();
    tc.pod("v1a").label("app", "x").label("version", "v1").on("n1").add();
    tc.pod("v1b").label("app", "x").label("version", "v1").on("n1").add();
    tc.pod("v2a").label("app", "x").label("version", "v2").on("n2").add();
    auto b = tc.pod("in");
    b.label("app", "x").label("version", "v2");
    auto c = hard(tc, 1, kZone, "x");
    c.matchLabelKeys = {tc.sym("version")};
    b.raw().topologySpreadConstraints = {c};
    const Pod& pod = b.add();
    tc.refresh();
    auto pl = makePlugin(tc);
    CycleState state(1);
    PreFilterResult r;
    QVERIFY(pl->preFilter(state, pod, r).isSuccess());
    QCOMPARE(filterAll(tc, *pl, state, pod), expected);
}

// n1 zone a holds an app=x pod of namespace "other" and a terminating app=x pod; n2 zone b one
// live app=x pod. Counted: a=0, b=1, min 0 -> n1 0+1 = 1 ok, n2 1+1 = 2 > 1. (Counting the
// two ignored pods would give a=2 and reject n1.)
void TstPodTopologySpread::hardCountsOnlyLivePodsOfTheNamespace() {
    TestCluster tc;
    tc.node("n1").cpu("4").label(kZone, "a").add();
    tc.node("n2").cpu("4").label(kZone, "b").add();
    addPods(tc, "n1", 1, "x", "other");
    tc.pod("dying").label("app", "x").terminating().on("n1").add();
    addPods(tc, "n2", 1, "x");
    auto b = tc.pod("in");
    b.label("app", "x");
    b.raw().topologySpreadConstraints = {hard(tc, 1, kZone, "x")};
    const Pod& pod = b.add();
    tc.refresh();
    auto pl = makePlugin(tc);
    CycleState state(1);
    PreFilterResult r;
    QVERIFY(pl->preFilter(state, pod, r).isSuccess());
    QCOMPARE(filterAll(tc, *pl, state, pod), QString("n1=ok n2=U"));
}

// `labelSelector: {}` (no requirements: labels.Everything()). n1 holds two pods, n2 none;
// hostname, maxSkew 1; the incoming pod matches the selector (selfMatch 1).
// >= 1.27 countPodsMatchSelector returns 0 for an Empty() selector (common.go, PR #116607):
// n1 0, n2 0, min 0 -> n1 0+1-0 = 1 ok, n2 1 ok. Found by the differential test (seed 14).
// v1.26 counts every pod: n1 2, n2 0, min 0 -> n1 2+1-0 = 3 > 1 (U), n2 1 ok.
void TstPodTopologySpread::emptySelectorCountsNoPods_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    QTest::addColumn<int>("minor");
    QTest::addColumn<QString>("expected");
    QTest::newRow("newest counts none") << 37 << "n1=ok n2=ok";
    QTest::newRow("1.27 counts none") << 27 << "n1=ok n2=ok";
    QTest::newRow("1.26 counts all") << 26 << "n1=U n2=ok";
    // clang-format on
}

void TstPodTopologySpread::emptySelectorCountsNoPods() {
    QFETCH(int, minor);
    QFETCH(QString, expected);
    TestCluster tc(KubeVersion{1, minor});
    tc.node("n1").cpu("4").label(kHost, "n1").add();
    tc.node("n2").cpu("4").label(kHost, "n2").add();
    addPods(tc, "n1", 2, "x");
    auto b = tc.pod("in");
    b.label("app", "y");
    b.raw().topologySpreadConstraints = {spread(tc, 1, kHost, UnsatisfiableAction::DoNotSchedule, LabelSelector{})};
    const Pod& pod = b.add();
    tc.refresh();
    auto pl = makePlugin(tc);
    CycleState state(1);
    PreFilterResult r;
    QVERIFY(pl->preFilter(state, pod, r).isSuccess());
    QCOMPARE(filterAll(tc, *pl, state, pod), expected);
}

// n1 zone a disk=ssd, n2 zone b disk=ssd, n3 zone c tainted dedicated=gpu:NoSchedule; one
// app=x pod on n1 and on n2. Incoming app=x, zone maxSkew 1.
// Domain c (count 0) is counted only when n3 passes the constraint's inclusion policies;
// counted -> min 0 -> n1, n2 skew 2 (U), n3 1 (ok); not counted -> min 1 -> n1, n2 skew 1 and
// n3 0+1-1 = 0, all ok (n3 is then rejected by other plugins, not by this one).
void TstPodTopologySpread::inclusionPolicies_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    QTest::addColumn<int>("minor");
    QTest::addColumn<bool>("nodeSelector");  // pod selects disk=ssd (n3 does not match)
    QTest::addColumn<bool>("tolerates");     // pod tolerates dedicated=gpu
    QTest::addColumn<QString>("affinityPolicy");
    QTest::addColumn<QString>("taintsPolicy");
    QTest::addColumn<QString>("expected");
    QTest::newRow("affinity Honor (default) excludes n3") << 35 << true << false << "" << "" << "n1=ok n2=ok n3=ok";
    QTest::newRow("affinity Ignore counts n3") << 35 << true << false << "Ignore" << "" << "n1=U n2=U n3=ok";
    QTest::newRow("taints Ignore (default) counts n3") << 35 << false << false << "" << "" << "n1=U n2=U n3=ok";
    QTest::newRow("taints Honor excludes n3") << 35 << false << false << "" << "Honor" << "n1=ok n2=ok n3=ok";
    QTest::newRow("taints Honor, tolerated -> counted") << 35 << false << true << "" << "Honor" << "n1=U n2=U n3=ok";
    // The policies are honoured in v1.26 too (NodeInclusionPolicyInPodTopologySpread beta on).
    QTest::newRow("1.26 taints Honor") << 26 << false << false << "" << "Honor" << "n1=ok n2=ok n3=ok";
    QTest::newRow("1.26 affinity Honor") << 26 << true << false << "" << "" << "n1=ok n2=ok n3=ok";
    QTest::newRow("1.26 affinity Ignore") << 26 << true << false << "Ignore" << "" << "n1=U n2=U n3=ok";
    // clang-format on
}

void TstPodTopologySpread::inclusionPolicies() {
    QFETCH(int, minor);
    QFETCH(bool, nodeSelector);
    QFETCH(bool, tolerates);
    QFETCH(QString, affinityPolicy);
    QFETCH(QString, taintsPolicy);
    QFETCH(QString, expected);
    TestCluster tc(KubeVersion{1, minor});
    tc.node("n1").cpu("4").label(kZone, "a").label("disk", "ssd").add();
    tc.node("n2").cpu("4").label(kZone, "b").label("disk", "ssd").add();
    tc.node("n3").cpu("4").label(kZone, "c").taint("dedicated", "gpu", TaintEffect::NoSchedule).add();
    addPods(tc, "n1", 1, "x");
    addPods(tc, "n2", 1, "x");
    auto b = tc.pod("in");
    b.label("app", "x");
    if (nodeSelector) b.nodeSelector("disk", "ssd");
    if (tolerates) b.toleration("dedicated", TolerationOp::Equal, "gpu", TaintEffect::NoSchedule);
    auto c = hard(tc, 1, kZone, "x");
    auto policy = [](const QString& p) -> std::optional<InclusionPolicy> {
        if (p == "Honor") return InclusionPolicy::Honor;
        if (p == "Ignore") return InclusionPolicy::Ignore;
        return std::nullopt;
    };
    c.nodeAffinityPolicy = policy(affinityPolicy);
    c.nodeTaintsPolicy = policy(taintsPolicy);
    b.raw().topologySpreadConstraints = {c};
    const Pod& pod = b.add();
    tc.refresh();
    auto pl = makePlugin(tc);
    CycleState state(1);
    PreFilterResult r;
    QVERIFY(pl->preFilter(state, pod, r).isSuccess());
    QCOMPARE(filterAll(tc, *pl, state, pod), expected);
}

// The exact codes and interned reasons: n1 zone a with two app=x pods, n2 zone b, n3 without
// zone. maxSkew 1: n1 skew 2+1-0 = 3 -> Unschedulable; n3 -> UU (missing required label).
void TstPodTopologySpread::filterReasons() {
    TestCluster tc;
    tc.node("n1").cpu("4").label(kZone, "a").add();
    tc.node("n2").cpu("4").label(kZone, "b").add();
    tc.node("n3").cpu("4").add();
    addPods(tc, "n1", 2, "x");
    auto b = tc.pod("in");
    b.label("app", "x");
    b.raw().topologySpreadConstraints = {hard(tc, 1, kZone, "x")};
    const Pod& pod = b.add();
    tc.refresh();
    auto pl = makePlugin(tc);
    CycleState state(1);
    PreFilterResult r;
    QVERIFY(pl->preFilter(state, pod, r).isSuccess());

    const Status s1 = pl->filter(state, pod, tc.nodeInfo("n1"));
    QCOMPARE(s1.code(), Code::Unschedulable);
    QCOMPARE(s1.reasons().size(), std::size_t(1));
    QCOMPARE(s1.reasons()[0], tc.sym("node(s) didn't match pod topology spread constraints"));

    const Status s3 = pl->filter(state, pod, tc.nodeInfo("n3"));
    QCOMPARE(s3.code(), Code::UnschedulableAndUnresolvable);
    QCOMPARE(s3.reasons()[0], tc.sym("node(s) didn't match pod topology spread constraints (missing required label)"));
    QVERIFY(pl->filter(state, pod, tc.nodeInfo("n2")).isSuccess());
}

// A selector that failed to parse is an error (LabelSelectorAsSelector), not a rejection.
void TstPodTopologySpread::invalidSelectorIsAnError() {
    TestCluster tc;
    tc.node("n1").cpu("4").label(kZone, "a").add();
    auto b = tc.pod("in");
    LabelSelector bad;
    bad.invalid = true;
    b.raw().topologySpreadConstraints = {spread(tc, 1, kZone, UnsatisfiableAction::DoNotSchedule, bad)};
    const Pod& pod = b.add();
    tc.refresh();
    auto pl = makePlugin(tc);
    CycleState state(1);
    PreFilterResult r;
    QCOMPARE(pl->preFilter(state, pod, r).code(), Code::Error);
}

// No DoNotSchedule constraint (none of its own; system defaults are ScheduleAnyway):
// >= 1.28 PreFilter Skip; v1.26 writes an empty state and Filter passes every node, even
// one without any topology label.
void TstPodTopologySpread::preFilterWithoutHardConstraints_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    QTest::addColumn<int>("minor");
    QTest::addColumn<bool>("softOwn");  // the pod has a ScheduleAnyway constraint of its own
    QTest::addColumn<QString>("preFilter");
    QTest::newRow("newest, defaults only") << 35 << false << "skip";
    QTest::newRow("newest, soft only") << 35 << true << "skip";
    QTest::newRow("1.28") << 28 << false << "skip";
    QTest::newRow("1.27 has no Skip yet") << 27 << false << "ok";
    QTest::newRow("1.26, defaults only") << 26 << false << "ok";
    QTest::newRow("1.26, soft only") << 26 << true << "ok";
    // clang-format on
}

void TstPodTopologySpread::preFilterWithoutHardConstraints() {
    QFETCH(int, minor);
    QFETCH(bool, softOwn);
    QFETCH(QString, preFilter);
    TestCluster tc(KubeVersion{1, minor});
    tc.node("n1").cpu("4").label(kZone, "a").add();
    tc.node("n2").cpu("4").add();
    addPods(tc, "n1", 3, "x");
    tc.cluster.services.push_back(Service{tc.sym("default"), "svc", Labels{}, {}});
    tc.cluster.services.back().selector->set(tc.sym("app"), tc.sym("x"));
    auto b = tc.pod("in");
    b.label("app", "x");
    if (softOwn) b.raw().topologySpreadConstraints = {soft(tc, 1, kZone, "x")};
    const Pod& pod = b.add();
    tc.refresh();
    auto pl = makePlugin(tc);
    CycleState state(1);
    PreFilterResult r;
    const Status s = pl->preFilter(state, pod, r);
    QCOMPARE(s.isSkip() ? QString("skip") : verdictCode(s), preFilter);
    if (!s.isSkip()) QCOMPARE(filterAll(tc, *pl, state, pod), QString("n1=ok n2=ok"));
}

// n1 zone a with one app=x pod, n2 zone b empty; incoming app=x, zone maxSkew 1.
// PreFilter: a=1, b=0; critical paths [b:0, a:1] -> min 0: n1 1+1-0 = 2 (U), n2 1 (ok).
void TstPodTopologySpread::addAndRemovePod() {
    TestCluster tc;
    tc.node("n1").cpu("4").label(kZone, "a").add();
    tc.node("n2").cpu("4").label(kZone, "b").add();
    const Pod& existing = tc.pod("old").label("app", "x").on("n1").add();
    const Pod& other = tc.pod("other-ns").ns("other").label("app", "x").add();
    const Pod& unrelated = tc.pod("unrelated").label("app", "y").add();
    const Pod& added = tc.pod("added").label("app", "x").add();
    auto b = tc.pod("in");
    b.label("app", "x");
    b.raw().topologySpreadConstraints = {hard(tc, 1, kZone, "x")};
    const Pod& pod = b.add();
    tc.refresh();
    auto pl = makePlugin(tc);
    CycleState state(1);
    PreFilterResult r;
    QVERIFY(pl->preFilter(state, pod, r).isSuccess());
    const PreFilterExtensions* ext = pl->preFilterExtensions();
    QVERIFY(ext);
    QCOMPARE(filterAll(tc, *pl, state, pod), QString("n1=U n2=ok"));

    // Another namespace or a non-matching pod changes nothing.
    QVERIFY(ext->addPod(state, pod, other, tc.nodeInfo("n2")).isSuccess());
    QVERIFY(ext->addPod(state, pod, unrelated, tc.nodeInfo("n2")).isSuccess());
    QCOMPARE(filterAll(tc, *pl, state, pod), QString("n1=U n2=ok"));

    // +1 on n2: b=1, paths[0] (b) becomes 1, not above paths[1] (a:1) -> min 1:
    // n1 1+1-1 = 1, n2 1+1-1 = 1.
    QVERIFY(ext->addPod(state, pod, added, tc.nodeInfo("n2")).isSuccess());
    QCOMPARE(filterAll(tc, *pl, state, pod), QString("n1=ok n2=ok"));

    // -1 on n1: a=0, paths[1] (a) becomes 0 and swaps to the front -> min 0:
    // n1 0+1 = 1, n2 1+1 = 2 > 1.
    QVERIFY(ext->removePod(state, pod, existing, tc.nodeInfo("n1")).isSuccess());
    QCOMPARE(filterAll(tc, *pl, state, pod), QString("n1=ok n2=U"));
}

// CycleState::clone copies the counts: AddPod on the copy leaves the original alone.
void TstPodTopologySpread::cloneIsIndependent() {
    TestCluster tc;
    tc.node("n1").cpu("4").label(kZone, "a").add();
    tc.node("n2").cpu("4").label(kZone, "b").add();
    const Pod& added = tc.pod("added").label("app", "x").add();
    auto b = tc.pod("in");
    b.label("app", "x");
    b.raw().topologySpreadConstraints = {hard(tc, 1, kZone, "x")};
    const Pod& pod = b.add();
    tc.refresh();
    auto pl = makePlugin(tc);
    CycleState state(1);
    PreFilterResult r;
    QVERIFY(pl->preFilter(state, pod, r).isSuccess());
    CycleState copy = state.clone();
    // a=0, b=0 -> +2 on n1 in the copy: a=2, min 0 -> n1 2+1 = 3 (U) there only.
    QVERIFY(pl->addPod(copy, pod, added, tc.nodeInfo("n1")).isSuccess());
    QVERIFY(pl->addPod(copy, pod, added, tc.nodeInfo("n1")).isSuccess());
    QCOMPARE(filterAll(tc, *pl, copy, pod), QString("n1=U n2=ok"));
    QCOMPARE(filterAll(tc, *pl, state, pod), QString("n1=ok n2=ok"));
}

// The UPSTREAM 5.6 worked-example shape: hostname maxSkew 1 + zone maxSkew 2, both
// ScheduleAnyway with selector app=x, one feasible node without a zone label (ignored).
// zone a = {n1, n2}, b = {n3}, c = {n4}, n5 no zone. app=x pods: n1 x2, n2 x1, n3 x1, n5 x1.
void TstPodTopologySpread::softScoring_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    QTest::addColumn<int>("minor");
    QTest::addColumn<QStringList>("feasible");
    QTest::addColumn<QString>("raw");
    QTest::addColumn<QString>("normalized");
    // All five feasible; n5 ignored (own constraints -> requireAllTopologies).
    //  zone values {a, b, c}: w_zone = ln(3+2) = 1.609; hostname size 5-1 = 4: w_host = ln(6) = 1.792.
    //  zone counts over nodes with both keys: a = 2+1 = 3, b = 1, c = 0 (n5's pod not counted).
    //  n1: 2*1.792 + 0 + 3*1.609 + 1 = 3.584 + 5.828 = 9.41 -> 9
    //  n2: 1*1.792 + 5.828 = 7.62 -> 8
    //  n3: 1.792 + (1*1.609 + 1) = 4.40 -> 4
    //  n4: 0 + (0 + 1) = 1 -> 1;   n5: ignored -> 0
    //  normalize: min 1, max 9 -> 100*(10-s)/9: n1 100/9 = 11, n2 200/9 = 22, n3 600/9 = 66,
    //  n4 900/9 = 100, n5 0.
    const QStringList all{"n1", "n2", "n3", "n4", "n5"};
    const QString raw = "n1=9 n2=8 n3=4 n4=1 n5=0";
    const QString norm = "n1=11 n2=22 n3=66 n4=100 n5=0";
    QTest::newRow("newest") << 35 << all << raw << norm;
    QTest::newRow("1.26") << 26 << all << raw << norm;
    // n4 filtered out by another plugin: zone values among feasible {a, b}: w_zone = ln(4) = 1.386;
    //  hostname size 4-1 = 3: w_host = ln(5) = 1.609. Counts still from all nodes: a=3, b=1
    //  (n4's value c has no counter).
    //  n1: 2*1.609 + 3*1.386 + 1 = 3.219 + 5.159 = 8.38 -> 8
    //  n2: 1.609 + 5.159 = 6.77 -> 7
    //  n3: 1.609 + 1.386 + 1 = 4.00 -> 4;   n5: 0
    //  normalize: min 4, max 8 -> 100*(12-s)/8: n1 400/8 = 50, n2 500/8 = 62, n3 800/8 = 100.
    QTest::newRow("n4 infeasible") << 35 << QStringList{"n1", "n2", "n3", "n5"} << "n1=8 n2=7 n3=4 n5=0"
                                   << "n1=50 n2=62 n3=100 n5=0";
    // clang-format on
}

void TstPodTopologySpread::softScoring() {
    QFETCH(int, minor);
    QFETCH(QStringList, feasible);
    QFETCH(QString, raw);
    QFETCH(QString, normalized);
    TestCluster tc(KubeVersion{1, minor});
    tc.node("n1").cpu("4").label(kZone, "a").add();
    tc.node("n2").cpu("4").label(kZone, "a").add();
    tc.node("n3").cpu("4").label(kZone, "b").add();
    tc.node("n4").cpu("4").label(kZone, "c").add();
    tc.node("n5").cpu("4").add();
    addPods(tc, "n1", 2, "x");
    addPods(tc, "n2", 1, "x");
    addPods(tc, "n3", 1, "x");
    addPods(tc, "n5", 1, "x");
    auto b = tc.pod("in");
    b.label("app", "x");
    b.raw().topologySpreadConstraints = {soft(tc, 1, kHost, "x"), soft(tc, 2, kZone, "x")};
    const Pod& pod = b.add();
    tc.refresh();
    auto pl = makePlugin(tc);
    CycleState state(1);
    const PluginScores s = scoreAll(tc, *pl, state, pod, feasible);
    QVERIFY(s.preScore.isSuccess());
    QCOMPARE(s.raw, raw);
    QCOMPARE(s.normalized, normalized);
}

// Soft zone maxSkew 1 with nodeTaintsPolicy: n1 zone a (one app=x pod), n2 zone b (empty),
// n3 zone b tainted NoSchedule (two app=x pods). Feasible: n1, n2 -> zone values {a, b},
// w = ln(4) = 1.386.
void TstPodTopologySpread::softInclusionPolicy_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    QTest::addColumn<QString>("taintsPolicy");
    QTest::addColumn<QString>("raw");
    QTest::addColumn<QString>("normalized");
    // Honor: n3 fails the policy, its pods are not counted: a=1, b=0.
    //  n1 1.386 -> 1, n2 0 -> 0; min 0, max 1: n1 100*(1+0-1)/1 = 0, n2 100*(1-0)/1 = 100.
    QTest::newRow("Honor") << "Honor" << "n1=1 n2=0" << "n1=0 n2=100";
    // Ignore (default): b = 2: n1 1.386 -> 1, n2 2.773 -> 3; min 1, max 3:
    //  n1 100*(4-1)/3 = 100, n2 100*(4-3)/3 = 33.
    QTest::newRow("Ignore") << "Ignore" << "n1=1 n2=3" << "n1=100 n2=33";
    // clang-format on
}

void TstPodTopologySpread::softInclusionPolicy() {
    QFETCH(QString, taintsPolicy);
    QFETCH(QString, raw);
    QFETCH(QString, normalized);
    TestCluster tc;
    tc.node("n1").cpu("4").label(kZone, "a").add();
    tc.node("n2").cpu("4").label(kZone, "b").add();
    tc.node("n3").cpu("4").label(kZone, "b").taint("dedicated", "gpu", TaintEffect::NoSchedule).add();
    addPods(tc, "n1", 1, "x");
    addPods(tc, "n3", 2, "x");
    auto b = tc.pod("in");
    b.label("app", "x");
    auto c = soft(tc, 1, kZone, "x");
    c.nodeTaintsPolicy = taintsPolicy == "Honor" ? InclusionPolicy::Honor : InclusionPolicy::Ignore;
    b.raw().topologySpreadConstraints = {c};
    const Pod& pod = b.add();
    tc.refresh();
    auto pl = makePlugin(tc);
    CycleState state(1);
    const PluginScores s = scoreAll(tc, *pl, state, pod, {"n1", "n2"});
    QVERIFY(s.preScore.isSuccess());
    QCOMPARE(s.raw, raw);
    QCOMPARE(s.normalized, normalized);
}

// A pod with a hard constraint only (so no defaulting) has no soft constraints:
// >= 1.28 PreScore Skip; v1.26 scores 0 everywhere and normalizes to 100 (max 0).
void TstPodTopologySpread::noSoftConstraints_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    QTest::addColumn<int>("minor");
    QTest::addColumn<QString>("expected");  // "skip" or the normalized scores
    QTest::newRow("newest") << 35 << "skip";
    QTest::newRow("1.28") << 28 << "skip";
    QTest::newRow("1.27") << 27 << "n1=100 n2=100";
    QTest::newRow("1.26") << 26 << "n1=100 n2=100";
    // clang-format on
}

void TstPodTopologySpread::noSoftConstraints() {
    QFETCH(int, minor);
    QFETCH(QString, expected);
    TestCluster tc(KubeVersion{1, minor});
    tc.node("n1").cpu("4").label(kZone, "a").add();
    tc.node("n2").cpu("4").label(kZone, "b").add();
    addPods(tc, "n1", 2, "x");
    auto b = tc.pod("in");
    b.label("app", "x");
    b.raw().topologySpreadConstraints = {hard(tc, 5, kZone, "x")};
    const Pod& pod = b.add();
    tc.refresh();
    auto pl = makePlugin(tc);
    CycleState state(1);
    const PluginScores s = scoreAll(tc, *pl, state, pod);
    if (expected == "skip") {
        QVERIFY(s.preScore.isSkip());
    } else {
        QVERIFY(s.preScore.isSuccess());
        QCOMPARE(s.raw, QString("n1=0 n2=0"));
        QCOMPARE(s.normalized, expected);
    }
}

// System defaulting: hostname maxSkew 3 + zone maxSkew 5, ScheduleAnyway, selector from the
// Services selecting the pod and its controlling RC/RS/StatefulSet. n1 zone a has one app=web
// pod (namespace default); n2 zone b one app=web pod in namespace "other" (never counted).
// The incoming pod is app=web,tier=fe in default.
// With selector app=web: both sizes 2 -> w = ln(4) = 1.386; zone counts a=1, b=0.
//  n1: (1*1.386 + 2) + (1*1.386 + 4) = 8.77 -> 9;  n2: (0 + 2) + (0 + 4) = 6
//  min 6, max 9 -> 100*(15-s)/9: n1 600/9 = 66, n2 900/9 = 100.
// No default selector: newest Skip; v1.26 raw 0 -> 100 each.
void TstPodTopologySpread::systemDefaults_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    QTest::addColumn<int>("minor");
    QTest::addColumn<QString>("variant");
    QTest::addColumn<QString>("expected");
    const QString spread = "n1=66 n2=100";
    QTest::newRow("service selects the pod") << 35 << "service" << spread;
    QTest::newRow("1.26 service") << 26 << "service" << spread;
    QTest::newRow("service in another namespace") << 35 << "service-other-ns" << "skip";
    QTest::newRow("1.26 service in another namespace") << 26 << "service-other-ns" << "n1=100 n2=100";
    QTest::newRow("service without selector") << 35 << "service-nil" << "skip";
    QTest::newRow("service not selecting the pod") << 35 << "service-db" << "skip";
    QTest::newRow("ReplicaSet owner") << 35 << "rs-owner" << spread;
    QTest::newRow("1.26 ReplicaSet owner") << 26 << "rs-owner" << spread;
    // The RS's selector tier=fe is used, not the pod's labels: n1's pod (app=web only) no longer
    // counts -> both nodes 2 + 4 = 6 -> max == min -> 100*(6+6-6)/6 = 100 each.
    QTest::newRow("ReplicaSet selector is used") << 35 << "rs-owner-tier" << "n1=100 n2=100";
    QTest::newRow("ReplicaSet selecting but not owning") << 35 << "rs-not-owner" << "skip";
    QTest::newRow("owner not in the lister") << 35 << "rs-missing" << "skip";
    QTest::newRow("ownerReference not controller") << 35 << "rs-not-controller" << "skip";
    QTest::newRow("owner apiVersion mismatch") << 35 << "rs-old-api" << "skip";
    QTest::newRow("StatefulSet owner") << 35 << "ss-owner" << spread;
    QTest::newRow("ReplicationController owner") << 35 << "rc-owner" << spread;
    // clang-format on
}

void TstPodTopologySpread::systemDefaults() {
    QFETCH(int, minor);
    QFETCH(QString, variant);
    QFETCH(QString, expected);
    TestCluster tc(KubeVersion{1, minor});
    tc.node("n1").cpu("4").label(kZone, "a").add();
    tc.node("n2").cpu("4").label(kZone, "b").add();
    addPods(tc, "n1", 1, "web");
    addPods(tc, "n2", 1, "web", "other");

    auto service = [&](std::string_view ns, std::optional<std::pair<std::string_view, std::string_view>> sel) {
        Service s;
        s.ns = tc.sym(ns);
        s.name = "svc";
        if (sel) {
            s.selector = Labels{};
            s.selector->set(tc.sym(sel->first), tc.sym(sel->second));
        }
        tc.cluster.services.push_back(std::move(s));
    };
    auto workload = [&](WorkloadKind kind, std::string_view name, std::string_view key, std::string_view value) {
        Workload w;
        w.kind = kind;
        w.ns = tc.sym("default");
        w.name = std::string(name);
        w.selector = tc.selector({{key, value}});
        tc.cluster.workloads.push_back(std::move(w));
    };
    auto b = tc.pod("in");
    b.label("app", "web").label("tier", "fe");
    auto owner = [&](std::string api, std::string kind, std::string name, bool controller) {
        b.raw().ownerReferences.push_back(
            OwnerReference{std::move(api), std::move(kind), std::move(name), "uid", controller});
    };
    if (variant == "service") service("default", std::pair{"app", "web"});
    if (variant == "service-other-ns") service("other", std::pair{"app", "web"});
    if (variant == "service-nil") service("default", std::nullopt);
    if (variant == "service-db") service("default", std::pair{"app", "db"});
    if (variant == "rs-owner" || variant == "rs-not-owner" || variant == "rs-not-controller" || variant == "rs-old-api")
        workload(WorkloadKind::ReplicaSet, "web-rs", "app", "web");
    if (variant == "rs-owner-tier") workload(WorkloadKind::ReplicaSet, "web-rs", "tier", "fe");
    if (variant == "rs-owner" || variant == "rs-owner-tier" || variant == "rs-missing")
        owner("apps/v1", "ReplicaSet", "web-rs", true);
    if (variant == "rs-not-controller") owner("apps/v1", "ReplicaSet", "web-rs", false);
    if (variant == "rs-old-api") owner("extensions/v1beta1", "ReplicaSet", "web-rs", true);
    if (variant == "ss-owner") {
        workload(WorkloadKind::StatefulSet, "web-ss", "app", "web");
        owner("apps/v1", "StatefulSet", "web-ss", true);
    }
    if (variant == "rc-owner") {
        workload(WorkloadKind::ReplicationController, "web-rc", "app", "web");
        owner("v1", "ReplicationController", "web-rc", true);
    }
    const Pod& pod = b.add();
    tc.refresh();
    auto pl = makePlugin(tc);

    // The defaults are ScheduleAnyway: PreFilter has nothing to check.
    CycleState state(1);
    PreFilterResult r;
    const Status pf = pl->preFilter(state, pod, r);
    QVERIFY(minor >= 28 ? pf.isSkip() : pf.isSuccess());

    const PluginScores s = scoreAll(tc, *pl, state, pod);
    if (expected == "skip") {
        QVERIFY(s.preScore.isSkip());
        return;
    }
    QVERIFY(s.preScore.isSuccess());
    QCOMPARE(s.normalized, expected);
}

// List defaulting with a DoNotSchedule default (zone maxSkew 1) and a Service selecting
// app=web: Filter applies it with the Service's selector. n1 zone a has one app=web pod, n2
// zone b none: a=1, b=0, min 0 -> n1 1+1 = 2 > 1, n2 1. A pod no Service selects gets no
// default constraints (PreFilter Skip).
// Scoring with List defaulting requires every key (requireAllTopologies): the soft default
// pair hostname + zone ignores n3 (no zone), which system defaulting would still score.
void TstPodTopologySpread::listDefaulting() {
    TestCluster tc;
    tc.node("n1").cpu("4").label(kZone, "a").add();
    tc.node("n2").cpu("4").label(kZone, "b").add();
    tc.node("n3").cpu("4").add();
    addPods(tc, "n1", 1, "web");
    Service svc;
    svc.ns = tc.sym("default");
    svc.name = "web";
    svc.selector = Labels{};
    svc.selector->set(tc.sym("app"), tc.sym("web"));
    tc.cluster.services.push_back(svc);
    const Pod& web = tc.pod("in").label("app", "web").add();
    const Pod& lone = tc.pod("lone").label("app", "lone").add();
    tc.refresh();

    PluginArgs args;
    args.podTopologySpread.defaultingType = SpreadDefaulting::List;
    args.podTopologySpread.defaultConstraints = {
        spread(tc, 1, kZone, UnsatisfiableAction::DoNotSchedule, std::nullopt),
        spread(tc, 1, kHost, UnsatisfiableAction::ScheduleAnyway, std::nullopt),
        spread(tc, 1, kZone, UnsatisfiableAction::ScheduleAnyway, std::nullopt),
    };
    auto pl = makePlugin(tc, args);
    {
        CycleState state(1);
        PreFilterResult r;
        QVERIFY(pl->preFilter(state, web, r).isSuccess());
        QCOMPARE(filterAll(tc, *pl, state, web), QString("n1=U n2=ok n3=UU"));
    }
    {
        CycleState state(1);
        PreFilterResult r;
        QVERIFY(pl->preFilter(state, lone, r).isSkip());
    }
    {
        // Soft defaults hostname + zone, selector app=web; n3 lacks zone -> ignored.
        //  hostname size 3-1 = 2, zone values {a, b}: both w = ln(4) = 1.386; zone a=1, b=0.
        //  n1: 1*1.386 + 0 + 1*1.386 + 0 = 2.77 -> 3;  n2: 0;  n3: ignored 0.
        //  min 0, max 3 -> 100*(3-s)/3: n1 0, n2 100; n3 0.
        CycleState state(1);
        const PluginScores s = scoreAll(tc, *pl, state, web);
        QVERIFY(s.preScore.isSuccess());
        QCOMPARE(s.raw, QString("n1=3 n2=0 n3=0"));
        QCOMPARE(s.normalized, QString("n1=0 n2=100 n3=0"));
    }
}

QTEST_GUILESS_MAIN(TstPodTopologySpread)
#include "tst_pod_topology_spread.moc"
