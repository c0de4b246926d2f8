#pragma once
/// Scheduler metrics over simulated time (issue 17): the ones upstream's scheduleOne observes
/// (pkg/scheduler/metrics/metrics.go), recorded from the simulation's event stream —
///   scheduler_schedule_attempts_total{profile, result}: scheduling attempts by result
///     (scheduled: bound; unschedulable: a FailedScheduling; error: a scheduler or bind error),
///   scheduler_pending_pods{queue}: the queue's depth per sub-queue (active, backoff,
///     unschedulable; gated pods count in unschedulable here),
///   scheduler_pod_scheduling_attempts: attempts a pod took to be bound (a histogram),
///   scheduler_pod_scheduling_sli_duration_seconds{attempts}: from the pod's first enqueue
///     to its bind (a histogram),
///   berth_pods_bound_total: binds so far (its rate is the binds per second).
/// Counters and gauges are sampled once per simulated millisecond in which anything happened
/// (the state after that millisecond's last event); histograms hold the whole run. Nothing
/// reads the wall clock: the same run gives the same samples.

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/clock/simulated_clock.h"
#include "core/events.h"

namespace berth::core {
class Simulation;
}

namespace berth::plan {

class RunMetrics {
public:
    enum Result { Scheduled, Unschedulable, Error };
    struct Sample {
        core::SimTime time = 0;  // the millisecond's last event
        /// Attempts by result, per profile (the pod's schedulerName), cumulative.
        std::map<std::string, std::array<std::int64_t, 3>> attempts;
        std::int64_t active = 0, backoff = 0, unschedulable = 0;
        std::int64_t bound = 0;
        bool operator==(const Sample&) const = default;
    };
    struct Histogram {
        std::vector<double> bounds;         // upper bounds, ascending (+Inf implied)
        std::vector<std::uint64_t> counts;  // per bucket, not cumulative; counts[bounds.size()]: above all
        double sum = 0;
        std::uint64_t count = 0;
        void observe(double v);
        bool operator==(const Histogram&) const = default;
    };

    /// Reads the queue's depths from `sim` as events arrive; its pods and profiles too.
    explicit RunMetrics(core::Simulation& sim);
    /// Every event of the run, in order (Simulation::setEventListener).
    void onEvent(const core::SimEvent& e);
    /// The run is over: the last millisecond's sample is kept.
    void finish();

    const std::vector<Sample>& samples() const { return m_samples; }
    /// scheduler_pod_scheduling_attempts (buckets 1, 2, 4, 8, 16).
    const Histogram& attemptsPerPod() const { return m_attemptsPerPod; }
    /// scheduler_pod_scheduling_sli_duration_seconds by the attempts label (buckets 0.01 s
    /// doubling 20 times, as upstream's).
    const std::map<int, Histogram>& schedulingDuration() const { return m_duration; }

    /// The Prometheus text exposition format (version 0.0.4), every sample stamped with its
    /// simulated time in milliseconds: a counter's or gauge's series gets a line where its
    /// value changed (and its first), the histograms one set at the run's end. Upstream's
    /// names and HELP texts where upstream has the metric. `berthctl schedule --metrics FILE`.
    std::string prometheusText() const;

private:
    void sampleUntil(core::SimTime t);
    std::string profileOf(std::uint32_t pod) const;

    core::Simulation& m_sim;
    std::vector<Sample> m_samples;
    Sample m_current;
    bool m_started = false;
    std::unordered_map<std::uint32_t, core::SimTime> m_firstQueued;  // by pod id
    std::unordered_map<std::uint32_t, int> m_tries;                  // scheduling cycles by pod id
    Histogram m_attemptsPerPod;
    std::map<int, Histogram> m_duration;
};

}  // namespace berth::plan
