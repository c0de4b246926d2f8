// berthctl as a CI job runs it: the binary, its exit status, its standard output and error.

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

using namespace Qt::StringLiterals;

class TestMain : public QObject {
    Q_OBJECT
private slots:
    void init();
    void versionNamesTheProjectAndTheDefaultRelease();
    void pendingPodsExitZeroByDefault();
    void failOnPendingExitsThreeAfterTheOutput();
    void failOnPendingExitsZeroWhenEveryPodIsPlaced();
    void warningsPassWithoutStrict();
    void strictMakesWarningsErrors();
    void jsonSummaryCountsByStateAndZone();
    void jsonQuantitiesAsNumbers();
    void validateStrictByDefault();
    void validateWarnAndIgnore();
    void admissionSetsPriorityUnlessNone();
    void admissionTolerationsUnlessNone();
    void capacityTemplateIsAdmitted();
    void compareReferencePodIsAdmitted();
    void timelinePlaysOnTheSimulatedClock();
    void preemptionLivelockStopsWithExitSix();

private:
    struct Run {
        int exitCode = -1;
        QByteArray out, err;
    };
    Run berthctl(const QStringList& args);
    QString write(const QString& name, const QByteArray& text);
    QTemporaryDir m_dir;
};

namespace {

// zone-a fits one 3-CPU pod; the unlabelled node has 1 CPU; `big` fits nowhere.
const QByteArray kCluster = R"(apiVersion: v1
kind: Node
metadata: {name: node-a, labels: {topology.kubernetes.io/zone: zone-a}}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "10"}}
---
apiVersion: v1
kind: Node
metadata: {name: node-plain}
status: {allocatable: {cpu: "1", memory: 8Gi, pods: "10"}}
---
apiVersion: v1
kind: Pod
metadata: {name: web, namespace: default}
spec: {containers: [{name: c, resources: {requests: {cpu: "3"}}}]}
---
apiVersion: v1
kind: Pod
metadata: {name: small, namespace: default}
spec: {containers: [{name: c, resources: {requests: {cpu: 500m}}}]}
---
apiVersion: v1
kind: Pod
metadata: {name: running, namespace: default}
spec: {nodeName: node-plain, containers: [{name: c, resources: {requests: {cpu: 100m}}}]}
)";

const QByteArray kBig = R"(apiVersion: v1
kind: Pod
metadata: {name: big, namespace: default}
spec: {containers: [{name: c, resources: {requests: {cpu: "64"}}}]}
)";

const QByteArray kUnknownKind = R"(apiVersion: example.com/v1
kind: Widget
metadata: {name: w}
)";

// `resources` misspelt: read without it, web would request nothing.
const QByteArray kMisspelt = R"(apiVersion: v1
kind: Pod
metadata: {name: typo, namespace: default}
spec: {containers: [{name: c, resourses: {requests: {cpu: "3"}}}]}
)";

const QByteArray kClassedPod = R"(apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: high}
value: 1000
---
apiVersion: v1
kind: Pod
metadata: {name: urgent, namespace: default}
spec: {priorityClassName: high, containers: [{name: c, resources: {requests: {cpu: 100m}}}]}
)";

}  // namespace

void TestMain::init() { QVERIFY(m_dir.isValid()); }

TestMain::Run TestMain::berthctl(const QStringList& args) {
    QProcess p;
    p.start(QStringLiteral(BERTHCTL_PATH), args);
    Run r;
    if (!p.waitForFinished(120000) || p.exitStatus() != QProcess::NormalExit) return r;
    r.exitCode = p.exitCode();
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

QString TestMain::write(const QString& name, const QByteArray& text) {
    const QString path = m_dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(text) != text.size()) return {};
    return path;
}

void TestMain::versionNamesTheProjectAndTheDefaultRelease() {
    const Run r = berthctl({u"--version"_s});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.out, QByteArray("berthctl " BERTH_VERSION " (kube-scheduler 1.37, default --kube-version)\n"));
    QVERIFY(r.err.isEmpty());
    QVERIFY(berthctl({u"--help"_s}).out.contains("--version"));
}

void TestMain::pendingPodsExitZeroByDefault() {
    const QString cluster = write(u"cluster.yaml"_s, kCluster + "---\n" + kBig);
    const Run r = berthctl({u"schedule"_s, u"-f"_s, cluster, u"-o"_s, u"bindings"_s});
    QCOMPARE(r.exitCode, 0);
}

