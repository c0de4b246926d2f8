// The request bodies of the extender protocol (extender/extender_json.h), byte for byte: the
// field names of k8s.io/kube-scheduler/extender/v1/types.go (Go writes untagged fields under
// their Go names and absent ones as null), the nodes as a v1 NodeList or as names, victims
// as whole pods or as UIDs, maps sorted by key as encoding/json writes them.

#include <QtTest/QtTest>

#include "extender/extender_json.h"
#include "testlib/builders.h"

using namespace berth;
using namespace berth::core;
using namespace berth::testlib;

namespace {

// The pod as writePodModelJson gives it: metadata (with uid), then the model's spec: the
// scheduler name, priority 0 as admission leaves it without a class, one container
// asking for 500m cpu (the builders name it "c").
const QString kWeb =
    R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":"web","namespace":"default","uid":"uid-web"},)"
    R"("spec":{"schedulerName":"default-scheduler","priority":0,)"
    R"("containers":[{"name":"c","image":"app","resources":{"requests":{"cpu":"500m"}}}]}})";

}  // namespace

class TestExtenderJson : public QObject {
    Q_OBJECT
    TestCluster m_tc;
    const Pod* m_web = nullptr;
    const Pod* m_victim = nullptr;

private slots:
    void initTestCase() {
        m_tc.node("n2").cpu("2").memory("4Gi").pods(10).label("zone", "a").add();
        m_tc.node("n1").cpu("1").memory("1Gi").pods(5).add();
        m_web = &m_tc.pod("web").cpu("500m").add();
        m_victim = &m_tc.pod("low").cpu("1").on("n1").add();
        m_tc.refresh();
    }

    void argsWithNodeNames() {
        const std::vector<const NodeInfo*> nodes{&m_tc.nodeInfo("n2"), &m_tc.nodeInfo("n1")};
        // nodeCacheCapable: names in the order given, Nodes null.
        QCOMPARE(QString::fromStdString(extender::extenderArgsJson(m_tc.cluster.pool, *m_web, nodes, true)),
                 R"({"Pod":)" + kWeb + R"(,"Nodes":null,"NodeNames":["n2","n1"]})");
    }

    void argsWithNodes() {
        const std::vector<const NodeInfo*> nodes{&m_tc.nodeInfo("n2")};
        // A NodeList has no kind or apiVersion of its own and an empty "metadata"; the node
        // carries its labels (the builders add the hostname label), no taints, allocatable
        // (2 cpu = 2000m, 4Gi = 4294967296 bytes, 10 pods) and no images.
        const QString node = R"({"apiVersion":"v1","kind":"Node","metadata":{"name":"n2",)"
                             R"("labels":{"kubernetes.io/hostname":"n2","zone":"a"}},"spec":{"taints":[]},)"
                             R"("status":{"allocatable":{"cpu":"2000m","memory":"4294967296","pods":"10"},)"
                             R"("images":[]}})";
        QCOMPARE(QString::fromStdString(extender::extenderArgsJson(m_tc.cluster.pool, *m_web, nodes, false)),
                 R"({"Pod":)" + kWeb + R"(,"Nodes":{"metadata":{},"items":[)" + node + R"(]},"NodeNames":null})");
    }

    void preemptionArgs() {
        std::map<Sym, ExtenderVictims> victims{{m_tc.sym("n1"), ExtenderVictims{{m_victim}, 2}}};
        const StringPool& pool = m_tc.cluster.pool;
        const QString meta = QString::fromStdString(extender::preemptionArgsJson(pool, *m_web, victims, true));
        QCOMPARE(meta, R"({"Pod":)" + kWeb +
                           R"(,"NodeNameToVictims":null,"NodeNameToMetaVictims":{"n1":{"Pods":[{"UID":"uid-low"}],)"
                           R"("NumPDBViolations":2}}})");
        // Whole victims: the bound pod with its nodeName.
        const QString whole = QString::fromStdString(extender::preemptionArgsJson(pool, *m_web, victims, false));
        const QString victim =
            R"("NodeNameToVictims":{"n1":{"Pods":[{"apiVersion":"v1","kind":"Pod","metadata":{"name":"low")";
        QVERIFY2(whole.contains(victim), qPrintable(whole));
        QVERIFY(whole.contains(R"("nodeName":"n1")"));
        QVERIFY(whole.endsWith(R"("NumPDBViolations":2}},"NodeNameToMetaVictims":null})"));
    }

    void bindingArgs() {
        QCOMPARE(QString::fromStdString(extender::bindingArgsJson(m_tc.cluster.pool, *m_web, m_tc.sym("n2"))),
                 QString(R"({"PodName":"web","PodNamespace":"default","PodUID":"uid-web","Node":"n2"})"));
    }
};

QTEST_APPLESS_MAIN(TestExtenderJson)
#include "tst_extender_json.moc"
