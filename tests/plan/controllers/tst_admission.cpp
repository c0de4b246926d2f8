// Admission for Pods written as manifests (plan/controllers/admission.h): Priority from the
// named or the global default class, an unknown class rejected in the API server's words,
// DefaultTolerationSeconds' NoExecute tolerations unless the pod has its own; a Pod that has
// been through an API server (a dump: uid, resourceVersion, creationTimestamp or status) is
// left as it is, as is every Pod with admission turned off. Loaded with the manifest loader,
// which tells the two apart. (LimitRanger and RuntimeClass: tst_admission_plugins.cpp.)
#include <QtTest/QtTest>

#include <memory>
#include <string>

#include "core/api/cluster.h"
#include "io/manifest_loader.h"
#include "plan/cluster_setup.h"
#include "testlib/loaded_text.h"

using namespace berth;

namespace {

const char* const kClasses = R"(apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: batch-low}
value: 100
preemptionPolicy: Never
---
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: standard}
value: 1000
globalDefault: true
---
)";

// How many of the pod's tolerations are DefaultTolerationSeconds' for `key`.
int addedTolerations(const testlib::LoadedText& l, std::string_view name, std::string_view key) {
    int n = 0;
    for (const auto& t : l.pod(name)->tolerations)
        if (l.cluster->pool.str(t.key) == key && t.seconds == 300 && t.effect == core::TaintEffect::NoExecute) ++n;
    return n;
}

std::unique_ptr<testlib::LoadedText> loadAndAdmit(const std::string& pods, bool admit = true) {
    auto l = testlib::loadText(kClasses + pods, {}, "pods.yaml");
    plan::finishLoading(*l->cluster, l->result, 0, core::KubeVersion::newest(), admit);
    return l;
}

std::string pod(const std::string& name, const std::string& spec, const std::string& extra = "") {
    return "apiVersion: v1\nkind: Pod\nmetadata: {name: " + name + "}\nspec: {containers: [{name: c, image: app}]" +
           spec + "}\n" + extra + "---\n";
}

}  // namespace

class TestAdmission : public QObject {
    Q_OBJECT

private slots:
    void priorityFromTheNamedClass() {
        const auto l = loadAndAdmit(pod("low", ", priorityClassName: batch-low"));
        QCOMPARE(l->messages(), QString());
        QCOMPARE(l->pod("low")->priority, 100);
        QCOMPARE(l->pod("low")->preemptionPolicy, core::PreemptionPolicy::Never);
    }

    void priorityFromTheGlobalDefault() {
        const auto l = loadAndAdmit(pod("plain", ""));
        QCOMPARE(l->pod("plain")->priority, 1000);
        QCOMPARE(l->pod("plain")->priorityClassName, std::string("standard"));
        QCOMPARE(l->pod("plain")->preemptionPolicy, core::PreemptionPolicy::PreemptLowerPriority);
    }

    void systemClasses() {
        const auto l = loadAndAdmit(pod("sys", ", priorityClassName: system-cluster-critical"));
        QCOMPARE(l->pod("sys")->priority, 2000000000);
    }

    void unknownClassIsRejected() {
        // The class documents take lines 1-12; the pod starts on line 13.
        const auto l = loadAndAdmit(pod("typo", ", priorityClassName: hihg") + pod("other", ""));
        QCOMPARE(l->messages(), QString("pods.yaml:13:1: error: Pod default/typo: pods \"typo\" is forbidden: no "
                                        "PriorityClass with name hihg was found"));
        QVERIFY(l->pod("typo") == nullptr);
        QVERIFY(l->pod("other") != nullptr);
    }

