#include "app/config/config_controller.h"

#include <QFile>
#include <QFileInfo>

#include <algorithm>

#include "app/models/operation_list_model.h"
#include "app/plan_host.h"
#include "app/session/plan_session.h"
#include "app/session/session_extenders.h"
#include "plan/placement_diff.h"
#include "plan/scheduler_settings.h"

namespace berth::app {
namespace {

constexpr const char* kPanelFileName = "scheduler-config.yaml";

}  // namespace

ConfigController::ConfigController(PlanHost& host, QObject* parent) : QObject(parent), m_host(host) {}

ConfigController::~ConfigController() {
    if (m_diffProgress) m_diffProgress->cancel();
}

bool ConfigController::loaded() const { return m_host.planLoaded(); }
bool ConfigController::busy() const { return m_host.planBusy(); }

QString ConfigController::apply() {
    QStringList problems = m_schedulerConfig.errors();
    if (!problems.isEmpty()) return problems.join(QLatin1Char('\n'));
    const plan::SchedulerSettings draft = m_schedulerConfig.draft();
    if (draft == m_schedulerConfig.active()) return tr("the configuration is unchanged");
    return applyConfigText(plan::settingsToYaml(draft, m_schedulerConfig.baseText()), kPanelFileName);
}

QString ConfigController::load(const QUrl& file) {
    const QString path = file.isLocalFile() ? file.toLocalFile() : file.toString();
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return tr("Cannot read %1: %2").arg(path, f.errorString());
    return applyConfigText(f.readAll().toStdString(), QFileInfo(path).fileName().toStdString());
}

QString ConfigController::reset() {
    // The empty text stands for upstream's defaults (plan::kDefaultSchedulerConfigText).
    return applyConfigText({}, {});
}

bool ConfigController::extendersReplayed() const {
    return m_host.planSession().extenders().mode() == SessionExtenders::Mode::Replay;
}

QString ConfigController::extenderStatus() const {
    if (m_extenders.isEmpty()) return {};
    return extendersReplayed() ? tr("Extenders: %n replayed", nullptr, static_cast<int>(m_extenders.size()))
                               : tr("Extenders: %n live", nullptr, static_cast<int>(m_extenders.size()));
}

QString ConfigController::setExtendersReplayed(bool replay) {
    if (!m_host.planLoaded()) return tr("no cluster is loaded");
    if (m_host.planBusy()) return tr("the plan is being rebuilt; try again");
    SessionExtenders& extenders = m_host.planSession().extenders();
    const auto mode = replay ? SessionExtenders::Mode::Replay : SessionExtenders::Mode::Live;
    const auto was = extenders.mode();
    if (mode == was) return {};
    if (replay && !extenders.hasRecording())
        return tr("nothing recorded to replay: run the plan with the extenders live first");
    auto calls = extenders.calls();
    extenders.setMode(mode);
    PlanSession& session = m_host.planSession();
    // Like a configuration change: the plan runs again from its start, to the end.
    ReplayRequest r = sessionReplay(session, session.history()->appliedCount(), plan::Plan::kToEnd,
                                    replay ? tr("Replaying the recorded extender answers")
                                           : tr("Calling the extenders live"));
    r.commit = [this] {
        m_host.planSession().markChanged();
        Q_EMIT extendersChanged();
    };
    // Cancelled: the plan on show is the one before, and so are the extenders.
    r.rollback = [this, calls = std::move(calls), was]() mutable {
        m_host.planSession().extenders().restore(std::move(calls), was);
        Q_EMIT extendersChanged();
    };
    m_host.startReplay(std::move(r));
    Q_EMIT extendersChanged();
    return {};
}

QString ConfigController::applyConfigText(const std::string& yaml, const std::string& fileName) {
    if (!m_host.planLoaded()) return tr("no cluster is loaded");
    if (m_host.planBusy()) return tr("the plan is being rebuilt; try again");
    // Checked here too, so a bad file is refused with its messages before anything is queued.
    const std::string error = plan::checkSchedulerConfig(yaml, fileName, m_host.planSession().input()->version);
    if (!error.empty()) {
        const QString message = QString::fromStdString(error);
        m_host.showStatus(tr("Configuration refused: %1").arg(message.section(QLatin1Char('\n'), 0, 0)));
        return message;
    }
    plan::PlanEdit e;
    e.kind = plan::EditKind::SetSchedulerConfig;
    e.yaml = yaml;
    e.fileName = fileName;
    m_host.applyEdit(e);
    return {};
}

void ConfigController::configEditApplied(const plan::PlanEdit& edit) {
    // Part of the starting state: compare, and re-run the plan from its start.
    EditHistoryModel* history = m_host.planSession().history();
    const int applied = history->appliedCount();
    const auto& all = history->edits();
    comparePlacements({all.begin(), all.begin() + applied - 1}, {all.begin(), all.begin() + applied});
    ReplayRequest r =
        sessionReplay(m_host.planSession(), applied, edit.atStep, tr("Applying the scheduler configuration"));
    // Cancelled: the plan on show is the one before the change, so the history says so too
    // (the change stays as a redo) and the comparison is dropped.
    r.rollback = [this, applied] {
        m_host.planSession().history()->setApplied(applied - 1);
        dropComparison();
    };
    m_host.startReplay(std::move(r));
}

void ConfigController::historyMoving(int was, int applied) {
    if (!configChangeBetween(std::min(was, applied), std::max(was, applied))) return;
    const auto& all = m_host.planSession().history()->edits();
    comparePlacements({all.begin(), all.begin() + was}, {all.begin(), all.begin() + applied});
}

void ConfigController::dropComparison() {
    if (m_diffProgress) m_diffProgress->cancel();
    ++m_diffSerial;
    m_placementDiff.clear();
}

bool ConfigController::configChangeBetween(int from, int to) const {
    const auto& edits = m_host.planSession().history()->edits();
    for (int i = std::max(0, from); i < to && i < static_cast<int>(edits.size()); ++i)
        if (edits[static_cast<std::size_t>(i)].kind == plan::EditKind::SetSchedulerConfig) return true;
    return false;
}

void ConfigController::refresh(const plan::PlanInput& input, const std::vector<plan::PlanEdit>& edits) {
    core::SchedulerConfiguration config;
    std::string text, error;
    plan::SchedulerSettings settings;
    if (!plan::effectiveSchedulerConfig(input, edits, config, text, error) ||
        !plan::settingsFromConfig(config, input.version, settings, error))
        return;  // the replay reports the configuration error
    QStringList extenders;
    for (const core::ExtenderConfig& x : config.extenders) extenders << QString::fromStdString(x.urlPrefix);
    m_extenders = extenders;
    Q_EMIT extendersChanged();  // also when only the session (and so live or replayed) changed
    QString source = tr("upstream defaults");
    const auto last = std::find_if(edits.rbegin(), edits.rend(), [](const plan::PlanEdit& e) {
        return e.kind == plan::EditKind::SetSchedulerConfig;
    });
    if (last != edits.rend())
        source = last->yaml.empty() ? tr("upstream defaults") : QString::fromStdString(last->fileName);
    else if (!input.configText.empty())
        source = tr("the session's configuration");
    else if (!config.profiles.empty() || config.percentageOfNodesToScore || !config.extenders.empty())
        source = tr("the loaded manifests");
    // A redraw only when it changed: the user's unapplied draft survives other edits.
    if (settings == m_schedulerConfig.active() && text == m_schedulerConfig.baseText() &&
        source == m_schedulerConfig.source())
        return;
    m_schedulerConfig.setActive(settings, text, source);
}

void ConfigController::comparePlacements(std::vector<plan::PlanEdit> before, std::vector<plan::PlanEdit> after) {
    const auto input = m_host.planSession().input();
    const quint64 serial = ++m_diffSerial;
    m_placementDiff.setComputing();
    // A comparison still running is for an older change: its answer would be dropped anyway.
    if (m_diffProgress) m_diffProgress->cancel();
    m_diffProgress = std::make_shared<core::Progress>();
    m_host.operationList().begin(tr("Comparing placements"), m_diffProgress);
    // Two fresh plans run to the end off the GUI thread, as exports run: the comparison does
    // not depend on how far the on-screen run had got.
    m_jobs.start(
        [this, input, before = std::move(before), after = std::move(after), serial, progress = m_diffProgress] {
            const core::FinishOnExit finish(progress.get());
            std::string error;
            std::optional<plan::Placements> a = plan::finalPlacements(input, before, error, progress.get());
            std::optional<plan::Placements> b =
                a ? plan::finalPlacements(input, after, error, progress.get()) : std::nullopt;
            std::vector<plan::PlacementChange> changes;
            if (a && b) changes = plan::diffPlacements(*a, *b);
            const QString err = a && b ? QString() : QString::fromStdString(error);
            QMetaObject::invokeMethod(
                this,
                [this, serial, err, changes = std::move(changes)]() mutable {
                    if (serial != m_diffSerial) return;  // a newer comparison is on its way
                    m_diffProgress.reset();
                    if (err.isEmpty())
                        m_placementDiff.setChanges(std::move(changes));
                    else
                        m_placementDiff.setError(err);
                },
                Qt::QueuedConnection);
        });
}

}  // namespace berth::app
