// berth_gui_bench: the GUI targets of issue 6, measured on the real window (Main.qml, the real
// controller, worker thread and canvas). Not a test: run by hand, figures go to
// docs/performance.md. Prints one JSON line per run on standard output.
//
//   berth_gui_bench stall  FILE...   run to the end at full speed; the GUI thread's longest
//                                    stall (a 2 ms watchdog timer's largest gap) and frame
//                                    intervals while the core schedules
//   berth_gui_bench frames FILE...   once loaded, pan and zoom with synthetic wheel and drag
//                                    events, one step per frame; frame times per frame
//   [--frames N] (frames: steps, default 600)  [--run] (frames: run to the end first)
//
// The rendering backend is Qt's choice: QT_QPA_PLATFORM=offscreen gives the software renderer,
// `xvfb-run -a` the OpenGL RHI (llvmpipe without a GPU).

#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QGuiApplication>
#include <QMouseEvent>
#include <QQmlApplicationEngine>
#include <QQuickWindow>
#include <QSGRendererInterface>
#include <QTimer>
#include <QWheelEvent>
#include <QtQml/qqmlextensionplugin.h>

#include <sys/resource.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <mutex>
#include <vector>

#include "app/canvas/cluster_canvas.h"
#include "app/main_window.h"
#include "app/simulation_controller.h"

Q_IMPORT_QML_PLUGIN(Berth_AppPlugin)
Q_IMPORT_QML_PLUGIN(BerthPlugin)

namespace {

using berth::app::ClusterCanvas;
using berth::app::SimulationController;

double percentile(std::vector<double> v, double p) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    const auto i = static_cast<std::size_t>(p / 100.0 * static_cast<double>(v.size() - 1) + 0.5);
    return v[std::min(i, v.size() - 1)];
}

QString stats(const char* name, const std::vector<double>& v) {
    return QStringLiteral("\"%1_p50_ms\":%2,\"%1_p90_ms\":%3,\"%1_p99_ms\":%4,\"%1_max_ms\":%5")
        .arg(QLatin1String(name))
        .arg(percentile(v, 50), 0, 'f', 2)
        .arg(percentile(v, 90), 0, 'f', 2)
        .arg(percentile(v, 99), 0, 'f', 2)
        .arg(v.empty() ? 0.0 : *std::max_element(v.begin(), v.end()), 0, 'f', 2);
}

