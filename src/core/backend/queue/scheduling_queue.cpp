#include "core/backend/queue/scheduling_queue.h"

#include <algorithm>

namespace berth::core {

const char* queueLocationName(QueueLocation l) {
    switch (l) {
        case QueueLocation::None: return "none";
        case QueueLocation::Active: return "activeQ";
        case QueueLocation::Backoff: return "backoffQ";
        case QueueLocation::Unschedulable: return "unschedulablePods";
        case QueueLocation::InFlight: return "inFlight";
    }
    return "?";
}

bool SchedulingQueue::ActiveLess::operator()(std::uint32_t a, std::uint32_t b) const {
    const auto& ia = q->m_infos.at(a);
    const auto& ib = q->m_infos.at(b);
    const QueueSortPlugin::QueuedPod pa{ia.pod, ia.timestamp, ia.sequence};
    const QueueSortPlugin::QueuedPod pb{ib.pod, ib.timestamp, ib.sequence};
    if (q->m_sort.less(pa, pb)) return true;
    if (q->m_sort.less(pb, pa)) return false;
    return a < b;
}

bool SchedulingQueue::BackoffLess::operator()(std::uint32_t a, std::uint32_t b) const {
    const auto& ia = q->m_infos.at(a);
    const auto& ib = q->m_infos.at(b);
    const SimTime ta = q->backoffTime(ia);
    const SimTime tb = q->backoffTime(ib);
    if (ta != tb) return ta < tb;
    if (ia.sequence != ib.sequence) return ia.sequence < ib.sequence;
    return a < b;
}

SchedulingQueue::SchedulingQueue(const QueueSortPlugin& sort, const SimulatedClock& clock, QueueSettings settings,
                                 PreEnqueueFn preEnqueue)
    : m_sort(sort),
      m_clock(clock),
      m_settings(settings),
      m_preEnqueue(std::move(preEnqueue)),
      m_active(ActiveLess{this}),
      m_backoff(BackoffLess{this}) {}

SimTime SchedulingQueue::backoffDuration(const QueuedPodInfo& info) const {
    // calculateBackoffDuration: initial, doubled per attempt after the first, capped.
    SimTime d = m_settings.podInitialBackoff;
    for (int i = 1; i < info.attempts; ++i) {
        if (d > m_settings.podMaxBackoff - d) return m_settings.podMaxBackoff;
        d += d;
    }
    return d;
}

SimTime SchedulingQueue::backoffTime(const QueuedPodInfo& info) const { return info.timestamp + backoffDuration(info); }

bool SchedulingQueue::isBackingOff(const QueuedPodInfo& info) const {
    if (info.gated) return false;
    return backoffTime(info) > m_clock.now();
}

void SchedulingQueue::setLocation(std::uint32_t id, QueueLocation to, std::string_view reason) {
    QueueLocation from = QueueLocation::None;
    if (auto it = m_where.find(id); it != m_where.end()) from = it->second;
    m_where[id] = to;
    if (m_listener && from != to) m_listener(*m_infos.at(id).pod, from, to, reason);
}

void SchedulingQueue::detach(std::uint32_t id) {
    auto it = m_where.find(id);
    if (it == m_where.end()) return;
    switch (it->second) {
        case QueueLocation::Active: m_active.erase(id); break;
        case QueueLocation::Backoff: m_backoff.erase(id); break;
        case QueueLocation::Unschedulable: m_unschedulable.erase(id); break;
        default: break;
    }
}

bool SchedulingQueue::addToActive(std::uint32_t id, std::string_view reason) {
    QueuedPodInfo& info = m_infos.at(id);
    const PreEnqueueVerdict verdict = m_preEnqueue ? m_preEnqueue(*info.pod) : PreEnqueueVerdict{};
    detach(id);
    if (!verdict.admitted) {
        // runPreEnqueuePlugins records the gating plugin among the pod's unschedulable plugins,
        // so only events that plugin registered move the pod again.
        info.gated = true;
        info.gatingMessage = verdict.message;
        if (!verdict.plugin.empty() && std::find(info.unschedulablePlugins.begin(), info.unschedulablePlugins.end(),
                                                 verdict.plugin) == info.unschedulablePlugins.end())
            info.unschedulablePlugins.push_back(verdict.plugin);
        m_unschedulable.insert(id);
        setLocation(id, QueueLocation::Unschedulable, "gated");
        return false;
    }
    info.gated = false;
    info.gatingMessage.clear();
    m_active.insert(id);
    setLocation(id, QueueLocation::Active, reason);
    return true;
}

void SchedulingQueue::add(const Pod& pod) {
    QueuedPodInfo info;
    info.pod = &pod;
    info.timestamp = m_clock.now();
    info.sequence = m_nextSequence++;
    detach(pod.id);
    m_infos[pod.id] = std::move(info);
    addToActive(pod.id, "PodAdd");
}

std::optional<QueuedPodInfo> SchedulingQueue::pop() {
    if (m_active.empty()) return std::nullopt;
    const std::uint32_t id = *m_active.begin();
    m_active.erase(m_active.begin());
    QueuedPodInfo& info = m_infos.at(id);
    ++info.attempts;
    if (info.initialAttemptTimestamp < 0) info.initialAttemptTimestamp = m_clock.now();
    ++m_schedulingCycle;
    info.unschedulablePlugins.clear();  // v1.26 clears them at every Pop
    setLocation(id, QueueLocation::InFlight, "Pop");
    return info;
}

void SchedulingQueue::addUnschedulableIfNotPresent(QueuedPodInfo info, std::int64_t podSchedulingCycle) {
    const std::uint32_t id = info.pod->id;
    const QueueLocation where = location(*info.pod);
    if (where == QueueLocation::Active || where == QueueLocation::Backoff || where == QueueLocation::Unschedulable)
        return;  // already present
    info.timestamp = m_clock.now();
    const bool noRejectors = info.unschedulablePlugins.empty();
    m_infos[id] = std::move(info);
    // scheduling_queue.go AddUnschedulableIfNotPresent (hints off): a move request during
    // the pod's cycle, or (>= 1.29) nothing to wait for, sends it to backoffQ.
    if (m_moveRequestCycle >= podSchedulingCycle || (m_settings.noRejectorsToBackoff && noRejectors)) {
        m_backoff.insert(id);
        setLocation(id, QueueLocation::Backoff, "ScheduleAttemptFailure");
    } else {
        m_unschedulable.insert(id);
        setLocation(id, QueueLocation::Unschedulable, "ScheduleAttemptFailure");
    }
}

void SchedulingQueue::done(const Pod& pod) {
    detach(pod.id);
    m_where.erase(pod.id);
    m_infos.erase(pod.id);
}

void SchedulingQueue::remove(const Pod& pod) {
    if (!m_where.count(pod.id)) return;
    detach(pod.id);
    setLocation(pod.id, QueueLocation::None, "PodDelete");
    m_where.erase(pod.id);
    m_infos.erase(pod.id);
}

void SchedulingQueue::update(const Pod& pod) {
    auto it = m_where.find(pod.id);
    if (it == m_where.end()) {
        add(pod);
        return;
    }
    if (it->second != QueueLocation::Unschedulable) return;
    QueuedPodInfo& info = m_infos.at(pod.id);
    // A meaningful spec update moves the pod (to backoffQ if still backing off).
    if (isBackingOff(info)) {
        detach(pod.id);
        m_backoff.insert(pod.id);
        setLocation(pod.id, QueueLocation::Backoff, "PodUpdate");
    } else {
        addToActive(pod.id, "PodUpdate");
    }
}

bool SchedulingQueue::podMatchesEvent(const QueuedPodInfo& info, const ClusterEvent& event) const {
    if (event.isWildCard()) return true;
    for (const auto& plugin : info.unschedulablePlugins)
        for (const auto& registered : eventsRegisteredBy(plugin))
            if (registered.matches(event)) return true;
    return false;
}

void SchedulingQueue::movePods(const std::vector<std::uint32_t>& ids, const ClusterEvent& event) {
    for (std::uint32_t id : ids) {
        QueuedPodInfo& info = m_infos.at(id);
        // Pods that failed for a reason no plugin owns move on any event.
        if (!info.unschedulablePlugins.empty() && !podMatchesEvent(info, event)) continue;
        if (isBackingOff(info)) {
            detach(id);
            m_backoff.insert(id);
            setLocation(id, QueueLocation::Backoff, event.label);
        } else {
            addToActive(id, event.label);
        }
    }
    m_moveRequestCycle = m_schedulingCycle;
}

void SchedulingQueue::moveAllToActiveOrBackoffQueue(const ClusterEvent& event,
                                                    const std::function<bool(const Pod&)>& preCheck) {
    std::vector<std::uint32_t> ids;
    for (std::uint32_t id : m_unschedulable)
        if (!preCheck || preCheck(*m_infos.at(id).pod)) ids.push_back(id);
    movePods(ids, event);
}

void SchedulingQueue::assignedPodAdded(const Pod& assigned,
                                       const std::function<bool(const Pod&, const Pod&)>& affinityMatches) {
    std::vector<std::uint32_t> ids;
    for (std::uint32_t id : m_unschedulable) {
        const Pod& pending = *m_infos.at(id).pod;
        if (!pending.affinity.podAffinity.required.empty() && affinityMatches(pending, assigned)) ids.push_back(id);
    }
    // movePodsToActiveOrBackoffQueue runs even when no pod matches, so every assigned pod
    // (each bind) records a move request: a pod failing in the same cycle goes to backoffQ.
    movePods(ids, events::AssignedPodAdd);
}

void SchedulingQueue::flushBackoffQCompleted() {
    while (!m_backoff.empty()) {
        const std::uint32_t id = *m_backoff.begin();
        if (backoffTime(m_infos.at(id)) > m_clock.now()) break;
        m_backoff.erase(m_backoff.begin());
        addToActive(id, "BackoffComplete");
    }
}

void SchedulingQueue::flushUnschedulablePodsLeftover() {
    std::vector<std::uint32_t> ids;
    for (std::uint32_t id : m_unschedulable)
        if (m_clock.now() - m_infos.at(id).timestamp > m_settings.podMaxInUnschedulablePodsDuration) ids.push_back(id);
    if (!ids.empty()) movePods(ids, events::UnschedulableTimeout);
}

QueueLocation SchedulingQueue::location(const Pod& pod) const {
    auto it = m_where.find(pod.id);
    return it == m_where.end() ? QueueLocation::None : it->second;
}

const QueuedPodInfo* SchedulingQueue::info(const Pod& pod) const {
    auto it = m_infos.find(pod.id);
    return it == m_infos.end() ? nullptr : &it->second;
}

SimTime SchedulingQueue::nextBackoffExpiry() const {
    if (m_backoff.empty()) return -1;
    return backoffTime(m_infos.at(*m_backoff.begin()));
}

std::vector<const QueuedPodInfo*> SchedulingQueue::activePods() const {
    std::vector<const QueuedPodInfo*> out;
    for (auto id : m_active) out.push_back(&m_infos.at(id));
    return out;
}
std::vector<const QueuedPodInfo*> SchedulingQueue::backoffPods() const {
    std::vector<const QueuedPodInfo*> out;
    for (auto id : m_backoff) out.push_back(&m_infos.at(id));
    return out;
}
std::vector<const QueuedPodInfo*> SchedulingQueue::unschedulablePods() const {
    std::vector<const QueuedPodInfo*> out;
    for (auto id : m_unschedulable) out.push_back(&m_infos.at(id));
    return out;
}

}  // namespace berth::core
