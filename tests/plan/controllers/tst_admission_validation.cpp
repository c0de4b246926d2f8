// The admission that rejects or constrains a pod after its defaults are set
// (plan/controllers/admission.h, limit_ranger.h): LimitRanger's min / max /
// maxLimitRequestRatio for Container and Pod items (plugin/pkg/admission/limitranger
// PodValidateLimitFunc), and RuntimeClass's scheduling block (plugin/pkg/admission/runtimeclass
// setScheduling). Every expected message is upstream's wording, derived in the row's comment.
#include <QtTest/QtTest>

#include <memory>
#include <string>

#include "core/api/cluster.h"
#include "plan/cluster_setup.h"
#include "plan/plan.h"
#include "testlib/loaded_text.h"
#include "testlib/plan_placement.h"

using namespace berth;

namespace {

std::unique_ptr<testlib::LoadedText> loadAndAdmit(const std::string& text, bool admit = true) {
    auto l = testlib::loadText(text, {}, "pods.yaml");
    plan::finishLoading(*l->cluster, l->result, 0, core::KubeVersion::newest(), admit);
    return l;
}

// A LimitRange `bounds` (lines 1-4, then "---" on 5) and the Pod `p` from line 6.
std::string limitRangeAndPod(const QString& limits, const QString& spec) {
    return "apiVersion: v1\nkind: LimitRange\nmetadata: {name: bounds}\nspec: {limits: " + limits.toStdString() +
           "}\n---\napiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec: " + spec.toStdString() + "\n";
}

// RuntimeClass `gpu` (lines 1-9, "---" on 10): nodes labelled accel=nvidia, tainted gpu.
const char* const kGpuClass = R"(apiVersion: node.k8s.io/v1
kind: RuntimeClass
metadata: {name: gpu}
handler: nvidia
scheduling:
  nodeSelector: {accel: nvidia}
  tolerations:
  - {key: gpu, operator: Exists, effect: NoSchedule}
# end
---
)";

}  // namespace