/// CPU seconds of the whole process (every thread: GUI, render, llvmpipe's, the worker):
/// on a shared machine this says more about cost than wall-clock frame times do.
double cpuSeconds() {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
           static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

/// CPU seconds of the calling thread alone (the GUI thread, where it is called).
double threadCpuSeconds() {
    rusage u{};
    getrusage(RUSAGE_THREAD, &u);
    return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
           static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

QString backendName(QQuickWindow* w) {
    switch (w->rendererInterface()->graphicsApi()) {
        case QSGRendererInterface::Software: return QStringLiteral("software");
        case QSGRendererInterface::OpenGL: return QStringLiteral("opengl");
        default: return QStringLiteral("other");
    }
}

/// Frame timing from the window's signals. beforeSynchronizing and frameSwapped come from the
/// render thread with the threaded loop (OpenGL), from the GUI thread otherwise: connect
/// directly and only take timestamps under a lock.
class FrameClock {
public:
    explicit FrameClock(QQuickWindow* w) {
        m_clock.start();
        QObject::connect(
            w, &QQuickWindow::beforeSynchronizing, w,
            [this] {
                std::lock_guard lock(m_mutex);
                m_start = m_clock.nsecsElapsed();
            },
            Qt::DirectConnection);
        QObject::connect(
            w, &QQuickWindow::frameSwapped, w,
            [this] {
                std::lock_guard lock(m_mutex);
                const qint64 now = m_clock.nsecsElapsed();
                if (!m_on) return;
                if (m_start >= 0) work.push_back(static_cast<double>(now - m_start) / 1e6);
                if (m_lastSwap >= 0) interval.push_back(static_cast<double>(now - m_lastSwap) / 1e6);
                m_lastSwap = now;
                m_start = -1;
            },
            Qt::DirectConnection);
    }
    void start() {
        std::lock_guard lock(m_mutex);
        work.clear();
        interval.clear();
        m_lastSwap = -1;
        m_on = true;
    }
    void stop() {
        std::lock_guard lock(m_mutex);
        m_on = false;
    }
    std::size_t frames() {
        std::lock_guard lock(m_mutex);
        return work.size();
    }
    std::vector<double> work;      // beforeSynchronizing -> frameSwapped: sync + render + swap
    std::vector<double> interval;  // frameSwapped -> frameSwapped
    std::mutex m_mutex;

private:
    QElapsedTimer m_clock;
    qint64 m_start = -1, m_lastSwap = -1;
    bool m_on = false;
};

/// The GUI thread's responsiveness: a 2 ms timer; any gap well above 2 ms is time the event
/// loop could not run (a stall).
class Watchdog {
public:
    Watchdog() {
        m_timer.setInterval(2);
        m_timer.setTimerType(Qt::PreciseTimer);
        QObject::connect(&m_timer, &QTimer::timeout, [this] {
            const qint64 now = m_clock.nsecsElapsed();
            const double gap = static_cast<double>(now - m_last) / 1e6;
            gaps.push_back(gap);
            // Where the long ones fall (seconds since the run started), for profiling.
            if (gap > 40) std::fprintf(stderr, "stall %.1f ms at %.2f s\n", gap, static_cast<double>(now) / 1e9);
            m_last = now;
        });
    }
    void start() {
        gaps.clear();
        m_clock.start();
        m_last = 0;
        m_timer.start();
    }
    void stop() { m_timer.stop(); }
    std::vector<double> gaps;

private:
    QTimer m_timer;
    QElapsedTimer m_clock;
    qint64 m_last = 0;
};

}  // namespace

int main(int argc, char** argv) {
    berth::app::setApplicationDefaults();
    QGuiApplication app(argc, argv);
    QCommandLineParser parser;
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("MODE"), QStringLiteral("stall | frames"));
    parser.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("Manifests to load."),
                                 QStringLiteral("FILE..."));
    const QCommandLineOption framesOption(QStringLiteral("frames"), QStringLiteral("Pan/zoom steps (frames mode)."),
                                          QStringLiteral("N"), QStringLiteral("600"));
    const QCommandLineOption runOption(QStringLiteral("run"), QStringLiteral("frames: run to the end before panning."));
    parser.addOption(framesOption);
    parser.addOption(runOption);
    parser.process(app);
    QStringList args = parser.positionalArguments();
    if (args.size() < 2 || (args[0] != QLatin1String("stall") && args[0] != QLatin1String("frames")))
        parser.showHelp(2);
    const QString mode = args.takeFirst();
    const int steps = parser.value(framesOption).toInt();
    const bool runFirst = parser.isSet(runOption);

    SimulationController controller;
    QQmlApplicationEngine engine;
    QQuickWindow* window = berth::app::loadMainWindow(engine, controller);
    auto* canvas = window ? window->findChild<ClusterCanvas*>() : nullptr;
    if (!canvas) {
        std::fprintf(stderr, "berth_gui_bench: no canvas in the window\n");
        return 1;
    }

    FrameClock frames(window);
    Watchdog watchdog;
    QElapsedTimer wall;
    double cpuAtStart = 0;
    double guiCpuAtStart = 0;
    QElapsedTimer loadClock;
    double loadApplyMs = 0;
    auto head = [&] {
        return QStringLiteral(
                   "{\"bench\":\"%1\",\"backend\":\"%2\",\"platform\":\"%3\",\"nodes\":%4,\"pods\":%5,"
                   "\"update_idle_ms\":\"%6\",\"load_ms\":%7")
            .arg(mode, backendName(window), QGuiApplication::platformName())
            .arg(controller.nodes()->rowCount())
            .arg(controller.pods()->rowCount())
            .arg(QString::fromLocal8Bit(qgetenv("QT_QPA_UPDATE_IDLE_TIME")))  // Qt's delay before a frame
            .arg(loadApplyMs, 0, 'f', 0);
    };
    auto finish = [&](const QString& line) {
        std::printf("%s}\n", qPrintable(line));
        std::fflush(stdout);
        QCoreApplication::exit(0);
    };

    // Panning and zooming: a fixed script of wheel notches and drags at the canvas centre, one
    // event per frame, advanced when the previous frame has been swapped.
    int step = 0;
    bool pressed = false;
    QPointF dragAt;
    auto sendMouse = [&](QEvent::Type type, QPointF at, Qt::MouseButtons buttons) {
        QMouseEvent e(type, at, window->mapToGlobal(at), Qt::LeftButton, buttons, Qt::NoModifier);
        QCoreApplication::sendEvent(window, &e);
    };
    auto nextStep = [&] {
        const QPointF centre = canvas->mapToScene(QPointF(canvas->width() / 2, canvas->height() / 2));
        // A 120-step cycle: 20 notches in, 40 drag moves, 20 notches out, 40 drag moves.
        const int k = step % 120;
        if (k < 20 || (k >= 60 && k < 80)) {
            if (pressed) {
                sendMouse(QEvent::MouseButtonRelease, dragAt, Qt::NoButton);
                pressed = false;
            }
            QWheelEvent e(centre, window->mapToGlobal(centre), QPoint(), QPoint(0, k < 20 ? 120 : -120), Qt::NoButton,
                          Qt::NoModifier, Qt::NoScrollPhase, false);
            QCoreApplication::sendEvent(window, &e);
        } else {
            if (!pressed) {
                dragAt = centre;
                sendMouse(QEvent::MouseButtonPress, dragAt, Qt::LeftButton);
                pressed = true;
            }
            // Back and forth, 12 px a frame, so the view stays over the content.
            const double dx = ((k / 10) % 2 == 0) ? 12 : -12;
            dragAt += QPointF(dx, dx / 2);
            sendMouse(QEvent::MouseMove, dragAt, Qt::LeftButton);
        }
        ++step;
        window->update();
    };
    QObject::connect(
        window, &QQuickWindow::frameSwapped, &app,
        [&] {
            if (mode != QLatin1String("frames") || step == 0 || step > steps) return;
            if (step == steps) {
                frames.stop();
                ++step;
                const double cpuMs = (cpuSeconds() - cpuAtStart) * 1000.0;
                finish(
                    head() +
                    QStringLiteral(",\"steps\":%1,\"frames\":%2,%3,%4,\"wall_s\":%5,\"cpu_ms_per_frame\":%6")
                        .arg(steps)
                        .arg(frames.work.size())
                        .arg(stats("frame_work", frames.work), stats("frame_interval", frames.interval))
                        .arg(static_cast<double>(wall.elapsed()) / 1000.0, 0, 'f', 2)
                        .arg(frames.work.empty() ? 0.0 : cpuMs / static_cast<double>(frames.work.size()), 0, 'f', 2));
                return;
            }
            nextStep();
        },
        Qt::QueuedConnection);

    auto startPanning = [&] {
        // Let the first frames of the loaded cluster settle, then start from fit-to-view.
        QTimer::singleShot(500, &app, [&] {
            canvas->fitToView();
            frames.start();
            wall.start();
            cpuAtStart = cpuSeconds();
            step = 0;
            nextStep();
        });
    };

    QObject::connect(
        &controller, &SimulationController::loadedChanged, &app,
        [&] {
            loadApplyMs = static_cast<double>(loadClock.nsecsElapsed()) / 1e6;
            if (mode == QLatin1String("stall")) {
                // Give the load's own frame time to pass, then run flat out and watch.
                QTimer::singleShot(500, &app, [&] {
                    watchdog.start();
                    frames.start();
                    wall.start();
                    cpuAtStart = cpuSeconds();
                    guiCpuAtStart = threadCpuSeconds();
                    controller.runToEnd();
                });
            } else if (runFirst) {
                controller.runToEnd();
            } else {
                startPanning();
            }
        },
        Qt::SingleShotConnection);
    QObject::connect(&controller, &SimulationController::runFinished, &app, [&] {
        if (mode == QLatin1String("frames")) {
            if (runFirst && step == 0) startPanning();
            return;
        }
        watchdog.stop();
        frames.stop();
        // One more watchdog-free moment: report.
        finish(head() +
               QStringLiteral(",\"bound\":%1,\"pending\":%2,\"run_s\":%3,\"cpu_s\":%8,\"gui_thread_cpu_s\":%9,\"max_"
                              "stall_ms\":%4,%5,%6,\"frames\":%7")
                   .arg(controller.boundCount())
                   .arg(controller.pendingCount())
                   .arg(static_cast<double>(wall.elapsed()) / 1000.0, 0, 'f', 2)
                   .arg(watchdog.gaps.empty() ? 0.0 : *std::max_element(watchdog.gaps.begin(), watchdog.gaps.end()), 0,
                        'f', 1)
                   .arg(stats("gap", watchdog.gaps), stats("frame_interval", frames.interval))
                   .arg(frames.interval.size() + 1)
                   .arg(cpuSeconds() - cpuAtStart, 0, 'f', 2)
                   .arg(threadCpuSeconds() - guiCpuAtStart, 0, 'f', 2));
    });
    QTimer::singleShot(600'000, &app, [] {
        std::fprintf(stderr, "berth_gui_bench: timed out\n");
        QCoreApplication::exit(2);
    });

    loadClock.start();
    controller.session()->loadFiles(args);
    return app.exec();
}
