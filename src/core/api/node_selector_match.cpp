#include "core/api/node_selector_match.h"

#include <algorithm>
#include <charconv>

#include "core/api/string_pool.h"

namespace berth::core {
namespace {

bool parseInt(std::string_view s, std::int64_t& out) {
    auto r = std::from_chars(s.data(), s.data() + s.size(), out);
    return r.ec == std::errc{} && r.ptr == s.data() + s.size();
}

bool requirementMatches(const NodeSelectorRequirement& r, const Labels& labels, const StringPool& pool) {
    const Sym v = labels.get(r.key);
    auto contains = [&](Sym x) { return std::find(r.values.begin(), r.values.end(), x) != r.values.end(); };
    switch (r.op) {
        case SelectorOp::In: return v != kNoSym && contains(v);
        case SelectorOp::NotIn: return v == kNoSym || !contains(v);
        case SelectorOp::Exists: return v != kNoSym;
        case SelectorOp::DoesNotExist: return v == kNoSym;
        case SelectorOp::Gt:
        case SelectorOp::Lt: {
            if (v == kNoSym) return false;
            std::int64_t n = 0;
            if (!parseInt(pool.str(v), n)) return false;
            return r.op == SelectorOp::Gt ? n > r.number : n < r.number;
        }
    }
    return false;
}

}  // namespace

bool nodeSelectorTermMatches(const NodeSelectorTerm& term, const Node& node, const StringPool& pool) {
    if (term.unparsable || term.empty()) return false;
    for (const auto& r : term.expressions)
        if (!requirementMatches(r, node.labels, pool)) return false;
    // A node exposes only metadata.name; any other field reads as "" (fields.Set lookup).
    for (const auto& f : term.fields) {
        const std::string_view key = pool.str(f.key);
        const Sym fieldValue = key == "metadata.name" ? node.nameSym : kEmptySym;
        const bool equal = !f.values.empty() && f.values.front() == fieldValue;
        if (f.op == SelectorOp::In && !equal) return false;
        if (f.op == SelectorOp::NotIn && equal) return false;
    }
    return true;
}

bool nodeSelectorMatches(const NodeSelector& selector, const Node& node, const StringPool& pool) {
    for (const auto& t : selector.terms)
        if (nodeSelectorTermMatches(t, node, pool)) return true;
    return false;
}

bool podMatchesNodeSelectorAndAffinity(const Pod& pod, const Node& node, const StringPool& pool) {
    if (!node.labels.containsAll(pod.nodeSelector)) return false;
    if (pod.affinity.node.required && !nodeSelectorMatches(*pod.affinity.node.required, node, pool)) return false;
    return true;
}

}  // namespace berth::core
