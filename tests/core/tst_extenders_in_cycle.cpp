// Scheduler extenders in the cycle (extenders_in_cycle.h, schedule_one.go): the filter stage
// after the Filter plugins (failed, failedAndUnresolvable, errors, ignorable, interest), the
// prioritize stage's score × weight × 10, the binder, preemption's callExtenders, the
// ignoredByScheduler resources and the order extenders are called in. The extenders are
// FakeExtenders (testlib/fake_extender.h) whose answers each row gives.

#include <QtTest/QtTest>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/simulation.h"
#include "testlib/builders.h"
#include "testlib/fake_extender.h"
#include "testlib/simulation_watch.h"

using namespace berth::core;
using namespace berth::testlib;

namespace {

/// "a=why,b=why" into node → reason; "a=3,b=7" the same with numbers.
std::map<std::string, std::string> reasons(const QString& spec) {
    std::map<std::string, std::string> out;
    for (const QString& kv : spec.split(';', Qt::SkipEmptyParts)) {
        const auto eq = kv.indexOf('=');
        out[kv.left(eq).toStdString()] = kv.mid(eq + 1).toStdString();
    }
    return out;
}
std::map<std::string, std::int64_t> numbers(const QString& spec) {
    std::map<std::string, std::int64_t> out;
    for (const auto& [k, v] : reasons(spec)) out[k] = std::stoll(v);
    return out;
}

struct Run {
    QString node;  // "" when not bound
    QString message;
    std::optional<CycleTrace> trace;
};

/// Runs one pass over the pending pods with these extenders and returns `pod`'s outcome.
Run runWith(TestCluster& tc, const Pod& pod, const std::vector<std::shared_ptr<Extender>>& extenders,
            SchedulerConfiguration config = {}, bool preemption = false, bool traced = true) {
    SchedulerOptions options;
    options.version = tc.version;
    options.tieBreak = TieBreak::Name;
    options.preemption = preemption;
    options.trace = traced;  // untraced: the Filter scan's fast paths (filter_verdict_cache.h) run
    options.extenders = extenders;
    auto sim = std::make_unique<CheckedSimulation>(tc.cluster, config, options);
    Run out;
    sim->setTraceListener([&](const CycleTrace& t) {
        if (t.pod == tc.cluster.podKey(pod)) out.trace = t;
    });
    std::string error;
    if (!sim->init(error)) qFatal("simulation init failed: %s", error.c_str());
    sim->run();
    const PodOutcome& o = sim->outcome(pod);
    if (o.state == PodState::Bound) out.node = QString::fromStdString(std::string(tc.cluster.pool.str(o.node)));
    out.message = QString::fromStdString(o.message);
    return out;
}

std::shared_ptr<FakeExtender> fake(TestCluster& tc, const std::string& name) {
    return std::make_shared<FakeExtender>(tc.cluster.pool, name);
}

const NodeTrace& nodeTrace(const CycleTrace& t, const std::string& node) {
    for (const NodeTrace& n : t.nodes)
        if (n.node == node) return n;
    qFatal("no node %s in the trace", node.c_str());
}

}  // namespace

class TestExtendersInCycle : public QObject {
    Q_OBJECT
private slots:
    void filterStage_data();
    void filterStage();
    void prioritizeStage_data();
    void prioritizeStage();
    void traceRows();
    void callOrder();
    void filterExtenderWidensTheScan();
    void binding_data();
    void binding();
    void preemption_data();
    void preemption();
    void ignoredByScheduler_data();
    void ignoredByScheduler();
};

