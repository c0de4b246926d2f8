// LimitRange and RuntimeClass as the loader reads them (io/admission_object_readers.h): the
// API defaulting of a LimitRange's Container item, the fields the API server checks, strict
// field validation and duplicates. What admission does with them: tests/plan/controllers.
#include <QtTest/QtTest>

#include "testlib/loaded_text.h"

using namespace berth;

class TestAdmissionObjectReaders : public QObject {
    Q_OBJECT

private slots:
    void limitRangeContainerDefaults() {
        // SetDefaults_LimitRangeItem on the Container item: default from max (cpu 2), then
        // defaultRequest from default (cpu 2, memory 1Gi as written in default), then from min
        // (ephemeral-storage 1Gi); the written defaultRequest (memory 512Mi) stays.
        const auto l = testlib::loadText(R"(apiVersion: v1
kind: LimitRange
metadata: {name: lr, namespace: team}
spec:
  limits:
  - type: Pod
    max: {cpu: "8"}
  - type: Container
    max: {cpu: "2"}
    min: {ephemeral-storage: 1Gi}
    default: {memory: 1Gi}
    defaultRequest: {memory: 512Mi}
)");
        QCOMPARE(l->messages(), QString());
        QCOMPARE(l->cluster->limitRanges.size(), std::size_t(1));
        const core::LimitRange& lr = l->cluster->limitRanges[0];
        QCOMPARE(l->cluster->pool.str(lr.ns), std::string_view("team"));
        const core::NamedResourceList& d = lr.containerDefaultRequest;
        QVERIFY(d.cpu && d.memory && d.ephemeralStorage);
        QCOMPARE(d.amounts.milliCpu, 2000);
        QCOMPARE(d.amounts.memory, 512LL * 1024 * 1024);
        QCOMPARE(d.amounts.ephemeralStorage, 1024LL * 1024 * 1024);
    }

    void limitRangeBounds() {
        // Container and Pod items keep min, max and maxLimitRequestRatio, each list in
        // resource-name order, with MilliValue and the canonical text (0.5 -> 500m,
        // 2048Mi -> 2Gi); the Container item also a default limit from max. A
        // PersistentVolumeClaim item bounds no pod.
        const auto l = testlib::loadText(R"(apiVersion: v1
kind: LimitRange
metadata: {name: lr}
spec:
  limits:
  - type: Container
    max: {memory: 2048Mi, cpu: "2"}
    min: {cpu: "0.5"}
    maxLimitRequestRatio: {cpu: "4"}
  - type: Pod
    max: {cpu: "8"}
  - type: PersistentVolumeClaim
    max: {storage: 10Gi}
)");
        QCOMPARE(l->messages(), QString());
        const core::LimitRange& lr = l->cluster->limitRanges.at(0);
        QCOMPARE(lr.bounds.size(), std::size_t(2));
        const core::LimitRangeItemBounds& c = lr.bounds[0];
        QVERIFY(!c.podType);
        QCOMPARE(c.max.size(), std::size_t(2));
        QCOMPARE(c.max[0].resource, std::string("cpu"));
        QCOMPARE(c.max[0].milliValue, 2000);
        QCOMPARE(c.max[0].text, std::string("2"));
        QCOMPARE(c.max[1].resource, std::string("memory"));
        QCOMPARE(c.max[1].milliValue, 2048LL * 1024 * 1024 * 1000);
        QCOMPARE(c.max[1].text, std::string("2Gi"));
        QCOMPARE(c.min.at(0).text, std::string("500m"));
        QCOMPARE(c.maxLimitRequestRatio.at(0).milliValue, 4000);
        QVERIFY(lr.bounds[1].podType);
        QCOMPARE(lr.bounds[1].max.at(0).text, std::string("8"));
        // SetDefaults_LimitRangeItem: default (limit) from max.
        QVERIFY(lr.containerDefaultLimit.cpu && lr.containerDefaultLimit.memory);
        QCOMPARE(lr.containerDefaultLimit.amounts.milliCpu, 2000);
    }

