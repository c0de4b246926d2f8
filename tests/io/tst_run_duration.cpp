// Berth's pod lifetimes as the loader reads them (io/run_duration.h): the annotation
// berth.dev/duration, a Go duration, on a Job's pod template or on a Pod that does not restart,
// lands in LoadResult::runDurations; a bad or negative one is an error of the object (skipped);
// one its pods could never honour (they restart) is ignored with a warning.

#include <QtTest/QtTest>

#include <memory>
#include <string>

#include "core/api/cluster.h"
#include "io/manifest_loader.h"
#include "io/object_index.h"

using namespace berth;

namespace {

constexpr qint64 kS = 1'000'000'000;

struct Loaded {
    std::unique_ptr<core::Cluster> cluster = std::make_unique<core::Cluster>();
    io::LoadResult result;
};

std::unique_ptr<Loaded> load(const std::string& text) {
    auto l = std::make_unique<Loaded>();
    io::loadManifestText(text, "test.yaml", *l->cluster, l->result);
    return l;
}

/// An object of `kind` named x carrying `annotation` (a YAML value, or nothing) where that kind
/// keeps it: a Pod in its own metadata, a workload in its template's. `restart` is the pod
/// spec's restartPolicy (none when empty).
std::string object(const std::string& kind, const std::string& annotation, const std::string& restart) {
    const std::string annotations = annotation.empty() ? "{}" : "{berth.dev/duration: " + annotation + "}";
    std::string podSpec = "{";
    if (!restart.empty()) podSpec += "restartPolicy: " + restart + ", ";
    podSpec += "containers: [{name: c, image: app}]}";
    if (kind == "Pod")
        return "apiVersion: v1\nkind: Pod\nmetadata: {name: x, namespace: ns, annotations: " + annotations +
               "}\nspec: " + podSpec + "\n";
    const std::string api = kind == "Job" ? "batch/v1" : "apps/v1";
    std::string out = "apiVersion: " + api + "\nkind: " + kind + "\nmetadata: {name: x, namespace: ns}\nspec:\n";
    if (kind != "Job") out += "  selector: {matchLabels: {app: x}}\n";
    out += "  template:\n    metadata: {labels: {app: x}, annotations: " + annotations + "}\n    spec: " + podSpec +
           "\n";
    return out;
}

}  // namespace

class TestRunDuration : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void durations_data() {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("annotation");  // YAML value; empty: no annotation
        QTest::addColumn<QString>("restart");     // the pod spec's restartPolicy; empty: none
        QTest::addColumn<qint64>("lifetime");     // ns; -1: none recorded
        QTest::addColumn<QString>("error");       // a substring of the one error; empty: none
        QTest::addColumn<QString>("warning");     // a substring of the one warning; empty: none
        // Go's time.ParseDuration: units ns us ms s m h, decimals, several parts.
        QTest::newRow("job 30s") << "Job" << "30s" << "Never" << 30 * kS << "" << "";
        QTest::newRow("job 2m30s") << "Job" << "2m30s" << "Never" << 150 * kS << "" << "";  // 120 s + 30 s
        QTest::newRow("job 1.5s") << "Job" << "1.5s" << "OnFailure" << 1'500'000'000LL << "" << "";
        QTest::newRow("job 1h") << "Job" << "1h" << "Never" << 3600 * kS << "" << "";
        QTest::newRow("job 250ms") << "Job" << "250ms" << "Never" << 250'000'000LL << "" << "";
        // "0" alone needs no unit: a pod that completes as soon as it is bound.
        QTest::newRow("job 0") << "Job" << "\"0\"" << "Never" << qint64{0} << "" << "";
        QTest::newRow("job none") << "Job" << "" << "Never" << qint64{-1} << "" << "";
        // Errors: the object is skipped.
        QTest::newRow("no unit") << "Job" << "\"30\"" << "Never" << qint64{-1}
                                 << "time: missing unit in duration \"30\"" << "";
        QTest::newRow("unknown unit") << "Job" << "1d" << "Never" << qint64{-1}
                                      << "time: unknown unit \"d\" in duration \"1d\"" << "";
        QTest::newRow("negative") << "Job" << "-5s" << "Never" << qint64{-1} << "a duration must not be negative"
                                  << "";
        QTest::newRow("not a string") << "Job" << "[1s]" << "Never" << qint64{-1} << "expected a string" << "";
        // A bare Pod completes when it does not restart.
        QTest::newRow("pod Never") << "Pod" << "10s" << "Never" << 10 * kS << "" << "";
        QTest::newRow("pod OnFailure") << "Pod" << "10s" << "OnFailure" << 10 * kS << "" << "";
        QTest::newRow("pod Always") << "Pod" << "10s" << "Always" << qint64{-1} << ""
                                    << "ignored: a pod with restartPolicy Always is restarted, it never completes";
        QTest::newRow("pod default") << "Pod" << "10s" << "" << qint64{-1} << ""
                                     << "ignored: a pod with restartPolicy Always is restarted, it never completes";
        QTest::newRow("pod bad") << "Pod" << "soon" << "Never" << qint64{-1} << "time: invalid duration \"soon\""
                                 << "";
        // Other controllers' pods restart: the template's annotation is ignored.
        QTest::newRow("deployment") << "Deployment" << "10s" << "" << qint64{-1} << ""
                                    << "ignored: only a Job's pods complete; a Deployment's are restarted";
        QTest::newRow("statefulset") << "StatefulSet" << "10s" << "" << qint64{-1} << ""
                                     << "ignored: only a Job's pods complete; a StatefulSet's are restarted";
    }
    void durations() {
        QFETCH(QString, kind);
        QFETCH(QString, annotation);
        QFETCH(QString, restart);
        QFETCH(qint64, lifetime);
        QFETCH(QString, error);
        QFETCH(QString, warning);
        const auto l = load(object(kind.toStdString(), annotation.toStdString(), restart.toStdString()));
        const auto& r = l->result;
        QString errors, warnings;
        int errorCount = 0, warningCount = 0;
        for (const auto& d : r.diagnostics.items) {
            const QString text = QString::fromStdString(d.toString());
            if (d.severity == io::Severity::Error) {
                errors += text + "\n";
                ++errorCount;
            } else {
                warnings += text + "\n";
                ++warningCount;
            }
        }
        QCOMPARE(errorCount, error.isEmpty() ? 0 : 1);
        if (!error.isEmpty()) {
            QVERIFY2(errors.contains(error), qPrintable(errors));
            // file:line:column, the object and the field: line 4 or 5 holds the annotation.
            QVERIFY2(errors.contains(kind + " ns/x"), qPrintable(errors));
            QVERIFY2(errors.contains("berth.dev/duration"), qPrintable(errors));
            QVERIFY2(errors.startsWith("test.yaml:"), qPrintable(errors));
        }
        QCOMPARE(warningCount, warning.isEmpty() ? 0 : 1);
        if (!warning.isEmpty()) QVERIFY2(warnings.contains(warning), qPrintable(warnings));
        const auto it = r.runDurations.find(io::detail::objectKey(kind.toStdString(), "ns", "x"));
        QCOMPARE(it == r.runDurations.end() ? qint64{-1} : qint64{it->second}, lifetime);
        QCOMPARE(r.runDurations.size(), std::size_t(lifetime >= 0 ? 1 : 0));
        // A skipped object is not loaded; the others are.
        const bool loaded = kind == "Pod" ? !l->cluster->pods.empty() : !l->cluster->workloads.empty();
        QCOMPARE(loaded, error.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestRunDuration)
#include "tst_run_duration.moc"
