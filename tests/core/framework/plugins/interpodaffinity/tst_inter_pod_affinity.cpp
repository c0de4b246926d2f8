// InterPodAffinity: the three Filter checks with their order, codes and reasons, namespace and
// namespaceSelector resolution, the first-pod-of-a-self-affine-group rule, AddPod/RemovePod,
// preferred scoring of both sides with hardPodAffinityWeight and the float normalization, and
// the v1.26 differences (UPSTREAM 4.12, 5.7, 0.1 rows 11 and 20). Numbers derived per row.

#include <QtTest/QtTest>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "core/framework/plugins/interpodaffinity/inter_pod_affinity.h"
#include "testlib/builders.h"
#include "testlib/plugin_rows.h"

using namespace berth::core;
using namespace berth::testlib;

namespace {

constexpr std::string_view kZone = "topology.kubernetes.io/zone";
constexpr std::string_view kHost = "kubernetes.io/hostname";

PodAffinityTerm term(TestCluster& tc, std::string_view key, std::string_view app) {
    PodAffinityTerm t;
    t.selector = tc.selector({{"app", app}});
    t.topologyKey = tc.sym(key);
    return t;
}

WeightedPodAffinityTerm weighted(std::int32_t w, PodAffinityTerm t) { return WeightedPodAffinityTerm{w, std::move(t)}; }

void addNamespace(TestCluster& tc, std::string_view name, std::string_view key, std::string_view value) {
    Namespace ns;
    ns.name = tc.sym(name);
    ns.labels.set(tc.sym(key), tc.sym(value));
    tc.cluster.namespaces.push_back(std::move(ns));
}

/// n1 zone a, n2 zone a, n3 zone b, n4 without a zone (every node has its hostname label).
void topology(TestCluster& tc) {
    tc.node("n1").cpu("4").label(kZone, "a").add();
    tc.node("n2").cpu("4").label(kZone, "a").add();
    tc.node("n3").cpu("4").label(kZone, "b").add();
    tc.node("n4").cpu("4").add();
}

/// PreFilter then Filter on every node; "skip" when PreFilter skips.
QString preFilterAndFilter(TestCluster& tc, InterPodAffinity& pl, const Pod& pod) {
    CycleState state(1);
    PreFilterResult r;
    const Status s = pl.preFilter(state, pod, r);
    if (s.isSkip()) return "skip";
    if (!s.isSuccess()) return "prefilter " + verdictCode(s);
    return filterAll(tc, pl, state, pod);
}

std::unique_ptr<InterPodAffinity> makePlugin(TestCluster& tc, const PluginArgs& args = {}) {
    auto pl = std::make_unique<InterPodAffinity>(args, tc.handle);
    pl->setSlot(0);
    return pl;
}

}  // namespace

class TstInterPodAffinity : public QObject {
    Q_OBJECT

private slots:
    void requiredAffinity_data();
    void requiredAffinity();
    void requiredAntiAffinity_data();
    void requiredAntiAffinity();
    void existingAntiAffinity_data();
    void existingAntiAffinity();
    void filterOrderCodesAndReasons();
    void matchLabelKeys_data();
    void matchLabelKeys();
    void parseErrorIsUnresolvable();
    void preFilterSkip_data();
    void preFilterSkip();
    void addAndRemovePod();
    void scoring_data();
    void scoring();
};