void TestExtendersInCycle::filterStage_data() {
    QTest::addColumn<QStringList>("nodes");  // name=cpu
    QTest::addColumn<QString>("fail1");      // ext1: node=reason;... Unschedulable
    QTest::addColumn<QString>("unres1");     // ext1: failedAndUnresolvable
    QTest::addColumn<QString>("error1");     // ext1's filter error
    QTest::addColumn<bool>("ignorable1");
    QTest::addColumn<QString>("claim1");     // a name ext1 calls feasible without being sent it
    QTest::addColumn<bool>("gpuOnly1");      // ext1 manages example.com/gpu, which the pod does not request
    QTest::addColumn<QString>("fail2");      // ext2: Unschedulable
    QTest::addColumn<QString>("node");       // where the pod goes ("" none)
    QTest::addColumn<QString>("message");    // its FailedScheduling text
    QTest::addColumn<QString>("asked2");     // the nodes ext2 was sent, comma-joined ("-" never called)
    const QStringList abc{"a=4", "b=4", "c=4"};
    // clang-format off
    // Pod: 1 cpu. With equal nodes the `name` tie-break picks the first name left.
    QTest::newRow("ext1 fails b and c")  << abc << "b=b is busy" << "c=c has no gpu" << "" << false << "" << false
                                         << "" << "a" << "" << "a";
    // ext1 keeps b, c; ext2 is sent only those and fails b: c is left.
    QTest::newRow("extenders narrow in turn") << abc << "a=a is busy" << "" << "" << false << "" << false
                                              << "b=b is busy" << "c" << "" << "b,c";
    // Nothing left: upstream's FitError counts each extender reason once; ext2 is not called.
    QTest::newRow("none left")           << abc << "a=a is full;b=b is busy" << "c=c has no gpu" << "" << false << ""
                                         << false << "" << ""
                                         << "0/3 nodes are available: 1 a is full, 1 b is busy, 1 c has no gpu." << "-";
    // Filter plugins first: "small" (1 cpu) fails NodeResourcesFit for the 2-cpu... here 1-cpu pod
    // on a 0.5-cpu node; the extender is sent only the feasible a.
    QTest::newRow("after the Filter plugins") << QStringList{"a=4", "small=500m"} << "a=a is busy" << "" << ""
                                              << false << "" << false << "" << ""
                                              << "0/2 nodes are available: 1 Insufficient cpu, 1 a is busy." << "-";
    // An error fails the cycle with the extender's text.
    QTest::newRow("error fails the cycle") << abc << "" << "" << "Post \"http://x/filter\": connection refused"
                                           << false << "" << false << "" << ""
                                           << "Post \"http://x/filter\": connection refused" << "-";
    // Ignorable: skipped, and called after ext2 (ignorable extenders go last).
    QTest::newRow("ignorable error skipped") << abc << "" << "" << "timeout" << true << "" << false
                                             << "a=a is busy" << "b" << "" << "a,b,c";
    // A feasible name outside the input is an error (HTTPExtender.Filter).
    QTest::newRow("claims a node not sent") << abc << "a=a is busy" << "" << "" << false << "zz" << false << "" << ""
                                            << "extender \"ext1\" claims a filtered node \"zz\" which is not found "
                                               "in the input node list" << "-";
    // managedResources the pod does not request: ext1 is not called at all.
    QTest::newRow("not interested")      << abc << "a=a is busy" << "" << "" << false << "" << true << "" << "a"
                                         << "" << "a,b,c";
    // clang-format on
}

void TestExtendersInCycle::filterStage() {
    QFETCH(QStringList, nodes);
    QFETCH(QString, fail1);
    QFETCH(QString, unres1);
    QFETCH(QString, error1);
    QFETCH(bool, ignorable1);
    QFETCH(QString, claim1);
    QFETCH(bool, gpuOnly1);
    QFETCH(QString, fail2);
    QFETCH(QString, node);
    QFETCH(QString, message);
    QFETCH(QString, asked2);
    // Traced and untraced alike: without a trace the scan keeps no rejected node unless
    // something reads it, and the FitError after the extenders does.
    for (const bool traced : {true, false}) {
        TestCluster tc;
        for (const QString& n : nodes) {
            const QStringList f = n.split('=');
            tc.node(f[0].toStdString()).cpu(f[1].toStdString()).memory("8Gi").add();
        }
        const Pod& pod = tc.pod("p").cpu("1").memory("1Gi").add();
        auto ext1 = fake(tc, "ext1");
        ext1->hasFilter = true;
        ext1->fail = reasons(fail1);
        ext1->failUnresolvable = reasons(unres1);
        if (!error1.isEmpty()) ext1->filterError = error1.toStdString();
        ext1->ignorable = ignorable1;
        if (!claim1.isEmpty()) ext1->claimFeasible = {claim1.toStdString()};
        if (gpuOnly1) ext1->managedResources = {"example.com/gpu"};
        auto ext2 = fake(tc, "ext2");
        ext2->hasFilter = true;
        ext2->fail = reasons(fail2);
        const Run r = runWith(tc, pod, {ext1, ext2}, {}, false, traced);
        QCOMPARE(r.node, node);
        QCOMPARE(r.message, message);
        QStringList sent;
        for (const std::string& s : ext2->filterCalls.empty() ? std::vector<std::string>{} : ext2->filterCalls.front())
            sent << QString::fromStdString(s);
        QCOMPARE(ext2->filterCalls.empty() ? QString("-") : sent.join(','), asked2);
        QCOMPARE(ext1->filterCalls.empty(), gpuOnly1);
    }
}

