// ImageLocality: image name normalisation, the score from image sizes scaled by their spread
// with the 23 MB / 1000 MB-per-container thresholds, init containers (>= 1.30) and the spread
// count frozen at node add in v1.26-1.28 (UPSTREAM 5.10, 0.1 row 8).

#include <QtTest/QtTest>

#include <string>

#include "core/framework/plugins/imagelocality/image_locality.h"
#include "testlib/builders.h"
#include "testlib/plugin_rows.h"

using namespace berth::core;
using namespace berth::testlib;

namespace {

constexpr std::int64_t kMb = 1024 * 1024;

}  // namespace

class TstImageLocality : public QObject {
    Q_OBJECT

private slots:
    void normalizedImageName_data();
    void normalizedImageName();
    void score_data();
    void score();
    void zeroEverywhere();
};

void TstImageLocality::normalizedImageName_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("expected");
    // ":latest" is appended iff the last ':' does not come after the last '/'
    QTest::newRow("bare name") << "nginx" << "nginx:latest";
    QTest::newRow("tag") << "nginx:1.2" << "nginx:1.2";
    QTest::newRow("registry path") << "gcr.io/40" << "gcr.io/40:latest";
    QTest::newRow("registry port, no tag") << "reg:5000/app" << "reg:5000/app:latest";
    QTest::newRow("registry port and tag") << "reg:5000/app:v1" << "reg:5000/app:v1";
    QTest::newRow("digest") << "app@sha256:abc" << "app@sha256:abc";
    QTest::newRow("path with digest") << "gcr.io/app@sha256:abc" << "gcr.io/app@sha256:abc";
    // no docker.io/library/ prefix is added
    QTest::newRow("no registry prefix added") << "library/nginx" << "library/nginx:latest";
    // clang-format on
}

void TstImageLocality::normalizedImageName() {
    QFETCH(QString, name);
    QFETCH(QString, expected);
    QCOMPARE(QString::fromStdString(ImageLocality::normalizedImageName(name.toStdString())), expected);
}

