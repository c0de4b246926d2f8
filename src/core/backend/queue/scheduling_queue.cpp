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
    // >= 1.33 backoff_queue.go lessBackoffCompletedWithPriority: equal expiries (one window)
    // in activeQ order.
    if (q->m_settings.popFromBackoffQ) return ActiveLess{q}(a, b);
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
      m_backoff(BackoffLess{this}),
      m_errorBackoff(BackoffLess{this}) {}

int SchedulingQueue::backoffCount(const QueuedPodInfo& info) const {
    if (!m_settings.backoffByUnschedulableCount) return info.attempts;
    // backoff_queue.go getBackoffTime: errors in a row win over unschedulable attempts.
    return info.consecutiveErrorsCount > 0 ? info.consecutiveErrorsCount : info.unschedulableCount;
}

SimTime SchedulingQueue::backoffDuration(const QueuedPodInfo& info) const {
    // calculateBackoffDuration: initial, doubled per count after the first, capped.
    const int count = backoffCount(info);
    if (count == 0 && m_settings.backoffByUnschedulableCount) return 0;  // >= 1.35: nothing to back off for
    SimTime d = m_settings.podInitialBackoff;
    for (int i = 1; i < count; ++i) {
        if (d > m_settings.podMaxBackoff - d) return m_settings.podMaxBackoff;
        d += d;
    }
    return d;
}

SimTime SchedulingQueue::alignToWindow(SimTime t) const {
    // backoff_queue.go alignToWindow: truncated to backoffQOrderingWindowDuration (1 s).
    if (!m_settings.popFromBackoffQ) return t;
    return t - t % kSecond;
}

SimTime SchedulingQueue::backoffTime(const QueuedPodInfo& info) const {
    if (m_settings.backoffByUnschedulableCount && backoffCount(info) == 0) return 0;  // no backoff
    return alignToWindow(info.timestamp + backoffDuration(info));
}

bool SchedulingQueue::isBackingOff(const QueuedPodInfo& info) const {
    if (info.gated) return false;
    // >= 1.33 isEntityBackingoff: the expiry is not before the current window's start.
    if (m_settings.popFromBackoffQ) return backoffCount(info) > 0 && backoffTime(info) >= alignToWindow(m_clock.now());
    return backoffTime(info) > m_clock.now();
}

void SchedulingQueue::insertBackoff(std::uint32_t id, std::string_view reason) {
    detach(id);
    if (m_settings.popFromBackoffQ && isError(m_infos.at(id)))
        m_errorBackoff.insert(id);
    else
        m_backoff.insert(id);
    setLocation(id, QueueLocation::Backoff, reason);
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
        case QueueLocation::Backoff:
            m_backoff.erase(id);
            m_errorBackoff.erase(id);
            break;
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
    // Pods usually arrive in activeQ order (a controller's replicas: same priority, later
    // sequence), so the end is tried first: one comparison, each costing two lookups, instead
    // of one per level of the tree. The set, and so the order, is the same either way.
    m_active.emplace_hint(m_active.end(), id);
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

bool SchedulingQueue::hasPoppable() const {
    return !m_active.empty() || (m_settings.popFromBackoffQ && !m_backoff.empty());
}

std::optional<QueuedPodInfo> SchedulingQueue::pop() {
    std::uint32_t id = 0;
    if (!m_active.empty()) {
        id = *m_active.begin();
        m_active.erase(m_active.begin());
    } else if (m_settings.popFromBackoffQ && !m_backoff.empty()) {
        // active_queue.go unlockedPop: an empty activeQ hands out the head of backoffQ (not
        // of the error queue), backing off or not.
        id = *m_backoff.begin();
        m_backoff.erase(m_backoff.begin());
    } else {
        return std::nullopt;
    }
    QueuedPodInfo& info = m_infos.at(id);
    ++info.attempts;
    if (info.initialAttemptTimestamp < 0) info.initialAttemptTimestamp = m_clock.now();
    ++m_schedulingCycle;
    info.unschedulablePlugins.clear();  // v1.26 clears them at every Pop
    info.inFlightSince = m_nextEventSequence;
    ++m_inFlight;
    setLocation(id, QueueLocation::InFlight, "Pop");
    return info;
}

void SchedulingQueue::leaveFlight(std::uint32_t id) {
    auto it = m_where.find(id);
    if (it == m_where.end() || it->second != QueueLocation::InFlight) return;
    // active_queue.go done: events no in-flight pod can see any more are dropped.
    if (--m_inFlight == 0) m_inFlightEvents.clear();
}

void SchedulingQueue::addUnschedulableIfNotPresent(QueuedPodInfo info, std::int64_t podSchedulingCycle) {
    const std::uint32_t id = info.pod->id;
    const QueueLocation where = location(*info.pod);
    if (where == QueueLocation::Active || where == QueueLocation::Backoff || where == QueueLocation::Unschedulable)
        return;  // already present
    info.timestamp = m_clock.now();
    const bool noRejectors = info.unschedulablePlugins.empty();
    // >= 1.35 the counts the backoff doubles by (scheduling_queue.go AddUnschedulablePodIfNotPresent).
    if (noRejectors) {
        ++info.consecutiveErrorsCount;
    } else {
        ++info.unschedulableCount;
        info.consecutiveErrorsCount = 0;
    }
    m_infos[id] = std::move(info);
    if (m_settings.queueingHints) {
        // Hints: the events of the pod's cycle decide (determineSchedulingHintForInFlightPod).
        const Strategy strategy = hintForInFlightPod(m_infos.at(id));
        leaveFlight(id);
        requeueWithStrategy(id, strategy, "ScheduleAttemptFailure");
        return;
    }
    leaveFlight(id);
    // scheduling_queue.go AddUnschedulableIfNotPresent (hints off): a move request during
    // the pod's cycle, or (>= 1.29) nothing to wait for, sends it to backoffQ.
    if (m_moveRequestCycle >= podSchedulingCycle || (m_settings.noRejectorsToBackoff && noRejectors)) {
        insertBackoff(id, "ScheduleAttemptFailure");
    } else {
        m_unschedulable.insert(id);
        setLocation(id, QueueLocation::Unschedulable, "ScheduleAttemptFailure");
    }
}

void SchedulingQueue::done(const Pod& pod) {
    leaveFlight(pod.id);
    detach(pod.id);
    m_where.erase(pod.id);
    m_infos.erase(pod.id);
}

void SchedulingQueue::remove(const Pod& pod) {
    if (!m_where.count(pod.id)) return;
    leaveFlight(pod.id);
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
        insertBackoff(pod.id, "PodUpdate");
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
            insertBackoff(id, event.label);
        } else {
            addToActive(id, event.label);
        }
    }
    m_moveRequestCycle = m_schedulingCycle;
}