// The incoming pod (app=web unless stated) requires affinity to app=db on the zone key.
// Topology: n1, n2 zone a; n3 zone b; n4 no zone.
void TstInterPodAffinity::requiredAffinity_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    QTest::addColumn<QString>("variant");
    QTest::addColumn<QString>("expected");
    // db on n1 -> affinityCounts {(zone,a): 1}: zone a passes, b has 0, n4 lacks the key.
    QTest::newRow("db in zone a") << "db-n1" << "n1=ok n2=ok n3=UU n4=UU";
    // No db anywhere and the pod does not match its own term -> every node fails.
    QTest::newRow("no db, not self-affine") << "none" << "n1=UU n2=UU n3=UU n4=UU";
    // No db anywhere, the pod is app=db itself: first pod of the group passes on every node
    // that has the key; n4 still fails (the key check comes first).
    QTest::newRow("no db, self-affine") << "self" << "n1=ok n2=ok n3=ok n4=UU";
    // Self-affine but a db pod exists in zone b: the counts are not empty, no exemption.
    QTest::newRow("self-affine, db in zone b") << "self-db-n3" << "n1=UU n2=UU n3=ok n4=UU";
    // The term's namespaces default to the pod's own: a db pod in "other" does not count.
    QTest::newRow("db in another namespace") << "db-other-ns" << "n1=UU n2=UU n3=UU n4=UU";
    QTest::newRow("namespaces [other]") << "namespaces-other" << "n1=ok n2=ok n3=UU n4=UU";
    // namespaceSelector team=blue, Namespace other{team: blue} -> db in other on n3 counts.
    QTest::newRow("namespaceSelector matches") << "nssel-blue" << "n1=UU n2=UU n3=ok n4=UU";
    QTest::newRow("namespaceSelector does not match") << "nssel-red" << "n1=UU n2=UU n3=UU n4=UU";
    // namespaceSelector {} selects every namespace.
    QTest::newRow("namespaceSelector {}") << "nssel-all" << "n1=UU n2=UU n3=ok n4=UU";
    // Two terms (app=db on zone, tier=cache on hostname): only pods matching both count, once
    // per term: db+cache on n1 -> (zone,a) 1, (host,n1) 1; db-only on n3 counts nowhere.
    // n2: zone a ok but (host,n2) = 0 -> fails.
    QTest::newRow("all terms must match") << "two-terms" << "n1=ok n2=UU n3=UU n4=UU";
    // A nil labelSelector selects nothing (and the pod cannot match it either).
    QTest::newRow("nil selector") << "nil-selector" << "n1=UU n2=UU n3=UU n4=UU";
    // clang-format on
}

void TstInterPodAffinity::requiredAffinity() {
    QFETCH(QString, variant);
    QFETCH(QString, expected);
    for (int minor : {26, 35}) {
        TestCluster tc(KubeVersion{1, minor});
        topology(tc);
        auto b = tc.pod("in");
        b.label("app", variant.startsWith("self") ? "db" : "web");
        PodAffinityTerm t = term(tc, kZone, "db");
        if (variant == "db-n1" || variant == "nil-selector") tc.pod("db").label("app", "db").on("n1").add();
        if (variant == "self-db-n3") tc.pod("db").label("app", "db").on("n3").add();
        if (variant == "db-other-ns") tc.pod("db").ns("other").label("app", "db").on("n1").add();
        if (variant == "namespaces-other") {
            tc.pod("db").ns("other").label("app", "db").on("n1").add();
            t.namespaces = {tc.sym("other")};
        }
        if (variant.startsWith("nssel")) {
            addNamespace(tc, "other", "team", variant == "nssel-red" ? "red" : "blue");
            tc.pod("db").ns("other").label("app", "db").on("n3").add();
            t.namespaceSelector = variant == "nssel-all" ? LabelSelector{} : tc.selector({{"team", "blue"}});
        }
        if (variant == "nil-selector") t.selector.reset();
        b.raw().affinity.podAffinity.required = {t};
        if (variant == "two-terms") {
            tc.pod("dbcache").label("app", "db").label("tier", "cache").on("n1").add();
            tc.pod("dbonly").label("app", "db").on("n3").add();
            PodAffinityTerm cache;
            cache.selector = tc.selector({{"tier", "cache"}});
            cache.topologyKey = tc.sym(kHost);
            b.raw().affinity.podAffinity.required.push_back(cache);
        }
        const Pod& pod = b.add();
        tc.refresh();
        auto pl = makePlugin(tc);
        QCOMPARE(preFilterAndFilter(tc, *pl, pod), expected);
    }
}

// The incoming pod requires anti-affinity to app=web (zone key unless stated).
void TstInterPodAffinity::requiredAntiAffinity_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    QTest::addColumn<QString>("variant");
    QTest::addColumn<QString>("expected");
    // web on n1 -> antiAffinityCounts {(zone,a): 1}: zone a rejected; n4 has no zone, passes.
    QTest::newRow("web in zone a") << "web-n1" << "n1=U n2=U n3=ok n4=ok";
    // A pod on a node without the key counts nowhere.
    QTest::newRow("web on the zoneless node") << "web-n4" << "n1=ok n2=ok n3=ok n4=ok";
    // Hostname key: only the node itself.
    QTest::newRow("hostname key") << "web-n1-host" << "n1=U n2=ok n3=ok n4=ok";
    QTest::newRow("web in another namespace") << "web-other-ns" << "n1=ok n2=ok n3=ok n4=ok";
    // clang-format on
}

