// End to end: the real `berth` binary opens the small test cluster with a --script that
// drives its own window, runs to the end and saves a screenshot, offscreen.
// capacityPanel: the Capacity tab shown. Its charts are Qt Charts in the QApplication the
// binary makes: the PNG must show the stacked bars of both zones in the cpu colour and the
// memory colour (AppPalette.cpu and AppPalette.memory) in the side panel, and the headroom
// part above them. drainReport: Node > Drain or cordon a group… on zone-b, with its report.
// fitGhosts: "How many more fit?" on the pod worker, with its replicas as ghost chips on the
// canvas. nodesAnswer: Node > Add nodes until everything fits… with a template file and its
// answer. comparison: the Capacity tab's configurations side by side.
// BERTH_KEEP_SCREENSHOT=PREFIX keeps them as PREFIX-capacity.png, PREFIX-drain.png,
// PREFIX-fit.png, PREFIX-nodes.png and PREFIX-compare.png.

#include <QFile>
#include <QImage>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <cstdlib>

namespace {

/// Pixels of exactly `colour` in `area` of `img`.
int pixelsOf(const QImage& img, const QRect& area, QRgb colour) {
    if (img.isNull()) return 0;
    int n = 0;
    for (int y = area.top(); y <= area.bottom(); ++y)
        for (int x = area.left(); x <= area.right(); ++x) n += img.pixel(x, y) == colour;
    return n;
}

/// Pixels of a fit answer's ghost chips in `area`: close to the accent colour (#2f80d1) at a
/// quarter over white, (203, 223, 243).
int ghostPixels(const QImage& img, const QRect& area) {
    if (img.isNull()) return 0;
    int n = 0;
    for (int y = area.top(); y <= area.bottom(); ++y)
        for (int x = area.left(); x <= area.right(); ++x) {
            const QColor c(img.pixel(x, y));
            n += std::abs(c.red() - 203) <= 10 && std::abs(c.green() - 223) <= 10 && std::abs(c.blue() - 243) <= 10;
        }
    return n;
}

/// Writes `lines` as the --script file and runs berth on the small cluster with it, to the end;
/// reads its screenshot (null, with the test failed, when it did not run or wrote none).
QImage runBerth(const QTemporaryDir& dir, const QByteArray& lines) {
    const QString script = dir.filePath(QStringLiteral("script.js"));
    const QString png = dir.filePath(QStringLiteral("window.png"));
    QFile f(script);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Text) || f.write(lines) != lines.size()) {
        QTest::qFail("cannot write the script", __FILE__, __LINE__);
        return {};
    }
    f.close();
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    env.insert(QStringLiteral("QT_QUICK_CONTROLS_STYLE"), QStringLiteral("Fusion"));
    env.insert(QStringLiteral("XDG_RUNTIME_DIR"), dir.path());
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), dir.path());
    QProcess proc;
    proc.setProcessEnvironment(env);
    proc.start(QStringLiteral(BERTH_BINARY),
               {QStringLiteral(BERTH_SOURCE_DIR "/tests/app/data/small-cluster.yaml"), QStringLiteral("--no-autosave"),
                QStringLiteral("--script"), script, QStringLiteral("--run"), QStringLiteral("--screenshot"), png});
    if (!proc.waitForStarted(10000) || !proc.waitForFinished(120000)) {
        QTest::qFail("berth did not run to the end", __FILE__, __LINE__);
        return {};
    }
    const QByteArray out = proc.readAllStandardError() + proc.readAllStandardOutput();
    if (proc.exitStatus() != QProcess::NormalExit || proc.exitCode() != 0) {
        QTest::qFail(out.constData(), __FILE__, __LINE__);
        return {};
    }
    const QImage img = QImage(png).convertToFormat(QImage::Format_RGB32);
    if (img.size() != QSize(1280, 800)) QTest::qFail("no 1280x800 screenshot written", __FILE__, __LINE__);
    return img.size() == QSize(1280, 800) ? img : QImage();
}

}  // namespace

