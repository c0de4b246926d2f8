// The QueueingHints of the plugins that have one (v1.37.2): InterPodAffinity
// (isSchedulableAfterAssignedPodChange), PodTopologySpread (isSchedulableAfterAssignedPodChange)
// and NodePorts (isSchedulableAfterAssignedPodDeleted). Each row: a pending pod the plugin
// rejected, an assigned pod added or deleted, and whether the event may make the pod
// schedulable (Queue) or not (Skip). The node events' hints: tst_node_event_hints.

#include <QtTest/QtTest>

#include "core/framework/plugins/interpodaffinity/inter_pod_affinity.h"
#include "core/framework/plugins/nodeports/node_ports.h"
#include "core/framework/plugins/podtopologyspread/pod_topology_spread.h"
#include "testlib/builders.h"
#include "testlib/plugin_rows.h"

using namespace berth::core;
using namespace berth::testlib;

namespace {

QString hintName(QueueingHint h) { return h == QueueingHint::Queue ? "Queue" : "Skip"; }

/// Asks `plugin` about `other` being added ("add") or deleted ("delete") for `pending`.
QString ask(const QueueingHintPlugin& plugin, const Pod& pending, const Pod& other, const QString& how) {
    EventObjects o;
    if (how == "add")
        o.newPod = &other;
    else
        o.oldPod = &other;
    const ClusterEvent& e = how == "add" ? events::AssignedPodAdd : events::AssignedPodDelete;
    return hintName(plugin.queueingHint(pending, e, o));
}

PodAffinityTerm term(TestCluster& tc, std::string_view app, std::optional<LabelSelector> nsSelector = {}) {
    PodAffinityTerm t;
    t.selector = tc.selector({{"app", app}});
    t.namespaceSelector = std::move(nsSelector);
    t.topologyKey = tc.sym("kubernetes.io/hostname");
    return t;
}

}  // namespace

class TstQueueingHints : public QObject {
    Q_OBJECT

private slots:
    void interPodAffinity_data();
    void interPodAffinity();
    void podTopologySpread_data();
    void podTopologySpread();
    void nodePorts_data();
    void nodePorts();
};

void TstQueueingHints::interPodAffinity_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    // The pending pod (namespace default) has required affinity to `affinity` (app values, one
    // term each), anti-affinity to `anti`; the other pod has labels app=`otherApp`, lives in
    // `otherNs` and is added or deleted on n1 (or added unscheduled: `on` false).
    QTest::addColumn<QStringList>("affinity");
    QTest::addColumn<QStringList>("anti");
    QTest::addColumn<QString>("otherApp");
    QTest::addColumn<QString>("otherNs");
    QTest::addColumn<QString>("how");
    QTest::addColumn<bool>("on");
    QTest::addColumn<QString>("want");
    // An added pod must match every required term (one pod satisfies all of them).
    QTest::newRow("add matches the term")     << QStringList{"web"}          << QStringList{} << "web" << "default" << "add" << true  << "Queue";
    QTest::newRow("add matches one of two")   << QStringList{"web", "db"}    << QStringList{} << "web" << "default" << "add" << true  << "Skip";
    QTest::newRow("add other labels")         << QStringList{"web"}          << QStringList{} << "db"  << "default" << "add" << true  << "Skip";
    // No required affinity (rejected by anti-affinity): an add never helps.
    QTest::newRow("add, anti-affinity only")  << QStringList{}               << QStringList{"web"} << "web" << "default" << "add" << true << "Skip";
    // Another namespace: the term's namespaces default to the pending pod's.
    QTest::newRow("add in another namespace") << QStringList{"web"}          << QStringList{} << "web" << "team-a" << "add" << true   << "Skip";
    // An unscheduled, unnominated pod makes nothing schedulable.
    QTest::newRow("add unscheduled")          << QStringList{"web"}          << QStringList{} << "web" << "default" << "add" << false << "Skip";
    // A delete helps when the deleted pod matched the pending pod's anti-affinity.
    QTest::newRow("delete matches anti")      << QStringList{}               << QStringList{"web"} << "web" << "default" << "delete" << true << "Queue";
    QTest::newRow("delete other labels")      << QStringList{}               << QStringList{"web"} << "db"  << "default" << "delete" << true << "Skip";
    QTest::newRow("delete of affinity match") << QStringList{"web"}          << QStringList{} << "web" << "default" << "delete" << true << "Skip";
    // A namespaceSelector term is matched against no namespace labels (filtering.go passes
    // nil): `team: a` never matches, although team-a's Namespace carries that label; `{}` does.
    QTest::newRow("add, namespaceSelector team=a") << QStringList{"web@team=a"} << QStringList{} << "web" << "team-a" << "add" << true << "Skip";
    QTest::newRow("add, namespaceSelector {}")     << QStringList{"web@{}"}     << QStringList{} << "web" << "team-a" << "add" << true << "Queue";
    // clang-format on
}

