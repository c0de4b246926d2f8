#pragma once
/// Node affinity, pod (anti-)affinity and topology spread constraints, interned.

#include <cstdint>
#include <optional>
#include <vector>

#include "core/api/labels.h"
#include "core/api/string_pool.h"

namespace berth::core {

/// A matchExpressions entry of a NodeSelectorTerm. Gt/Lt carry their parsed integer.
struct NodeSelectorRequirement {
    Sym key = kEmptySym;
    SelectorOp op = SelectorOp::In;
    std::vector<Sym> values;
    std::int64_t number = 0;  // Gt / Lt operand
    bool operator==(const NodeSelectorRequirement&) const = default;
};

/// A matchFields entry: only `metadata.name` exists for nodes.
struct NodeFieldRequirement {
    Sym key = kEmptySym;
    SelectorOp op = SelectorOp::In;
    std::vector<Sym> values;
    bool operator==(const NodeFieldRequirement&) const = default;
};

/// One NodeSelectorTerm. `unparsable` terms never match (upstream swallows the parse error
/// for required terms: component-helpers nodeaffinity.go).
struct NodeSelectorTerm {
    std::vector<NodeSelectorRequirement> expressions;
    std::vector<NodeFieldRequirement> fields;
    bool unparsable = false;
    bool empty() const { return expressions.empty() && fields.empty(); }
    bool operator==(const NodeSelectorTerm&) const = default;
};

struct NodeSelector {
    std::vector<NodeSelectorTerm> terms;  // ORed
    bool operator==(const NodeSelector&) const = default;
};

struct PreferredSchedulingTerm {
    std::int32_t weight = 0;
    NodeSelectorTerm term;
};

struct NodeAffinity {
    std::optional<NodeSelector> required;
    std::vector<PreferredSchedulingTerm> preferred;
};

struct PodAffinityTerm {
    std::optional<LabelSelector> selector;  // nil selects nothing
    std::vector<Sym> namespaces;
    std::optional<LabelSelector> namespaceSelector;
    Sym topologyKey = kEmptySym;
    std::vector<Sym> matchLabelKeys;
    std::vector<Sym> mismatchLabelKeys;
};

struct WeightedPodAffinityTerm {
    std::int32_t weight = 0;
    PodAffinityTerm term;
};

struct PodAffinityRules {
    std::vector<PodAffinityTerm> required;
    std::vector<WeightedPodAffinityTerm> preferred;
    bool empty() const { return required.empty() && preferred.empty(); }
};

struct Affinity {
    NodeAffinity node;
    PodAffinityRules podAffinity;
    PodAffinityRules podAntiAffinity;
};

enum class UnsatisfiableAction : std::uint8_t { DoNotSchedule, ScheduleAnyway };
enum class InclusionPolicy : std::uint8_t { Honor, Ignore };

struct TopologySpreadConstraint {
    std::int32_t maxSkew = 1;
    Sym topologyKey = kEmptySym;
    UnsatisfiableAction whenUnsatisfiable = UnsatisfiableAction::DoNotSchedule;
    std::optional<LabelSelector> selector;  // nil selects nothing
    std::optional<std::int32_t> minDomains;
    std::optional<InclusionPolicy> nodeAffinityPolicy;  // default Honor
    std::optional<InclusionPolicy> nodeTaintsPolicy;    // default Ignore
    std::vector<Sym> matchLabelKeys;
};

}  // namespace berth::core