void TstInterPodAffinity::requiredAntiAffinity() {
    QFETCH(QString, variant);
    QFETCH(QString, expected);
    for (int minor : {26, 35}) {
        TestCluster tc(KubeVersion{1, minor});
        topology(tc);
        if (variant == "web-n1" || variant == "web-n1-host") tc.pod("web").label("app", "web").on("n1").add();
        if (variant == "web-n4") tc.pod("web").label("app", "web").on("n4").add();
        if (variant == "web-other-ns") tc.pod("web").ns("other").label("app", "web").on("n1").add();
        auto b = tc.pod("in");
        b.label("app", "api");
        b.raw().affinity.podAntiAffinity.required = {term(tc, variant == "web-n1-host" ? kHost : kZone, "web")};
        const Pod& pod = b.add();
        tc.refresh();
        auto pl = makePlugin(tc);
        QCOMPARE(preFilterAndFilter(tc, *pl, pod), expected);
    }
}

// An existing pod E (namespace default, on n1) requires anti-affinity to app=web on the zone
// key. The incoming pod is app=web in the namespace given by the row.
void TstInterPodAffinity::existingAntiAffinity_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    QTest::addColumn<QString>("variant");
    QTest::addColumn<QString>("expected");
    // E's term matches -> existingAntiAffinityCounts {(zone,a): 1}: every zone-a node rejected.
    QTest::newRow("same namespace") << "same-ns" << "n1=U n2=U n3=ok n4=ok";
    // E's term namespaces default to E's own (default); the pod is in "team".
    QTest::newRow("other namespace") << "other-ns" << "skip";
    // E's namespaceSelector env=prod is evaluated on the incoming pod's namespace labels.
    QTest::newRow("namespaceSelector matches the pod's namespace") << "nssel-prod" << "n1=U n2=U n3=ok n4=ok";
    // No Namespace object for "ghost": empty labels, env=prod does not match.
    QTest::newRow("namespace object missing") << "nssel-missing" << "skip";
    // namespaceSelector {} matches any namespace, even one without an object.
    QTest::newRow("namespaceSelector {}") << "nssel-all" << "n1=U n2=U n3=ok n4=ok";
    QTest::newRow("pod does not match the selector") << "not-web" << "skip";
    // E's selector failed to parse: E has no anti-affinity terms at all (PodInfo parse error).
    QTest::newRow("existing term unparsable") << "invalid" << "skip";
    // clang-format on
}

void TstInterPodAffinity::existingAntiAffinity() {
    QFETCH(QString, variant);
    QFETCH(QString, expected);
    TestCluster tc;
    topology(tc);
    addNamespace(tc, "team", "env", "prod");
    auto e = tc.pod("guard");
    e.label("app", "guard");
    PodAffinityTerm t = term(tc, kZone, "web");
    if (variant.startsWith("nssel"))
        t.namespaceSelector = variant == "nssel-all" ? LabelSelector{} : tc.selector({{"env", "prod"}});
    if (variant == "invalid") t.selector->invalid = true;
    e.raw().affinity.podAntiAffinity.required = {t};
    e.on("n1").add();
    auto b = tc.pod("in");
    b.label("app", variant == "not-web" ? "api" : "web");
    if (variant == "other-ns" || variant == "nssel-prod") b.ns("team");
    if (variant == "nssel-missing" || variant == "nssel-all") b.ns("ghost");
    const Pod& pod = b.add();
    tc.refresh();
    auto pl = makePlugin(tc);
    // No terms of its own: newest skips when no existing anti-affinity matches.
    QCOMPARE(preFilterAndFilter(tc, *pl, pod), expected);
}