void TestMain::failOnPendingExitsThreeAfterTheOutput() {
    const QString cluster = write(u"cluster.yaml"_s, kCluster + "---\n" + kBig);
    const Run plain = berthctl({u"schedule"_s, u"-f"_s, cluster, u"-o"_s, u"bindings"_s});
    const Run r = berthctl({u"schedule"_s, u"-f"_s, cluster, u"-o"_s, u"bindings"_s, u"--fail-on-pending"_s});
    QCOMPARE(r.exitCode, 3);
    QCOMPARE(r.out, plain.out);  // the output is written all the same
    QCOMPARE(r.err, QByteArray("berthctl: 1 pod pending at the end of the run (--fail-on-pending)\n"));
    QVERIFY(berthctl({u"--help"_s}).out.contains("3 when --fail-on-pending"));
}

void TestMain::failOnPendingExitsZeroWhenEveryPodIsPlaced() {
    const QString cluster = write(u"cluster.yaml"_s, kCluster);
    const Run r = berthctl({u"schedule"_s, u"-f"_s, cluster, u"-o"_s, u"none"_s, u"--fail-on-pending"_s});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.err.isEmpty());
}

void TestMain::warningsPassWithoutStrict() {
    const QString cluster = write(u"cluster.yaml"_s, kCluster + "---\n" + kUnknownKind);
    const Run r = berthctl({u"schedule"_s, u"-f"_s, cluster, u"-o"_s, u"bindings"_s});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(!r.out.isEmpty());
    QVERIFY2(r.err.contains(": warning: Widget w: unknown kind \"Widget\""), r.err.constData());
}

void TestMain::strictMakesWarningsErrors() {
    const QString cluster = write(u"cluster.yaml"_s, kCluster + "---\n" + kUnknownKind);
    const Run r = berthctl({u"schedule"_s, u"-f"_s, cluster, u"-o"_s, u"bindings"_s, u"--strict"_s});
    QCOMPARE(r.exitCode, 1);
    QVERIFY(r.out.isEmpty());
    QCOMPARE(r.err, (cluster + u":26:1: error: Widget w: unknown kind \"Widget\" (apiVersion example.com/v1); "
                               "object skipped\nberthctl: input errors, nothing scheduled\n"_s)
                        .toUtf8());
    // Without warnings --strict changes nothing.
    const QString clean = write(u"clean.yaml"_s, kCluster);
    QCOMPARE(berthctl({u"schedule"_s, u"-f"_s, clean, u"-o"_s, u"none"_s, u"--strict"_s}).exitCode, 0);
}

void TestMain::jsonSummaryCountsByStateAndZone() {
    const QString cluster = write(u"cluster.yaml"_s, kCluster + "---\n" + kBig);
    const Run r = berthctl({u"schedule"_s, u"-f"_s, cluster, u"-o"_s, u"json"_s});
    QCOMPARE(r.exitCode, 0);
    QJsonParseError error{};
    const QJsonObject report = QJsonDocument::fromJson(r.out, &error).object();
    QCOMPARE(error.error, QJsonParseError::NoError);
    QVERIFY(report.contains(u"pods"_s) && report.contains(u"nodes"_s) && report.contains(u"evicted"_s));
    const QJsonObject summary = report.value(u"summary"_s).toObject();
    // web on node-a (zone-a), small on node-plain (no zone), running preexisting there, big pending.
    QCOMPARE(QJsonDocument(summary.value(u"pods"_s).toObject()).toJson(QJsonDocument::Compact),
             QByteArray(R"({"bound":2,"evicted":0,"pending":1,"preexisting":1})"));
    QCOMPARE(QJsonDocument(summary.value(u"byZone"_s).toObject()).toJson(QJsonDocument::Compact),
             QByteArray(R"({"":{"bound":1,"preexisting":1},"zone-a":{"bound":1}})"));
}

void TestMain::jsonQuantitiesAsNumbers() {
    const QString cluster = write(u"cluster.yaml"_s, kCluster);
    const Run r = berthctl({u"schedule"_s, u"-f"_s, cluster, u"-o"_s, u"json"_s});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject nodeA = QJsonDocument::fromJson(r.out).object().value(u"nodes"_s).toArray().at(0).toObject();
    QCOMPARE(nodeA.value(u"name"_s).toString(), u"node-a"_s);
    // web (3 CPUs) runs there: "3" and 3000 millicores; 8Gi allocatable, 8589934592 bytes.
    QCOMPARE(QJsonDocument(nodeA.value(u"requested"_s).toObject()).toJson(QJsonDocument::Compact),
             QByteArray(R"({"cpu":"3","cpuMilli":3000,"memory":"0","memoryBytes":0,"pods":1})"));
    QCOMPARE(QJsonDocument(nodeA.value(u"allocatable"_s).toObject()).toJson(QJsonDocument::Compact),
             QByteArray(R"({"cpu":"4","cpuMilli":4000,"memory":"8Gi","memoryBytes":8589934592,"pods":10})"));
}

