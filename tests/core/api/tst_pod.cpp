// computeDerived with pod-level resources (spec.resources, KEP-2837): the requests Filter and
// NodeInfo use (component-helpers resource/helpers.go PodRequests), NodeInfo's non-zero sums
// (framework/types.go CalculateResource, getNonMissingContainerRequests) and the incoming pod's
// non-zero requests in NodeResourcesFit's scoring, which ignores pod-level resources (v1.37.2
// fit.go builds its scorer without enablePodLevelResources; found by the differential test,
// seed 3). Ignored before 1.34 (gate PodLevelResources off). Every expected number is derived in
// the row's comment (memory in MiB; the non-zero defaults are 100m and 200 MiB per container).

#include <QtTest/QtTest>

#include "core/api/version.h"
#include "testlib/builders.h"

using namespace berth::core;
using namespace berth::testlib;

namespace {

constexpr std::int64_t kMi = 1024 * 1024;

QString mib(std::int64_t bytes) { return QString::number(bytes / kMi); }

/// "req=cpu/mem nz=cpu/mem score=cpu/mem" (+ " hp=MiB" when hugepages-2Mi is requested).
QString describeDerived(TestCluster& tc, const Pod& p) {
    const auto& d = p.derived;
    QString s = QString("req=%1/%2 nz=%3/%4 score=%5/%6")
                    .arg(d.requests.milliCpu)
                    .arg(mib(d.requests.memory))
                    .arg(d.nonZeroMilliCpu)
                    .arg(mib(d.nonZeroMemory))
                    .arg(d.scoringNonZeroMilliCpu)
                    .arg(mib(d.scoringNonZeroMemory));
    if (d.requests.hasScalar(tc.sym("hugepages-2Mi"))) s += " hp=" + mib(d.requests.scalar(tc.sym("hugepages-2Mi")));
    return s;
}

}  // namespace

class TstPod : public QObject {
    Q_OBJECT

private slots:
    void podLevelResources_data();
    void podLevelResources();
};

void TstPod::podLevelResources_data() {
    QTest::addColumn<int>("minor");
    QTest::addColumn<QStringList>("containers");  // one request spec each; "" = no requests
    QTest::addColumn<QString>("sidecar");         // one restartable init container's requests, if any
    QTest::addColumn<QString>("podRequests");
    QTest::addColumn<QString>("podLimits");
    QTest::addColumn<QString>("overhead");
    QTest::addColumn<QString>("expected");

    // clang-format off
    // No spec.resources: requests 200m; non-zero 200 + 100 (second container) = 300m, memory 2 x 200.
    QTest::newRow("none") << 37 << QStringList{"cpu=200m", ""} << "" << "" << "" << ""
                          << "req=200/0 nz=300/400 score=300/400";
    // Pod-level cpu 1: requests cpu 1000. Memory: no container asks, no pod-level memory, so
    // NodeInfo defaults each container: 2 x 200 MiB. Fit's scoring: the containers, 300m/400.
    QTest::newRow("pod cpu") << 37 << QStringList{"cpu=200m", ""} << "" << "cpu=1" << "" << ""
                             << "req=1000/0 nz=1000/400 score=300/400";
    // Pod-level memory 1Gi. cpu stays the containers' 200m. NodeInfo: cpu is a key of the
    // requests (container 1), so no default for container 2: 200m. Fit's scoring: containers
    // with defaults, 200 + 100 = 300m, 100 + 200 = 300 MiB.
    QTest::newRow("pod memory 1.37") << 37 << QStringList{"cpu=200m,memory=100Mi", ""} << "" << "memory=1Gi" << "" << ""
                                     << "req=200/1024 nz=200/1024 score=300/300";
    QTest::newRow("pod memory 1.35") << 35 << QStringList{"cpu=200m,memory=100Mi", ""} << "" << "memory=1Gi" << "" << ""
                                     << "req=200/1024 nz=200/1024 score=300/300";
    // 1.33: spec.resources ignored; memory 100 + default 200 for the second container.
    QTest::newRow("1.33 ignores") << 33 << QStringList{"cpu=200m,memory=100Mi", ""} << "" << "memory=1Gi" << "" << ""
                                  << "req=200/100 nz=300/300 score=300/300";
    // Limits only, no container requests: the pod-level requests default to the limits.
    // Fit's scoring: one container without requests, 100m/200.
    QTest::newRow("limits only") << 37 << QStringList{""} << "" << "" << "cpu=2,memory=1Gi" << ""
                                 << "req=2000/1024 nz=2000/1024 score=100/200";
    QTest::newRow("limits only 1.34") << 34 << QStringList{""} << "" << "" << "cpu=2,memory=1Gi" << ""
                                      << "req=2000/1024 nz=2000/1024 score=100/200";
    // A container requests cpu: the pod-level cpu request defaults to that aggregate (300m),
    // not to the limit. Memory: nobody asks; defaults 200 MiB in both sums.
    QTest::newRow("limit, container cpu") << 37 << QStringList{"cpu=300m"} << "" << "" << "cpu=1" << ""
                                          << "req=300/0 nz=300/200 score=300/200";
    // Pod-level hugepages replace the containers' 4 MiB; cpu from the container (a key: no
    // default), memory defaulted.
    QTest::newRow("hugepages") << 37 << QStringList{"cpu=100m,hugepages-2Mi=4Mi"} << "" << "hugepages-2Mi=8Mi" << "" << ""
                               << "req=100/0 nz=100/200 score=100/200 hp=8";
    // Overhead 100m / 10 MiB. cpu 500 + 100. Memory: NodeInfo sees a memory key (the
    // overhead's), so no default: 0 + 10. Fit's scoring: 100 + 100 = 200m, 200 + 10 MiB.
    QTest::newRow("overhead") << 37 << QStringList{""} << "" << "cpu=500m" << "" << "cpu=100m,memory=10Mi"
                              << "req=600/10 nz=600/10 score=200/210";
    // Sidecar 100m plus container 200m: aggregate 300m (a key); pod-level memory 512 MiB.
    // Fit's scoring: 300m, and 200 + 200 MiB defaults of container and sidecar.
    QTest::newRow("sidecar") << 37 << QStringList{"cpu=200m"} << "cpu=100m" << "memory=512Mi" << "" << ""
                             << "req=300/512 nz=300/512 score=300/400";
    // clang-format on
}

void TstPod::podLevelResources() {
    QFETCH(int, minor);
    QFETCH(QStringList, containers);
    QFETCH(QString, sidecar);
    QFETCH(QString, podRequests);
    QFETCH(QString, podLimits);
    QFETCH(QString, overhead);
    QFETCH(QString, expected);

    TestCluster tc(KubeVersion{1, minor});
    PodBuilder pb = tc.pod("p");
    for (const QString& c : containers) pb.requests(c.toStdString());
    if (!sidecar.isEmpty()) pb.initRequests(sidecar.toStdString(), true);
    pb.podRequests(podRequests.toStdString()).podLimits(podLimits.toStdString()).overheadSpec(overhead.toStdString());
    const Pod& p = pb.add();
    QCOMPARE(describeDerived(tc, p), expected);
    QCOMPARE(p.derived.podLevelResources, minor >= 34 && !(podRequests.isEmpty() && podLimits.isEmpty()));
}

QTEST_APPLESS_MAIN(TstPod)
#include "tst_pod.moc"
