// End to end: the real `berth` binary runs a small cluster to completion and saves a
// screenshot, offscreen (software scene graph: the QPainter fallback of the canvas) and,
// where xvfb-run exists, on X with OpenGL (the batched geometry path). The PNG is checked
// for node cards and for bound pod chips drawn inside them. The "readme" row runs the embedded
// demo with a pending pod selected: its grab is the README's screenshot (kept as
// <build>/screenshot.png; BERTH_UPDATE_SCREENSHOT=1 also writes docs/screenshot.png).
// darkTheme runs `berth --theme dark --group-by none` and checks the window really is dark.
// timelineOnTheScrubber runs `berth --timeline` and checks the timed edits' marks and effect
// (its grab is kept as <build>/timeline.png).

#include <QFile>
#include <QImage>
#include <QProcess>
#include <QSet>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

#include <vector>

namespace {

struct Box {
    int x0 = 1 << 30, y0 = 1 << 30, x1 = -1, y1 = -1, area = 0;
};

/// Connected regions of pure white (the canvas's node cards), larger than `minArea`.
std::vector<Box> whiteRegions(const QImage& img, int minArea) {
    const int w = img.width(), h = img.height();
    std::vector<char> seen(static_cast<std::size_t>(w) * h, 0);
    std::vector<Box> boxes;
    std::vector<QPoint> stack;
    auto white = [&](int x, int y) { return img.pixel(x, y) == qRgb(255, 255, 255); };
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            if (seen[static_cast<std::size_t>(y) * w + x] || !white(x, y)) continue;
            Box b;
            stack.push_back({x, y});
            seen[static_cast<std::size_t>(y) * w + x] = 1;
            while (!stack.empty()) {
                const QPoint p = stack.back();
                stack.pop_back();
                ++b.area;
                b.x0 = std::min(b.x0, p.x());
                b.y0 = std::min(b.y0, p.y());
                b.x1 = std::max(b.x1, p.x());
                b.y1 = std::max(b.y1, p.y());
                for (const QPoint d : {QPoint(1, 0), QPoint(-1, 0), QPoint(0, 1), QPoint(0, -1)}) {
                    const QPoint n = p + d;
                    if (n.x() < 0 || n.y() < 0 || n.x() >= w || n.y() >= h) continue;
                    auto& s = seen[static_cast<std::size_t>(n.y()) * w + n.x()];
                    if (s || !white(n.x(), n.y())) continue;
                    s = 1;
                    stack.push_back(n);
                }
            }
            if (b.area >= minArea) boxes.push_back(b);
        }
    return boxes;
}

// The window's layout, checked from inside it (a --script line; `window` and `canvasView` are
// Main.qml's ids): every visible control (a button, tab, check box, text field or combo box)
// lies inside the window, once cut to the views that clip it (what a scroll view hides is
// reachable by scrolling); the canvas legend lies inside the canvas and wraps to its width.
// Throws with the list of what does not.
constexpr char kLayoutCheck[] = R"((function () {
  const W = window.width, H = window.height, bad = [];
  function isControl(it) {
    return (it.pressed !== undefined && it.text !== undefined) || it.placeholderText !== undefined ||
           (it.displayText !== undefined && it.currentIndex !== undefined);
  }
  function walk(it, clip, legend) {
    if (!it || !it.visible || it.width <= 0 || it.height <= 0) return;
    const p = it.mapToItem(null, 0, 0);
    let r = {x0: p.x, y0: p.y, x1: p.x + it.width, y1: p.y + it.height};
    if (clip) r = {x0: Math.max(r.x0, clip.x0), y0: Math.max(r.y0, clip.y0), x1: Math.min(r.x1, clip.x1), y1: Math.min(r.y1, clip.y1)};
    if (r.x1 <= r.x0 || r.y1 <= r.y0) return;
    const name = (it.objectName || it.text || it.placeholderText || String(it)) + " [" + Math.round(r.x0) + "," + Math.round(r.y0) + " - " + Math.round(r.x1) + "," + Math.round(r.y1) + "]";
    if ((isControl(it) || it.objectName === "legend") && (r.x0 < -1 || r.y0 < -1 || r.x1 > W + 1 || r.y1 > H + 1)) bad.push(name);
    for (let i = 0; i < it.children.length; ++i) walk(it.children[i], it.clip ? r : clip);
  }
  walk(window.contentItem.parent, null);
  let legend = null;
  for (let i = 0; i < canvasView.children.length; ++i) if (canvasView.children[i].objectName === "legend") legend = canvasView.children[i];
  if (!legend) bad.push("no legend");
  else if (legend.childrenRect.width > legend.width + 1 || legend.y + legend.height > canvasView.height + 1) bad.push("legend " + legend.childrenRect.width + " wide in " + legend.width);
  if (bad.length > 0) throw new Error("outside the window " + W + "x" + H + ": " + bad.join("; "));
  return true;
})())";