class TestAdmissionValidation : public QObject {
    Q_OBJECT
private slots:
    // --- LimitRanger: PodValidateLimitFunc ---
    void limitRangeBounds_data() {
        // clang-format off
        QTest::addColumn<QString>("limits");   // the LimitRange's spec.limits, YAML flow
        QTest::addColumn<QString>("spec");     // the pod's spec, YAML flow
        QTest::addColumn<QString>("message");  // after `pods "p" is forbidden: `; empty: admitted
        const QString c = "{containers: [{name: c, resources: %1}]}";
        // maxConstraint: the limit 2 is above max 1 (the request, defaulted from it, too; the limit is said first).
        QTest::newRow("max, limit above")      << "[{type: Container, max: {cpu: \"1\"}}]"        << c.arg("{limits: {cpu: \"2\"}}")
                                               << "maximum cpu usage per Container is 1, but limit is 2";
        // The request 500m and the limit 1 are both within max 1.
        QTest::newRow("max, within")           << "[{type: Container, max: {cpu: \"1\"}}]"        << c.arg("{requests: {cpu: 500m}, limits: {cpu: \"1\"}}")
                                               << "";
        // No limit written: SetDefaults_LimitRangeItem made max the default limit, so the
        // container gets limit 1Gi and passes.
        QTest::newRow("max defaults the limit") << "[{type: Container, max: {memory: 1Gi}}]"     << c.arg("{requests: {memory: 512Mi}}")
                                               << "";
        // minConstraint: the request 100m is below min 500m.
        QTest::newRow("min, request below")    << "[{type: Container, min: {cpu: 500m}}]"         << c.arg("{requests: {cpu: 100m}}")
                                               << "minimum cpu usage per Container is 500m, but request is 100m";
        // The canonical forms: 0.5 is 500m; 1024Mi is 1Gi.
        QTest::newRow("canonical forms")       << "[{type: Container, max: {cpu: \"0.5\", memory: 1024Mi}}]" << c.arg("{limits: {cpu: \"1\", memory: 512Mi}}")
                                               << "maximum cpu usage per Container is 500m, but limit is 1";
        // A decimal bound keeps its suffix; the container's 2Gi is shown in binary (shorter).
        QTest::newRow("decimal bound")         << "[{type: Container, max: {memory: 1G}}]"        << c.arg("{limits: {memory: 2Gi}}")
                                               << "maximum memory usage per Container is 1G, but limit is 2Gi";
        // Two violations: utilerrors.NewAggregate lists them in brackets (resources in name order).
        QTest::newRow("two, aggregated")       << "[{type: Container, max: {memory: 1Gi, cpu: \"1\"}}]" << c.arg("{limits: {cpu: \"2\", memory: 2Gi}}")
                                               << "[maximum cpu usage per Container is 1, but limit is 2, "
                                                  "maximum memory usage per Container is 1Gi, but limit is 2Gi]";
        // limitRequestRatioConstraint: 1 / 250m = 4 > 2, shown with %f.
        QTest::newRow("ratio above")           << "[{type: Container, maxLimitRequestRatio: {cpu: \"2\"}}]" << c.arg("{requests: {cpu: 250m}, limits: {cpu: \"1\"}}")
                                               << "cpu max limit to request ratio per Container is 2, but provided ratio is 4.000000";
        // 1 / 500m = 2: not above.
        QTest::newRow("ratio equal")           << "[{type: Container, maxLimitRequestRatio: {cpu: \"2\"}}]" << c.arg("{requests: {cpu: 500m}, limits: {cpu: \"1\"}}")
                                               << "";
        // No memory request at all.
        QTest::newRow("ratio, no request")     << "[{type: Container, maxLimitRequestRatio: {memory: \"2\"}}]" << c.arg("{requests: {cpu: 250m}}")
                                               << "memory max limit to request ratio per Container is 2, but no request is specified or request is 0";
        // Init containers are checked like containers.
        QTest::newRow("init container")        << "[{type: Container, max: {cpu: \"1\"}}]"
                                               << "{initContainers: [{name: i, resources: {limits: {cpu: \"3\"}}}], containers: [{name: c}]}"
                                               << "maximum cpu usage per Container is 1, but limit is 3";
        // Pod items: the containers' sum. No container has a limit: "No limit is specified".
        QTest::newRow("Pod max, no limit")     << "[{type: Pod, max: {cpu: \"4\"}}]"              << c.arg("{}")
                                               << "maximum cpu usage per Pod is 4.  No limit is specified";
        // 750m + 750m = 1500m above 1.
        QTest::newRow("Pod max, summed")       << "[{type: Pod, max: {cpu: \"1\"}}]"
                                               << "{containers: [{name: a, resources: {limits: {cpu: 750m}}}, {name: b, resources: {limits: {cpu: 750m}}}]}"
                                               << "maximum cpu usage per Pod is 1, but limit is 1500m";
        // No container requests cpu: the min has nothing to compare.
        QTest::newRow("Pod min, no request")   << "[{type: Pod, min: {cpu: 200m}}]"               << c.arg("{requests: {memory: 1Gi}}")
                                               << "minimum cpu usage per Pod is 200m.  No request is specified";
        // An init container's 2 is above the containers' 500m: PodRequests takes the larger.
        QTest::newRow("Pod max, init")     << "[{type: Pod, max: {cpu: \"1\"}}]"
                                               << "{initContainers: [{name: i, resources: {limits: {cpu: \"2\"}}}], containers: [{name: c, resources: {limits: {cpu: 500m}}}]}"
                                               << "maximum cpu usage per Pod is 1, but limit is 2";
        // Pod-level resources (1.34+) override the containers' sum: 2 above 1.
        QTest::newRow("Pod, pod-level")        << "[{type: Pod, max: {cpu: \"1\"}}]"
                                               << "{resources: {limits: {cpu: \"2\"}}, containers: [{name: c, resources: {limits: {cpu: 500m}}}]}"
                                               << "maximum cpu usage per Pod is 1, but limit is 2";
        // clang-format on
    }
    void limitRangeBounds() {
        QFETCH(QString, limits);
        QFETCH(QString, spec);
        QFETCH(QString, message);
        const auto l = loadAndAdmit(limitRangeAndPod(limits, spec));
        const QString expected =
            message.isEmpty() ? QString() : "pods.yaml:6:1: error: Pod default/p: pods \"p\" is forbidden: " + message;
        QCOMPARE(l->messages(), expected);
        QCOMPARE(l->pod("p") == nullptr, !message.isEmpty());
    }

    void limitRangeRejectsControllersPods() {
        // A Deployment whose template asks for more than the namespace allows: the ReplicaSet
        // controller's creates are all refused (one warning), no pod is planned.
        const auto l = loadAndAdmit(limitRangeAndPod("[{type: Container, max: {cpu: \"1\"}}]", "{containers: [{name: c}]}") +
                                    R"(---
apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  replicas: 2
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec: {containers: [{name: c, resources: {limits: {cpu: "2"}}}]}
)");
        QVERIFY2(l->messages().contains("maximum cpu usage per Container is 1, but limit is 2; the controller cannot "
                                        "create its pods"),
                 qPrintable(l->messages()));
        // The plain pod (limit defaulted from max: 1) is admitted; no pod of web exists.
        QVERIFY(l->pod("p"));
        QCOMPARE(l->cluster->pods.size(), std::size_t(1));
    }