void TestExtendersInCycle::prioritizeStage_data() {
    QTest::addColumn<QString>("scores1");  // ext1: node=0..10
    QTest::addColumn<int>("weight1");
    QTest::addColumn<QString>("error1");
    QTest::addColumn<bool>("prioritizer1");
    QTest::addColumn<QString>("scores2");
    QTest::addColumn<int>("weight2");
    QTest::addColumn<QString>("node");
    QTest::addColumn<int>("extra");  // the chosen node's extender points: Σ score × weight × 10
    // clang-format off
    // Three equal empty nodes: the plugins score them alike, so the extenders decide; ties go
    // to the first name.
    // ext1 w3: a 2·3·10 = 60, b 7·3·10 = 210, c 5·3·10 = 150 → b.
    QTest::newRow("one prioritizer")   << "a=2;b=7;c=5" << 3 << "" << true << "" << 1 << "b" << 210;
    // ext1 w1 a: 10·1·10 = 100; ext2 w2 b: 6·2·10 = 120 → b.
    QTest::newRow("two add up")        << "a=10" << 1 << "" << true << "b=6" << 2 << "b" << 120;
    // ext1 w5 a: 3·5·10 = 150; ext2 w1 b: 10·1·10 = 100 → a.
    QTest::newRow("weight decides")    << "a=3" << 5 << "" << true << "b=10" << 1 << "a" << 150;
    // Both score c: 4·1·10 + 1·2·10 = 60 → c.
    QTest::newRow("same node twice")   << "c=4" << 1 << "" << true << "c=1" << 2 << "c" << 60;
    // An error adds nothing: all tie → a.
    QTest::newRow("error ignored")     << "c=10" << 1 << "refused" << true << "" << 1 << "a" << 0;
    // No prioritize verb: never asked → a.
    QTest::newRow("no prioritize verb")<< "c=10" << 1 << "" << false << "" << 1 << "a" << 0;
    // clang-format on
}

void TestExtendersInCycle::prioritizeStage() {
    QFETCH(QString, scores1);
    QFETCH(int, weight1);
    QFETCH(QString, error1);
    QFETCH(bool, prioritizer1);
    QFETCH(QString, scores2);
    QFETCH(int, weight2);
    QFETCH(QString, node);
    QFETCH(int, extra);
    TestCluster tc;
    for (const char* n : {"a", "b", "c"}) tc.node(n).cpu("4").memory("8Gi").add();
    const Pod& pod = tc.pod("p").cpu("1").memory("1Gi").add();
    auto ext1 = fake(tc, "ext1");
    ext1->hasPrioritize = prioritizer1;
    ext1->scores = numbers(scores1);
    ext1->weight = weight1;
    if (!error1.isEmpty()) ext1->prioritizeError = error1.toStdString();
    auto ext2 = fake(tc, "ext2");
    ext2->hasPrioritize = true;
    ext2->scores = numbers(scores2);
    ext2->weight = weight2;
    const Run r = runWith(tc, pod, {ext1, ext2});
    QCOMPARE(r.node, node);
    QVERIFY(r.trace && r.trace->scored);
    // The chosen node's total is its plugins' weighted sum plus the extenders' points.
    const NodeTrace& chosen = nodeTrace(*r.trace, node.toStdString());
    std::int64_t plugins = 0, extenders = 0;
    for (const PluginScoreTrace& s : chosen.scores) (s.extender ? extenders : plugins) += s.weighted;
    QCOMPARE(extenders, std::int64_t(extra));
    QCOMPARE(chosen.total, plugins + extenders);
    QCOMPARE(ext1->prioritizeCalls.empty(), !prioritizer1);
}

