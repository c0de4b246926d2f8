// End to end: the real `berth` binary opens the small test cluster with a --script that
// drives its own window, runs to the end and saves a screenshot, offscreen.
// capacityPanel: the Capacity tab shown. Its charts are Qt Charts in the QApplication the
// binary makes: the PNG must show the stacked bars of both zones in the cpu colour and the
// memory colour (AppPalette.cpu and AppPalette.memory) in the side panel, and the headroom
// part above them. drainReport: Node > Drain or cordon a group… on zone-b, with its report.
// BERTH_KEEP_SCREENSHOT=PREFIX keeps them as PREFIX-capacity.png and PREFIX-drain.png.

#include <QFile>
#include <QImage>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <cstdlib>

namespace {

/// Pixels of exactly `colour` in `area` of `img`.
int pixelsOf(const QImage& img, const QRect& area, QRgb colour) {
    int n = 0;
    for (int y = area.top(); y <= area.bottom(); ++y)
        for (int x = area.left(); x <= area.right(); ++x) n += img.pixel(x, y) == colour;
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
};

QTEST_MAIN(TestCapacityOffscreen)
#include "tst_capacity_offscreen.moc"