void TstImageLocality::score_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    QTest::addColumn<QString>("version");
    QTest::addColumn<QStringList>("nodes");       // "name|image:sizeMB;image:sizeMB" in add order
    QTest::addColumn<QStringList>("containers");  // images
    QTest::addColumn<QStringList>("inits");       // init container images
    QTest::addColumn<QString>("expected");

    // score = 100 * (clamp(sum, 23MB, 1000MB * n) - 23MB) / (1000MB * n - 23MB), sum over the
    // pod's images present on the node of int64(size * nodesHavingImage / totalNodes).
    const QStringList machines{"machine1|gcr.io/40:latest:40,gcr.io/40:v1:40;gcr.io/300:latest:300;gcr.io/2000:latest:2000",
                               "machine2|gcr.io/250:latest:250;gcr.io/10:latest:10,gcr.io/10:v1:10"};
    // n = 2. machine1: 40MB * 1/2 = 20MB < 23MB -> 0.
    // machine2: 250MB/2 = 131072000 -> 100*(131072000 - 24117248)/(2097152000 - 24117248) = 5
    QTest::newRow("two images on two nodes") << "" << machines << QStringList{"gcr.io/40", "gcr.io/250"} << QStringList{}
                                             << "machine1=0 machine2=5";
    // machine1: 20MB + 150MB = 178257920 -> 100*(178257920 - 24117248)/2073034752 = 7; machine2 0
    QTest::newRow("two images on one node") << "" << machines << QStringList{"gcr.io/40", "gcr.io/300"} << QStringList{}
                                            << "machine1=7 machine2=0";
    // machine1: 2000MB/2 = 1000MB -> 100*(1048576000 - 24117248)/2073034752 = 49;
    // machine2: 10MB/2 = 5MB < 23MB -> 0
    QTest::newRow("large image") << "" << machines << QStringList{"gcr.io/2000", "gcr.io/10"} << QStringList{}
                                 << "machine1=49 machine2=0";
    // three nodes: machine1 int64(2097152000 * 1/3) = 699050666 ->
    // 100*(699050666 - 24117248)/2073034752 = 32; machine2 10MB/3 < 23MB -> 0; machine3 no images -> 0
    QTest::newRow("large image, third node without images")
        << "" << QStringList{machines[0], machines[1], "machine3|"} << QStringList{"gcr.io/2000", "gcr.io/10"}
        << QStringList{} << "machine1=32 machine2=0 machine3=0";
    // one container, image above the 1000MB cap on its node: sum clamped to 1000MB -> 100
    QTest::newRow("clamped at the maximum") << "" << QStringList{"n1|big:latest:2000"} << QStringList{"big"}
                                            << QStringList{} << "n1=100";
    // only the pod's image name is normalised: a node listing the untagged "big" does not
    // match the pod's "big" (looked up as "big:latest")
    QTest::newRow("node names are not normalised") << "" << QStringList{"n1|big:2000"} << QStringList{"big"}
                                                   << QStringList{} << "n1=0";
    // tag and name must match exactly after normalisation: "app:v2" is not "app:v1"
    QTest::newRow("different tag") << "" << QStringList{"n1|app:v1:500"} << QStringList{"app:v2"} << QStringList{}
                                   << "n1=0";
    // an image on both nodes counts fully: 500MB * 2/2 = 524288000 ->
    // 100*(524288000 - 24117248)/(1048576000 - 24117248) = 48
    QTest::newRow("image on every node") << "" << QStringList{"n1|app:v1:500", "n2|app:v1:500"} << QStringList{"app:v1"}
                                         << QStringList{} << "n1=48 n2=48";
    // v1.26-1.28 freeze nodesHavingImage when the node is added: n1 saw 1 node, n2 saw 2.
    // n1: 500MB * 1/2 = 262144000 -> 100*(262144000 - 24117248)/1024458752 = 23; n2: 48
    QTest::newRow("spread count frozen, 1.26") << "1.26" << QStringList{"n1|app:v1:500", "n2|app:v1:500"}
                                               << QStringList{"app:v1"} << QStringList{} << "n1=23 n2=48";
    QTest::newRow("spread count frozen, 1.28") << "1.28" << QStringList{"n1|app:v1:500", "n2|app:v1:500"}
                                               << QStringList{"app:v1"} << QStringList{} << "n1=23 n2=48";
    // >= 1.29: the live count
    QTest::newRow("spread count live, 1.29") << "1.29" << QStringList{"n1|app:v1:500", "n2|app:v1:500"}
                                             << QStringList{"app:v1"} << QStringList{} << "n1=48 n2=48";
    // the size is the one the first node reported (the cache keeps the first sizeBytes):
    // 100MB * 2/2 = 104857600 -> 100*(104857600 - 24117248)/1024458752 = 7 on both nodes
    QTest::newRow("size of the first reporter") << "" << QStringList{"n1|app:v1:100", "n2|app:v1:300"}
                                                << QStringList{"app:v1"} << QStringList{} << "n1=7 n2=7";
    // init containers: >= 1.30 their images count and they count in n: n = 2,
    // sum 500MB -> 100*(524288000 - 24117248)/(2097152000 - 24117248) = 24
    QTest::newRow("init container image, newest") << "" << QStringList{"n1|tools:1:500"} << QStringList{"app:v1"}
                                                  << QStringList{"tools:1"} << "n1=24";
    // v1.26-1.29: only regular containers, n = 1, app:v1 absent -> 0
    QTest::newRow("init container image, 1.26") << "1.26" << QStringList{"n1|tools:1:500"} << QStringList{"app:v1"}
                                                << QStringList{"tools:1"} << "n1=0";
    QTest::newRow("init container image, 1.29") << "1.29" << QStringList{"n1|tools:1:500"} << QStringList{"app:v1"}
                                                << QStringList{"tools:1"} << "n1=0";
    // the init container still counts in n from 1.30: container image 500MB, n = 2 -> 24;
    // v1.26: n = 1 -> 100*(524288000 - 24117248)/1024458752 = 48
    QTest::newRow("init container dilutes, newest") << "" << QStringList{"n1|app:v1:500"} << QStringList{"app:v1"}
                                                    << QStringList{"tools:1"} << "n1=24";
    QTest::newRow("init container dilutes, 1.26") << "1.26" << QStringList{"n1|app:v1:500"} << QStringList{"app:v1"}
                                                  << QStringList{"tools:1"} << "n1=48";
    // clang-format on
}

