// SimulationController: the scheduler configuration panel. A configuration change is a
// SetSchedulerConfig edit carrying the complete KubeSchedulerConfiguration text (plan::Plan
// checks it and puts it into effect from step 0 on replay); the controller only turns the
// panel's draft into that text, asks for the re-run and for the comparison of placements.

#include "app/simulation_controller.h"

#include <QFile>
#include <QFileInfo>
#include <QThread>

#include "plan/placement_diff.h"
#include "plan/scheduler_settings.h"

namespace berth::app {
namespace {

constexpr const char* kPanelFileName = "scheduler-config.yaml";

}  // namespace

QString SimulationController::applySchedulerConfig() {
    QStringList problems = m_schedulerConfig.errors();
    if (!problems.isEmpty()) return problems.join(QLatin1Char('\n'));
    const plan::SchedulerSettings draft = m_schedulerConfig.draft();
    if (draft == m_schedulerConfig.active()) return tr("the configuration is unchanged");
    return applyConfigText(plan::settingsToYaml(draft, m_schedulerConfig.baseText()), kPanelFileName);
}

QString SimulationController::loadSchedulerConfig(const QUrl& file) {
    const QString path = file.isLocalFile() ? file.toLocalFile() : file.toString();
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return tr("Cannot read %1: %2").arg(path, f.errorString());
    return applyConfigText(f.readAll().toStdString(), QFileInfo(path).fileName().toStdString());
}

QString SimulationController::resetSchedulerConfig() {
    // The empty text stands for upstream's defaults (plan::kDefaultSchedulerConfigText).
    return applyConfigText({}, {});
}

QString SimulationController::applyConfigText(const std::string& yaml, const std::string& fileName) {
    if (!m_loaded) return tr("no cluster is loaded");
    if (busy()) return tr("the plan is being rebuilt; try again");
    // Checked here too, so a bad file is refused with its messages before anything is queued.
    const std::string error = plan::checkSchedulerConfig(yaml, fileName, m_session.input()->version);
    if (!error.empty()) {
        const QString message = QString::fromStdString(error);
        setStatusText(tr("Configuration refused: %1").arg(message.section(QLatin1Char('\n'), 0, 0)));
        return message;
    }
    plan::PlanEdit e;
    e.kind = plan::EditKind::SetSchedulerConfig;
    e.yaml = yaml;
    e.fileName = fileName;
    applyEdit(e);
    return {};
}

bool SimulationController::configChangeBetween(int from, int to) const {
    const auto& edits = m_session.history()->edits();
    for (int i = std::max(0, from); i < to && i < static_cast<int>(edits.size()); ++i)
        if (edits[static_cast<std::size_t>(i)].kind == plan::EditKind::SetSchedulerConfig) return true;
    return false;
}

void SimulationController::refreshSchedulerConfig(const plan::PlanInput& input, const std::vector<plan::PlanEdit>& edits) {
    core::SchedulerConfiguration config;
    std::string text, error;
    plan::SchedulerSettings settings;
    if (!plan::effectiveSchedulerConfig(input, edits, config, text, error) ||
        !plan::settingsFromConfig(config, input.version, settings, error))
        return;  // the replay reports the configuration error
    QString source = tr("upstream defaults");
    const auto last = std::find_if(edits.rbegin(), edits.rend(),
                                   [](const plan::PlanEdit& e) { return e.kind == plan::EditKind::SetSchedulerConfig; });
    if (last != edits.rend())
        source = last->yaml.empty() ? tr("upstream defaults") : QString::fromStdString(last->fileName);
    else if (!input.configText.empty())
        source = tr("the session's configuration");
    else if (!config.profiles.empty() || config.percentageOfNodesToScore)
        source = tr("the loaded manifests");
    // A redraw only when it changed: the user's unapplied draft survives other edits.
    if (settings == m_schedulerConfig.active() && text == m_schedulerConfig.baseText() && source == m_schedulerConfig.source())
        return;
    m_schedulerConfig.setActive(settings, text, source);
}

void SimulationController::comparePlacements(std::vector<plan::PlanEdit> before, std::vector<plan::PlanEdit> after) {
    const auto input = m_session.input();
    const quint64 serial = ++m_diffSerial;
    m_placementDiff.setComputing();
    // A comparison still running is for an older change: its answer would be dropped anyway.
    if (m_diffProgress) m_diffProgress->cancel();
    m_diffProgress = std::make_shared<core::Progress>();
    m_operations.begin(tr("Comparing placements"), m_diffProgress);
    // Two fresh plans run to the end off the GUI thread, as exports run: the comparison does
    // not depend on how far the on-screen run had got.
    QThread* thread = QThread::create([this, input, before = std::move(before), after = std::move(after), serial,
                                       progress = m_diffProgress] {
        const core::FinishOnExit finish(progress.get());
        std::string error;
        std::optional<plan::Placements> a = plan::finalPlacements(input, before, error, progress.get());
        std::optional<plan::Placements> b = a ? plan::finalPlacements(input, after, error, progress.get()) : std::nullopt;
        std::vector<plan::PlacementChange> changes;
        if (a && b) changes = plan::diffPlacements(*a, *b);
        const QString err = a && b ? QString() : QString::fromStdString(error);
        QMetaObject::invokeMethod(
            this,
            [this, serial, err, changes = std::move(changes)]() mutable {
                if (serial != m_diffSerial) return;  // a newer comparison is on its way
                m_diffProgress.reset();
                if (err.isEmpty()) m_placementDiff.setChanges(std::move(changes));
                else m_placementDiff.setError(err);
            },
            Qt::QueuedConnection);
    });
    m_exports << thread;
    connect(thread, &QThread::finished, this, [this, thread] {
        if (!m_exports.removeOne(thread)) return;
        thread->wait();
        delete thread;
    });
    thread->start();
}

}  // namespace berth::app