// Incoming app=api: requires affinity to app=db (zone) and anti-affinity to app=web
// (hostname). db and web pods on n1 (zone a); existing E on n2 (app=other) requires
// anti-affinity to app=api on the hostname key.
//  n1: affinity ok (zone a has db), anti-affinity (host,n1) = 1 -> Unschedulable (anti).
//  n2: affinity ok, anti ok, existing (host,n2) = 1 -> Unschedulable (existing).
//  n3: affinity (zone,b) = 0 -> UU (affinity), checked before the rest.
//  n4: no zone -> UU (affinity).
void TstInterPodAffinity::filterOrderCodesAndReasons() {
    TestCluster tc;
    topology(tc);
    tc.pod("db").label("app", "db").on("n1").add();
    tc.pod("web").label("app", "web").on("n1").add();
    auto e = tc.pod("guard");
    e.label("app", "other");
    e.raw().affinity.podAntiAffinity.required = {term(tc, kHost, "api")};
    e.on("n2").add();
    auto b = tc.pod("in");
    b.label("app", "api");
    b.raw().affinity.podAffinity.required = {term(tc, kZone, "db")};
    b.raw().affinity.podAntiAffinity.required = {term(tc, kHost, "web")};
    const Pod& pod = b.add();
    tc.refresh();
    auto pl = makePlugin(tc);
    CycleState state(1);
    PreFilterResult r;
    QVERIFY(pl->preFilter(state, pod, r).isSuccess());
    QCOMPARE(filterAll(tc, *pl, state, pod), QString("n1=U n2=U n3=UU n4=UU"));
    const Sym affinity = tc.sym("node(s) didn't match pod affinity rules");
    const Sym anti = tc.sym("node(s) didn't match pod anti-affinity rules");
    const Sym existing = tc.sym("node(s) didn't satisfy existing pods anti-affinity rules");
    QCOMPARE(pl->filter(state, pod, tc.nodeInfo("n1")).reasons()[0], anti);
    QCOMPARE(pl->filter(state, pod, tc.nodeInfo("n2")).reasons()[0], existing);
    QCOMPARE(pl->filter(state, pod, tc.nodeInfo("n3")).reasons()[0], affinity);
    QCOMPARE(pl->filter(state, pod, tc.nodeInfo("n4")).reasons()[0], affinity);
    QCOMPARE(pl->filter(state, pod, tc.nodeInfo("n1")).reasons().size(), std::size_t(1));
}

// web,version=v1 on n1 (zone a), web,version=v2 on n3 (zone b). The incoming web,version=v2
// requires anti-affinity to app=web on zone with matchLabelKeys [version].
void TstInterPodAffinity::matchLabelKeys_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    QTest::addColumn<int>("minor");
    QTest::addColumn<QString>("expected");
    // >= 1.31 the selector becomes app=web,version=v2: only zone b is taken.
    QTest::newRow("newest") << 35 << "n1=ok n2=ok n3=U n4=ok";
    // Before (and in v1.26) the keys are ignored: zones a and b are taken.
    QTest::newRow("1.26") << 26 << "n1=U n2=U n3=U n4=ok";
    // clang-format on
}

void TstInterPodAffinity::matchLabelKeys() {
    QFETCH(int, minor);
    QFETCH(QString, expected);
    TestCluster tc(KubeVersion{1, minor});
    topology(tc);
    tc.pod("v1").label("app", "web").label("version", "v1").on("n1").add();
    tc.pod("v2").label("app", "web").label("version", "v2").on("n3").add();
    auto b = tc.pod("in");
    b.label("app", "web").label("version", "v2");
    PodAffinityTerm t = term(tc, kZone, "web");
    t.matchLabelKeys = {tc.sym("version")};
    b.raw().affinity.podAntiAffinity.required = {t};
    const Pod& pod = b.add();
    tc.refresh();
    auto pl = makePlugin(tc);
    QCOMPARE(preFilterAndFilter(tc, *pl, pod), expected);
}

// A term whose selector failed to parse: PreFilter rejects the pod as unresolvable.
void TstInterPodAffinity::parseErrorIsUnresolvable() {
    TestCluster tc;
    topology(tc);
    auto b = tc.pod("in");
    PodAffinityTerm t = term(tc, kZone, "db");
    t.namespaceSelector = LabelSelector{};
    t.namespaceSelector->invalid = true;
    b.raw().affinity.podAffinity.preferred = {weighted(1, t)};
    const Pod& pod = b.add();
    tc.refresh();
    auto pl = makePlugin(tc);
    CycleState state(1);
    PreFilterResult r;
    const Status s = pl->preFilter(state, pod, r);
    QCOMPARE(s.code(), Code::UnschedulableAndUnresolvable);
    QVERIFY(std::string(tc.cluster.pool.str(s.reasons()[0])).starts_with("parsing pod: "));
}