void SchedulingQueue::moveAllToActiveOrBackoffQueue(const ClusterEvent& event,
                                                    const std::function<bool(const Pod&)>& preCheck,
                                                    const EventObjects& objects) {
    std::vector<std::uint32_t> ids;
    for (std::uint32_t id : m_unschedulable)
        if (!preCheck || preCheck(*m_infos.at(id).pod)) ids.push_back(id);
    if (m_settings.queueingHints)
        movePodsWithHints(ids, event, objects);
    else
        movePods(ids, event);
}

void SchedulingQueue::assignedPodAdded(const Pod& assigned,
                                       const std::function<bool(const Pod&, const Pod&)>& affinityMatches) {
    if (m_settings.queueingHints) {
        // eventhandlers.go addAssignedPodToCache: MoveAll(AssignedPodAdd, nil, pod); the hints
        // of InterPodAffinity and PodTopologySpread judge the new pod.
        EventObjects objects;
        objects.newPod = &assigned;
        moveAllToActiveOrBackoffQueue(events::AssignedPodAdd, {}, objects);
        return;
    }
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
    // popAllBackoffCompleted: the pods of backoffQ, then those of the error queue.
    std::vector<std::uint32_t> done;
    for (auto* q : {&m_backoff, &m_errorBackoff})
        for (std::uint32_t id : *q) {
            if (isBackingOff(m_infos.at(id))) break;
            done.push_back(id);
        }
    for (std::uint32_t id : done) addToActive(id, "BackoffComplete");
}

void SchedulingQueue::flushUnschedulablePodsLeftover() {
    std::vector<std::uint32_t> ids;
    for (std::uint32_t id : m_unschedulable)
        if (m_clock.now() - m_infos.at(id).timestamp > m_settings.podMaxInUnschedulablePodsDuration) ids.push_back(id);
    if (ids.empty()) return;
    if (m_settings.queueingHints)
        movePodsWithHints(ids, events::UnschedulableTimeout, {});
    else
        movePods(ids, events::UnschedulableTimeout);
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
    SimTime next = -1;
    for (const auto* q : {&m_backoff, &m_errorBackoff})
        if (!q->empty()) {
            const SimTime t = backoffTime(m_infos.at(*q->begin()));
            if (next < 0 || t < next) next = t;
        }
    return next;
}

std::vector<const QueuedPodInfo*> SchedulingQueue::activePods() const {
    std::vector<const QueuedPodInfo*> out;
    for (auto id : m_active) out.push_back(&m_infos.at(id));
    return out;
}
std::vector<const QueuedPodInfo*> SchedulingQueue::backoffPods() const {
    std::vector<const QueuedPodInfo*> out;
    for (auto id : m_backoff) out.push_back(&m_infos.at(id));
    for (auto id : m_errorBackoff) out.push_back(&m_infos.at(id));
    return out;
}
std::vector<const QueuedPodInfo*> SchedulingQueue::unschedulablePods() const {
    std::vector<const QueuedPodInfo*> out;
    for (auto id : m_unschedulable) out.push_back(&m_infos.at(id));
    return out;
}

}  // namespace berth::core