void TestMain::validateStrictByDefault() {
    const QString cluster = write(u"cluster.yaml"_s, kCluster + "---\n" + kMisspelt);
    const Run r = berthctl({u"schedule"_s, u"-f"_s, cluster, u"-o"_s, u"bindings"_s});
    QCOMPARE(r.exitCode, 1);
    QVERIFY(r.out.isEmpty());
    // kCluster is 24 lines and a separator; the misspelt field is on line 29, column 31.
    QCOMPARE(r.err, (cluster + u":29:31: error: Pod default/typo: unknown field \"spec.containers[0].resourses\"\n"
                               "berthctl: input errors, nothing scheduled\n"_s)
                        .toUtf8());
    QCOMPARE(berthctl({u"schedule"_s, u"-f"_s, cluster, u"--validate=bogus"_s}).exitCode, 2);
}

void TestMain::validateWarnAndIgnore() {
    const QString cluster = write(u"cluster.yaml"_s, kCluster + "---\n" + kMisspelt);
    const Run warn = berthctl({u"schedule"_s, u"-f"_s, cluster, u"-o"_s, u"bindings"_s, u"--validate=warn"_s});
    QCOMPARE(warn.exitCode, 0);
    QVERIFY2(warn.err.contains(":29:31: warning: Pod default/typo: unknown field"), warn.err.constData());
    QVERIFY(warn.out.contains("name: typo"));  // read without the field: scheduled with no requests
    const Run ignore = berthctl({u"schedule"_s, u"-f"_s, cluster, u"-o"_s, u"bindings"_s, u"--validate=ignore"_s});
    QCOMPARE(ignore.exitCode, 0);
    QVERIFY(ignore.err.isEmpty());
    QCOMPARE(ignore.out, warn.out);
}

void TestMain::admissionSetsPriorityUnlessNone() {
    const QString cluster = write(u"cluster.yaml"_s, kCluster + "---\n" + kClassedPod);
    const auto priorityOfUrgent = [&](const QStringList& extra) {
        const Run r = berthctl(QStringList{u"schedule"_s, u"-f"_s, cluster, u"-o"_s, u"json"_s} + extra);
        for (const auto& pod : QJsonDocument::fromJson(r.out).object().value(u"pods"_s).toArray())
            if (pod.toObject().value(u"pod"_s).toString() == u"default/urgent"_s)
                return pod.toObject().value(u"priority"_s).toInt();
        return -1;
    };
    QCOMPARE(priorityOfUrgent({}), 1000);
    QCOMPARE(priorityOfUrgent({u"--admission=none"_s}), 0);
}

void TestMain::admissionTolerationsUnlessNone() {
    // The only node is tainted not-ready:NoExecute. DefaultTolerationSeconds gives the
    // manifest Pod {not-ready, Exists, NoExecute, 300}: it tolerates the taint and binds.
    // With --admission none it has no toleration: TaintToleration's Filter rejects the node.
    const QString cluster = write(u"tainted.yaml"_s, R"(apiVersion: v1
kind: Node
metadata: {name: n1}
spec: {taints: [{key: node.kubernetes.io/not-ready, effect: NoExecute}]}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "10"}}
---
apiVersion: v1
kind: Pod
metadata: {name: p, namespace: default}
spec: {containers: [{name: c}]}
)");
    const auto placementOfP = [&](const QStringList& extra) {
        const Run r = berthctl(QStringList{u"schedule"_s, u"-f"_s, cluster, u"-o"_s, u"json"_s} + extra);
        for (const auto& pod : QJsonDocument::fromJson(r.out).object().value(u"pods"_s).toArray())
            if (pod.toObject().value(u"pod"_s).toString() == u"default/p"_s)
                return pod.toObject().value(u"state"_s).toString() + u" "_s + pod.toObject().value(u"node"_s).toString();
        return QString();
    };
    QCOMPARE(placementOfP({}), u"bound n1"_s);
    QCOMPARE(placementOfP({u"--admission=none"_s}), u"pending "_s);
}