void TestExtendersInCycle::traceRows() {
    TestCluster tc;
    for (const char* n : {"a", "b", "c"}) tc.node(n).cpu("4").memory("8Gi").add();
    const Pod& pod = tc.pod("p").cpu("1").memory("1Gi").add();
    auto ext = fake(tc, "http://gpu:8888/scheduler");
    ext->hasFilter = ext->hasPrioritize = true;
    ext->fail = {{"b", "no free gpu"}};
    ext->failUnresolvable = {{"c", "gpu driver missing"}};
    ext->scores = {{"a", 7}};
    ext->weight = 3;
    const Run r = runWith(tc, pod, {ext});
    QVERIFY(r.trace);
    const CycleTrace& t = *r.trace;
    QCOMPARE(t.extenders.size(), std::size_t(1));
    QCOMPARE(t.extenders[0].extender, ext->name());
    QVERIFY(t.extenders[0].filtered);
    QVERIFY(!t.extenders[0].prioritized);  // one feasible node left: chosen without scoring
    QCOMPARE(nodeTrace(t, "b").filterPlugin, ext->name());
    QCOMPARE(nodeTrace(t, "b").filterCode, std::string("Unschedulable"));
    QCOMPARE(nodeTrace(t, "b").reasons, std::vector<std::string>{"no free gpu"});
    QCOMPARE(nodeTrace(t, "c").filterCode, std::string("UnschedulableAndUnresolvable"));
    QCOMPARE(nodeTrace(t, "c").reasons, std::vector<std::string>{"gpu driver missing"});
    QVERIFY(nodeTrace(t, "a").feasible);
    QCOMPARE(t.chosen, std::string("a"));

    // Both a and b feasible: scored, with the extender's row: raw 7, ×10 = 70, weight 3 → 210.
    TestCluster tc2;
    for (const char* n : {"a", "b", "c"}) tc2.node(n).cpu("4").memory("8Gi").add();
    const Pod& pod2 = tc2.pod("p").cpu("1").memory("1Gi").add();
    auto ext2 = fake(tc2, "http://gpu:8888/scheduler");
    ext2->hasFilter = ext2->hasPrioritize = true;
    ext2->fail = {{"c", "no free gpu"}};
    ext2->scores = {{"a", 7}};
    ext2->weight = 3;
    const Run r2 = runWith(tc2, pod2, {ext2});
    QVERIFY(r2.trace && r2.trace->scored);
    QVERIFY(r2.trace->extenders[0].prioritized);
    QCOMPARE(r2.trace->extenders[0].weight, std::int64_t(3));
    const NodeTrace& a = nodeTrace(*r2.trace, "a");
    const PluginScoreTrace& row = a.scores.back();
    QVERIFY(row.extender);
    QCOMPARE(row.plugin, ext2->name());
    QCOMPARE(row.raw, std::int64_t(7));
    QCOMPARE(row.normalized, std::int64_t(70));
    QCOMPARE(row.weight, std::int64_t(3));
    QCOMPARE(row.weighted, std::int64_t(210));
    // b: the extender answered 0, a row worth 0.
    const PluginScoreTrace& b = nodeTrace(*r2.trace, "b").scores.back();
    QVERIFY(b.extender);
    QCOMPARE(b.raw, std::int64_t(0));
    QCOMPARE(b.weighted, std::int64_t(0));
    QCOMPARE(r2.trace->chosen, std::string("a"));
}

void TestExtendersInCycle::callOrder() {
    // buildExtenders puts the ignorable extenders after the others, each group in
    // configuration order; every verb follows that order.
    TestCluster tc;
    for (const char* n : {"a", "b"}) tc.node(n).cpu("4").memory("8Gi").add();
    const Pod& pod = tc.pod("p").cpu("1").memory("1Gi").add();
    std::vector<std::string> calls;
    std::vector<std::shared_ptr<Extender>> list;
    for (const auto& [name, ignorable] : std::vector<std::pair<std::string, bool>>{
             {"i1", true}, {"e1", false}, {"i2", true}, {"e2", false}}) {
        auto e = fake(tc, name);
        e->hasFilter = e->hasPrioritize = true;
        e->ignorable = ignorable;
        e->calls = &calls;
        list.push_back(e);
    }
    runWith(tc, pod, list);
    const std::vector<std::string> expected{"e1.filter",     "e2.filter",     "i1.filter",     "i2.filter",
                                            "e1.prioritize", "e2.prioritize", "i1.prioritize", "i2.prioritize"};
    QCOMPARE(calls, expected);
}

