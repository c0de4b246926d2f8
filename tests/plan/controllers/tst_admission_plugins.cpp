// The admission plugins beyond Priority (plan/controllers/admission.h), on Pods written as
// manifests and on the controllers' pods: which scheduling decisions DefaultTolerationSeconds
// changes, LimitRanger's default requests, RuntimeClass's overhead and its rejections. Each
// expected value is derived from the upstream plugin in the row's comment.
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

constexpr qint64 kMi = 1024 * 1024;
constexpr qint64 kGi = 1024 * kMi;

std::unique_ptr<testlib::LoadedText> loadAndAdmit(const std::string& text, bool admit = true) {
    auto l = testlib::loadText(text, {}, "pods.yaml");
    plan::finishLoading(*l->cluster, l->result, 0, core::KubeVersion::newest(), admit);
    return l;
}

const char* const kKata = R"(apiVersion: node.k8s.io/v1
kind: RuntimeClass
metadata: {name: kata}
handler: kata
overhead: {podFixed: {cpu: 250m, memory: 160Mi}}
---
apiVersion: node.k8s.io/v1
kind: RuntimeClass
metadata: {name: runc}
handler: runc
---
)";

}  // namespace

class TestAdmissionPlugins : public QObject {
    Q_OBJECT

private slots:
    // --- DefaultTolerationSeconds: what it changes ---
    void defaultTolerationsDecide_data() {
        // clang-format off
        QTest::addColumn<QString>("taint");  // the only node's taint
        QTest::addColumn<bool>("admit");
        QTest::addColumn<QString>("expected");
        // TaintToleration's Filter rejects a node for an untolerated NoSchedule or NoExecute
        // taint (tolerationSeconds plays no part in Filter: ToleratesTaint ignores it).
        // The added tolerations are {key: not-ready | unreachable, Exists, NoExecute}: they
        // tolerate those two keys' NoExecute taints, whatever the value, and nothing else.
        const QString untolerated = "pending: 0/1 nodes are available: 1 node(s) had untolerated taint(s). preemption: "
                                    "0/1 nodes are available: 1 Preemption is not helpful for scheduling.";
        QTest::newRow("not-ready NoExecute, admitted")    << "{key: node.kubernetes.io/not-ready, effect: NoExecute}"   << true  << "bound n1";
        QTest::newRow("not-ready NoExecute, none")        << "{key: node.kubernetes.io/not-ready, effect: NoExecute}"   << false << untolerated;
        QTest::newRow("unreachable NoExecute, admitted")  << "{key: node.kubernetes.io/unreachable, effect: NoExecute}" << true  << "bound n1";
        // Exists matches any value.
        QTest::newRow("not-ready=x NoExecute, admitted")  << "{key: node.kubernetes.io/not-ready, value: x, effect: NoExecute}" << true << "bound n1";
        // A NoExecute toleration does not tolerate the NoSchedule taint the node lifecycle
        // controller also puts on a not-ready node (effect must match when set).
        QTest::newRow("not-ready NoSchedule, admitted")   << "{key: node.kubernetes.io/not-ready, effect: NoSchedule}"  << true  << untolerated;
        // Another key: not tolerated.
        QTest::newRow("other NoExecute, admitted")        << "{key: maintenance, effect: NoExecute}"                     << true  << untolerated;
        // clang-format on
    }
    void defaultTolerationsDecide() {
        QFETCH(QString, taint);
        QFETCH(bool, admit);
        QFETCH(QString, expected);
        const std::string text = "apiVersion: v1\nkind: Node\nmetadata: {name: n1}\nspec: {taints: [" +
                                 taint.toStdString() +
                                 "]}\nstatus: {allocatable: {cpu: \"4\", memory: 8Gi, pods: \"10\"}}\n---\n"
                                 "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec: {containers: [{name: c}]}\n";
        QCOMPARE(QString::fromStdString(testlib::placementOfPodP(text, admit)), expected);
    }