void TstImageLocality::score() {
    QFETCH(QString, version);
    QFETCH(QStringList, nodes);
    QFETCH(QStringList, containers);
    QFETCH(QStringList, inits);
    QFETCH(QString, expected);

    TestCluster tc(versionOf(version));
    QStringList order;
    for (const QString& n : nodes) {
        const QStringList parts = n.split('|');
        NodeBuilder nb = tc.node(parts.value(0).toStdString());
        // "name:tag:size,name2:tag:size;..." -> one image per ';' with its names
        for (const QString& image : parts.value(1).split(';', Qt::SkipEmptyParts)) {
            ContainerImage ci;
            for (const QString& nameAndSize : image.split(',')) {
                const int colon = static_cast<int>(nameAndSize.lastIndexOf(':'));
                ci.names.push_back(nameAndSize.left(colon).toStdString());
                ci.sizeBytes = nameAndSize.mid(colon + 1).toLongLong() * kMb;
            }
            if (ci.names.size() == 1)
                nb.image(ci.names[0], ci.sizeBytes);
            else if (ci.names.size() == 2)
                nb.image({ci.names[0], ci.names[1]}, ci.sizeBytes);
            else
                qFatal("test rows use at most two names per image");
        }
        nb.add();
        order << parts.value(0);
    }
    PodBuilder pb = tc.pod("p");
    for (const QString& c : containers) pb.requests("", c.toStdString());
    for (const QString& i : inits) pb.initRequests("", false, i.toStdString());
    const Pod& pod = pb.add();
    tc.refresh();

    ImageLocality pl(PluginArgs{}, tc.handle);
    pl.setSlot(0);
    CycleState state(1);
    QStringList out;
    for (const QString& n : order) {
        std::int64_t s = -1;
        QVERIFY(pl.score(state, pod, tc.nodeInfo(n.toStdString()), s).isSuccess());
        out << n + "=" + QString::number(s);
    }
    QCOMPARE(out.join(' '), expected);
    // scoresZeroEverywhere (the runtime then leaves the row out) only where every score is 0.
    if (pl.scoresZeroEverywhere(state, pod))
        for (const QString& scored : out) QVERIFY2(scored.endsWith("=0"), qPrintable(scored));
}

// scoresZeroEverywhere: true when no node lists any of the pod's images (after the pod's
// names are normalised), false as soon as one node lists one.
void TstImageLocality::zeroEverywhere() {
    TestCluster tc(versionOf(""));
    tc.node("n1").image("app:v1", 500 * kMb).add();
    tc.node("n2").add();
    const Pod& absent = tc.pod("absent").requests("", "app:v2").add();    // "app:v2" on no node
    const Pod& untagged = tc.pod("untagged").requests("", "app").add();   // "app:latest" on no node
    const Pod& present = tc.pod("present").requests("", "app:v1").add();  // on n1
    const Pod& initOnly = tc.pod("init").requests("", "other:1").initRequests("", false, "app:v1").add();
    tc.refresh();
    ImageLocality pl(PluginArgs{}, tc.handle);
    pl.setSlot(0);
    CycleState state(1);
    QVERIFY(pl.scoresZeroEverywhere(state, absent));
    QVERIFY(pl.scoresZeroEverywhere(state, untagged));
    QVERIFY(!pl.scoresZeroEverywhere(state, present));
    // >= 1.30 init containers' images are scored too: n1 has this one
    QVERIFY(!pl.scoresZeroEverywhere(state, initOnly));
}

QTEST_GUILESS_MAIN(TstImageLocality)
#include "tst_image_locality.moc"