    void limitRangeRejectsSubmittedPods() {
        // Edit > Submit YAML: the submission is checked on a scratch cluster that has the
        // plan's LimitRanges (and classes), so a Pod over max refuses it, in the API server's
        // words, and nothing is added; within max it is admitted with the default request.
        plan::PlanInput in;
        in.manifests.push_back({"cluster.yaml", limitRangeAndPod("[{type: Container, max: {cpu: \"1\"}}]",
                                                                 "{containers: [{name: c}]}")});
        plan::Plan p(in);
        QVERIFY2(p.ok(), p.error().c_str());
        const std::size_t pods = p.cluster().pods.size();
        plan::PlanEdit big;
        big.kind = plan::EditKind::SubmitYaml;
        big.fileName = "big.yaml";
        big.yaml = "apiVersion: v1\nkind: Pod\nmetadata: {name: big}\nspec: {containers: [{name: c, resources: "
                   "{limits: {cpu: \"2\"}}}]}\n";
        QCOMPARE(p.apply(big), std::string("big.yaml: pods \"big\" is forbidden: maximum cpu usage per Container is "
                                           "1, but limit is 2"));
        QCOMPARE(p.cluster().pods.size(), pods);
        plan::PlanEdit small = big;
        small.fileName = "small.yaml";
        small.yaml = "apiVersion: v1\nkind: Pod\nmetadata: {name: small}\nspec: {containers: [{name: c}]}\n";
        QCOMPARE(p.apply(small), std::string());
        const core::Pod* added = p.cluster().findPod(p.cluster().pool.find("default"), "small");
        QVERIFY(added);
        // max 1 defaulted the limit and, through it, the request: 1000m.
        QCOMPARE(added->derived.requests.milliCpu, 1000);
    }

    // --- RuntimeClass: setScheduling ---
    void runtimeClassScheduling_data() {
        // clang-format off
        QTest::addColumn<QString>("spec");     // added to the pod's spec
        QTest::addColumn<QString>("message");  // after `pods "p" is forbidden: `; empty: admitted
        // The class's selector is merged into the pod's (no key in common).
        QTest::newRow("merged")          << "nodeSelector: {zone: a}" << "";
        // The same key with the same value: admitted.
        QTest::newRow("same value")      << "nodeSelector: {accel: nvidia}" << "";
        // The same key with another value: the conflict setScheduling reports.
        QTest::newRow("conflict")        << "nodeSelector: {accel: amd}"
                                         << "conflict: runtimeClass.scheduling.nodeSelector[accel] = nvidia; pod.spec.nodeSelector[accel] = amd";
        // clang-format on
    }
    void runtimeClassScheduling() {
        QFETCH(QString, spec);
        QFETCH(QString, message);
        const auto l = loadAndAdmit(std::string(kGpuClass) +
                                    "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec: {runtimeClassName: gpu, " +
                                    spec.toStdString() + ", containers: [{name: c}]}\n");
        const QString expected =
            message.isEmpty() ? QString() : "pods.yaml:11:1: error: Pod default/p: pods \"p\" is forbidden: " + message;
        QCOMPARE(l->messages(), expected);
        const core::Pod* p = l->pod("p");
        QCOMPARE(p == nullptr, !message.isEmpty());
        if (!p) return;
        const auto& pool = l->cluster->pool;
        QCOMPARE(std::string(pool.str(p->nodeSelector.get(pool.find("accel")))), std::string("nvidia"));
        // Tolerations: the two DefaultTolerationSeconds added, then the class's.
        QCOMPARE(p->tolerations.size(), std::size_t(3));
        QCOMPARE(std::string(pool.str(p->tolerations[2].key)), std::string("gpu"));
    }

    void runtimeClassSchedulingDecides() {
        // n1 plain; n2 labelled accel=nvidia and tainted gpu:NoSchedule. Name tie-break puts
        // the pod on n1 unless admission adds the class's selector and toleration: then n2.
        const std::string cluster = std::string(kGpuClass) + R"(apiVersion: v1
kind: Node
metadata: {name: n1}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "10"}}
---
apiVersion: v1
kind: Node
metadata: {name: n2, labels: {accel: nvidia}}
spec: {taints: [{key: gpu, effect: NoSchedule}]}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "10"}}
---
apiVersion: v1
kind: Pod
metadata: {name: p}
spec: {runtimeClassName: gpu, containers: [{name: c}]}
)";
        QCOMPARE(testlib::placementOfPodP(cluster, true), std::string("bound n2"));
        QCOMPARE(testlib::placementOfPodP(cluster, false), std::string("bound n1"));
    }

    void runtimeClassTolerationsMerged() {
        // MergeTolerations: a class toleration of every taint (no key, Exists) covers the
        // pod's own and the two DefaultTolerationSeconds added (NoExecute, 300 s): one is left.
        std::string text = kGpuClass;
        text.replace(text.find("{key: gpu, operator: Exists, effect: NoSchedule}"),
                     std::string("{key: gpu, operator: Exists, effect: NoSchedule}").size(), "{operator: Exists}");
        const auto l = loadAndAdmit(text + "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec: {runtimeClassName: gpu, "
                                           "tolerations: [{key: a, value: b}], containers: [{name: c}]}\n");
        QCOMPARE(l->messages(), QString());
        const core::Pod* p = l->pod("p");
        QVERIFY(p);
        QCOMPARE(p->tolerations.size(), std::size_t(1));
        QCOMPARE(p->tolerations[0].key, core::kEmptySym);
        QCOMPARE(p->tolerations[0].op, core::TolerationOp::Exists);
    }
};

QTEST_GUILESS_MAIN(TestAdmissionValidation)
#include "tst_admission_validation.moc"