void TestExtendersInCycle::filterExtenderWidensTheScan() {
    // >= 1.30 a profile with nothing to score stops at the first feasible node, unless an
    // extender filters (hasExtenderFilters): here all three nodes are found, the extender
    // rejects a (the first in scan order), and b is chosen. Were the scan stopped at a, the
    // extender would have left no node.
    TestCluster tc;
    for (const char* n : {"a", "b", "c"}) tc.node(n).cpu("4").memory("8Gi").add();
    const Pod& pod = tc.pod("p").cpu("1").memory("1Gi").add();
    SchedulerConfiguration config;
    ProfileConfig profile;
    profile.schedulerName = "default-scheduler";
    profile.plugins.at(ExtensionPoint::Score).disabled = {{"*", 0}};
    profile.plugins.at(ExtensionPoint::PreScore).disabled = {{"*", 0}};
    config.profiles = {profile};
    auto ext = fake(tc, "ext");
    ext->hasFilter = true;
    ext->fail = {{"a", "a is busy"}};
    const Run r = runWith(tc, pod, {ext}, config);
    QCOMPARE(r.node, QString("b"));
    QVERIFY(r.trace && r.trace->scorePlugins.empty());  // nothing to score indeed
    QCOMPARE(ext->filterCalls.front(), (std::vector<std::string>{"a", "b", "c"}));
}

void TestExtendersInCycle::binding_data() {
    QTest::addColumn<QString>("error");
    QTest::addColumn<bool>("ignorable");
    QTest::addColumn<bool>("interested");
    QTest::addColumn<QString>("node");
    QTest::addColumn<QString>("message");
    QTest::addColumn<int>("binds");  // calls to the extender's bind
    QTest::addColumn<QString>("bound");  // the PodBound event's message: who bound it
    // clang-format off
    QTest::newRow("extender binds")      << "" << false << true << "a" << "" << 1 << "bound by extender binder";
    // Its error is the binding's: the pod is not bound (the lone node is tried again after
    // backoff, and fails again: two calls within the run).
    QTest::newRow("extender refuses")    << "no gpu left" << false << true << "" << "binding rejected: no gpu left"
                                         << -1 << "";
    // Ignorable: its error passes the binding to DefaultBinder; the event says it was skipped.
    QTest::newRow("ignorable refuses")   << "no gpu left" << true << true << "a" << "" << 1
                                         << "ignorable extender skipped in bind: binder: no gpu left";
    // Not interested: DefaultBinder binds, the extender is not called; nothing to say.
    QTest::newRow("not interested")      << "" << false << false << "a" << "" << 0 << "";
    // clang-format on
}

void TestExtendersInCycle::binding() {
    QFETCH(QString, error);
    QFETCH(bool, ignorable);
    QFETCH(bool, interested);
    QFETCH(QString, node);
    QFETCH(QString, message);
    QFETCH(int, binds);
    QFETCH(QString, bound);
    TestCluster tc;
    tc.node("a").cpu("4").memory("8Gi").add();
    const Pod& pod = tc.pod("p").cpu("1").memory("1Gi").add();
    auto ext = fake(tc, "binder");
    ext->hasBind = true;
    ext->ignorable = ignorable;
    if (!interested) ext->managedResources = {"example.com/gpu"};
    if (!error.isEmpty()) ext->bindError = error.toStdString();
    SchedulerOptions options;
    options.version = tc.version;
    options.extenders = {ext};
    CheckedSimulation sim(tc.cluster, SchedulerConfiguration{}, options);
    QStringList boundEvents;
    sim.setEventListener([&](const SimEvent& e) {
        if (e.type == EventType::PodBound) boundEvents << QString::fromStdString(e.message);
    });
    std::string initError;
    QVERIFY(sim.init(initError));
    sim.run();
    const PodOutcome& o = sim.outcome(pod);
    QCOMPARE(o.state == PodState::Bound ? QString::fromStdString(std::string(tc.cluster.pool.str(o.node))) : QString(),
             node);
    QCOMPARE(QString::fromStdString(o.message), message);
    if (binds >= 0) QCOMPARE(int(ext->binds.size()), binds);
    if (!ext->binds.empty()) QCOMPARE(ext->binds.front(), (std::pair<std::string, std::string>{"p", "a"}));
    QCOMPARE(boundEvents, node.isEmpty() ? QStringList() : QStringList{bound});
}