void TstQueueingHints::interPodAffinity() {
    QFETCH(QStringList, affinity);
    QFETCH(QStringList, anti);
    QFETCH(QString, otherApp);
    QFETCH(QString, otherNs);
    QFETCH(QString, how);
    QFETCH(bool, on);
    QFETCH(QString, want);
    TestCluster tc;
    tc.node("n1").cpu("4").memory("8Gi").label("kubernetes.io/hostname", "n1").add();
    Namespace teamA;
    teamA.name = tc.sym("team-a");
    teamA.labels.set(tc.sym("team"), tc.sym("a"));
    tc.cluster.namespaces.push_back(teamA);
    PodBuilder pb = tc.pod("pending");
    for (const auto& a : affinity) {
        // "app@team=a": the term also selects namespaces by labels; "app@{}": every namespace.
        const QStringList parts = a.split('@');
        std::optional<LabelSelector> nsSel;
        if (parts.size() > 1) nsSel = parts[1] == "{}" ? LabelSelector{} : tc.selector({{"team", "a"}});
        pb.raw().affinity.podAffinity.required.push_back(term(tc, parts[0].toStdString(), nsSel));
    }
    for (const auto& a : anti) pb.raw().affinity.podAntiAffinity.required.push_back(term(tc, a.toStdString()));
    const Pod& pending = pb.add();
    PodBuilder ob = tc.pod("other");
    ob.ns(otherNs.toStdString()).label("app", otherApp.toStdString());
    if (on) ob.on("n1");
    const Pod& other = ob.add();
    PluginArgs args;
    InterPodAffinity plugin(args, tc.handle);
    QCOMPARE(ask(plugin, pending, other, how), want);
}

void TstQueueingHints::podTopologySpread_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    // The pending pod (namespace default) spreads app=web pods over hostnames (DoNotSchedule,
    // or ScheduleAnyway: the hint reads the hard constraints only); the other pod is added or
    // deleted on n1.
    QTest::addColumn<bool>("hard");
    QTest::addColumn<QString>("otherApp");
    QTest::addColumn<QString>("otherNs");
    QTest::addColumn<QString>("how");
    QTest::addColumn<QString>("want");
    QTest::newRow("add selected")            << true  << "web" << "default" << "add"    << "Queue";
    QTest::newRow("delete selected")         << true  << "web" << "default" << "delete" << "Queue";
    QTest::newRow("add not selected")        << true  << "db"  << "default" << "add"    << "Skip";
    QTest::newRow("add in another namespace") << true << "web" << "team-a"  << "add"    << "Skip";
    QTest::newRow("soft constraint only")    << false << "web" << "default" << "add"    << "Skip";
    // clang-format on
}

void TstQueueingHints::podTopologySpread() {
    QFETCH(bool, hard);
    QFETCH(QString, otherApp);
    QFETCH(QString, otherNs);
    QFETCH(QString, how);
    QFETCH(QString, want);
    TestCluster tc;
    tc.node("n1").cpu("4").memory("8Gi").label("kubernetes.io/hostname", "n1").add();
    PodBuilder pb = tc.pod("pending");
    pb.label("app", "web");
    TopologySpreadConstraint c;
    c.topologyKey = tc.sym("kubernetes.io/hostname");
    c.selector = tc.selector({{"app", "web"}});
    c.whenUnsatisfiable = hard ? UnsatisfiableAction::DoNotSchedule : UnsatisfiableAction::ScheduleAnyway;
    pb.raw().topologySpreadConstraints.push_back(c);
    const Pod& pending = pb.add();
    const Pod& other = tc.pod("other").ns(otherNs.toStdString()).label("app", otherApp.toStdString()).on("n1").add();
    PluginArgs args;
    PodTopologySpread plugin(args, tc.handle);
    QCOMPARE(ask(plugin, pending, other, how), want);
}

void TstQueueingHints::nodePorts_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    // The pending pod wants TCP 8080 on every IP; the deleted pod (bound to n1) held `held`.
    QTest::addColumn<int>("held");
    QTest::addColumn<QString>("protocol");
    QTest::addColumn<QString>("want");
    QTest::newRow("the wanted port")  << 8080 << "TCP" << "Queue";
    QTest::newRow("another port")     << 9090 << "TCP" << "Skip";
    QTest::newRow("another protocol") << 8080 << "UDP" << "Skip";
    QTest::newRow("no host port")     << 0    << "TCP" << "Skip";
    // clang-format on
}

void TstQueueingHints::nodePorts() {
    QFETCH(int, held);
    QFETCH(QString, protocol);
    QFETCH(QString, want);
    TestCluster tc;
    tc.node("n1").cpu("4").memory("8Gi").add();
    const Pod& pending = tc.pod("pending").hostPort(8080).add();
    PodBuilder ob = tc.pod("deleted");
    if (held > 0) ob.hostPort(held, protocol.toStdString());
    const Pod& deleted = ob.on("n1").add();
    PluginArgs args;
    NodePorts plugin(args, tc.handle);
    QCOMPARE(ask(plugin, pending, deleted, "delete"), want);
    // A node add always queues (the plugin registered it without a hint).
    EventObjects o;
    QCOMPARE(hintName(plugin.queueingHint(pending, events::NodeAdd, o)), QString("Queue"));
}

QTEST_GUILESS_MAIN(TstQueueingHints)
#include "tst_queueing_hints.moc"
