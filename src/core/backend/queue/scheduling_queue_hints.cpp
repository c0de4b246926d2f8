// The QueueingHints path of the scheduling queue (gate SchedulerQueueingHints, on from 1.32,
// GA in 1.34): which unschedulable pods an event requeues and where to, and the replay of the
// events that arrived during a pod's scheduling cycle (v1.37.2
// pkg/scheduler/backend/queue/scheduling_queue.go isPodWorthRequeuing,
// determineSchedulingHintForInFlightPod, requeueEntityWithQueueingStrategy,
// moveEntitiesToActiveOrBackoffQueue; active_queue.go addEventIfAnyInFlight,
// clusterEventsForPod).
#include "core/backend/queue/scheduling_queue.h"

namespace berth::core {

EventObjects SchedulingQueue::RecordedEvent::objects() const {
    EventObjects o;
    if (oldPod) o.oldPod = &*oldPod;
    if (newPod) o.newPod = &*newPod;
    if (oldNode) o.oldNode = &*oldNode;
    if (newNode) o.newNode = &*newNode;
    return o;
}

SchedulingQueue::Strategy SchedulingQueue::podWorthRequeuing(const QueuedPodInfo& info, const ClusterEvent& event,
                                                             const EventObjects& objects) const {
    // No rejector plugin (an error): worth a retry after backoff. A wildcard event
    // (UnschedulableTimeout) moves every pod.
    if (info.unschedulablePlugins.empty() || event.isWildCard()) return Strategy::AfterBackoff;
    // Every rejecting plugin that registered the event is asked; the first Queue wins. Berth
    // models no Pending plugins, so Queue always means after backoff.
    for (const auto& plugin : info.unschedulablePlugins) {
        bool registered = false;
        for (const auto& r : eventsRegisteredBy(plugin, true))
            if (r.matches(event)) registered = true;
        if (!registered) continue;
        if (!m_hint || m_hint(plugin, *info.pod, event, objects) == QueueingHint::Queue) return Strategy::AfterBackoff;
    }
    return Strategy::Skip;
}

SchedulingQueue::Strategy SchedulingQueue::hintForInFlightPod(const QueuedPodInfo& info) const {
    if (info.unschedulablePlugins.empty()) return Strategy::AfterBackoff;
    for (const RecordedEvent& e : m_inFlightEvents) {
        if (e.sequence < info.inFlightSince) continue;
        if (podWorthRequeuing(info, e.event, e.objects()) != Strategy::Skip) return Strategy::AfterBackoff;
    }
    return Strategy::Skip;
}

QueueLocation SchedulingQueue::requeueWithStrategy(std::uint32_t id, Strategy strategy, std::string_view reason) {
    if (strategy == Strategy::Skip) {
        detach(id);
        m_unschedulable.insert(id);
        setLocation(id, QueueLocation::Unschedulable, reason);
        return QueueLocation::Unschedulable;
    }
    if (strategy == Strategy::AfterBackoff && isBackingOff(m_infos.at(id))) {
        insertBackoff(id, reason);
        return QueueLocation::Backoff;
    }
    return addToActive(id, reason) ? QueueLocation::Active : QueueLocation::Unschedulable;
}

void SchedulingQueue::recordIfInFlight(const ClusterEvent& event, const EventObjects& objects) {
    if (m_inFlight == 0) return;
    RecordedEvent e;
    e.sequence = m_nextEventSequence++;
    e.event = event;
    if (objects.oldPod) e.oldPod = *objects.oldPod;
    if (objects.newPod) e.newPod = *objects.newPod;
    if (objects.oldNode) e.oldNode = *objects.oldNode;
    if (objects.newNode) e.newNode = *objects.newNode;
    m_inFlightEvents.push_back(std::move(e));
}

void SchedulingQueue::movePodsWithHints(const std::vector<std::uint32_t>& ids, const ClusterEvent& event,
                                        const EventObjects& objects) {
    for (std::uint32_t id : ids) {
        const QueuedPodInfo& info = m_infos.at(id);
        // A gated pod moves only on the events its gating plugin registered (or a wildcard).
        if (info.gated && !event.isWildCard()) {
            bool gateEvent = false;
            for (const auto& plugin : info.unschedulablePlugins)
                for (const auto& r : eventsRegisteredBy(plugin, true))
                    if (r.matches(event)) gateEvent = true;
            if (!gateEvent) continue;
        }
        const Strategy strategy = podWorthRequeuing(info, event, objects);
        if (strategy == Strategy::Skip) continue;
        requeueWithStrategy(id, strategy, event.label);
    }
    recordIfInFlight(event, objects);
}

}  // namespace berth::core
