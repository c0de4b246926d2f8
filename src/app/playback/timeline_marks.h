#pragma once
/// The scrubber's timeline (issue 17): the marks of the run — binds, failures, preemptions,
/// edits — each at the core step that made it, and the simulated time after each step, as the
/// worker's plan::RunTimeline sends them (TimelineDelta). The view (TimelineBar.qml) asks for
/// them binned to its width: one entry per column and kind, naming the first step there, so a
/// 10,000-pod run draws a few hundred marks, and a click on one jumps to its step.

#include <QObject>
#include <QVariantList>
#include <QtQml/qqmlregistration.h>

#include <vector>

#include "app/engine/sim_types.h"

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
    /// Steps with a known time (0 .. recordedSteps).
    Q_PROPERTY(qint64 recordedSteps READ recordedSteps NOTIFY changed)
public:
    /// The kinds, as plan::TimelineMark::Kind and as QML reads them.
    enum Kind { Bind, Failure, Preemption, Edit };
    Q_ENUM(Kind)

    using QObject::QObject;

    void apply(const TimelineDelta& delta);
    void clear();

    int revision() const { return m_revision; }
    int binds() const { return m_counts[Bind]; }
    int failures() const { return m_counts[Failure]; }
    int preemptions() const { return m_counts[Preemption]; }
    int edits() const { return m_counts[Edit]; }
    qint64 recordedSteps() const { return static_cast<qint64>(m_times.size()) - 1; }

    /// The marks of steps 1 .. lastStep in `columns` columns (step s in column
    /// floor((s - 1) * columns / lastStep)): per column and kind, {column, kind, step (the
    /// first there), count, seconds (its simulated time)}, in column order.
    Q_INVOKABLE QVariantList bins(int columns, qint64 lastStep) const;
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
    int m_counts[4] = {0, 0, 0, 0};
    int m_revision = 0;
};

}  // namespace berth::app