// No required terms of its own: >= 1.27 Skip unless an existing pod's anti-affinity matches;
// v1.26 always computes and Filter then passes every node.
void TstInterPodAffinity::preFilterSkip_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    QTest::addColumn<int>("minor");
    QTest::addColumn<bool>("existingMatches");
    QTest::addColumn<QString>("expected");
    QTest::newRow("newest") << 35 << false << "skip";
    QTest::newRow("1.27") << 27 << false << "skip";
    QTest::newRow("1.26") << 26 << false << "n1=ok n2=ok n3=ok n4=ok";
    // E (on n3) rejects app=web in its zone b.
    QTest::newRow("newest, existing anti-affinity") << 35 << true << "n1=ok n2=ok n3=U n4=ok";
    QTest::newRow("1.26, existing anti-affinity") << 26 << true << "n1=ok n2=ok n3=U n4=ok";
    // clang-format on
}

void TstInterPodAffinity::preFilterSkip() {
    QFETCH(int, minor);
    QFETCH(bool, existingMatches);
    QFETCH(QString, expected);
    TestCluster tc(KubeVersion{1, minor});
    topology(tc);
    auto e = tc.pod("guard");
    e.label("app", "guard");
    e.raw().affinity.podAntiAffinity.required = {term(tc, kZone, existingMatches ? "web" : "db")};
    e.on("n3").add();
    const Pod& pod = tc.pod("in").label("app", "web").add();
    tc.refresh();
    auto pl = makePlugin(tc);
    QCOMPARE(preFilterAndFilter(tc, *pl, pod), expected);
}

// Incoming app=api: affinity to app=db (zone), anti-affinity to app=web (zone). db on n3.
void TstInterPodAffinity::addAndRemovePod() {
    TestCluster tc;
    topology(tc);
    const Pod& db = tc.pod("db").label("app", "db").on("n3").add();
    const Pod& web = tc.pod("web").label("app", "web").add();
    const Pod& db2 = tc.pod("db2").label("app", "db").add();
    auto g = tc.pod("guard");
    g.label("app", "guard");
    g.raw().affinity.podAntiAffinity.required = {term(tc, kHost, "api")};
    const Pod& guard = g.add();
    auto b = tc.pod("in");
    b.label("app", "api");
    b.raw().affinity.podAffinity.required = {term(tc, kZone, "db")};
    b.raw().affinity.podAntiAffinity.required = {term(tc, kZone, "web")};
    const Pod& pod = b.add();
    tc.refresh();
    auto pl = makePlugin(tc);
    CycleState state(1);
    PreFilterResult r;
    QVERIFY(pl->preFilter(state, pod, r).isSuccess());
    const PreFilterExtensions* ext = pl->preFilterExtensions();
    // affinity {(zone,b): 1}: only n3.
    QCOMPARE(filterAll(tc, *pl, state, pod), QString("n1=UU n2=UU n3=ok n4=UU"));
    // + web on n3: anti {(zone,b): 1}.
    QVERIFY(ext->addPod(state, pod, web, tc.nodeInfo("n3")).isSuccess());
    QCOMPARE(filterAll(tc, *pl, state, pod), QString("n1=UU n2=UU n3=U n4=UU"));
    QVERIFY(ext->removePod(state, pod, web, tc.nodeInfo("n3")).isSuccess());
    QCOMPARE(filterAll(tc, *pl, state, pod), QString("n1=UU n2=UU n3=ok n4=UU"));
    // + a pod whose required anti-affinity (hostname) matches app=api: existing {(host,n3): 1}.
    QVERIFY(ext->addPod(state, pod, guard, tc.nodeInfo("n3")).isSuccess());
    QCOMPARE(filterAll(tc, *pl, state, pod), QString("n1=UU n2=UU n3=U n4=UU"));
    QVERIFY(ext->removePod(state, pod, guard, tc.nodeInfo("n3")).isSuccess());
    // + db on n1: affinity {(zone,a): 1, (zone,b): 1}.
    QVERIFY(ext->addPod(state, pod, db2, tc.nodeInfo("n1")).isSuccess());
    QCOMPARE(filterAll(tc, *pl, state, pod), QString("n1=ok n2=ok n3=ok n4=UU"));
    // - the db on n3: (zone,b) drops to 0 and its entry goes.
    QVERIFY(ext->removePod(state, pod, db, tc.nodeInfo("n3")).isSuccess());
    QCOMPARE(filterAll(tc, *pl, state, pod), QString("n1=ok n2=ok n3=UU n4=UU"));
    // A clone is independent: removing the last db there leaves the original untouched.
    CycleState copy = state.clone();
    QVERIFY(ext->removePod(copy, pod, db2, tc.nodeInfo("n1")).isSuccess());
    // The copy's affinity counts are now empty and app=api does not match its own term.
    QCOMPARE(filterAll(tc, *pl, copy, pod), QString("n1=UU n2=UU n3=UU n4=UU"));
    QCOMPARE(filterAll(tc, *pl, state, pod), QString("n1=ok n2=ok n3=UU n4=UU"));
}

