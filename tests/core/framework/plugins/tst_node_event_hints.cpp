// The QueueingHints for node events (v1.37.2, used from 1.32): NodeUnschedulable, TaintToleration,
// NodeAffinity and NodeResourcesFit (each plugin's isSchedulableAfterNodeChange). Each row: a
// pending pod, the node before (none for an add) and after, and whether the event may make the
// pod schedulable (Queue) or not (Skip), derived from the upstream function in the comment.

#include <QtTest/QtTest>

#include "core/framework/plugins/nodeaffinity/node_affinity.h"
#include "core/framework/plugins/noderesources/fit.h"
#include "core/framework/plugins/nodeunschedulable/node_unschedulable.h"
#include "core/framework/plugins/tainttoleration/taint_toleration.h"
#include "testlib/builders.h"

using namespace berth::core;
using namespace berth::testlib;

namespace {

QString hintName(QueueingHint h) { return h == QueueingHint::Queue ? "Queue" : "Skip"; }

/// The plugin's hint for `after` added (no `before`) or updated from `before`.
QString ask(const QueueingHintPlugin& plugin, const Pod& pod, const Node* before, const Node& after,
            const ClusterEvent& event) {
    EventObjects o;
    o.oldNode = before;
    o.newNode = &after;
    return hintName(plugin.queueingHint(pod, before ? event : events::NodeAdd, o));
}

}  // namespace

class TstNodeEventHints : public QObject {
    Q_OBJECT

private slots:
    void nodeUnschedulable_data();
    void nodeUnschedulable();
    void taintToleration_data();
    void taintToleration();
    void nodeAffinity_data();
    void nodeAffinity();
    void nodeResourcesFit_data();
    void nodeResourcesFit();
    void podEventsStillQueue();
};

void TstNodeEventHints::nodeUnschedulable_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    // node_unschedulable.go: queue when the node is added schedulable or becomes schedulable.
    QTest::addColumn<bool>("added");
    QTest::addColumn<bool>("wasCordoned");
    QTest::addColumn<bool>("isCordoned");
    QTest::addColumn<QString>("want");
    QTest::newRow("added schedulable")  << true  << false << false << "Queue";
    QTest::newRow("added cordoned")     << true  << false << true  << "Skip";
    QTest::newRow("uncordoned")         << false << true  << false << "Queue";
    QTest::newRow("cordoned")           << false << false << true  << "Skip";
    QTest::newRow("stays schedulable")  << false << false << false << "Skip";
    // clang-format on
}

void TstNodeEventHints::nodeUnschedulable() {
    QFETCH(bool, added);
    QFETCH(bool, wasCordoned);
    QFETCH(bool, isCordoned);
    QFETCH(QString, want);
    TestCluster tc;
    const Node& before = tc.node("n1").cpu("4").unschedulable(wasCordoned).add();
    const Node& after = tc.node("n2").cpu("4").unschedulable(isCordoned).add();
    const Pod& pod = tc.pod("pending").add();
    PluginArgs args;
    NodeUnschedulable plugin(args, tc.handle);
    QCOMPARE(ask(plugin, pod, added ? nullptr : &before, after, events::NodeSpecUnschedulableChange), want);
}

void TstNodeEventHints::taintToleration_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    // taint_toleration.go: queue when the node had an untolerated NoSchedule/NoExecute taint
    // (an added node counts as having had one) and has none now. The pod tolerates `ok`.
    QTest::addColumn<bool>("added");
    QTest::addColumn<QString>("before");   // "key:effect" or ""
    QTest::addColumn<QString>("after");
    QTest::addColumn<QString>("want");
    QTest::newRow("added untainted")             << true  << ""              << ""              << "Queue";
    QTest::newRow("added with a tolerated taint") << true << ""              << "ok:NoSchedule" << "Queue";
    QTest::newRow("added with a hard taint")     << true  << ""              << "bad:NoSchedule" << "Skip";
    QTest::newRow("hard taint removed")          << false << "bad:NoSchedule" << ""             << "Queue";
    QTest::newRow("NoExecute replaced by tolerated") << false << "bad:NoExecute" << "ok:NoSchedule" << "Queue";
    QTest::newRow("soft taint removed")          << false << "bad:PreferNoSchedule" << ""       << "Skip";
    QTest::newRow("taint added")                 << false << ""              << "bad:NoSchedule" << "Skip";
    QTest::newRow("still untolerated")           << false << "bad:NoSchedule" << "bad:NoExecute" << "Skip";
    // clang-format on
}

void TstNodeEventHints::taintToleration() {
    QFETCH(bool, added);
    QFETCH(QString, before);
    QFETCH(QString, after);
    QFETCH(QString, want);
    TestCluster tc;
    auto withTaint = [&](const char* name, const QString& spec) -> const Node& {
        NodeBuilder b = tc.node(name).cpu("4");
        if (!spec.isEmpty()) {
            const QStringList kv = spec.split(':');
            const TaintEffect e = kv[1] == "NoSchedule"  ? TaintEffect::NoSchedule
                                  : kv[1] == "NoExecute" ? TaintEffect::NoExecute
                                                         : TaintEffect::PreferNoSchedule;
            b.taint(kv[0].toStdString(), "", e);
        }
        return b.add();
    };
    const Node& was = withTaint("n1", before);
    const Node& now = withTaint("n2", after);
    const Pod& pod = tc.pod("pending").toleration("ok", TolerationOp::Exists, "", TaintEffect::None).add();
    PluginArgs args;
    TaintToleration plugin(args, tc.handle);
    QCOMPARE(ask(plugin, pod, added ? nullptr : &was, now, events::NodeTaintChange), want);
}

