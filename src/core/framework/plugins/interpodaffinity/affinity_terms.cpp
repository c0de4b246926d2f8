#include "core/framework/plugins/interpodaffinity/affinity_terms.h"

#include <algorithm>

namespace berth::core::interpodaffinity {
namespace {

// pod strategy applyMatchLabelKeysAndMismatchLabelKeys: `key In (owner's value)` and
// `key NotIn (owner's value)` for the keys the owner has; never on a nil selector.
bool labelKeysMatch(const PodAffinityTerm& t, const Pod& owner, const Labels& target) {
    for (Sym k : t.matchLabelKeys) {
        const Sym v = owner.labels.get(k);
        if (v != kNoSym && target.get(k) != v) return false;
    }
    for (Sym k : t.mismatchLabelKeys) {
        const Sym v = owner.labels.get(k);
        if (v != kNoSym && target.get(k) == v) return false;
    }
    return true;
}

bool termParses(const PodAffinityTerm& t) {
    return !(t.selector && t.selector->invalid) && !(t.namespaceSelector && t.namespaceSelector->invalid);
}

}  // namespace

bool IncomingTerm::matches(const Pod& q) const {
    if (nothing) return false;
    if (!allNamespaces && !std::binary_search(namespaces.begin(), namespaces.end(), q.ns)) return false;
    return selector.matches(q.labels);
}

IncomingTerm TermResolver::resolveOne(const Pod& owner, const PodAffinityTerm& t, std::int32_t weight) const {
    IncomingTerm r;
    r.topologyKey = t.topologyKey;
    r.weight = weight;
    if (t.selector) {
        r.nothing = false;
        r.selector = *t.selector;
        if (m_labelKeys) {
            for (Sym k : t.matchLabelKeys)
                if (const Sym v = owner.labels.get(k); v != kNoSym)
                    r.selector.requirements.push_back(LabelRequirement{k, SelectorOp::In, {v}});
            for (Sym k : t.mismatchLabelKeys)
                if (const Sym v = owner.labels.get(k); v != kNoSym)
                    r.selector.requirements.push_back(LabelRequirement{k, SelectorOp::NotIn, {v}});
        }
    }
    // getNamespacesFromPodAffinityTerm: no namespaces and no namespaceSelector -> own namespace.
    if (t.namespaces.empty() && !t.namespaceSelector)
        r.namespaces.push_back(owner.ns);
    else
        r.namespaces = t.namespaces;
    // mergeAffinityTermNamespacesIfNotEmpty: `{}` stays "every namespace"; any other selector
    // is replaced by the names of the Namespace objects it matches now.
    if (t.namespaceSelector) {
        if (t.namespaceSelector->empty()) {
            r.allNamespaces = true;
        } else if (m_cluster) {
            for (const auto& ns : m_cluster->namespaces)
                if (t.namespaceSelector->matches(ns.labels)) r.namespaces.push_back(ns.name);
        }
    }
    std::sort(r.namespaces.begin(), r.namespaces.end());
    r.namespaces.erase(std::unique(r.namespaces.begin(), r.namespaces.end()), r.namespaces.end());
    return r;
}

std::vector<IncomingTerm> TermResolver::resolve(const Pod& owner, const std::vector<PodAffinityTerm>& terms) const {
    std::vector<IncomingTerm> out;
    out.reserve(terms.size());
    for (const auto& t : terms) out.push_back(resolveOne(owner, t, 0));
    return out;
}

std::vector<IncomingTerm> TermResolver::resolve(const Pod& owner,
                                                const std::vector<WeightedPodAffinityTerm>& terms) const {
    std::vector<IncomingTerm> out;
    out.reserve(terms.size());
    for (const auto& t : terms) out.push_back(resolveOne(owner, t.term, t.weight));
    return out;
}

bool termsParse(const std::vector<PodAffinityTerm>& terms) {
    return std::all_of(terms.begin(), terms.end(), termParses);
}

bool termsParse(const std::vector<WeightedPodAffinityTerm>& terms) {
    return std::all_of(terms.begin(), terms.end(), [](const auto& t) { return termParses(t.term); });
}

bool existingTermMatches(const PodAffinityTerm& t, const Pod& owner, const Pod& q, const Labels& qNamespaceLabels,
                         bool labelKeys) {
    if (!t.selector) return false;
    bool nsMatch = false;
    if (t.namespaces.empty() && !t.namespaceSelector) {
        nsMatch = q.ns == owner.ns;
    } else {
        nsMatch = std::find(t.namespaces.begin(), t.namespaces.end(), q.ns) != t.namespaces.end() ||
                  (t.namespaceSelector && t.namespaceSelector->matches(qNamespaceLabels));
    }
    if (!nsMatch || !t.selector->matches(q.labels)) return false;
    return !labelKeys || labelKeysMatch(t, owner, q.labels);
}

const Labels& namespaceLabels(const Cluster* cluster, Sym ns) {
    static const Labels kEmpty;
    if (!cluster) return kEmpty;
    const Namespace* n = cluster->findNamespace(ns);
    return n ? n->labels : kEmpty;
}

}  // namespace berth::core::interpodaffinity
