#include "core/framework/plugins/noderesources/fit.h"

#include <algorithm>

namespace berth::core {
namespace {

// v1helper.IsExtendedResourceName: a domain-prefixed name outside *kubernetes.io/
// (IsPrefixedNativeResource is a substring test, so example.kubernetes.io/x is native too).
bool isExtendedResource(std::string_view name) {
    if (name.find('/') == std::string_view::npos) return false;
    if (name.find("kubernetes.io/") != std::string_view::npos) return false;
    if (name.rfind("requests.", 0) == 0) return false;
    return true;
}

}  // namespace

NodeResourcesFit::NodeResourcesFit(const PluginArgs& args, Handle& h)
    : m_handle(h),
      m_args(args.nodeResourcesFit),
      m_resources(resolveResources(args.nodeResourcesFit.resources, *h.pool)),
      m_tooManyPods(h.intern("Too many pods")),
      m_insufficientCpu(h.intern("Insufficient cpu")),
      m_insufficientMemory(h.intern("Insufficient memory")),
      m_insufficientStorage(h.intern("Insufficient ephemeral-storage")) {
    for (const auto& r : m_args.ignoredResources) m_ignoredResources.insert(h.intern(r));
    m_ignoredGroups = m_args.ignoredResourceGroups;
    if (h.fastPaths) m_kept = std::make_unique<KeptNodeScores<PodScoringRequests>>();
}

bool NodeResourcesFit::ignored(Sym scalar) const {
    const std::string_view name = m_handle.pool->str(scalar);
    if (!isExtendedResource(name)) return false;
    if (m_ignoredResources.count(scalar)) return true;
    const std::string_view prefix = name.substr(0, name.find('/'));
    return std::find(m_ignoredGroups.begin(), m_ignoredGroups.end(), prefix) != m_ignoredGroups.end();
}

Sym NodeResourcesFit::insufficientReason(Sym scalar) const {
    // Interning is a hash lookup; only failing scalar checks get here.
    return m_handle.internFromTask("Insufficient " + std::string(m_handle.pool->str(scalar)));
}

Status NodeResourcesFit::preFilter(CycleState&, const Pod&, PreFilterResult&) {
    // The pod's aggregate requests are precomputed in pod.derived (computePodResourceRequest).
    return {};
}

void NodeResourcesFit::insufficientResources(const Pod& pod, const NodeInfo& nodeInfo, Status& out) const {
    insufficient(pod, nodeInfo.node()->allocatable, nodeInfo.requested(), static_cast<std::int64_t>(nodeInfo.podCount()),
                 out);
}

QueueingHint NodeResourcesFit::queueingHint(const Pod& pod, const ClusterEvent& event, const EventObjects& objects) const {
    // fit.go isSchedulableAfterNodeChange and haveAnyRequestedResourcesIncreased (v1.37.2).
    const Node* after = objects.newNode;
    if (event.resource != EventResource::Node || !after) return QueueingHint::Queue;
    Status fit;
    insufficient(pod, after->allocatable, ResourceList{}, 0, fit);  // isFit: a NodeInfo with the node alone
    if (!fit.reasons().empty()) return QueueingHint::Skip;
    const Node* before = objects.oldNode;
    if (!before) return QueueingHint::Queue;
    const ResourceList& was = before->allocatable;
    const ResourceList& now = after->allocatable;
    if (now.pods > was.pods) return QueueingHint::Queue;
    const ResourceList& req = pod.derived.requests;
    if ((req.milliCpu > 0 && now.milliCpu > was.milliCpu) || (req.memory > 0 && now.memory > was.memory) ||
        (req.ephemeralStorage > 0 && now.ephemeralStorage > was.ephemeralStorage))
        return QueueingHint::Queue;
    for (const auto& s : req.scalars)
        if (s.value != 0 && now.scalar(s.name) > was.scalar(s.name)) return QueueingHint::Queue;
    return QueueingHint::Skip;
}

void NodeResourcesFit::insufficient(const Pod& pod, const ResourceList& alloc, const ResourceList& used,
                                    std::int64_t podCount, Status& out) const {
    const ResourceList& req = pod.derived.requests;
    if (podCount + 1 > alloc.pods) out.addReason(m_tooManyPods);
    if (pod.derived.requestsNothing) return;
    // v1.26 checks every resource (no `request > 0` guard); >= 1.28 only the requested ones.
    const bool guard = m_handle.version.atLeast(28);
    if ((!guard || req.milliCpu > 0) && req.milliCpu > alloc.milliCpu - used.milliCpu) out.addReason(m_insufficientCpu);
    if ((!guard || req.memory > 0) && req.memory > alloc.memory - used.memory) out.addReason(m_insufficientMemory);
    if ((!guard || req.ephemeralStorage > 0) && req.ephemeralStorage > alloc.ephemeralStorage - used.ephemeralStorage)
        out.addReason(m_insufficientStorage);
    if (req.scalars.empty()) return;
    // Upstream walks a Go map (order unspecified); Berth uses resource-name order.
    const ScalarResource* sorted[16];
    std::size_t n = 0;
    for (const auto& s : req.scalars)
        if (n < 16) sorted[n++] = &s;
    std::sort(sorted, sorted + n, [&](const ScalarResource* a, const ScalarResource* b) {
        return m_handle.pool->str(a->name) < m_handle.pool->str(b->name);
    });
    for (std::size_t i = 0; i < n; ++i) {
        const ScalarResource& s = *sorted[i];
        if (s.value == 0 || ignored(s.name)) continue;
        if (s.value > alloc.scalar(s.name) - used.scalar(s.name)) out.addReason(insufficientReason(s.name));
    }
}

// True when the node's filter facts show that fitsRequest finds nothing insufficient: room for
// one more pod, and the cpu and memory requested fit, for a pod requesting nothing else (v1.28+,
// where only requested resources are checked). False means "look at the full data".
bool NodeResourcesFit::fitsByFacts(const Pod& pod, const NodeInfo& nodeInfo) const {
    if (nodeInfo.podRoom() < 1) return false;
    if (pod.derived.requestsNothing) return true;
    const ResourceList& req = pod.derived.requests;
    if (!m_handle.version.atLeast(28) || req.ephemeralStorage > 0 || !req.scalars.empty()) return false;
    if (req.milliCpu > 0 && req.milliCpu > nodeInfo.allocatableMilliCpu() - nodeInfo.requestedMilliCpu()) return false;
    if (req.memory > 0 && req.memory > nodeInfo.allocatableMemory() - nodeInfo.requestedMemory()) return false;
    return true;
}

Status NodeResourcesFit::filter(const CycleState&, const Pod& pod, const NodeInfo& nodeInfo) const {
    if (fitsByFacts(pod, nodeInfo)) return {};
    Status s;
    insufficientResources(pod, nodeInfo, s);
    if (s.reasons().empty()) return {};
    s.setCode(Code::Unschedulable);
    // >= 1.34 (PR #131345): a request larger than the node's whole allocatable can never fit.
    if (m_handle.version.atLeast(34)) {
        const ResourceList& alloc = nodeInfo.node()->allocatable;
        const ResourceList& req = pod.derived.requests;
        bool never = (req.milliCpu > 0 && req.milliCpu > alloc.milliCpu) ||
                     (req.memory > 0 && req.memory > alloc.memory) ||
                     (req.ephemeralStorage > 0 && req.ephemeralStorage > alloc.ephemeralStorage);
        for (const auto& sc : req.scalars)
            if (sc.value > 0 && !ignored(sc.name) && sc.value > alloc.scalar(sc.name)) never = true;
        if (never) s.setCode(Code::UnschedulableAndUnresolvable);
    }
    return s;
}

// Once per block of nodes, with filter() above called directly (FilterPlugin::filterNodes).
std::size_t NodeResourcesFit::filterNodes(const CycleState& state, const Pod& pod,
                                          std::span<const NodeInfo* const> nodes, std::span<std::uint8_t> pass,
                                          std::span<Status> out) const {
    return filterEach(*this, state, pod, nodes, pass, out);
}

Status NodeResourcesFit::preScore(CycleState& state, const Pod& pod, std::span<NodeInfo* const>) {
    state.write(slot(),
                std::make_unique<ScoringRequestsState>(podScoringRequests(pod, m_resources, true, m_handle.version)));
    return {};
}

PodScoringRequests NodeResourcesFit::scoringRequests(const CycleState& state, const Pod& pod) const {
    return recordedScoringRequests(state, slot(), pod, m_resources, true, m_handle.version);
}

std::int64_t NodeResourcesFit::scoreWith(const PodScoringRequests& requests, const NodeInfo& nodeInfo) const {
    AllocationVector a;
    allocationFor(m_resources, requests.data(), nodeInfo, false, a);
    switch (m_args.type) {
        case ScoringStrategyType::LeastAllocated: return leastAllocatedScore(a);
        case ScoringStrategyType::MostAllocated: return mostAllocatedScore(a);
        case ScoringStrategyType::RequestedToCapacityRatio: return requestedToCapacityRatioScore(a, m_args.shape);
    }
    return 0;
}

Status NodeResourcesFit::score(const CycleState& state, const Pod& pod, const NodeInfo& nodeInfo,
                               std::int64_t& score) const {
    score = scoreWith(scoringRequests(state, pod), nodeInfo);
    return {};
}

Status NodeResourcesFit::scoreNodes(const CycleState& state, const Pod& pod, std::span<NodeInfo* const> all,
                                    std::span<const int> positions, std::span<NodeScore> out) const {
    const PodScoringRequests requests = scoringRequests(state, pod);
    scoreNodesFor(m_kept.get(), requests, *m_handle.snapshot, all, positions, out,
                  [&](const NodeInfo& info) { return scoreWith(requests, info); });
    return {};
}

}  // namespace berth::core