    void runtimeClassScheduling() {
        const auto l = testlib::loadText(R"(apiVersion: node.k8s.io/v1
kind: RuntimeClass
metadata: {name: gpu}
handler: nvidia
scheduling:
  nodeSelector: {accel: nvidia}
  tolerations: [{key: gpu, operator: Exists, effect: NoSchedule}]
)");
        QCOMPARE(l->messages(), QString());
        const core::RuntimeClass* gpu = l->cluster->findRuntimeClass("gpu");
        QVERIFY(gpu && gpu->scheduling && !gpu->overhead);
        const auto& pool = l->cluster->pool;
        QCOMPARE(pool.str(gpu->scheduling->nodeSelector.get(pool.find("accel"))), std::string_view("nvidia"));
        QCOMPARE(gpu->scheduling->tolerations.size(), std::size_t(1));
        QCOMPARE(gpu->scheduling->tolerations[0].op, core::TolerationOp::Exists);
        QCOMPARE(gpu->scheduling->tolerations[0].effect, core::TaintEffect::NoSchedule);
    }

    void runtimeClassOverhead() {
        const auto l = testlib::loadText(R"(apiVersion: node.k8s.io/v1
kind: RuntimeClass
metadata: {name: kata}
handler: kata-qemu
overhead: {podFixed: {cpu: 250m, memory: 160Mi}}
---
apiVersion: node.k8s.io/v1
kind: RuntimeClass
metadata: {name: runc}
handler: runc
)");
        QCOMPARE(l->messages(), QString());
        const core::RuntimeClass* kata = l->cluster->findRuntimeClass("kata");
        QVERIFY(kata && kata->overhead);
        QCOMPARE(kata->handler, std::string("kata-qemu"));
        QCOMPARE(kata->overhead->milliCpu, 250);
        QCOMPARE(kata->overhead->memory, 160LL * 1024 * 1024);
        QVERIFY(!l->cluster->findRuntimeClass("runc")->overhead);
    }

    void problems_data() {
        // clang-format off
        QTest::addColumn<QString>("yaml");
        QTest::addColumn<QString>("message");
        // Strict fields: `defaultRequests` is not a LimitRangeItem field (line 4, column 40).
        QTest::newRow("misspelt field")
            << "apiVersion: v1\nkind: LimitRange\nmetadata: {name: lr}\nspec: {limits: [{type: Container, defaultRequests: {cpu: 1}}]}\n"
            << "in.yaml:4:35: error: LimitRange default/lr: unknown field \"spec.limits[0].defaultRequests\"";
        // ValidateLimitRange: one item per type.
        QTest::newRow("duplicate type")
            << "apiVersion: v1\nkind: LimitRange\nmetadata: {name: lr}\nspec:\n  limits:\n  - {type: Container}\n  - {type: Container}\n"
            << "in.yaml:7:12: error: LimitRange default/lr: spec.limits[1].type: Duplicate value: \"Container\"";
        // Quantities as everywhere.
        QTest::newRow("bad quantity")
            << "apiVersion: v1\nkind: LimitRange\nmetadata: {name: lr}\nspec: {limits: [{type: Container, default: {cpu: lots}}]}\n"
            << "in.yaml:4:50: error: LimitRange default/lr: spec.limits[0].default.cpu: invalid quantity \"lots\"";
        // ValidateRuntimeClass: handler is required.
        QTest::newRow("no handler")
            << "apiVersion: node.k8s.io/v1\nkind: RuntimeClass\nmetadata: {name: kata}\n"
            << "in.yaml:1:1: error: RuntimeClass kata: handler: is required";
        QTest::newRow("misspelt overhead")
            << "apiVersion: node.k8s.io/v1\nkind: RuntimeClass\nmetadata: {name: kata}\nhandler: kata\noverhead: {podfixed: {cpu: 1}}\n"
            << "in.yaml:5:12: error: RuntimeClass kata: unknown field \"overhead.podfixed\"";
        QTest::newRow("duplicate class")
            << "apiVersion: node.k8s.io/v1\nkind: RuntimeClass\nmetadata: {name: kata}\nhandler: a\n---\n"
               "apiVersion: node.k8s.io/v1\nkind: RuntimeClass\nmetadata: {name: kata}\nhandler: b\n"
            << "in.yaml:6:1: error: RuntimeClass kata: duplicate object: already defined at in.yaml:1:1";
        // clang-format on
    }
    void problems() {
        QFETCH(QString, yaml);
        QFETCH(QString, message);
        const auto l = testlib::loadText(yaml.toStdString());
        QCOMPARE(l->messages(), message);
    }
};

QTEST_GUILESS_MAIN(TestAdmissionObjectReaders)
#include "tst_admission_object_readers.moc"
