#pragma once
/// The scheduler configuration panel's controller. The configuration is session state: each
/// change is a SetSchedulerConfig edit carrying the complete KubeSchedulerConfiguration text
/// (undo, redo and session files keep it; plan::Plan checks it and puts it into effect from
/// step 0 on replay) and re-runs the plan from its starting state to the end; placementDiff
/// then lists what moved. This turns the panel's draft into that text, asks the host for the
/// re-run and compares the placements before and after off the GUI thread.

#include <QObject>
#include <QStringList>
#include <QUrl>
#include <QtQml/qqmlregistration.h>

#include <memory>
#include <vector>

#include "app/background_jobs.h"
#include "app/config/placement_diff_model.h"
#include "app/config/scheduler_config_model.h"
#include "core/progress.h"
#include "plan/plan.h"

namespace berth::app {

class PlanHost;

class ConfigController : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Owned by SimulationController (controller.config)")
    Q_PROPERTY(berth::app::SchedulerConfigModel* schedulerConfig READ schedulerConfig CONSTANT)
    Q_PROPERTY(berth::app::PlacementDiffModel* placementDiff READ placementDiff CONSTANT)
    Q_PROPERTY(bool loaded READ loaded NOTIFY stateChanged)
    Q_PROPERTY(bool busy READ busy NOTIFY stateChanged)
    /// The configuration's scheduler extenders (their urlPrefix), in call order; empty: none.
    Q_PROPERTY(QStringList extenders READ extenders NOTIFY extendersChanged)
    /// The session answers the extenders' calls from its recording instead of calling them.
    Q_PROPERTY(bool extendersReplayed READ extendersReplayed NOTIFY extendersChanged)
    /// "Extenders: 2 live" or "Extenders: 2 replayed"; empty without extenders (the status bar).
    Q_PROPERTY(QString extenderStatus READ extenderStatus NOTIFY extendersChanged)
public:
    explicit ConfigController(PlanHost& host, QObject* parent = nullptr);
    /// A comparison still running is of no use any more: it stops at its next check.
    ~ConfigController() override;

    SchedulerConfigModel* schedulerConfig() { return &m_schedulerConfig; }
    PlacementDiffModel* placementDiff() { return &m_placementDiff; }
    bool loaded() const;
    bool busy() const;

    // Each returns an empty string or why nothing changed.
    /// Applies the configuration panel's draft.
    Q_INVOKABLE QString apply();
    /// Applies a KubeSchedulerConfiguration file; a bad one is refused with file:line messages.
    Q_INVOKABLE QString load(const QUrl& file);
    /// Back to upstream's default configuration.
    Q_INVOKABLE QString reset();
    /// Replays the session's recorded extender answers (true) or calls the extenders live,
    /// recording afresh (false), and re-runs the plan.
    Q_INVOKABLE QString setExtendersReplayed(bool replay);

    QStringList extenders() const { return m_extenders; }
    bool extendersReplayed() const;
    QString extenderStatus() const;

    /// The panel shows the configuration in effect with these edits (a new plan on show).
    void refresh(const plan::PlanInput& input, const std::vector<plan::PlanEdit>& edits);
    /// A SetSchedulerConfig edit was recorded in the history: compare, and re-run the plan.
    void configEditApplied(const plan::PlanEdit& edit);
    /// The history moves from `was` to `applied` edits: compares when a configuration change
    /// is among the edits taken back or brought back.
    void historyMoving(int was, int applied);

Q_SIGNALS:
    void stateChanged();
    void extendersChanged();

private:
    /// Applies a configuration text as an edit (checked first).
    QString applyConfigText(const std::string& yaml, const std::string& fileName);
    /// Whether edits [from, to) of the history hold a configuration change.
    bool configChangeBetween(int from, int to) const;
    /// Runs both edit lists to the end off the GUI thread and fills placementDiff.
    void comparePlacements(std::vector<plan::PlanEdit> before, std::vector<plan::PlanEdit> after);
    /// Drops the comparison under way and what placementDiff shows.
    void dropComparison();

    PlanHost& m_host;
    QStringList m_extenders;
    SchedulerConfigModel m_schedulerConfig{this};
    PlacementDiffModel m_placementDiff{this};
    std::shared_ptr<core::Progress> m_diffProgress;  // the comparison under way
    quint64 m_diffSerial = 0;                        // the newest comparison asked for; older answers are dropped
    BackgroundJobs m_jobs{this};                     // last: destroyed (waited for) first
};

}  // namespace berth::app
