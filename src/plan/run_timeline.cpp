#include "plan/run_timeline.h"

#include <algorithm>

namespace berth::plan {
namespace {

bool markKind(core::EventType type, TimelineMark::Kind& kind) {
    switch (type) {
        case core::EventType::PodBound: kind = TimelineMark::Kind::Bind; return true;
        case core::EventType::PodUnschedulable:
        case core::EventType::PodBindFailed:
        case core::EventType::PodSchedulerError: kind = TimelineMark::Kind::Failure; return true;
        // Preemption shows where it ends: the preemptor nominated for the node its victims leave.
        case core::EventType::PodNominated: kind = TimelineMark::Kind::Preemption; return true;
        default: return false;
    }
}

}  // namespace

void RunTimeline::record(const core::SimEvent& e, std::uint64_t step) {
    TimelineMark::Kind kind;
    if (step <= recordedSteps() || !markKind(e.type, kind)) return;
    m_marks.push_back({step, e.time, kind, e.pod});
}

void RunTimeline::stepDone(std::uint64_t step, core::SimTime now, QueueDepth depth) {
    // Steps come one at a time; a gap (a replay made without listening) repeats the last one.
    while (recordedSteps() + 1 < step) {
        m_times.push_back(m_times.back());
        m_depths.push_back(m_depths.back());
    }
    if (step != recordedSteps() + 1) return;
    m_times.push_back(now);
    m_depths.push_back(depth);
}

void RunTimeline::addEdit(std::uint64_t step, core::SimTime now) {
    // After the marks of its step: a replay adds its edits once the steps are recorded.
    auto at = std::partition_point(m_marks.begin(), m_marks.end(),
                                   [step](const TimelineMark& m) { return m.step <= step; });
    m_marks.insert(at, {step, now, TimelineMark::Kind::Edit, 0xFFFFFFFFu});
}

void RunTimeline::addTimedEdit(std::uint64_t step, core::SimTime now) {
    // Timed edits are taken in time order, each at a fresh step: the count of those before it
    // is its index (a truncated future loses its later ones, and the plan takes them again).
    const auto index = static_cast<std::uint32_t>(std::count_if(
        m_marks.begin(), m_marks.end(), [](const TimelineMark& m) { return m.kind == TimelineMark::Kind::Timed; }));
    m_marks.push_back({step, now, TimelineMark::Kind::Timed, index});
}

void RunTimeline::truncate(std::uint64_t step) {
    if (step < recordedSteps()) {
        m_times.resize(step + 1);
        m_depths.resize(step + 1);
    }
    std::erase_if(m_marks, [step](const TimelineMark& m) { return m.step > step; });
}

void RunTimeline::clear() {
    m_times.assign(1, 0);
    m_depths.assign(1, QueueDepth{});
    m_marks.clear();
}

core::SimTime RunTimeline::timeAt(std::uint64_t step) const {
    return m_times[std::min<std::uint64_t>(step, recordedSteps())];
}

std::vector<TimelineMark> RunTimeline::marksFrom(std::uint64_t first) const {
    // Marks are appended in step order (edits are made at the newest step), so the ones from
    // `first` on are a tail.
    auto from = std::partition_point(m_marks.begin(), m_marks.end(),
                                     [first](const TimelineMark& m) { return m.step < first; });
    return {from, m_marks.end()};
}

std::vector<QueueDepth> RunTimeline::depthsFrom(std::uint64_t first) const {
    if (first > recordedSteps()) return {};
    return {m_depths.begin() + static_cast<std::ptrdiff_t>(first), m_depths.end()};
}

std::vector<core::SimTime> RunTimeline::timesFrom(std::uint64_t first) const {
    if (first > recordedSteps()) return {};
    return {m_times.begin() + static_cast<std::ptrdiff_t>(first), m_times.end()};
}

}  // namespace berth::plan
