#include "core/framework/runtime/filter_verdict_cache.h"

#include <algorithm>
#include <array>
#include <bit>
#include <memory>
#include <string_view>

#include "core/framework/runtime/framework.h"

namespace berth::core {
namespace {

// The Filter plugins whose verdict for a node reads only the pod (the Key's fields) and that
// node's NodeInfo, never another node: node_unschedulable.go, node_name.go,
// taint_toleration.go, node_affinity.go, node_ports.go, noderesources/fit.go.
constexpr std::array<std::string_view, 6> kNodeLocalFilters = {"NodeUnschedulable", "NodeName",  "TaintToleration",
                                                               "NodeAffinity",      "NodePorts", "NodeResourcesFit"};

}  // namespace

std::size_t FilterVerdictCache::Verdicts::nextOpen(std::size_t from, std::size_t end) const {
    while (from < end) {
        const std::uint64_t word = m_open[from / 64] >> (from % 64);
        if (word != 0) return std::min(end, from + static_cast<std::size_t>(std::countr_zero(word)));
        from = (from / 64 + 1) * 64;
    }
    return end;
}

void FilterVerdictCache::Verdicts::store(std::size_t pos, const Status& s) {
    m_verdicts[pos] = s;
    m_known[pos] = 1;
    if (!s.isSuccess()) m_open[pos / 64] &= ~(std::uint64_t{1} << (pos % 64));
}

bool FilterVerdictCache::Verdicts::matches(const Framework& fw, const CycleState& state, const Pod& pod) const {
    const Key& k = m_key;
    return k.framework == &fw && k.activeFilters == state.activeFilters() && k.nodeName == pod.nodeName &&
           k.requestsNothing == pod.derived.requestsNothing && k.requests == pod.derived.requests &&
           k.tolerations == pod.tolerations && k.nodeSelector == pod.nodeSelector &&
           k.requiredNodeAffinity == pod.affinity.node.required && k.hostPorts == pod.derived.hostPorts;
}

void FilterVerdictCache::Verdicts::update(const Snapshot& snapshot) {
    if (m_valid && snapshot.forEachChangedSince(m_listVersion, m_seq, [&](std::size_t pos) {
            if (pos < m_known.size()) forget(pos);
        }))
        return;
    // First use, a rebuilt node list, or a change log that no longer reaches back: all unknown.
    const std::size_t n = snapshot.size();
    m_valid = true;
    m_listVersion = snapshot.listVersion();
    m_seq = snapshot.changeLogEnd();
    m_verdicts.assign(n, Status{});
    m_known.assign(n, 0);
    m_open.assign((n + 63) / 64, ~std::uint64_t{0});
    if (n % 64 != 0) m_open.back() = (std::uint64_t{1} << (n % 64)) - 1;
}

const std::vector<bool>& FilterVerdictCache::nodeLocalFilters(const Framework& fw) {
    for (const auto& [f, local] : m_nodeLocal)
        if (f == &fw) return local;
    std::vector<bool> local;
    for (const std::string& name : fw.pluginNames(ExtensionPoint::Filter))
        local.push_back(std::ranges::find(kNodeLocalFilters, name) != kNodeLocalFilters.end());
    m_nodeLocal.emplace_back(&fw, std::move(local));
    return m_nodeLocal.back().second;
}

FilterVerdictCache::Verdicts* FilterVerdictCache::begin(const Framework& fw, const CycleState& state, const Pod& pod,
                                                        const Snapshot& snapshot) {
    if (!state.hasActiveFilters()) return nullptr;
    const std::vector<bool>& local = nodeLocalFilters(fw);
    for (const std::uint16_t i : state.activeFilters())
        if (i >= local.size() || !local[i]) return nullptr;
    Verdicts& v = m_sets.find([&](const Verdicts& s) { return s.matches(fw, state, pod); },
                              [&] {
                                  auto s = std::make_unique<Verdicts>();
                                  Verdicts::Key& k = s->m_key;
                                  k.framework = &fw;
                                  k.activeFilters = state.activeFilters();
                                  k.nodeName = pod.nodeName;
                                  k.nodeSelector = pod.nodeSelector;
                                  k.requiredNodeAffinity = pod.affinity.node.required;
                                  k.tolerations = pod.tolerations;
                                  k.requests = pod.derived.requests;
                                  k.requestsNothing = pod.derived.requestsNothing;
                                  k.hostPorts = pod.derived.hostPorts;
                                  return s;
                              });
    v.update(snapshot);
    return &v;
}

}  // namespace berth::core