    void defaultTolerationsDoNotChangeScores() {
        // TaintToleration's Score counts untolerated PreferNoSchedule taints only
        // (getAllTolerationPreferNoSchedule takes tolerations with effect "" or
        // PreferNoSchedule): the added NoExecute ones change no score. n1 (not-ready
        // PreferNoSchedule) scores 0 and n2 100 on TaintToleration either way: p goes to n2.
        const std::string text =
            "apiVersion: v1\nkind: Node\nmetadata: {name: n1}\nspec: {taints: [{key: node.kubernetes.io/not-ready, "
            "effect: PreferNoSchedule}]}\nstatus: {allocatable: {cpu: \"4\", memory: 8Gi, pods: \"10\"}}\n---\n"
            "apiVersion: v1\nkind: Node\nmetadata: {name: n2}\nstatus: {allocatable: {cpu: \"4\", memory: 8Gi, pods: "
            "\"10\"}}\n---\n"
            "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec: {containers: [{name: c}]}\n";
        QCOMPARE(testlib::placementOfPodP(text, true), std::string("bound n2"));
        QCOMPARE(testlib::placementOfPodP(text, false), std::string("bound n2"));
    }

    // --- LimitRanger ---
    void limitRangeDefaults_data() {
        // clang-format off
        QTest::addColumn<QString>("limits");      // the LimitRange `defaults`'s spec.limits, YAML flow
        QTest::addColumn<QString>("resources");   // the container's resources, YAML flow
        QTest::addColumn<qint64>("cpu");          // the container's cpu request after admission, millicores
        QTest::addColumn<qint64>("memory");       // ... memory, bytes
        // defaultRequest is set on a container that requests nothing of that resource.
        QTest::newRow("defaultRequest")        << "[{type: Container, defaultRequest: {cpu: 250m, memory: 256Mi}}]" << "{}"                         << 250LL  << 256 * kMi;
        // SetDefaults_LimitRangeItem: no defaultRequest, so it is the default (limit): 1 -> 1000m.
        QTest::newRow("default limit")         << "[{type: Container, default: {cpu: \"1\"}}]"                      << "{}"                         << 1000LL << 0LL;
        // No default either: the default is max (2), and the request the default: 2000m.
        QTest::newRow("max only")              << "[{type: Container, max: {cpu: \"2\"}}]"                          << "{}"                         << 2000LL << 0LL;
        // max comes before min in the defaulting: the request is max's 2, not min's 100m.
        QTest::newRow("min and max")           << "[{type: Container, min: {cpu: 100m}, max: {cpu: \"2\"}}]"       << "{}"                         << 2000LL << 0LL;
        // min alone: the request is min's 100m.
        QTest::newRow("min only")              << "[{type: Container, min: {cpu: 100m}}]"                           << "{}"                         << 100LL  << 0LL;
        // The container's own cpu request stays; memory, which it lacks, is defaulted.
        QTest::newRow("own cpu request")       << "[{type: Container, defaultRequest: {cpu: 250m, memory: 128Mi}}]" << "{requests: {cpu: 500m}}"    << 500LL  << 128 * kMi;
        // A limit without a request became the request (API defaulting, before admission): 1.
        QTest::newRow("own cpu limit")         << "[{type: Container, defaultRequest: {cpu: 250m}}]"                << "{limits: {cpu: \"1\"}}"     << 1000LL << 0LL;
        // An explicit 0 is a request: kept.
        QTest::newRow("own zero request")      << "[{type: Container, defaultRequest: {cpu: 250m}}]"                << "{requests: {cpu: \"0\"}}"   << 0LL    << 0LL;
        // A Pod item has no defaults (ValidateLimitRange forbids them): nothing set.
        QTest::newRow("Pod item")              << "[{type: Pod, min: {cpu: \"0\"}}]"                                << "{requests: {cpu: \"0\"}}"   << 0LL    << 0LL;
        // clang-format on
    }
    void limitRangeDefaults() {
        QFETCH(QString, limits);
        QFETCH(QString, resources);
        QFETCH(qint64, cpu);
        QFETCH(qint64, memory);
        const std::string text = "apiVersion: v1\nkind: LimitRange\nmetadata: {name: defaults}\nspec: {limits: " +
                                 limits.toStdString() +
                                 "}\n---\napiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec: {containers: [{name: c, "
                                 "resources: " +
                                 resources.toStdString() + "}]}\n";
        const auto l = loadAndAdmit(text);
        QCOMPARE(l->messages(), QString());
        const core::Pod* p = l->pod("p");
        QVERIFY(p);
        QCOMPARE(p->containers[0].requests.milliCpu, cpu);
        QCOMPARE(p->containers[0].requests.memory, memory);
        // The pod's requests (what NodeResourcesFit and the NodeInfo add up) are recomputed.
        QCOMPARE(p->derived.requests.milliCpu, cpu);
        QCOMPARE(p->derived.requests.memory, memory);
    }