    void defaultTolerations_data() {
        // clang-format off
        QTest::addColumn<QString>("tolerations");  // the pod's own, as YAML flow
        QTest::addColumn<int>("notReady");         // DefaultTolerationSeconds' not-ready tolerations added
        QTest::addColumn<int>("unreachable");      // ... and unreachable ones
        // admission.go Admit: a toleration counts for a key when its key is that key or empty
        // AND its effect is NoExecute or empty; operator, value and seconds do not matter.
        // None of the pod's own: both added ({key, Exists, NoExecute, 300}).
        QTest::newRow("none")                 << ""                                                                  << 1 << 1;
        // Its own not-ready NoExecute (no seconds): only unreachable is added.
        QTest::newRow("own not-ready")        << "{key: node.kubernetes.io/not-ready, operator: Exists, effect: NoExecute}" << 0 << 1;
        // Empty effect means every effect: tolerates not-ready's NoExecute too.
        QTest::newRow("not-ready any effect") << "{key: node.kubernetes.io/not-ready, operator: Exists}"             << 0 << 1;
        // NoSchedule is not NoExecute: both added.
        QTest::newRow("not-ready NoSchedule") << "{key: node.kubernetes.io/not-ready, operator: Exists, effect: NoSchedule}" << 1 << 1;
        // Equal with a value still counts (Admit looks at key and effect only).
        QTest::newRow("unreachable Equal x")  << "{key: node.kubernetes.io/unreachable, value: x, effect: NoExecute}" << 1 << 0;
        // Empty key (operator Exists): every key, so both are tolerated already.
        QTest::newRow("every NoExecute")      << "{operator: Exists, effect: NoExecute}"                             << 0 << 0;
        QTest::newRow("everything")           << "{operator: Exists}"                                                << 0 << 0;
        // clang-format on
    }
    void defaultTolerations() {
        QFETCH(QString, tolerations);
        QFETCH(int, notReady);
        QFETCH(int, unreachable);
        const std::string own = tolerations.isEmpty() ? "" : ", tolerations: [" + tolerations.toStdString() + "]";
        const auto l = loadAndAdmit(pod("p", own));
        QCOMPARE(l->messages(), QString());
        QCOMPARE(addedTolerations(*l, "p", "node.kubernetes.io/not-ready"), notReady);
        QCOMPARE(addedTolerations(*l, "p", "node.kubernetes.io/unreachable"), unreachable);
        // Added at the end, after the pod's own.
        const std::size_t ownCount = tolerations.isEmpty() ? 0 : 1;
        QCOMPARE(l->pod("p")->tolerations.size(), ownCount + std::size_t(notReady + unreachable));
    }

    void storedPodsAreLeftAlone_data() {
        QTest::addColumn<QString>("metadata");  // added to metadata
        QTest::addColumn<QString>("extra");     // added after spec
        QTest::newRow("uid") << ", uid: 0f1e2d3c"
                             << "";
        QTest::newRow("resourceVersion") << ", resourceVersion: \"42\""
                                         << "";
        QTest::newRow("creationTimestamp") << ", creationTimestamp: \"2026-11-25T10:00:00Z\""
                                           << "";
        QTest::newRow("status") << ""
                                << "status: {phase: Pending}\n";
    }
    void storedPodsAreLeftAlone() {
        QFETCH(QString, metadata);
        QFETCH(QString, extra);
        // A dump whose class is not in the files: the API server admitted the pod long ago.
        const std::string text = "apiVersion: v1\nkind: Pod\nmetadata: {name: dumped" + metadata.toStdString() +
                                 "}\nspec: {containers: [{name: c, image: app}], priorityClassName: gone, "
                                 "priority: 7}\n" +
                                 extra.toStdString();
        const auto l = loadAndAdmit(text);
        QCOMPARE(l->messages(), QString());
        QCOMPARE(l->pod("dumped")->priority, 7);
        QCOMPARE(addedTolerations(*l, "dumped", "node.kubernetes.io/not-ready"), 0);
    }

    void admissionOff() {
        const auto l = loadAndAdmit(pod("typo", ", priorityClassName: hihg, priority: 5"), false);
        QCOMPARE(l->messages(), QString());
        QCOMPARE(l->pod("typo")->priority, 5);
        QCOMPARE(addedTolerations(*l, "typo", "node.kubernetes.io/not-ready"), 0);
    }
};

QTEST_GUILESS_MAIN(TestAdmission)
#include "tst_admission.moc"