bool saturated(QRgb c) {
    const QColor q(c);
    return q.hsvSaturationF() > 0.35 && q.valueF() > 0.4;
}

}  // namespace

class TestAppOffscreen : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void screenshot_data() {
        // clang-format off
    // (table rows keep their hand alignment)
        QTest::addColumn<bool>("xvfb");
        QTest::addColumn<bool>("demo");
        QTest::newRow("offscreen") << false << false;
        QTest::newRow("xvfb") << true << false;
        QTest::newRow("readme") << false << true;
    }

    void screenshot() {
        QFETCH(bool, xvfb);
        QFETCH(bool, demo);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString png = dir.filePath(QStringLiteral("out.png"));
        const QStringList args =
            demo ? QStringList{QStringLiteral("--run"), QStringLiteral("--select"), QStringLiteral("ml/huge-training"),
                               QStringLiteral("--screenshot"), png}
                 : QStringList{QStringLiteral(BERTH_SOURCE_DIR "/tests/app/data/small-cluster.yaml"),
                               QStringLiteral("--run"), QStringLiteral("--screenshot"), png};
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QUICK_CONTROLS_STYLE"), QStringLiteral("Fusion"));
        env.insert(QStringLiteral("XDG_RUNTIME_DIR"), dir.path());
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), dir.path());  // recent files, theme: not the user's
        QProcess proc;
        if (xvfb) {
            const QString xvfbRun = QStandardPaths::findExecutable(QStringLiteral("xvfb-run"));
            if (xvfbRun.isEmpty()) QSKIP("xvfb-run is not installed");
            env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("xcb"));
            // Mesa's GL driver leaves a few bytes behind in a library it unloads at exit; a
            // suppression cannot name an unloaded module, so leak checks stay off for this child.
            if (env.contains(QStringLiteral("ASAN_OPTIONS")))
                env.insert(QStringLiteral("ASAN_OPTIONS"), env.value(QStringLiteral("ASAN_OPTIONS")) + QStringLiteral(":detect_leaks=0"));
            proc.setProcessEnvironment(env);
            proc.start(xvfbRun, QStringList{QStringLiteral("-a"), QStringLiteral("-s"), QStringLiteral("-screen 0 1600x1000x24"),
                                            QStringLiteral(BERTH_BINARY)} + args);
        } else {
            env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
            proc.setProcessEnvironment(env);
            proc.start(QStringLiteral(BERTH_BINARY), args);
        }
        QVERIFY2(proc.waitForStarted(10000), qPrintable(proc.errorString()));
        QVERIFY(proc.waitForFinished(120000));
        const QByteArray out = proc.readAllStandardError() + proc.readAllStandardOutput();
        QVERIFY2(proc.exitStatus() == QProcess::NormalExit && proc.exitCode() == 0, out.constData());

        const QImage img = QImage(png).convertToFormat(QImage::Format_RGB32);
        QVERIFY2(!img.isNull(), "no screenshot written");
        QVERIFY(img.width() >= 800 && img.height() >= 500);
        if (qEnvironmentVariableIsSet("BERTH_KEEP_SCREENSHOT"))
            img.save(qEnvironmentVariable("BERTH_KEEP_SCREENSHOT") + (demo ? "-readme.png" : xvfb ? "-xvfb.png" : "-offscreen.png"));
        if (demo) {
            // The README's picture: the default window size, readable at 1280x800.
            QCOMPARE(img.size(), QSize(1280, 800));
            QVERIFY(QFile::copy(png, QStringLiteral(BERTH_BINARY_DIR "/screenshot.png")) ||
                    (QFile::remove(QStringLiteral(BERTH_BINARY_DIR "/screenshot.png")) &&
                     QFile::copy(png, QStringLiteral(BERTH_BINARY_DIR "/screenshot.png"))));
            if (qEnvironmentVariableIsSet("BERTH_UPDATE_SCREENSHOT")) {
                const QString docs = QStringLiteral(BERTH_SOURCE_DIR "/docs/screenshot.png");
                QFile::remove(docs);
                QVERIFY(QFile::copy(png, docs));
            }
            // The demo leaves one pod pending: the tray band at the top of the canvas is drawn
            // (the software renderer once clipped it away), with the pod's chip in it.
            int trayPixels = 0;
            for (int y = 0; y < img.height() / 4; ++y)
                for (int x = 0; x < img.width() / 2; ++x) trayPixels += img.pixel(x, y) == qRgb(0xf6, 0xe9, 0xe9);
            QVERIFY2(trayPixels >= 5000, qPrintable(QString::number(trayPixels)));
        }

        // Not blank: many distinct colours.
        QSet<QRgb> colours;
        for (int y = 0; y < img.height(); y += 2)
            for (int x = 0; x < img.width(); x += 2) colours.insert(img.pixel(x, y));
        QVERIFY2(colours.size() >= 12, qPrintable(QString::number(colours.size())));

        // Node cards: white regions (the small cluster has 3 schedulable nodes drawn white and
        // one cordoned node drawn tinted), each with pod chips inside.
        const std::vector<Box> cards = whiteRegions(img, 1500);
        QVERIFY2(cards.size() >= 3, qPrintable(QString::number(cards.size())));
        int cardsWithChips = 0;
        for (const Box& b : cards) {
            int chipPixels = 0;
            QSet<QRgb> chipColours;
            for (int y = b.y0; y <= b.y1; ++y)
                for (int x = b.x0; x <= b.x1; ++x) {
                    const QRgb c = img.pixel(x, y);
                    // The cpu/memory bar colours are saturated too: leave them out.
                    if (!saturated(c) || c == qRgb(0x2f, 0x80, 0xd1) || c == qRgb(0x8a, 0x5c, 0xd6) || c == qRgb(0xd6, 0x45, 0x45))
                        continue;
                    ++chipPixels;
                    chipColours.insert(c);
                }
            if (chipPixels >= 12) ++cardsWithChips;
        }
        QVERIFY2(cardsWithChips >= 2, qPrintable(QString::number(cardsWithChips)));
    }

    // Planning in the real window, driven by `--script` through the functions its own
    // handlers call: a node cordoned, a Deployment template dropped on zone-b's group of
    // nodes (the drop adds a required zone affinity), the plan run, the placements exported.
    // The export must hold the three new pods, each on a zone-b node other than the cordoned.
    void scriptedPlanning() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString exported = dir.filePath(QStringLiteral("placements.yaml"));
        const QString script = dir.filePath(QStringLiteral("plan.js"));
        {
            QFile f(script);
            QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Text));
            f.write("controller.planner.cordonNode(\"general-b-1\")\n"
                    "dropLayer.dropTemplate(\"Deployment\", canvasView.canvas.nodeCenter(\"batch-b-2\")).length === 0 || fail()\n"
                    "// after run\n");
            f.write(QStringLiteral("controller.session.exportPlacements(\"%1\", \"pods\", \"\", true) === \"\" || fail()\n")
                        .arg(QUrl::fromLocalFile(exported).toString())
                        .toUtf8());
        }
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        env.insert(QStringLiteral("XDG_RUNTIME_DIR"), dir.path());
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), dir.path());
        QProcess proc;
        proc.setProcessEnvironment(env);
        proc.start(QStringLiteral(BERTH_BINARY), {QStringLiteral("--run"), QStringLiteral("--no-autosave"), QStringLiteral("--script"),
                                                  script, QStringLiteral("--screenshot"), dir.filePath(QStringLiteral("plan.png"))});
        QVERIFY2(proc.waitForStarted(10000), qPrintable(proc.errorString()));
        QVERIFY(proc.waitForFinished(120000));
        const QByteArray out = proc.readAllStandardError() + proc.readAllStandardOutput();
        QVERIFY2(proc.exitStatus() == QProcess::NormalExit && proc.exitCode() == 0, out.constData());

        QFile f(exported);
        QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(exported));
        const QString text = QString::fromUtf8(f.readAll());
        int planned = 0;
        for (const QString& doc : text.split(QStringLiteral("\n---"))) {
            if (!doc.contains(QStringLiteral("\n  name: web-")) || !doc.contains(QStringLiteral("namespace: default"))) continue;
            ++planned;
            const qsizetype at = doc.indexOf(QStringLiteral("nodeName: "));
            QVERIFY2(at >= 0, qPrintable(doc));
            const QString node = doc.mid(at + 10).section(QLatin1Char('\n'), 0, 0).trimmed();
            QVERIFY2(node.contains(QStringLiteral("-b-")) && node != QStringLiteral("general-b-1"), qPrintable(node));
            QVERIFY(doc.contains(QStringLiteral("zone-b")));
        }
        QCOMPARE(planned, 3);
    }

    // Small windows and large text: at 1024x700, and at 1024x700 with QT_SCALE_FACTOR=2 (a
    // 4K screen's 200 %), the canvas legend wraps within the canvas and every control of the
    // window (panels, tabs, toolbar, menu bar) lies inside it, or inside a scrolled view (a
    // control scrolled out of sight is reachable). Checked in the window itself, after the run,
    // by a `--script` line; the grab is the window's size times the scale.
    void smallWindows_data() {
        QTest::addColumn<QString>("scale");
        QTest::newRow("1024x700") << QStringLiteral("1");
        QTest::newRow("1024x700 at QT_SCALE_FACTOR=2") << QStringLiteral("2");
    }
    void smallWindows() {
        QFETCH(QString, scale);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString script = dir.filePath(QStringLiteral("small.js"));
        const QString png = dir.filePath(QStringLiteral("small.png"));
        {
            QFile f(script);
            QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Text));
            f.write("window.width = 1024\nwindow.height = 700\n// after run\n");
            f.write(QByteArray(kLayoutCheck).replace('\n', ' ') + "\n");
        }
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        env.insert(QStringLiteral("QT_QUICK_CONTROLS_STYLE"), QStringLiteral("Fusion"));
        env.insert(QStringLiteral("QT_SCALE_FACTOR"), scale);
        env.insert(QStringLiteral("XDG_RUNTIME_DIR"), dir.path());
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), dir.path());
        QProcess proc;
        proc.setProcessEnvironment(env);
        proc.start(QStringLiteral(BERTH_BINARY), {QStringLiteral("--run"), QStringLiteral("--no-autosave"), QStringLiteral("--script"),
                                                  script, QStringLiteral("--screenshot"), png});
        QVERIFY2(proc.waitForStarted(10000), qPrintable(proc.errorString()));
        QVERIFY(proc.waitForFinished(120000));
        const QByteArray out = proc.readAllStandardError() + proc.readAllStandardOutput();
        QVERIFY2(proc.exitStatus() == QProcess::NormalExit && proc.exitCode() == 0, out.constData());
        const QImage img(png);
        const int factor = scale.toInt();
        QCOMPARE(img.size(), QSize(1024 * factor, 700 * factor));
        if (qEnvironmentVariableIsSet("BERTH_KEEP_SCREENSHOT"))
            img.save(qEnvironmentVariable("BERTH_KEEP_SCREENSHOT") + "-small-x" + scale + ".png");
    }

    // `berth --timeline FILE`: the timed edits of tests/app/data/small-timeline.yaml are on
    // the scrubber from the load (two marks, both pending), applied by the run (node-b1
    // cordoned, both marks filled); then the playback goes back to just after the cordon, so
    // the grab shows one applied mark and one pending (in the timed edits' colour, #7b4fc9).
    void timelineOnTheScrubber() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString script = dir.filePath(QStringLiteral("timeline.js"));
        const QString png = QStringLiteral(BERTH_BINARY_DIR "/timeline.png");
        QFile::remove(png);
        const QByteArray marks =
            "const m = []; (function walk(it) { if (it.objectName === \"timelineTimed\") m.push(it); "
            "for (let i = 0; i < it.children.length; ++i) walk(it.children[i]); })(window.contentItem); ";
        {
            QFile f(script);
            QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Text));
            f.write("(function () { const t = controller.playback.timeline; if (t.timed !== 2 || t.timedApplied !== 0) "
                    "throw new Error(\"at load: \" + t.timed + \" timed, \" + t.timedApplied + \" applied\") })()\n");
            f.write("(function () { " + marks + "if (m.length !== 2 || m.some((x) => x.applied)) "
                    "throw new Error(\"at load: \" + m.length + \" marks\") })()\n");
            f.write("// after run\n");
            f.write("(function () { if (controller.playback.timeline.timedApplied !== 2) throw new Error(\"not applied\"); "
                    "if (!controller.inspector.nodeDetails(\"node-b1\").cordoned) throw new Error(\"node-b1 not cordoned\") })()\n");
            f.write("(function () { " + marks + "if (m.length !== 2 || !m.every((x) => x.applied)) "
                    "throw new Error(\"after the run: marks not applied\") })()\n");
            f.write("controller.playback.seek(controller.playback.timeline.timedEdits()[0].step + 2)\n");
        }
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        env.insert(QStringLiteral("QT_QUICK_CONTROLS_STYLE"), QStringLiteral("Fusion"));
        env.insert(QStringLiteral("XDG_RUNTIME_DIR"), dir.path());
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), dir.path());
        QProcess proc;
        proc.setProcessEnvironment(env);
        proc.start(QStringLiteral(BERTH_BINARY),
                   {QStringLiteral(BERTH_SOURCE_DIR "/tests/app/data/small-cluster.yaml"), QStringLiteral("--timeline"),
                    QStringLiteral(BERTH_SOURCE_DIR "/tests/app/data/small-timeline.yaml"), QStringLiteral("--run"),
                    QStringLiteral("--no-autosave"), QStringLiteral("--script"), script, QStringLiteral("--screenshot"), png});
        QVERIFY2(proc.waitForStarted(10000), qPrintable(proc.errorString()));
        QVERIFY(proc.waitForFinished(120000));
        const QByteArray out = proc.readAllStandardError() + proc.readAllStandardOutput();
        QVERIFY2(proc.exitStatus() == QProcess::NormalExit && proc.exitCode() == 0, out.constData());
        const QImage img = QImage(png).convertToFormat(QImage::Format_RGB32);
        QVERIFY2(!img.isNull(), "no screenshot written");
        int timedPixels = 0;
        for (int y = 0; y < img.height(); ++y)
            for (int x = 0; x < img.width(); ++x) timedPixels += img.pixel(x, y) == qRgb(0x7b, 0x4f, 0xc9);
        QVERIFY2(timedPixels >= 9, qPrintable(QString::number(timedPixels)));

        // A timeline with an error: the open-error dialog names file:line, nothing is loaded.
        const QString bad = dir.filePath(QStringLiteral("bad.yaml"));
        {
            QFile f(bad);
            QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Text));
            f.write("apiVersion: berth.dev/v1alpha1\nkind: Timeline\nevents:\n- at: soon\n  cordon: node-a1\n");
        }
        QProcess refused;
        refused.setProcessEnvironment(env);
        refused.start(QStringLiteral(BERTH_BINARY),
                      {QStringLiteral(BERTH_SOURCE_DIR "/tests/app/data/small-cluster.yaml"), QStringLiteral("--timeline"),
                       bad, QStringLiteral("--no-autosave"), QStringLiteral("--script"), script, QStringLiteral("--screenshot"),
                       dir.filePath(QStringLiteral("refused.png"))});
        QVERIFY(refused.waitForFinished(120000));
        QCOMPARE(refused.exitCode(), 0);  // the refusal is shown and grabbed; the script never ran
        QVERIFY(QFile::exists(dir.filePath(QStringLiteral("refused.png"))));
    }

    // `berth --version` names the version berthctl --version names: CMake's project VERSION.
    void version() {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        QProcess proc;
        proc.setProcessEnvironment(env);
        proc.start(QStringLiteral(BERTH_BINARY), {QStringLiteral("--version")});
        QVERIFY2(proc.waitForStarted(10000), qPrintable(proc.errorString()));
        QVERIFY(proc.waitForFinished(30000));
        QCOMPARE(proc.exitCode(), 0);
        QCOMPARE(proc.readAllStandardOutput().trimmed(), QByteArray("Berth " BERTH_VERSION));
    }

    // The dark theme at the default size: the canvas, the panels and the menu bar are dark,
    // no light card is left, and the pods still show as coloured chips.
    void darkTheme() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString png = dir.filePath(QStringLiteral("dark.png"));
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QUICK_CONTROLS_STYLE"), QStringLiteral("Fusion"));
        env.insert(QStringLiteral("XDG_RUNTIME_DIR"), dir.path());
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), dir.path());
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        QProcess proc;
        proc.setProcessEnvironment(env);
        proc.start(QStringLiteral(BERTH_BINARY),
                   {QStringLiteral(BERTH_SOURCE_DIR "/tests/app/data/small-cluster.yaml"), QStringLiteral("--theme"),
                    QStringLiteral("dark"), QStringLiteral("--group-by"), QStringLiteral("none"), QStringLiteral("--run"),
                    QStringLiteral("--screenshot"), png});
        QVERIFY2(proc.waitForStarted(10000), qPrintable(proc.errorString()));
        QVERIFY(proc.waitForFinished(120000));
        const QByteArray out = proc.readAllStandardError() + proc.readAllStandardOutput();
        QVERIFY2(proc.exitStatus() == QProcess::NormalExit && proc.exitCode() == 0, out.constData());
        const QImage img = QImage(png).convertToFormat(QImage::Format_RGB32);
        QVERIFY2(!img.isNull(), "no screenshot written");
        QCOMPARE(img.size(), QSize(1280, 800));
        if (qEnvironmentVariableIsSet("BERTH_KEEP_SCREENSHOT")) img.save(qEnvironmentVariable("BERTH_KEEP_SCREENSHOT") + "-dark.png");

        auto meanLightness = [&](const QRect& r) {
            double sum = 0;
            int n = 0;
            for (int y = r.top(); y <= r.bottom(); y += 3)
                for (int x = r.left(); x <= r.right(); x += 3) {
                    sum += QColor(img.pixel(x, y)).lightness();
                    ++n;
                }
            return sum / n;
        };
        // The canvas (left), the side panels (right), the menu bar (top): all dark on average.
        const double canvas = meanLightness(QRect(10, 120, 700, 500));
        const double panels = meanLightness(QRect(860, 120, 400, 600));
        const double menu = meanLightness(QRect(0, 0, 1280, 20));
        QVERIFY2(canvas < 80, qPrintable(QString::number(canvas)));
        QVERIFY2(panels < 80, qPrintable(QString::number(panels)));
        QVERIFY2(menu < 80, qPrintable(QString::number(menu)));
        // The canvas background itself, just inside its top-left corner.
        QVERIFY2(QColor(img.pixel(4, 60)).lightness() < 60, qPrintable(QColor(img.pixel(4, 60)).name()));
        QVERIFY(whiteRegions(img, 1500).empty());  // no light card left
        int chipPixels = 0;
        for (int y = 60; y < 680; ++y)
            for (int x = 0; x < 830; ++x)
                if (saturated(img.pixel(x, y))) ++chipPixels;
        QVERIFY2(chipPixels >= 200, qPrintable(QString::number(chipPixels)));
    }
};

QTEST_MAIN(TestAppOffscreen)
#include "tst_app_offscreen.moc"