void TestExtendersInCycle::preemption_data() {
    QTest::addColumn<QString>("keep");  // the nodes the extender keeps ("*" all)
    QTest::addColumn<QString>("error");
    QTest::addColumn<bool>("ignorable");
    QTest::addColumn<bool>("emptyVictims");  // it answers n1 with no victims
    QTest::addColumn<QString>("nominated");
    QTest::addColumn<QString>("evicted");  // the low pod evicted ("" none)
    QTest::addColumn<QString>("message");  // contained in the preemptor's message
    // The trace: the extender's call ("asked>kept", "error!" when it failed, "ignored" appended
    // for an ignorable one) and the candidates the pick saw.
    QTest::addColumn<QString>("traced");
    QTest::addColumn<QString>("candidates");
    // clang-format off
    // n1 and n2 (2 cpu) each run a 2-cpu priority-0 pod; the 2-cpu priority-100 pod fits
    // nowhere. Both nodes are equal candidates: without a say, n1 (first by name) is chosen.
    QTest::newRow("all kept")           << "*"  << "" << false << false << "n1" << "low1" << ""
                                        << "n1,n2>n1,n2" << "n1,n2";
    QTest::newRow("extender keeps n2")  << "n2" << "" << false << false << "n2" << "low2" << ""
                                        << "n1,n2>n2" << "n2";
    QTest::newRow("extender keeps none")<< ""   << "" << false << false << ""   << ""
                                        << "0/2 nodes are available: 2 Insufficient cpu. preemption: no candidate node for preemption"
                                        << "n1,n2>" << "";
    // An extender's error fails PostFilter: upstream (schedule_one.go) makes the error text the
    // FitError's PostFilter part, prefixed "preemption: " by DefaultPreemption; no nomination.
    QTest::newRow("error")              << "n2" << "preempt refused" << false << false << "" << ""
                                        << "0/2 nodes are available: 2 Insufficient cpu. preemption: preempt refused"
                                        << "n1,n2>preempt refused!" << "n1,n2";
    QTest::newRow("ignorable error")    << "n2" << "preempt refused" << true << false << "n1" << "low1" << ""
                                        << "n1,n2>preempt refused!ignored" << "n1,n2";
    QTest::newRow("no victims on n1")   << "*"  << "" << false << true << "" << ""
                                        << "0/2 nodes are available: 2 Insufficient cpu. preemption: expected at least "
                                           "one victim pod on node \"n1\""
                                        << "n1,n2>expected at least one victim pod on node \"n1\"!" << "n1,n2";
    // Ignorable: the node without victims is dropped, n2 remains.
    QTest::newRow("no victims, ignorable") << "*" << "" << true << true << "n2" << "low2" << ""
                                           << "n1,n2>n2" << "n2";
    // clang-format on
}