// Scoring over n1, n2 (zone a), n3 (zone b), n4 (no zone). Score(node) = Σ over keys of the
// node of topologyScore[key][value]; normalize: 100 * (s - min) / (max - min), float64,
// truncated; untouched when topologyScore is empty (v1.26; >= 1.28 skips instead).
void TstInterPodAffinity::scoring_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    QTest::addColumn<QString>("variant");
    QTest::addColumn<int>("minor");
    QTest::addColumn<int>("hardWeight");
    QTest::addColumn<bool>("ignoreExisting");
    QTest::addColumn<QString>("raw");  // "skip" when PreScore skips
    QTest::addColumn<QString>("normalized");
    // Incoming prefers app=db (zone, w10) and avoids app=cache (zone, w5); db on n1, cache on n3:
    //  (zone,a) +10, (zone,b) -5 -> n1 10, n2 10, n3 -5, n4 0. min -5, max 10, diff 15:
    //  n1, n2 100*15/15 = 100; n3 0; n4 100*(5/15) = 33.3 -> 33.
    QTest::newRow("incoming preferred") << "incoming" << 35 << 1 << false << "n1=10 n2=10 n3=-5 n4=0"
                                        << "n1=100 n2=100 n3=0 n4=33";
    QTest::newRow("1.26 incoming preferred") << "incoming" << 26 << 1 << false << "n1=10 n2=10 n3=-5 n4=0"
                                             << "n1=100 n2=100 n3=0 n4=33";
    // E1 on n1 prefers app=web (zone, w7); E2 on n4 avoids app=web (hostname, w3); incoming
    // app=web without terms: (zone,a) +7, (host,n4) -3 -> n1 7, n2 7, n3 0, n4 -3.
    //  diff 10: n1, n2 100; n3 100*(3/10) = 30; n4 0.
    QTest::newRow("existing preferred") << "existing" << 35 << 1 << false << "n1=7 n2=7 n3=0 n4=-3"
                                        << "n1=100 n2=100 n3=30 n4=0";
    // E on n3 requires affinity to app=web (zone): hardPodAffinityWeight at (zone,b).
    //  weight 1 -> n3 1, others 0 -> n3 100, others 0. weight 5 -> raw 5, same normalized.
    QTest::newRow("hard weight 1") << "hard" << 35 << 1 << false << "n1=0 n2=0 n3=1 n4=0" << "n1=0 n2=0 n3=100 n4=0";
    QTest::newRow("hard weight 5") << "hard" << 35 << 5 << false << "n1=0 n2=0 n3=5 n4=0" << "n1=0 n2=0 n3=100 n4=0";
    // Weight 0: nothing contributes -> newest Skip; v1.26 leaves the raw zeros.
    QTest::newRow("hard weight 0") << "hard" << 35 << 0 << false << "skip" << "";
    QTest::newRow("1.26 hard weight 0") << "hard" << 26 << 0 << false << "n1=0 n2=0 n3=0 n4=0" << "n1=0 n2=0 n3=0 n4=0";
    // E1's term lists namespace "other"; the incoming pod is in default: no match.
    QTest::newRow("existing term in another namespace") << "existing-other-ns" << 35 << 1 << false << "skip" << "";
    // E1's namespaceSelector team=blue, the incoming pod's namespace "blue" is labelled so:
    //  (zone,a) +7 -> n1 7, n2 7 -> 100, 100, 0, 0.
    QTest::newRow("existing term namespaceSelector") << "existing-nssel" << 35 << 1 << false << "n1=7 n2=7 n3=0 n4=0"
                                                     << "n1=100 n2=100 n3=0 n4=0";
    // The incoming pod prefers app=db in namespaces labelled team=blue (w10); db in "blue" on
    // n3: (zone,b) +10 -> n3 100.
    QTest::newRow("incoming term namespaceSelector") << "incoming-nssel" << 35 << 1 << false << "n1=0 n2=0 n3=10 n4=0"
                                                     << "n1=0 n2=0 n3=100 n4=0";
    // ignorePreferredTermsOfExistingPods with no preferred terms of its own: >= 1.28 Skip;
    // 1.27 visits nothing (empty map, raw 0 untouched); v1.26 has no such arg.
    QTest::newRow("ignore existing, newest") << "existing" << 35 << 1 << true << "skip" << "";
    QTest::newRow("ignore existing, 1.27") << "existing" << 27 << 1 << true << "n1=0 n2=0 n3=0 n4=0"
                                           << "n1=0 n2=0 n3=0 n4=0";
    QTest::newRow("ignore existing, 1.26") << "existing" << 26 << 1 << true << "n1=7 n2=7 n3=0 n4=-3"
                                           << "n1=100 n2=100 n3=30 n4=0";
    // clang-format on
}