class TestCapacityOffscreen : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void capacityPanel() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        // The fifth tab: Capacity. Shown, it measures the plan run to the end.
        const QImage img = runBerth(dir, "tabs.currentIndex = 4\n");
        QVERIFY(!img.isNull());
        if (qEnvironmentVariableIsSet("BERTH_KEEP_SCREENSHOT"))
            img.save(qEnvironmentVariable("BERTH_KEEP_SCREENSHOT") + "-capacity.png");
        // The side panel: the right third of the window, below the tab bar.
        const QRect side(860, 60, 1280 - 860, 800 - 60 - 30);
        const int cpu = pixelsOf(img, side, qRgb(0x2f, 0x80, 0xd1));
        const int memory = pixelsOf(img, side, qRgb(0x8a, 0x5c, 0xd6));
        const int headroom = pixelsOf(img, side, qRgb(0xe6, 0xe9, 0xee));
        // Two bars a chart, each tens of pixels wide and tall.
        QVERIFY2(cpu >= 400, qPrintable(QString::number(cpu)));
        QVERIFY2(memory >= 400, qPrintable(QString::number(memory)));
        QVERIFY2(headroom >= 400, qPrintable(QString::number(headroom)));
    }

    // Node > Drain or cordon a group… on zone-b, opened and simulated as the window loads: the
    // screenshot after the run shows the dialog with the drain report. The small cluster's
    // node-b1 holds cache and worker, which no controller owns: kubectl refuses them without
    // --force and leaves the node alone, so all four of its pods are listed as blocked, in the
    // warning colour (AppPalette.warn).
    void drainReport() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QImage img = runBerth(
            dir,
            "groupDrainDialog.groupKeys = canvasView.canvas.availableGroupKeys()\n"
            "groupDrainDialog.begin(\"topology.kubernetes.io/zone\", \"zone-b\")\n"
            "controller.groupDrain.simulateDrain(\"topology.kubernetes.io/zone\", \"zone-b\", false, false)\n");
        QVERIFY(!img.isNull());
        if (qEnvironmentVariableIsSet("BERTH_KEEP_SCREENSHOT"))
            img.save(qEnvironmentVariable("BERTH_KEEP_SCREENSHOT") + "-drain.png");
        // The dialog, centred: 620 x 560.
        const QRect dialog(330, 120, 620, 560);
        int warn = 0;
        for (int y = dialog.top(); y <= dialog.bottom(); ++y)
            for (int x = dialog.left(); x <= dialog.right(); ++x) {
                const QColor c(img.pixel(x, y));
                // Glyphs are antialiased: close to #9a6a00 rather than exactly it.
                warn += std::abs(c.red() - 0x9a) < 24 && std::abs(c.green() - 0x6a) < 24 && c.blue() < 40;
            }
        QVERIFY2(warn >= 30, qPrintable(QString::number(warn)));
    }

    // "How many more fit?" on worker (2 cpu, no owner): copies of it fit once on node-a1 and
    // node-a2 and twice on node-b1 (tests/app/capacity/tst_fit_controller.cpp). The ghosts are
    // filled with the accent colour at a quarter over the white card: a light blue,
    // about (203, 223, 243), that nothing else on the canvas has.
    void fitGhosts() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QRect canvas(0, 60, 840, 800 - 60 - 60);
        const int before = ghostPixels(runBerth(dir, "\n"), canvas);
        const QImage img = runBerth(dir, "fitDialog.ask(\"default/worker\")\n");
        QVERIFY(!img.isNull());
        if (qEnvironmentVariableIsSet("BERTH_KEEP_SCREENSHOT"))
            img.save(qEnvironmentVariable("BERTH_KEEP_SCREENSHOT") + "-fit.png");
        const int after = ghostPixels(img, canvas);
        // Four ghosts of 10 x 10 inside their dashed frames.
        QVERIFY2(before < 50 && after >= 150, qPrintable(QStringLiteral("%1 -> %2").arg(before).arg(after)));
    }

    // Node > Add nodes until everything fits… with tests/app/data/big-node-template.yaml (80
    // cpu): one node of it takes huge, the small cluster's only pending pod. The dialog shows
    // the answer; nothing is in the error colour (AppPalette.bad, #a12b2b).
    void nodesAnswer() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QImage img = runBerth(dir, "controller.nodeSearch.addTemplateFile(\"file://" BERTH_SOURCE_DIR
                                         "/tests/app/data/big-node-template.yaml\")\n"
                                         "addNodesDialog.begin()\n"
                                         "controller.nodeSearch.search()\n");
        QVERIFY(!img.isNull());
        if (qEnvironmentVariableIsSet("BERTH_KEEP_SCREENSHOT"))
            img.save(qEnvironmentVariable("BERTH_KEEP_SCREENSHOT") + "-nodes.png");
        const QRect dialog(330, 110, 620, 580);
        QCOMPARE(pixelsOf(img, dialog, qRgb(0xa1, 0x2b, 0x2b)), 0);
    }

    // The Capacity tab's second page with LeastAllocated against MostAllocated
    // (resources/examples/capacity): the grouped bars draw one bar set per configuration in
    // the chart theme's first two colours.
    void comparison() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QImage img = runBerth(dir, "tabs.currentIndex = 4\n"
                                         "capacityPanel.showComparison()\n"
                                         "controller.compare.addConfigFile(\"file://" BERTH_SOURCE_DIR
                                         "/resources/examples/capacity/least-allocated.yaml\")\n"
                                         "controller.compare.addConfigFile(\"file://" BERTH_SOURCE_DIR
                                         "/resources/examples/capacity/most-allocated.yaml\")\n"
                                         "controller.compare.compare(\"topology.kubernetes.io/zone\")\n");
        QVERIFY(!img.isNull());
        if (qEnvironmentVariableIsSet("BERTH_KEEP_SCREENSHOT"))
            img.save(qEnvironmentVariable("BERTH_KEEP_SCREENSHOT") + "-compare.png");
        // The side panel holds the charts: many pixels of more than one saturated colour.
        const QRect side(860, 60, 1280 - 860, 800 - 60 - 30);
        int saturated = 0;
        for (int y = side.top(); y <= side.bottom(); ++y)
            for (int x = side.left(); x <= side.right(); ++x) saturated += QColor(img.pixel(x, y)).hsvSaturation() > 120;
        QVERIFY2(saturated >= 800, qPrintable(QString::number(saturated)));
    }
};

QTEST_MAIN(TestCapacityOffscreen)
#include "tst_capacity_offscreen.moc"