    void limitRangesInNameOrderInitContainersAndNamespaces() {
        // Two LimitRanges of `default`, `b` written first: the API server lists them by name,
        // so `a` (cpu 100m) goes first and `b` adds only what `a` left out (memory 64Mi). The
        // init container is defaulted like a container. PodRequests = max(sum of containers,
        // each init container) = max(100m + 100m, 100m) cpu, max(64Mi + 64Mi, 64Mi) memory.
        // The LimitRange of namespace `other` sets nothing here; `q` in `other` gets its 300m.
        const std::string text =
            "apiVersion: v1\nkind: LimitRange\nmetadata: {name: b}\nspec: {limits: [{type: Container, "
            "defaultRequest: {cpu: 300m, memory: 64Mi}}]}\n---\n"
            "apiVersion: v1\nkind: LimitRange\nmetadata: {name: a}\nspec: {limits: [{type: Container, "
            "defaultRequest: {cpu: 100m}}]}\n---\n"
            "apiVersion: v1\nkind: LimitRange\nmetadata: {name: c, namespace: other}\nspec: {limits: [{type: "
            "Container, defaultRequest: {cpu: 300m}}]}\n---\n"
            "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec: {initContainers: [{name: i}], containers: "
            "[{name: c1}, {name: c2}]}\n---\n"
            "apiVersion: v1\nkind: Pod\nmetadata: {name: q, namespace: other}\nspec: {containers: [{name: c}]}\n";
        const auto l = loadAndAdmit(text);
        QCOMPARE(l->messages(), QString());
        const core::Pod* p = l->pod("p");
        QCOMPARE(p->initContainers[0].requests.milliCpu, 100);
        QCOMPARE(p->initContainers[0].requests.memory, 64 * kMi);
        QCOMPARE(p->derived.requests.milliCpu, 200);
        QCOMPARE(p->derived.requests.memory, 128 * kMi);
        QCOMPARE(l->pod("q", "other")->derived.requests.milliCpu, 300);
    }

    void limitRangeSkipsStoredPodsAndAdmissionOff() {
        // A dump's pod (uid) was admitted when stored; with admission off nothing is.
        const std::string range = "apiVersion: v1\nkind: LimitRange\nmetadata: {name: d}\nspec: {limits: [{type: "
                                  "Container, defaultRequest: {cpu: 250m}}]}\n---\n";
        const std::string stored =
            "apiVersion: v1\nkind: Pod\nmetadata: {name: p, uid: u1}\nspec: {containers: [{name: c}]}\n";
        QCOMPARE(loadAndAdmit(range + stored)->pod("p")->derived.requests.milliCpu, 0);
        const std::string manifest = "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec: {containers: [{name: c}]}\n";
        QCOMPARE(loadAndAdmit(range + manifest, false)->pod("p")->derived.requests.milliCpu, 0);
        QCOMPARE(loadAndAdmit(range + manifest, true)->pod("p")->derived.requests.milliCpu, 250);
    }

    // --- RuntimeClass ---
    void runtimeClassOverhead() {
        // setOverhead: spec.overhead = kata's podFixed. PodRequests adds it: 1 + 250m cpu,
        // 1Gi + 160Mi memory.
        const auto l = loadAndAdmit(std::string(kKata) +
                                    "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec: {runtimeClassName: kata, "
                                    "containers: [{name: c, resources: {requests: {cpu: \"1\", memory: 1Gi}}}]}\n");
        QCOMPARE(l->messages(), QString());
        QCOMPARE(l->pod("p")->overhead.milliCpu, 250);
        QCOMPARE(l->pod("p")->derived.requests.milliCpu, 1250);
        QCOMPARE(l->pod("p")->derived.requests.memory, 1 * kGi + 160 * kMi);
    }

