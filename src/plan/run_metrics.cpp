#include "plan/run_metrics.h"

#include <algorithm>

#include "core/simulation.h"

namespace berth::plan {
namespace {

constexpr core::SimTime kMillisecond = core::kMillisecond;

/// prometheus.ExponentialBuckets(start, factor, count).
std::vector<double> exponentialBuckets(double start, double factor, int count) {
    std::vector<double> b;
    for (int i = 0; i < count; ++i, start *= factor) b.push_back(start);
    return b;
}

/// The attempts label of upstream's SLI duration: the count, "15+" from 15 on (kept as 15).
int attemptsLabel(int attempts) { return std::min(attempts, 15); }

}  // namespace

void RunMetrics::Histogram::observe(double v) {
    const auto bucket = std::lower_bound(bounds.begin(), bounds.end(), v) - bounds.begin();
    if (counts.size() != bounds.size() + 1) counts.assign(bounds.size() + 1, 0);
    ++counts[static_cast<std::size_t>(bucket)];
    sum += v;
    ++count;
}

RunMetrics::RunMetrics(core::Simulation& sim) : m_sim(sim) {
    m_attemptsPerPod.bounds = exponentialBuckets(1, 2, 5);
    m_attemptsPerPod.counts.assign(m_attemptsPerPod.bounds.size() + 1, 0);
}

std::string RunMetrics::profileOf(std::uint32_t pod) const {
    const core::Cluster& c = m_sim.cluster();
    if (pod >= c.pods.size() || c.pods[pod].schedulerName == core::kEmptySym) return "default-scheduler";
    return std::string(c.pool.str(c.pods[pod].schedulerName));
}

void RunMetrics::sampleUntil(core::SimTime t) {
    // A new millisecond: the previous one's state is its sample.
    if (m_started && t / kMillisecond != m_current.time / kMillisecond) m_samples.push_back(m_current);
    m_started = true;
    m_current.time = t;
}

void RunMetrics::onEvent(const core::SimEvent& e) {
    sampleUntil(e.time);
    switch (e.type) {
        case core::EventType::PodQueued:
        case core::EventType::PodBackoff:
        case core::EventType::PodUnschedulableQ:
        case core::EventType::PodGated: m_firstQueued.try_emplace(e.pod, e.time); break;
        case core::EventType::PodPopped: ++m_tries[e.pod]; break;
        case core::EventType::PodBound: {
            ++m_current.attempts[profileOf(e.pod)][Scheduled];
            ++m_current.bound;
            const int tries = std::max(1, m_tries[e.pod]);
            m_attemptsPerPod.observe(tries);
            const auto first = m_firstQueued.find(e.pod);  // pods queued at load: t = 0
            const core::SimTime since = first == m_firstQueued.end() ? 0 : first->second;
            Histogram& h = m_duration[attemptsLabel(tries)];
            if (h.bounds.empty()) h.bounds = exponentialBuckets(0.01, 2, 20);
            h.observe(static_cast<double>(e.time - since) / static_cast<double>(core::kSecond));
            m_tries.erase(e.pod);
            m_firstQueued.erase(e.pod);
            break;
        }
        case core::EventType::PodUnschedulable: ++m_current.attempts[profileOf(e.pod)][Unschedulable]; break;
        case core::EventType::PodSchedulerError:
        case core::EventType::PodBindFailed: ++m_current.attempts[profileOf(e.pod)][Error]; break;
        default: break;
    }
    m_current.active = static_cast<std::int64_t>(m_sim.queue().activeCount());
    m_current.backoff = static_cast<std::int64_t>(m_sim.queue().backoffCount());
    m_current.unschedulable = static_cast<std::int64_t>(m_sim.queue().unschedulableCount());
}

void RunMetrics::finish() {
    if (!m_started) {
        m_current.active = static_cast<std::int64_t>(m_sim.queue().activeCount());
        m_current.backoff = static_cast<std::int64_t>(m_sim.queue().backoffCount());
        m_current.unschedulable = static_cast<std::int64_t>(m_sim.queue().unschedulableCount());
    }
    if (m_samples.empty() || !(m_samples.back() == m_current)) m_samples.push_back(m_current);
    m_started = false;
}

}  // namespace berth::plan
