#pragma once
/// The scrubber's timeline (issue 17): the marks of the run — binds, failures, preemptions,
/// edits, the input's timed edits — each at the core step that made it, and the simulated time after each step, as the
/// worker's plan::RunTimeline sends them (TimelineDelta). The view (TimelineBar.qml) asks for
/// them binned to its width: one entry per column and kind, naming the first step there, so a
/// 10,000-pod run draws a few hundred marks, and a click on one jumps to its step. The input's
/// timed edits (a timeline file) are listed one by one (timedEdits()), each with the step
/// that applied it or none yet: the view draws those the run has not reached ahead of it.

#include <QObject>
#include <QVariantList>
#include <QtQml/qqmlregistration.h>

#include <vector>

#include "app/engine/sim_types.h"
#include "plan/timed_edits.h"

namespace berth::app {

class TimelineMarks : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Owned by PlaybackControls (playback.timeline)")
    /// Bumped on every change: bindings that call bins() or secondsAt() depend on it.
    Q_PROPERTY(int revision READ revision NOTIFY changed)
    Q_PROPERTY(int binds READ binds NOTIFY changed)
    Q_PROPERTY(int failures READ failures NOTIFY changed)
    Q_PROPERTY(int preemptions READ preemptions NOTIFY changed)
    Q_PROPERTY(int edits READ edits NOTIFY changed)
    /// The input's timed edits, and how many of them the run has applied so far.
    Q_PROPERTY(int timed READ timed NOTIFY changed)
    Q_PROPERTY(int timedApplied READ timedApplied NOTIFY changed)
    /// Steps with a known time (0 .. recordedSteps).
    Q_PROPERTY(qint64 recordedSteps READ recordedSteps NOTIFY changed)
public:
    /// The kinds, as plan::TimelineMark::Kind and as QML reads them.
    enum Kind { Bind, Failure, Preemption, Edit, Timed };
    Q_ENUM(Kind)

    using QObject::QObject;

    void apply(const TimelineDelta& delta);
    void clear();
    /// The input's timed edits (ClusterSnapshot::timedEdits), in any order: kept in the
    /// order the plan applies them (time, then as written), which the Timed marks number.
    void setTimedEdits(const std::vector<plan::TimedEdit>& edits);

    int revision() const { return m_revision; }
    int binds() const { return m_counts[Bind]; }
    int failures() const { return m_counts[Failure]; }
    int preemptions() const { return m_counts[Preemption]; }
    int edits() const { return m_counts[Edit]; }
    int timed() const { return static_cast<int>(m_timed.size()); }
    int timedApplied() const { return m_counts[Timed]; }
    qint64 recordedSteps() const { return static_cast<qint64>(m_times.size()) - 1; }

    /// The marks of steps 1 .. lastStep in `columns` columns (step s in column
    /// floor((s - 1) * columns / lastStep)): per column and kind, {column, kind, step (the
    /// first there), count, seconds (its simulated time)}, in column order. Timed marks are
    /// not binned: timedEdits() lists them.
    Q_INVOKABLE QVariantList bins(int columns, qint64 lastStep) const;
    /// The input's timed edits in the order applied: {index, seconds (its time), title
    /// ("Cordon node-2"), source ("outage.yaml:4"), step (the step that applied it; -1: the
    /// run has not reached it)}.
    Q_INVOKABLE QVariantList timedEdits() const;
    /// Simulated seconds after `step` steps (the last known for a later step).
    Q_INVOKABLE double secondsAt(qint64 step) const;
    /// "3 binds, 1 failure" for the marks of steps [first, last].
    Q_INVOKABLE QString describe(qint64 first, qint64 last) const;

    /// The metrics charts' series (issue 17), over the steps recorded.
    enum Series { PendingActive, PendingBackoff, PendingUnschedulable, Bound, Failed };
    Q_ENUM(Series)
    /// `series` at up to `points` steps spread evenly over 0 .. recordedSteps: a list of
    /// {step, seconds, value}. Pending: the sub-queue's depth after the step; Bound and
    /// Failed: the binds and the failed attempts (unschedulable or error) up to the step.
    Q_INVOKABLE QVariantList chart(int series, int points) const;
    /// The largest value `series` takes (a chart's axis).
    Q_INVOKABLE double chartMax(int series) const;

Q_SIGNALS:
    void changed();

private:
    std::vector<plan::TimelineMark> m_marks;
    std::vector<qint64> m_times{0};
    std::vector<plan::QueueDepth> m_depths{plan::QueueDepth{}};  // beside m_times
    struct TimedInfo {
        qint64 atNs = 0;
        QString title, source;
    };
    std::vector<TimedInfo> m_timed;  // in the order the plan applies them
    int m_counts[plan::TimelineMark::kKinds] = {};
    int m_revision = 0;
};

}  // namespace berth::app