    void runtimeClassRejections_data() {
        // clang-format off
        QTest::addColumn<QString>("spec");     // added to the pod's spec
        QTest::addColumn<QString>("message");  // empty: admitted
        // kKata takes lines 1-10; the pod starts on line 12 (after its "---" on line 11).
        const QString at = "pods.yaml:12:1: error: Pod default/p: pods \"p\" is forbidden: ";
        // prepareObjects: the class must exist.
        QTest::newRow("unknown class")       << "runtimeClassName: gvisor"                                      << at + "pod rejected: RuntimeClass \"gvisor\" not found";
        // setOverhead: the pod's own overhead must equal the class's.
        QTest::newRow("own overhead equal")  << "runtimeClassName: kata, overhead: {cpu: 250m, memory: 160Mi}"  << "";
        QTest::newRow("own overhead differs") << "runtimeClassName: kata, overhead: {cpu: 500m, memory: 160Mi}" << at + "pod rejected: Pod's Overhead doesn't match RuntimeClass's defined Overhead";
        // validateOverhead: an overhead with no class (or a class without one) behind it.
        QTest::newRow("overhead, no class")  << "overhead: {cpu: 250m}"                                         << at + "pod rejected: Pod Overhead set without corresponding RuntimeClass defined Overhead";
        QTest::newRow("overhead, runc")      << "runtimeClassName: runc, overhead: {cpu: 250m}"                 << at + "pod rejected: Pod Overhead set without corresponding RuntimeClass defined Overhead";
        // A class without overhead: admitted, no overhead.
        QTest::newRow("runc")                << "runtimeClassName: runc"                                        << "";
        // Priority runs before RuntimeClass: its rejection is the one given.
        QTest::newRow("both unknown")        << "runtimeClassName: gvisor, priorityClassName: hihg"             << at + "no PriorityClass with name hihg was found";
        // clang-format on
    }
    void runtimeClassRejections() {
        QFETCH(QString, spec);
        QFETCH(QString, message);
        const auto l = loadAndAdmit(std::string(kKata) + "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec: {" +
                                    spec.toStdString() + ", containers: [{name: c}]}\n");
        QCOMPARE(l->messages(), message);
        // A rejected pod is not in the plan.
        QCOMPARE(l->pod("p") == nullptr, !message.isEmpty());
    }

    void controllersPodsGetEveryPlugin() {
        // A Deployment's pods are created through the API server: LimitRanger (cpu 250m),
        // RuntimeClass (kata: + 250m) and DefaultTolerationSeconds (2 tolerations).
        // PodRequests: 250m + 250m = 500m.
        const std::string deployment = R"(apiVersion: v1
kind: LimitRange
metadata: {name: d}
spec: {limits: [{type: Container, defaultRequest: {cpu: 250m}}]}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  replicas: 2
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec: {runtimeClassName: RC, containers: [{name: c}]}
)";
        auto withClass = [&](const std::string& rc) {
            std::string t = deployment;
            t.replace(t.find("RC"), 2, rc);
            return loadAndAdmit(std::string(kKata) + t);
        };
        const auto l = withClass("kata");
        QCOMPARE(l->messages(), QString());
        int pods = 0;
        for (const auto& p : l->cluster->pods) {
            ++pods;
            QCOMPARE(p.derived.requests.milliCpu, 500);
            QCOMPARE(p.tolerations.size(), std::size_t(2));
        }
        QCOMPARE(pods, 2);
        // An unknown class: the ReplicaSet controller's creates are refused, so no pods. The
        // Deployment document starts on line 16 (kKata 1-10, the LimitRange 12-15), and the
        // warning is the ReplicaSet's, which points at its Deployment's template.
        const auto bad = withClass("gvisor");
        QVERIFY2(bad->messages().contains("pod rejected: RuntimeClass \"gvisor\" not found; the controller cannot "
                                          "create its pods"),
                 qPrintable(bad->messages()));
        QCOMPARE(bad->cluster->pods.size(), std::size_t(0));
    }
};

QTEST_GUILESS_MAIN(TestAdmissionPlugins)
#include "tst_admission_plugins.moc"