void TestMain::capacityTemplateIsAdmitted() {
    // One node of 4 cpu (10 pods). The template asks 750m and runs under kata, whose
    // overhead is 250m: admitted, each copy takes 1 cpu, so 4 fit; with --admission none the
    // overhead is not set and floor(4000 / 750) = 5 fit. A class that does not exist is the
    // API server's refusal: exit 1.
    const QString cluster = write(u"kata.yaml"_s, R"(apiVersion: v1
kind: Node
metadata: {name: n1}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "10"}}
---
apiVersion: node.k8s.io/v1
kind: RuntimeClass
metadata: {name: kata}
handler: kata
overhead: {podFixed: {cpu: 250m}}
)");
    const auto templateFor = [&](const QString& name, const QByteArray& runtimeClass) {
        return write(name, "apiVersion: v1\nkind: Pod\nmetadata: {name: t, namespace: default}\nspec: {runtimeClassName: " +
                               runtimeClass + ", containers: [{name: c, resources: {requests: {cpu: 750m}}}]}\n");
    };
    const QString kata = templateFor(u"t-kata.yaml"_s, "kata");
    const auto fits = [&](const QStringList& extra) {
        const Run r =
            berthctl(QStringList{u"capacity"_s, u"fit"_s, u"-f"_s, cluster, u"--template"_s, kata, u"-o"_s, u"json"_s} +
                     extra);
        return QJsonDocument::fromJson(r.out).object().value(u"fits"_s).toInt(-1);
    };
    QCOMPARE(fits({}), 4);
    QCOMPARE(fits({u"--admission=none"_s}), 5);
    const QString gvisor = templateFor(u"t-gvisor.yaml"_s, "gvisor");
    const Run refused = berthctl({u"capacity"_s, u"fit"_s, u"-f"_s, cluster, u"--template"_s, gvisor});
    QCOMPARE(refused.exitCode, 1);
    QVERIFY2(refused.err.contains(
                 "t-gvisor.yaml:1:1: error: Pod default/t: pods \"t\" is forbidden: pod rejected: RuntimeClass "
                 "\"gvisor\" not found"),
             refused.err.constData());
}

void TestMain::compareReferencePodIsAdmitted() {
    // The reference pod requests nothing; the plan's LimitRange gives a container without
    // requests 300m and 256Mi (LimitRanger, as the API server would store the Pod). With
    // --admission none it is taken as written: nothing requested, 0 and 0. A Pod the
    // LimitRange's max rejects is the API server's refusal: exit 1.
    const QString cluster = write(u"lr.yaml"_s, R"(apiVersion: v1
kind: Node
metadata: {name: n1}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "10"}}
---
apiVersion: v1
kind: LimitRange
metadata: {name: defaults, namespace: default}
spec: {limits: [{type: Container, defaultRequest: {cpu: 300m, memory: 256Mi}, max: {cpu: "1"}}]}
)");
    const QString config = QStringLiteral(BERTH_SOURCE_DIR "/resources/examples/capacity/least-allocated.yaml");
    const QString other = QStringLiteral(BERTH_SOURCE_DIR "/resources/examples/capacity/most-allocated.yaml");
    const auto compare = [&](const QString& pod, const QStringList& extra) {
        return berthctl(QStringList{u"capacity"_s, u"compare"_s, u"-f"_s, cluster, u"--config"_s, config,
                                    u"--config"_s, other, u"--reference-pod"_s, pod, u"-o"_s, u"json"_s} +
                        extra);
    };
    const QString plain = write(u"ref.yaml"_s, "apiVersion: v1\nkind: Pod\nmetadata: {name: ref}\n"
                                               "spec: {containers: [{name: c}]}\n");
    const auto reference = [](const Run& r) {
        return QJsonDocument::fromJson(r.out).object().value(u"referencePod"_s).toObject();
    };
    const Run admitted = compare(plain, {});
    QVERIFY2(admitted.exitCode == 0, admitted.err.constData());
    QCOMPARE(reference(admitted).value(u"cpu"_s).toString(), u"300m"_s);
    QCOMPARE(reference(admitted).value(u"memory"_s).toString(), u"256Mi"_s);
    const Run asWritten = compare(plain, {u"--admission=none"_s});
    QCOMPARE(reference(asWritten).value(u"cpu"_s).toString(), u"0"_s);
    const QString big = write(u"big.yaml"_s, "apiVersion: v1\nkind: Pod\nmetadata: {name: big}\n"
                                             "spec: {containers: [{name: c, resources: {limits: {cpu: \"2\"}}}]}\n");
    const Run refused = compare(big, {});
    QCOMPARE(refused.exitCode, 1);
    QVERIFY2(refused.err.contains("big.yaml:1:1: error: Pod default/big: pods \"big\" is forbidden: maximum cpu "
                                  "usage per Container is 1, but limit is 2"),
             refused.err.constData());
}