void TstNodeEventHints::nodeAffinity_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    // node_affinity.go: the pod (nodeSelector disk=ssd) must match the node now; an add queues
    // then, an update only when the node did not match before.
    QTest::addColumn<bool>("added");
    QTest::addColumn<QString>("before");  // the node's disk label ("" = none)
    QTest::addColumn<QString>("after");
    QTest::addColumn<QString>("want");
    QTest::newRow("added matching")      << true  << ""    << "ssd" << "Queue";
    QTest::newRow("added not matching")  << true  << ""    << "hdd" << "Skip";
    QTest::newRow("label now matches")   << false << "hdd" << "ssd" << "Queue";
    QTest::newRow("label added")         << false << ""    << "ssd" << "Queue";
    QTest::newRow("matched before too")  << false << "ssd" << "ssd" << "Skip";
    QTest::newRow("no longer matches")   << false << "ssd" << "hdd" << "Skip";
    // clang-format on
}

void TstNodeEventHints::nodeAffinity() {
    QFETCH(bool, added);
    QFETCH(QString, before);
    QFETCH(QString, after);
    QFETCH(QString, want);
    TestCluster tc;
    auto labelled = [&](const char* name, const QString& disk) -> const Node& {
        NodeBuilder b = tc.node(name).cpu("4");
        if (!disk.isEmpty()) b.label("disk", disk.toStdString());
        return b.add();
    };
    const Node& was = labelled("n1", before);
    const Node& now = labelled("n2", after);
    const Pod& pod = tc.pod("pending").nodeSelector("disk", "ssd").add();
    PluginArgs args;
    NodeAffinityPlugin plugin(args, tc.handle);
    QCOMPARE(ask(plugin, pod, added ? nullptr : &was, now, events::NodeLabelChange), want);
}

void TstNodeEventHints::nodeResourcesFit_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    // fit.go isSchedulableAfterNodeChange: the pod (2 cpu, 1Gi) must fit the node's allocatable
    // with nothing on it (isFit); an add queues then; an update only when an allocatable the pod
    // requests, or the pod count, grew (haveAnyRequestedResourcesIncreased).
    QTest::addColumn<bool>("added");
    QTest::addColumn<QString>("before");  // "cpu/memory/pods"
    QTest::addColumn<QString>("after");
    QTest::addColumn<QString>("want");
    QTest::newRow("added, fits")              << true  << ""           << "4/8Gi/110" << "Queue";
    QTest::newRow("added, too small")         << true  << ""           << "1/8Gi/110" << "Skip";
    QTest::newRow("added, no pod room")       << true  << ""           << "4/8Gi/0"   << "Skip";
    QTest::newRow("cpu grew")                 << false << "1/8Gi/110"  << "4/8Gi/110" << "Queue";
    QTest::newRow("memory grew")              << false << "4/4Gi/110"  << "4/8Gi/110" << "Queue";
    QTest::newRow("pod count grew")           << false << "4/8Gi/10"   << "4/8Gi/20"  << "Queue";
    QTest::newRow("fits, nothing grew")       << false << "8/8Gi/110"  << "4/8Gi/110" << "Skip";
    QTest::newRow("grew, still too small")    << false << "1/8Gi/110"  << "1500m/8Gi/110" << "Skip";
    // clang-format on
}

void TstNodeEventHints::nodeResourcesFit() {
    QFETCH(bool, added);
    QFETCH(QString, before);
    QFETCH(QString, after);
    QFETCH(QString, want);
    TestCluster tc;
    auto sized = [&](const char* name, const QString& spec) -> const Node& {
        const QStringList p = spec.isEmpty() ? QStringList{"1", "1Gi", "1"} : spec.split('/');
        return tc.node(name).cpu(p[0].toStdString()).memory(p[1].toStdString()).pods(p[2].toLongLong()).add();
    };
    const Node& was = sized("n1", before);
    const Node& now = sized("n2", after);
    const Pod& pod = tc.pod("pending").container("2", "1Gi").add();
    PluginArgs args;
    NodeResourcesFit plugin(args, tc.handle);
    QCOMPARE(ask(plugin, pod, added ? nullptr : &was, now, events::NodeAllocatableChange), want);
}

void TstNodeEventHints::podEventsStillQueue() {
    // The hints above read node events only; an assigned pod's delete queues as before.
    TestCluster tc;
    tc.node("n1").cpu("4").add();
    const Pod& pod = tc.pod("pending").container("2", "1Gi").add();
    const Pod& gone = tc.pod("gone").on("n1").add();
    EventObjects o;
    o.oldPod = &gone;
    PluginArgs args;
    NodeResourcesFit fit(args, tc.handle);
    QCOMPARE(hintName(fit.queueingHint(pod, events::AssignedPodDelete, o)), QString("Queue"));
}

QTEST_GUILESS_MAIN(TstNodeEventHints)
#include "tst_node_event_hints.moc"
