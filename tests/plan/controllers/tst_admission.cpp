// Admission for Pods written as manifests (plan/controllers/admission.h): Priority from the
// named or the global default class, an unknown class rejected in the API server's words,
// no default NoExecute tolerations; a Pod that has been through an API server (a dump:
// uid, resourceVersion, creationTimestamp or status) is left as it is, as is every Pod with
// admission turned off. Loaded with the manifest loader, which tells the two apart.
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

    void noDefaultTolerations() {
        // DefaultTolerationSeconds is left out for manifests (admission.h says why).
        const auto l = loadAndAdmit(pod("plain", ""));
        QCOMPARE(addedTolerations(*l, "plain", "node.kubernetes.io/not-ready"), 0);
        QCOMPARE(addedTolerations(*l, "plain", "node.kubernetes.io/unreachable"), 0);
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