void TestMain::timelinePlaysOnTheSimulatedClock() {
    // One 2-cpu node and two pods of 2 cpu: one fits. At 5 s a cordon of a node that does
    // not exist (reported, the run goes on); at 20 s a copy of the node, where the other binds.
    const QString cluster = write(u"two.yaml"_s, R"(apiVersion: v1
kind: Node
metadata: {name: a1}
status: {allocatable: {cpu: "2", memory: 8Gi, pods: "10"}}
---
apiVersion: v1
kind: Pod
metadata: {name: p1, namespace: default}
spec: {containers: [{name: c, resources: {requests: {cpu: "2"}}}]}
---
apiVersion: v1
kind: Pod
metadata: {name: p2, namespace: default}
spec: {containers: [{name: c, resources: {requests: {cpu: "2"}}}]}
)");
    const QString timeline = write(u"t.yaml"_s, R"(apiVersion: berth.dev/v1alpha1
kind: Timeline
events:
- at: 5s
  cordon: nowhere
- at: 20s
  addNodePool: {template: a1, namePrefix: b, count: 1}
)");
    const Run r = berthctl({u"schedule"_s, u"-f"_s, cluster, u"--timeline"_s, timeline, u"-o"_s, u"csv"_s});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains(",b-1,"), r.out.constData());
    QVERIFY2(r.err.endsWith("t.yaml:4: Cordon nowhere: no node nowhere\n"), r.err.constData());
    // --until plays the edits due by then: at 25 s the pool has come (p2 on b-1); at 15 s not
    // yet (p2 pending, the cordon at 5 s reported).
    const Run to25 = berthctl({u"schedule"_s, u"-f"_s, cluster, u"--timeline"_s, timeline, u"-o"_s, u"csv"_s,
                               u"--until"_s, u"25s"_s});
    QCOMPARE(to25.exitCode, 0);
    QVERIFY2(to25.out.contains(",b-1,"), to25.out.constData());
    const Run to15 = berthctl({u"schedule"_s, u"-f"_s, cluster, u"--timeline"_s, timeline, u"-o"_s, u"csv"_s,
                               u"--until"_s, u"15s"_s});
    QVERIFY2(!to15.out.contains(",b-1,") && to15.out.contains("default,p2,"), to15.out.constData());
    QVERIFY2(to15.err.endsWith("t.yaml:4: Cordon nowhere: no node nowhere\n"), to15.err.constData());
    // Strict: an unknown field is an error with its line, and nothing is scheduled.
    const QString bad = write(u"bad.yaml"_s, "apiVersion: berth.dev/v1alpha1\nkind: Timeline\nevents:\n"
                                            "- at: 5s\n  cordon: a1\n  colour: red\n");
    const Run refused = berthctl({u"schedule"_s, u"-f"_s, cluster, u"--timeline"_s, bad});
    QCOMPARE(refused.exitCode, 1);
    QVERIFY2(refused.err.contains("bad.yaml:6:3: error: Timeline: unknown field \"colour\""), refused.err.constData());
    QVERIFY(refused.out.isEmpty());
    QVERIFY(berthctl({u"--help"_s}).out.contains("--timeline FILE"));
}

// A preemptor with required anti-affinity against its victim's ReplicaSet: the victim's
// replacement (no requests, no affinity: InterPodAffinity's PreFilter skips, so the nominated
// preemptor's anti-affinity is not seen) takes node-a at once, and the preemptor, popped from
// backoffQ, evicts it again, at t = 0 for ever. The bound: 10 x 3 pods (the victim, the
// preemptor, the first replacement created when the instant began) + 1,000 = 1,030 evictions,
// the next one stops the run.
void TestMain::preemptionLivelockStopsWithExitSix() {
    const QString cluster = QStringLiteral(BERTH_SOURCE_DIR "/tests/data/preemption-livelock.yaml");
    const Run r = berthctl({u"schedule"_s, u"-f"_s, cluster, u"-o"_s, u"none"_s, u"--until"_s, u"290s"_s});
    QCOMPARE(r.exitCode, 6);
    QVERIFY2(r.err.startsWith("berthctl: the run stopped: a preemption livelock: 1031 pods preempted at 0.000s (the "
                              "last: default/db-"),
             r.err.constData());
    QVERIFY2(r.err.contains(" by default/batch on node node-a); each victim's controller replaced it"), r.err.constData());
    QVERIFY(berthctl({u"--help"_s}).out.contains("6 when the loop stops on a preemption livelock"));
}

QTEST_GUILESS_MAIN(TestMain)
#include "tst_main.moc"
