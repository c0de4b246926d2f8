// RunMetrics in the Prometheus text exposition format (berthctl schedule --metrics FILE).

#include <charconv>
#include <functional>

#include "plan/run_metrics.h"

namespace berth::plan {
namespace {

/// The shortest text that reads back as `v` (std::to_chars): 0.01, 5242.88, 3.
std::string number(double v) {
    char buf[64];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, r.ptr);
}

std::string millis(core::SimTime t) { return std::to_string(t / core::kMillisecond); }

void family(std::string& out, const char* name, const char* type, const char* help) {
    out += "# HELP ";
    out += name;
    out += ' ';
    out += help;
    out += "\n# TYPE ";
    out += name;
    out += ' ';
    out += type;
    out += '\n';
}

/// One series over the samples: a line where its value changed, and its first.
void series(std::string& out, const std::vector<RunMetrics::Sample>& samples, const std::string& name,
            const std::function<std::int64_t(const RunMetrics::Sample&)>& value) {
    bool first = true;
    std::int64_t last = 0;
    for (const RunMetrics::Sample& s : samples) {
        const std::int64_t v = value(s);
        if (!first && v == last) continue;
        out += name + ' ' + std::to_string(v) + ' ' + millis(s.time) + '\n';
        first = false;
        last = v;
    }
}

void histogram(std::string& out, const std::string& name, const std::string& labels, const RunMetrics::Histogram& h,
               const std::string& stamp) {
    const std::string sep = labels.empty() ? "" : ",";
    std::uint64_t cumulative = 0;
    for (std::size_t i = 0; i < h.bounds.size(); ++i) {
        cumulative += i < h.counts.size() ? h.counts[i] : 0;
        out += name + "_bucket{" + labels + sep + "le=\"" + number(h.bounds[i]) + "\"} " + std::to_string(cumulative) +
               stamp;
    }
    out += name + "_bucket{" + labels + sep + "le=\"+Inf\"} " + std::to_string(h.count) + stamp;
    const std::string braces = labels.empty() ? "" : "{" + labels + "}";
    out += name + "_sum" + braces + ' ' + number(h.sum) + stamp;
    out += name + "_count" + braces + ' ' + std::to_string(h.count) + stamp;
}

}  // namespace

std::string RunMetrics::prometheusText() const {
    std::string out;
    // The profiles any sample names, in name order (samples only gain them).
    std::vector<std::string> profiles;
    if (!m_samples.empty())
        for (const auto& [profile, counts] : m_samples.back().attempts) profiles.push_back(profile);

    family(out, "scheduler_schedule_attempts_total", "counter",
           "Number of attempts to schedule pods, by the result. 'unschedulable' means a pod could not be "
           "scheduled, while 'error' means an internal scheduler problem.");
    const char* results[] = {"scheduled", "unschedulable", "error"};
    for (const std::string& profile : profiles)
        for (int r = 0; r < 3; ++r)
            series(out, m_samples,
                   "scheduler_schedule_attempts_total{profile=\"" + profile + "\",result=\"" + results[r] + "\"}",
                   [&profile, r](const Sample& s) {
                       const auto it = s.attempts.find(profile);
                       return it == s.attempts.end() ? std::int64_t{0} : it->second[static_cast<std::size_t>(r)];
                   });

    family(out, "scheduler_pending_pods", "gauge",
           "Number of pending pods, by the queue type. 'active' means number of pods in activeQ; 'backoff' means "
           "number of pods in backoffQ; 'unschedulable' means number of pods in unschedulablePods.");
    series(out, m_samples, "scheduler_pending_pods{queue=\"active\"}", [](const Sample& s) { return s.active; });
    series(out, m_samples, "scheduler_pending_pods{queue=\"backoff\"}", [](const Sample& s) { return s.backoff; });
    series(out, m_samples, "scheduler_pending_pods{queue=\"unschedulable\"}",
           [](const Sample& s) { return s.unschedulable; });

    family(out, "berth_pods_bound_total", "counter", "Pods bound so far (Berth's; its rate is the binds per second).");
    series(out, m_samples, "berth_pods_bound_total", [](const Sample& s) { return s.bound; });

    const std::string stamp = m_samples.empty() ? "\n" : ' ' + millis(m_samples.back().time) + '\n';
    family(out, "scheduler_pod_scheduling_attempts", "histogram", "Number of attempts to successfully schedule a pod.");
    histogram(out, "scheduler_pod_scheduling_attempts", "", m_attemptsPerPod, stamp);
    family(out, "scheduler_pod_scheduling_sli_duration_seconds", "histogram",
           "E2e latency for a pod being scheduled, from the time the pod enters the scheduling queue and might "
           "involve multiple scheduling attempts.");
    for (const auto& [attempts, h] : m_duration)
        histogram(out, "scheduler_pod_scheduling_sli_duration_seconds",
                  "attempts=\"" + (attempts >= 15 ? std::string("15+") : std::to_string(attempts)) + "\"", h, stamp);
    return out;
}

}  // namespace berth::plan
