#include "app/playback/timeline_marks.h"

#include <QStringList>
#include <QVariantMap>

#include <algorithm>

namespace berth::app {

static_assert(static_cast<int>(TimelineMarks::Timed) == static_cast<int>(plan::TimelineMark::Kind::Timed));
static_assert(TimelineMarks::Timed + 1 == plan::TimelineMark::kKinds);

void TimelineMarks::apply(const TimelineDelta& delta) {
    if (!delta.changed) return;
    // Keep what comes before `from`, then take the delta's: marks are in step order.
    const auto keep = std::partition_point(m_marks.begin(), m_marks.end(),
                                           [&](const plan::TimelineMark& m) { return m.step < delta.from; });
    m_marks.erase(keep, m_marks.end());
    m_marks.insert(m_marks.end(), delta.marks.begin(), delta.marks.end());
    m_times.resize(std::min<std::size_t>(m_times.size(), delta.from));
    m_times.insert(m_times.end(), delta.times.begin(), delta.times.end());
    m_depths.resize(std::min<std::size_t>(m_depths.size(), delta.from));
    m_depths.insert(m_depths.end(), delta.depths.begin(), delta.depths.end());
    if (m_times.empty()) m_times.push_back(0);  // step 0 is at t = 0
    m_depths.resize(m_times.size());
    std::fill(std::begin(m_counts), std::end(m_counts), 0);
    for (const plan::TimelineMark& m : m_marks) ++m_counts[static_cast<int>(m.kind)];
    ++m_revision;
    Q_EMIT changed();
}

void TimelineMarks::setTimedEdits(const std::vector<plan::TimedEdit>& edits) {
    std::vector<plan::TimedEdit> sorted = edits;
    // The plan's order (plan::TimedEditPlayer): by time, equal times as written.
    std::stable_sort(sorted.begin(), sorted.end(),
                     [](const plan::TimedEdit& a, const plan::TimedEdit& b) { return a.at < b.at; });
    std::vector<TimedInfo> timed;
    for (const plan::TimedEdit& e : sorted)
        timed.push_back({e.at, QString::fromStdString(plan::describeEdit(e.edit)), QString::fromStdString(e.source)});
    const bool same = timed.size() == m_timed.size() &&
                      std::equal(timed.begin(), timed.end(), m_timed.begin(), [](const TimedInfo& a, const TimedInfo& b) {
                          return a.atNs == b.atNs && a.title == b.title && a.source == b.source;
                      });
    if (same) return;
    m_timed = std::move(timed);
    ++m_revision;
    Q_EMIT changed();
}

QVariantList TimelineMarks::timedEdits() const {
    std::vector<qint64> steps(m_timed.size(), -1);
    for (const plan::TimelineMark& m : m_marks)
        if (m.kind == plan::TimelineMark::Kind::Timed && m.pod < steps.size())
            steps[m.pod] = static_cast<qint64>(m.step);
    QVariantList out;
    for (std::size_t i = 0; i < m_timed.size(); ++i) {
        QVariantMap m;
        m.insert(QStringLiteral("index"), static_cast<int>(i));
        m.insert(QStringLiteral("seconds"), static_cast<double>(m_timed[i].atNs) / 1e9);
        m.insert(QStringLiteral("title"), m_timed[i].title);
        m.insert(QStringLiteral("source"), m_timed[i].source);
        m.insert(QStringLiteral("step"), steps[i]);
        out << m;
    }
    return out;
}

void TimelineMarks::clear() {
    TimelineDelta everything;  // from step 0: nothing kept, nothing added
    everything.changed = true;
    apply(everything);
}

QVariantList TimelineMarks::bins(int columns, qint64 lastStep) const {
    QVariantList out;
    if (columns <= 0 || lastStep <= 0) return out;
    const auto last = static_cast<quint64>(lastStep);
    int column = -1;
    // Per column, the first mark of each kind and how many there are (kinds in column order).
    QVariantMap open[plan::TimelineMark::kKinds];
    auto close = [&] {
        for (QVariantMap& m : open)
            if (!m.isEmpty()) {
                out << m;
                m.clear();
            }
    };
    for (const plan::TimelineMark& mark : m_marks) {
        if (mark.step > last) break;
        if (mark.kind == plan::TimelineMark::Kind::Timed) continue;  // timedEdits()
        const quint64 s = std::max<quint64>(mark.step, 1);  // an edit made at step 0: column 0
        const int c = static_cast<int>((s - 1) * static_cast<quint64>(columns) / last);
        if (c != column) {
            close();
            column = c;
        }
        QVariantMap& m = open[static_cast<int>(mark.kind)];
        if (m.isEmpty()) {
            m.insert(QStringLiteral("column"), c);
            m.insert(QStringLiteral("kind"), static_cast<int>(mark.kind));
            m.insert(QStringLiteral("step"), static_cast<qint64>(mark.step));
            m.insert(QStringLiteral("seconds"), static_cast<double>(mark.time) / 1e9);
            m.insert(QStringLiteral("count"), 0);
        }
        m.insert(QStringLiteral("count"), m.value(QStringLiteral("count")).toInt() + 1);
    }
    close();
    return out;
}

double TimelineMarks::secondsAt(qint64 step) const {
    const auto i = static_cast<std::size_t>(std::clamp<qint64>(step, 0, recordedSteps()));
    return static_cast<double>(m_times[i]) / 1e9;
}

QString TimelineMarks::describe(qint64 first, qint64 last) const {
    int counts[plan::TimelineMark::kKinds] = {};
    for (const plan::TimelineMark& m : m_marks)
        if (static_cast<qint64>(m.step) >= first && static_cast<qint64>(m.step) <= last)
            ++counts[static_cast<int>(m.kind)];
    const QString one[] = {tr("1 bind"), tr("1 failure"), tr("1 preemption"), tr("1 edit"), tr("1 timed edit")};
    const QString many[] = {tr("%1 binds"), tr("%1 failures"), tr("%1 preemptions"), tr("%1 edits"),
                            tr("%1 timed edits")};
    QStringList parts;
    for (int k = 0; k < plan::TimelineMark::kKinds; ++k)
        if (counts[k] > 0) parts << (counts[k] == 1 ? one[k] : many[k].arg(counts[k]));
    return parts.join(QStringLiteral(", "));
}

QVariantList TimelineMarks::chart(int series, int points) const {
    QVariantList out;
    const qint64 last = recordedSteps();
    if (points < 2 || series < PendingActive || series > Failed) return out;
    // Cumulative marks are counted on one walk through them as the sampled steps go up.
    const auto kind = series == Bound ? plan::TimelineMark::Kind::Bind : plan::TimelineMark::Kind::Failure;
    std::size_t next = 0;
    qint64 count = 0;
    qint64 previous = -1;
    for (int i = 0; i < points; ++i) {
        const qint64 step = last * i / (points - 1);
        if (step == previous) continue;  // fewer steps than points
        previous = step;
        double value = 0;
        const plan::QueueDepth& d = m_depths[static_cast<std::size_t>(step)];
        switch (series) {
            case PendingActive: value = d.active; break;
            case PendingBackoff: value = d.backoff; break;
            case PendingUnschedulable: value = d.unschedulable; break;
            default:
                for (; next < m_marks.size() && static_cast<qint64>(m_marks[next].step) <= step; ++next)
                    count += m_marks[next].kind == kind;
                value = static_cast<double>(count);
        }
        QVariantMap p;
        p.insert(QStringLiteral("step"), step);
        p.insert(QStringLiteral("seconds"), secondsAt(step));
        p.insert(QStringLiteral("value"), value);
        out << p;
    }
    return out;
}

double TimelineMarks::chartMax(int series) const {
    switch (series) {
        case Bound: return m_counts[Bind];
        case Failed: return m_counts[Failure];
        default: break;
    }
    double top = 0;
    for (const plan::QueueDepth& d : m_depths)
        top = std::max<double>(top, series == PendingActive    ? d.active
                                    : series == PendingBackoff ? d.backoff
                                                               : d.unschedulable);
    return top;
}

}  // namespace berth::app
