// Cluster edits: what the informers would deliver to a running scheduler — pods deleted
// (evicted, drained, scaled down) or added, nodes added, changed or removed — and the
// controllers' and the disruption controller's answers to them (reconcile).
#include "core/simulation.h"

#include <algorithm>
#include <optional>
#include <string>

#include "core/api/node_selector_match.h"
#include "core/invariant_check.h"
#include "core/framework/plugins/nodeports/node_ports.h"

namespace berth::core {
namespace {

// A pending pod's nominated room is released (the pod deleted, or its nomination moved or
// cleared): pods of lower or equal priority had counted it on that node, so they are moved as
// if an assigned pod were deleted there (PR #129058: deletePodFromSchedulingQueue and
// updatePodInSchedulingQueue).
void requeueForReleasedNomination(SchedulingQueue& queue, const Pod& was) {
    EventObjects objects;
    objects.oldPod = &was;
    const std::int32_t priority = was.priority;
    queue.moveAllToActiveOrBackoffQueue(
        events::AssignedPodDelete, [priority](const Pod& p) { return p.priority <= priority; }, objects);
}

/// A lifetime as the events say it: whole seconds, or up to milliseconds ("30s", "1.5s").
std::string secondsText(SimTime t) {
    const SimTime ms = t / kMillisecond;
    std::string out = std::to_string(ms / 1000);
    if (const SimTime frac = ms % 1000; frac != 0) {
        std::string digits = std::to_string(frac);
        digits.insert(0, 3 - digits.size(), '0');
        while (digits.back() == '0') digits.pop_back();
        out += "." + digits;
    }
    return out + "s";
}

}  // namespace

void Simulation::evictPod(const Pod& pod, std::string_view why, PodRemoval removal) {
    if (m_cluster.podRemoved[pod.id]) return;
    PodOutcome& o = m_outcomes[pod.id];
    // A succeeded pod left the scheduler's informer when it completed (podSucceeded): its
    // delete reaches only the controllers, which keep it counted.
    const bool schedulerSees = o.state != PodState::Succeeded;
    const Sym node = m_scheduler->cache().nodeOf(pod);
    if (auto it = m_waitingPods.find(pod.id); it != m_waitingPods.end()) {
        // Deleted while waiting at Permit: its binding cycle ends here, without a requeue.
        m_clock.cancel(it->second.timeoutEvent);
        abandonBinding(pod, it->second.node, *it->second.state);
        m_waitingPods.erase(it);
    }
    if (auto it = m_completions.find(pod.id); it != m_completions.end()) {
        m_clock.cancel(it->second);
        m_completions.erase(it);
    }
    m_scheduler->cache().removePod(pod);
    m_cluster.podRemoved[pod.id] = true;
    m_budgetsStale = true;
    m_scheduler->nominator().remove(pod);
    m_queue->remove(pod);
    o.state = PodState::Evicted;
    if (node != kNoSym) o.node = node;
    emitPod(EventType::PodEvicted, pod, o.node, std::string(why));
    // The informer's delete event: freed room may help unschedulable pods.
    if (schedulerSees && node != kNoSym) {
        assignedPodDeleted(pod, node);
    } else if (schedulerSees && pod.nominatedNodeName != kEmptySym && m_options.version.atLeast(32)) {
        requeueForReleasedNomination(*m_queue, pod);  // deletePodFromSchedulingQueue
    }
    reconcile();
    if (m_check && removal == PodRemoval::Eviction) m_check->onBudgetedEviction(m_cluster, pod, m_clock.now());
}

void Simulation::assignedPodDeleted(const Pod& pod, Sym node) {
    // The hints (>= 1.32) read the deleted pod as the informer had it: on its node (assumed or
    // bound).
    Pod deleted = pod;
    deleted.nodeName = node;
    EventObjects objects;
    objects.oldPod = &deleted;
    m_queue->moveAllToActiveOrBackoffQueue(events::AssignedPodDelete, {}, objects);
}

void Simulation::startLifetime(const Pod& pod) {
    if (!m_lifetime || m_singlePass) return;
    const std::optional<SimTime> lifetime = m_lifetime(pod);
    if (!lifetime) return;
    const std::uint32_t id = pod.id;
    m_completions[id] = m_clock.scheduleAfter(std::max<SimTime>(0, *lifetime), [this, id] { podSucceeded(id); });
}

void Simulation::podSucceeded(std::uint32_t podId) {
    m_completions.erase(podId);
    Pod& pod = m_cluster.pods[podId];
    const Sym node = m_scheduler->cache().nodeOf(pod);
    if (m_cluster.podRemoved[podId] || node == kNoSym) return;  // deletes cancel it: not expected
    // The kubelet reports the pod Succeeded. The scheduler's pod informer lists no terminal
    // pod (its field selector status.phase!=Succeeded,status.phase!=Failed: scheduler.go
    // newPodInformer), so the update reaches the scheduler as a Delete: eventhandlers.go
    // deletePod -> deleteAssignedPodFromCache (in older releases deletePodFromCache) removes it
    // and moves the pods its room may let in (AssignedPodDelete).
    pod.phase = PodPhase::Succeeded;
    m_scheduler->cache().removePod(pod);
    m_budgetsStale = true;
    PodOutcome& o = m_outcomes[podId];
    o.state = PodState::Succeeded;
    o.node = node;
    const SimTime ranFor = std::max<SimTime>(0, m_lifetime(pod).value_or(0));
    emitPod(EventType::PodSucceeded, pod, node,
            "succeeded after " + secondsText(ranFor) + "; its room on node " + std::string(m_cluster.pool.str(node)) +
                " is free");
    assignedPodDeleted(pod, node);
    // The Job controller counts it succeeded and makes the next pods (job_controller.go
    // manageJob).
    reconcile();
}

void Simulation::setNominated(const Pod& pod, Sym node) {
    Pod& stored = m_cluster.pods[pod.id];
    // A pending pod's nomination moved or was cleared (a failed cycle, or a higher preemptor took
    // the node): after the nominator, the informer's update reaches the queue as if the pod were
    // deleted from its old node, since pods of lower or equal priority counted it there (v1.37.2
    // eventhandlers.go updatePodInSchedulingQueue, hasNominatedNodeNameChanged; PR #129058, whose
    // deletion case is in evictPod).
    std::optional<Pod> before;
    if (stored.nominatedNodeName != kEmptySym && stored.nominatedNodeName != node && stored.nodeName == kEmptySym &&
        !m_cluster.podRemoved[pod.id] && m_options.version.atLeast(32))
        before = stored;
    stored.nominatedNodeName = node;
    m_outcomes[pod.id].nominated = node;
    if (node == kEmptySym)
        m_scheduler->nominator().remove(pod);
    else
        m_scheduler->nominator().add(pod, node);
    if (before) requeueForReleasedNomination(*m_queue, *before);
}

void Simulation::reconcile() {
    if (!m_reconciler || m_reconciling) return;
    m_reconciling = true;
    const std::size_t before = m_cluster.pods.size();
    const std::vector<std::uint32_t> surplus = m_reconciler(m_cluster);
    for (std::size_t i = before; i < m_cluster.pods.size(); ++i) {
        if (m_cluster.podRemoved.size() < m_cluster.pods.size())
            m_cluster.podRemoved.resize(m_cluster.pods.size(), false);
        m_outcomes.resize(m_cluster.pods.size());
        emitPod(EventType::PodCreated, m_cluster.pods[i]);
        podAdded(m_cluster.pods[i]);
    }
    for (std::uint32_t id : surplus)
        if (id < m_cluster.pods.size()) evictPod(m_cluster.pods[id], "deleted by its controller: scaled down");
    m_reconciling = false;
    // The disruption controller watches the same pods (and the workloads' scale).
    m_budgetsStale = true;
    syncDisruptionBudgets();
}

void Simulation::syncDisruptionBudgets() {
    if (!m_disruption || !m_budgetsStale) return;
    m_budgetsStale = false;
    m_disruption(m_cluster);
}

bool Simulation::scaleWorkload(WorkloadKind kind, std::string_view ns, std::string_view name, std::int32_t replicas) {
    if (kind == WorkloadKind::DaemonSet || replicas < 0) return false;
    const Sym nsSym = m_cluster.pool.find(ns);
    for (Workload& w : m_cluster.workloads) {
        if (w.kind != kind || w.ns != nsSym || w.name != name) continue;
        w.replicas = replicas;
        reconcile();
        return true;
    }
    return false;
}

void Simulation::podAdded(const Pod& pod) {
    if (m_outcomes.size() < m_cluster.pods.size()) m_outcomes.resize(m_cluster.pods.size());
    PodOutcome& o = m_outcomes[pod.id];
    m_budgetsStale = true;  // a budget's selector may match it
    if (pod.phase == PodPhase::Succeeded || pod.phase == PodPhase::Failed) return;
    if (pod.nodeName != kEmptySym) {
        if (!m_cluster.findNode(pod.nodeName)) return;
        m_scheduler->cache().addPod(pod, pod.nodeName);
        o.state = PodState::Preexisting;
        o.node = pod.nodeName;
        m_queue->assignedPodAdded(pod, [this](const Pod& pending, const Pod& assigned) {
            return requiredAffinityMatches(pending, assigned);
        });
        startLifetime(pod);
        return;
    }
    if (!m_scheduler->frameworkFor(pod)) return;
    o.state = PodState::Pending;
    m_queue->add(pod);
}

bool Simulation::admissionPreCheck(const Pod& pod, const NodeInfo* nodeInfo) const {
    // preCheckForNode (eventhandlers.go, v1.26): would the kubelet admit the pod there?
    if (!nodeInfo || !nodeInfo->node()) return false;
    const Node& node = *nodeInfo->node();
    const auto& req = pod.derived.requests;
    const auto& alloc = node.allocatable;
    const auto& used = nodeInfo->requested();
    if (static_cast<std::int64_t>(nodeInfo->podCount()) + 1 > alloc.pods) return false;
    if (req.milliCpu > alloc.milliCpu - used.milliCpu || req.memory > alloc.memory - used.memory ||
        req.ephemeralStorage > alloc.ephemeralStorage - used.ephemeralStorage)
        return false;
    for (const auto& sc : req.scalars)
        if (sc.value > alloc.scalar(sc.name) - used.scalar(sc.name)) return false;
    if (pod.nodeName != kEmptySym && pod.nodeName != node.nameSym) return false;
    const Sym anyIP = m_cluster.pool.find("0.0.0.0");
    for (const auto& want : pod.derived.hostPorts)
        if (NodePorts::conflicts(want, nodeInfo->usedPorts(), anyIP)) return false;
    if (!podMatchesNodeSelectorAndAffinity(pod, node, m_cluster.pool)) return false;
    for (const auto& t : node.taints)
        if (t.effect == TaintEffect::NoSchedule && !toleratesTaint(pod.tolerations, t)) return false;
    return true;
}

void Simulation::addNode(Node node) {
    Node& stored = m_cluster.addNode(std::move(node));
    m_scheduler->cache().addNode(stored);
    if (listening()) {
        SimEvent e;
        e.type = EventType::NodeAdded;
        e.node = stored.nameSym;
        emitEvent(e);
    }
    if (m_options.version.atLeast(32)) {
        // addNodeToCache (eventhandlers.go, >= 1.32): no pre-check; the plugins' hints judge.
        EventObjects objects;
        objects.newNode = &stored;
        m_queue->moveAllToActiveOrBackoffQueue(events::NodeAdd, {}, objects);
    } else {
        const NodeInfo* ni = m_scheduler->cache().nodeInfo(stored.nameSym);
        m_queue->moveAllToActiveOrBackoffQueue(events::NodeAdd,
                                               [this, ni](const Pod& p) { return admissionPreCheck(p, ni); });
    }
    reconcile();  // e.g. DaemonSets place a pod on the new node
}

bool Simulation::updateNode(std::string_view name, const std::function<void(Node&)>& edit) {
    const Sym sym = m_cluster.pool.find(name);
    const Node* old = sym == kNoSym ? nullptr : m_cluster.findNode(sym);
    if (!old) return false;
    Node copy = *old;
    edit(copy);
    m_cluster.nodeRemoved[old->id] = true;
    Node& stored = m_cluster.addNode(std::move(copy));
    m_scheduler->cache().updateNode(*old, stored);
    if (listening()) {
        SimEvent e;
        e.type = EventType::NodeUpdated;
        e.node = stored.nameSym;
        emitEvent(e);
    }
    // nodeSchedulingPropertiesChange: the changes that apply, in upstream's order.
    bool taintsChanged = old->taints.size() != stored.taints.size();
    for (std::size_t i = 0; !taintsChanged && i < old->taints.size(); ++i)
        taintsChanged = old->taints[i].key != stored.taints[i].key || old->taints[i].value != stored.taints[i].value ||
                        old->taints[i].effect != stored.taints[i].effect;
    std::vector<const ClusterEvent*> changes;
    if (old->unschedulable && !stored.unschedulable) changes.push_back(&events::NodeSpecUnschedulableChange);
    if (!(old->allocatable == stored.allocatable)) changes.push_back(&events::NodeAllocatableChange);
    if (!(old->labels == stored.labels)) changes.push_back(&events::NodeLabelChange);
    if (taintsChanged) changes.push_back(&events::NodeTaintChange);
    if (changes.empty()) return true;
    if (m_options.version.atLeast(32)) {
        // updateNodeInCache (eventhandlers.go, >= 1.32): a move per change, no pre-check; the
        // plugins' hints read the node before and after.
        EventObjects objects;
        objects.oldNode = old;
        objects.newNode = &stored;
        for (const ClusterEvent* event : changes) m_queue->moveAllToActiveOrBackoffQueue(*event, {}, objects);
    } else {
        // v1.26: the first change names the event, and the kubelet-style pre-check filters.
        const NodeInfo* ni = m_scheduler->cache().nodeInfo(stored.nameSym);
        m_queue->moveAllToActiveOrBackoffQueue(*changes.front(),
                                               [this, ni](const Pod& p) { return admissionPreCheck(p, ni); });
    }
    return true;
}

bool Simulation::removeNode(std::string_view name) {
    const Sym sym = m_cluster.pool.find(name);
    const Node* node = sym == kNoSym ? nullptr : m_cluster.findNode(sym);
    if (!node) return false;
    // The pods go with their node (pod garbage collection); owners recreate theirs.
    std::vector<const Pod*> onNode;
    if (const NodeInfo* ni = m_scheduler->cache().nodeInfo(sym)) onNode.assign(ni->pods().begin(), ni->pods().end());
    m_reconciling = true;
    for (const Pod* p : onNode) evictPod(*p, "node " + std::string(name) + " deleted");
    m_reconciling = false;
    m_scheduler->cache().removeNode(*node);
    m_cluster.nodeRemoved[node->id] = true;
    if (listening()) {
        SimEvent e;
        e.type = EventType::NodeRemoved;
        e.node = sym;
        emitEvent(e);
    }
    reconcile();
    return true;
}

std::vector<const Pod*> Simulation::drain(std::string_view name) {
    std::vector<const Pod*> refused;
    if (!cordon(name)) return refused;
    syncDisruptionBudgets();  // the eviction API reads the budgets' current status
    const Sym sym = m_cluster.pool.find(name);
    std::vector<const Pod*> onNode;
    if (const NodeInfo* ni = m_scheduler->cache().nodeInfo(sym)) onNode.assign(ni->pods().begin(), ni->pods().end());
    m_reconciling = true;
    for (const Pod* p : onNode) {
        const OwnerReference* owner = controllerOf(*p);
        if (owner && owner->kind == "DaemonSet") continue;  // kubectl drain --ignore-daemonsets
        // The eviction API refuses when a matching budget allows no more disruptions.
        bool allowed = true;
        for (const auto& pdb : m_cluster.pdbs)
            if (pdb.covers(*p) && pdb.disruptionsAllowed <= 0) allowed = false;
        if (!allowed) {
            refused.push_back(p);
            continue;
        }
        for (auto& pdb : m_cluster.pdbs)
            if (pdb.covers(*p)) --pdb.disruptionsAllowed;
        evictPod(*p, "drained from node " + std::string(name), PodRemoval::Eviction);
    }
    m_reconciling = false;
    reconcile();
    return refused;
}

}  // namespace berth::core