void TstInterPodAffinity::scoring() {
    QFETCH(QString, variant);
    QFETCH(int, minor);
    QFETCH(int, hardWeight);
    QFETCH(bool, ignoreExisting);
    QFETCH(QString, raw);
    QFETCH(QString, normalized);
    TestCluster tc(KubeVersion{1, minor});
    topology(tc);
    auto b = tc.pod("in");
    b.label("app", variant.startsWith("incoming") ? "api" : "web");
    if (variant == "incoming") {
        tc.pod("db").label("app", "db").on("n1").add();
        tc.pod("cache").label("app", "cache").on("n3").add();
        b.raw().affinity.podAffinity.preferred = {weighted(10, term(tc, kZone, "db"))};
        b.raw().affinity.podAntiAffinity.preferred = {weighted(5, term(tc, kZone, "cache"))};
    }
    if (variant == "incoming-nssel") {
        addNamespace(tc, "blue", "team", "blue");
        tc.pod("db").ns("blue").label("app", "db").on("n3").add();
        tc.pod("db-default").label("app", "db").on("n1").add();  // default is not labelled blue
        PodAffinityTerm t = term(tc, kZone, "db");
        t.namespaceSelector = tc.selector({{"team", "blue"}});
        b.raw().affinity.podAffinity.preferred = {weighted(10, t)};
    }
    if (variant.startsWith("existing")) {
        auto e1 = tc.pod("e1");
        e1.label("app", "e1");
        PodAffinityTerm t = term(tc, kZone, "web");
        if (variant == "existing-other-ns") t.namespaces = {tc.sym("other")};
        if (variant == "existing-nssel") {
            t.namespaceSelector = tc.selector({{"team", "blue"}});
            addNamespace(tc, "blue", "team", "blue");
            b.ns("blue");
        }
        e1.raw().affinity.podAffinity.preferred = {weighted(7, t)};
        e1.on("n1").add();
        if (variant == "existing") {
            auto e2 = tc.pod("e2");
            e2.label("app", "e2");
            e2.raw().affinity.podAntiAffinity.preferred = {weighted(3, term(tc, kHost, "web"))};
            e2.on("n4").add();
        }
    }
    if (variant == "hard") {
        auto e = tc.pod("e");
        e.label("app", "e");
        e.raw().affinity.podAffinity.required = {term(tc, kZone, "web")};
        e.on("n3").add();
    }
    const Pod& pod = b.add();
    tc.refresh();
    PluginArgs args;
    args.interPodAffinity.hardPodAffinityWeight = hardWeight;
    args.interPodAffinity.ignorePreferredTermsOfExistingPods = ignoreExisting;
    auto pl = makePlugin(tc, args);
    CycleState state(1);
    const PluginScores s = scoreAll(tc, *pl, state, pod);
    if (raw == "skip") {
        QVERIFY(s.preScore.isSkip());
        return;
    }
    QVERIFY(s.preScore.isSuccess());
    QCOMPARE(s.raw, raw);
    QCOMPARE(s.normalized, normalized);
}

QTEST_GUILESS_MAIN(TstInterPodAffinity)
#include "tst_inter_pod_affinity.moc"