void TestExtendersInCycle::preemption() {
    QFETCH(QString, keep);
    QFETCH(QString, error);
    QFETCH(bool, ignorable);
    QFETCH(bool, emptyVictims);
    QFETCH(QString, nominated);
    QFETCH(QString, evicted);
    QFETCH(QString, message);
    QFETCH(QString, traced);
    QFETCH(QString, candidates);
    TestCluster tc;
    tc.node("n1").cpu("2").memory("8Gi").add();
    tc.node("n2").cpu("2").memory("8Gi").add();
    const Pod& low1 = tc.pod("low1").cpu("2").priority(0).on("n1").add();
    const Pod& low2 = tc.pod("low2").cpu("2").priority(0).on("n2").add();
    const Pod& high = tc.pod("high").cpu("2").priority(100).add();
    auto ext = fake(tc, "preempter");
    ext->hasPreempt = true;
    ext->ignorable = ignorable;
    if (!error.isEmpty()) ext->preemptError = error.toStdString();
    StringPool& pool = tc.cluster.pool;
    ext->preempt = [&](const std::map<Sym, ExtenderVictims>& in) {
        ExtenderPreemptionOutcome out;
        for (const auto& [n, v] : in) {
            const std::string name(pool.str(n));
            if (keep != "*" && QString::fromStdString(name) != keep) continue;
            out.nodeToVictims[n] = v;
            if (emptyVictims && name == "n1") out.nodeToVictims[n].pods.clear();
        }
        return out;
    };
    SchedulerOptions options;
    options.version = tc.version;
    options.tieBreak = TieBreak::Name;
    options.extenders = {ext};
    options.trace = true;
    CheckedSimulation sim(tc.cluster, SchedulerConfiguration{}, options);
    std::optional<PreemptionTrace> trace;
    sim.setTraceListener([&](const CycleTrace& t) {
        if (t.pod == tc.cluster.podKey(high)) trace = t.preemption;
    });
    std::string initError;
    QVERIFY(sim.init(initError));
    sim.runSinglePass();
    QCOMPARE(ext->preemptCalls, 1);
    QVERIFY(trace);
    QCOMPARE(int(trace->extenders.size()), 1);
    const PreemptionExtenderTrace& call = trace->extenders.front();
    QCOMPARE(call.extender, std::string("preempter"));
    const auto joined = [](const std::vector<std::string>& v) {
        QStringList out;
        for (const std::string& n : v) out << QString::fromStdString(n);
        return out.join(',');
    };
    const QString answer =
        call.error.empty() ? joined(call.kept) : QString::fromStdString(call.error) + "!" + (call.ignored ? "ignored" : "");
    QCOMPARE(joined(call.asked) + ">" + answer, traced);
    QStringList seen;
    for (const PreemptionCandidateTrace& c : trace->candidates) seen << QString::fromStdString(c.node);
    QCOMPARE(seen.join(','), candidates);
    // The pick's steps name candidates the pick saw.
    for (const PreemptionPickStep& step : trace->pick)
        for (const std::string& n : step.kept) QVERIFY(seen.contains(QString::fromStdString(n)));
    const PodOutcome& o = sim.outcome(high);
    QCOMPARE(QString::fromStdString(std::string(pool.str(o.nominated))), nominated);
    QCOMPARE(sim.outcome(low1).state == PodState::Evicted, evicted == "low1");
    QCOMPARE(sim.outcome(low2).state == PodState::Evicted, evicted == "low2");
    // A full FitError text is compared exactly; "" rows say nothing of the message.
    if (message.startsWith("0/"))
        QCOMPARE(QString::fromStdString(o.message), message);
}

void TestExtendersInCycle::ignoredByScheduler_data() {
    QTest::addColumn<bool>("ignored");
    QTest::addColumn<QString>("node");
    QTest::addColumn<QString>("message");
    // clang-format off
    // The node has no example.com/gpu; the pod asks for 1. Ignored by the scheduler, the
    // resource is the extender's business and NodeResourcesFit passes the node.
    QTest::newRow("ignoredByScheduler") << true  << "a" << "";
    QTest::newRow("checked")            << false << ""  << "0/1 nodes are available: 1 Insufficient example.com/gpu.";
    // clang-format on
}

void TestExtendersInCycle::ignoredByScheduler() {
    QFETCH(bool, ignored);
    QFETCH(QString, node);
    QFETCH(QString, message);
    TestCluster tc;
    tc.node("a").cpu("4").memory("8Gi").add();
    const Pod& pod = tc.pod("p").cpu("1").scalar("example.com/gpu", 1).add();
    SchedulerConfiguration config;
    ExtenderConfig e;
    e.urlPrefix = "http://gpu";
    e.managedResources = {{"example.com/gpu", ignored}};
    config.extenders = {e};
    auto ext = fake(tc, "http://gpu");
    ext->managedResources = {"example.com/gpu"};
    // A CheckedSimulation: the node holds 1 gpu more than its allocatable (none), which the
    // over-commitment check leaves out as the cycle does (NodeResourcesFit::ignored).
    const Run r = runWith(tc, pod, {ext}, config);
    QCOMPARE(r.node, node);
    QCOMPARE(r.message, message);
}

QTEST_GUILESS_MAIN(TestExtendersInCycle)
#include "tst_extenders_in_cycle.moc"
