#include "io/selector_reader.h"

#include <string>

#include "io/label_validation.h"

namespace berth::io::detail {
namespace {

std::string quoted(std::string_view s) { return "\"" + std::string(s) + "\""; }

// The problems labels.NewRequirement finds in a key and its values, for In/NotIn
// (non-empty values) and Exists/DoesNotExist (no values).
std::optional<std::string> requirementProblem(const std::string& key, core::SelectorOp op,
                                              const std::vector<std::string>& values) {
    if (!isQualifiedName(key)) return "invalid label key " + quoted(key);
    switch (op) {
        case core::SelectorOp::In:
        case core::SelectorOp::NotIn:
            if (values.empty()) return std::string("values must be non-empty for In and NotIn");
            break;
        case core::SelectorOp::Exists:
        case core::SelectorOp::DoesNotExist:
            if (!values.empty()) return std::string("values must be empty for Exists and DoesNotExist");
            break;
        case core::SelectorOp::Gt:
        case core::SelectorOp::Lt:
            if (values.size() != 1) return std::string("Gt and Lt need exactly one value");
            if (!parseDecimalInt64(values.front()))
                return "Gt and Lt need an integer value, got " + quoted(values.front());
            break;
    }
    for (const auto& v : values)
        if (!isValidLabelValue(v)) return "invalid label value " + quoted(v);
    return std::nullopt;
}

std::vector<Sym> internAll(Reader& r, const std::vector<std::string>& values) {
    std::vector<Sym> out;
    out.reserve(values.size());
    for (const auto& v : values) out.push_back(r.intern(v));
    return out;
}

// The three fields every selector requirement has. A missing key or operator reads as "",
// which then fails to parse like any other bad value.
struct RawRequirement {
    std::string key;
    std::string op;
    std::vector<std::string> values;
};

RawRequirement readRawRequirement(Reader& r, const DocNode& item, const FieldPath& p) {
    RawRequirement raw;
    raw.key = readString(r, field(item, "key"), p.child("key")).value_or(std::string());
    raw.op = readString(r, field(item, "operator"), p.child("operator")).value_or(std::string());
    raw.values = readStringList(r, field(item, "values"), p.child("values"));
    return raw;
}

core::PodAffinityTerm readPodAffinityTerm(Reader& r, const DocNode& node, const FieldPath& path) {
    core::PodAffinityTerm term;
    if (!expectMap(r, node, path)) {
        if (!present(node)) r.error(node, path, "is required");
        return term;
    }
    term.selector = readLabelSelector(r, field(node, "labelSelector"), path.child("labelSelector"));
    term.namespaces = readSymList(r, field(node, "namespaces"), path.child("namespaces"));
    term.namespaceSelector = readLabelSelector(r, field(node, "namespaceSelector"), path.child("namespaceSelector"));
    if (auto key = readRequiredString(r, node, "topologyKey", path)) term.topologyKey = r.intern(*key);
    term.matchLabelKeys = readSymList(r, field(node, "matchLabelKeys"), path.child("matchLabelKeys"));
    term.mismatchLabelKeys = readSymList(r, field(node, "mismatchLabelKeys"), path.child("mismatchLabelKeys"));
    return term;
}

core::PodAffinityRules readPodAffinityRules(Reader& r, const DocNode& node, const FieldPath& path) {
    core::PodAffinityRules rules;
    if (!expectMap(r, node, path)) return rules;
    const FieldPath reqPath = path.child("requiredDuringSchedulingIgnoredDuringExecution");
    forEachItem(
        r, field(node, "requiredDuringSchedulingIgnoredDuringExecution"), reqPath,
        [&](const DocNode& item, const FieldPath& p) { rules.required.push_back(readPodAffinityTerm(r, item, p)); });
    const FieldPath prefPath = path.child("preferredDuringSchedulingIgnoredDuringExecution");
    forEachItem(r, field(node, "preferredDuringSchedulingIgnoredDuringExecution"), prefPath,
                [&](const DocNode& item, const FieldPath& p) {
                    if (!expectMap(r, item, p)) return;
                    core::WeightedPodAffinityTerm w;
                    w.weight = readInt32(r, field(item, "weight"), p.child("weight")).value_or(0);
                    w.term = readPodAffinityTerm(r, field(item, "podAffinityTerm"), p.child("podAffinityTerm"));
                    rules.preferred.push_back(std::move(w));
                });
    return rules;
}

core::InclusionPolicy readInclusionPolicy(Reader& r, const DocNode& node, const FieldPath& path,
                                          core::InclusionPolicy fallback) {
    const auto s = readString(r, node, path);
    if (!s) return fallback;
    if (*s == "Honor") return core::InclusionPolicy::Honor;
    if (*s == "Ignore") return core::InclusionPolicy::Ignore;
    r.error(node, path, "unsupported value " + quoted(*s) + ": supported values: Honor, Ignore");
    return fallback;
}

}  // namespace

std::optional<core::LabelSelector> readLabelSelector(Reader& r, const DocNode& node, const FieldPath& path) {
    if (!expectMap(r, node, path)) return std::nullopt;
    core::LabelSelector sel;
    auto invalid = [&](const DocNode& at, const FieldPath& p, const std::string& why) {
        sel.invalid = true;
        r.semantic(at, p, why + "; the selector matches nothing");
    };
    const FieldPath labelsPath = path.child("matchLabels");
    forEachEntry(r, field(node, "matchLabels"), labelsPath,
                 [&](const std::string& key, const DocNode& value, const FieldPath& p) {
                     const std::string v = readString(r, value, p).value_or(std::string());
                     if (auto why = requirementProblem(key, core::SelectorOp::In, {v})) invalid(value, p, *why);
                     sel.requirements.push_back({r.intern(key), core::SelectorOp::In, {r.intern(v)}});
                 });
    const FieldPath exprPath = path.child("matchExpressions");
    forEachItem(r, field(node, "matchExpressions"), exprPath, [&](const DocNode& item, const FieldPath& p) {
        if (!expectMap(r, item, p)) return;
        const RawRequirement raw = readRawRequirement(r, item, p);
        core::LabelRequirement req;
        req.key = r.intern(raw.key);
        req.values = internAll(r, raw.values);
        if (raw.op == "In")
            req.op = core::SelectorOp::In;
        else if (raw.op == "NotIn")
            req.op = core::SelectorOp::NotIn;
        else if (raw.op == "Exists")
            req.op = core::SelectorOp::Exists;
        else if (raw.op == "DoesNotExist")
            req.op = core::SelectorOp::DoesNotExist;
        else {
            invalid(item, p.child("operator"), quoted(raw.op) + " is not a valid label selector operator");
            sel.requirements.push_back(std::move(req));
            return;
        }
        if (auto why = requirementProblem(raw.key, req.op, raw.values)) invalid(item, p, *why);
        sel.requirements.push_back(std::move(req));
    });
    return sel;
}

core::LabelSelector selectorFromLabels(const core::Labels& labels) {
    core::LabelSelector sel;
    for (const auto& l : labels) sel.requirements.push_back({l.key, core::SelectorOp::In, {l.value}});
    return sel;
}

core::NodeSelectorTerm readNodeSelectorTerm(Reader& r, const DocNode& node, const FieldPath& path,
                                            bool reportProblems) {
    core::NodeSelectorTerm term;
    if (!expectMap(r, node, path)) return term;  // a null term is empty: it matches nothing
    auto unparsable = [&](const DocNode& at, const FieldPath& p, const std::string& why) {
        term.unparsable = true;
        if (reportProblems) r.semantic(at, p, why + "; the term never matches");
    };
    const FieldPath exprPath = path.child("matchExpressions");
    forEachItem(r, field(node, "matchExpressions"), exprPath, [&](const DocNode& item, const FieldPath& p) {
        if (!expectMap(r, item, p)) return;
        const RawRequirement raw = readRawRequirement(r, item, p);
        core::NodeSelectorRequirement req;
        req.key = r.intern(raw.key);
        req.values = internAll(r, raw.values);
        static constexpr std::pair<std::string_view, core::SelectorOp> kOps[] = {
            {"In", core::SelectorOp::In},         {"NotIn", core::SelectorOp::NotIn},
            {"Exists", core::SelectorOp::Exists}, {"DoesNotExist", core::SelectorOp::DoesNotExist},
            {"Gt", core::SelectorOp::Gt},         {"Lt", core::SelectorOp::Lt}};
        bool known = false;
        for (const auto& [name, op] : kOps)
            if (raw.op == name) {
                req.op = op;
                known = true;
            }
        if (!known) {
            unparsable(item, p.child("operator"), quoted(raw.op) + " is not a valid node selector operator");
        } else if (auto why = requirementProblem(raw.key, req.op, raw.values)) {
            unparsable(item, p, *why);
        } else if (req.op == core::SelectorOp::Gt || req.op == core::SelectorOp::Lt) {
            req.number = *parseDecimalInt64(raw.values.front());
        }
        term.expressions.push_back(std::move(req));
    });
    const FieldPath fieldsPath = path.child("matchFields");
    forEachItem(r, field(node, "matchFields"), fieldsPath, [&](const DocNode& item, const FieldPath& p) {
        if (!expectMap(r, item, p)) return;
        const RawRequirement raw = readRawRequirement(r, item, p);
        core::NodeFieldRequirement req;
        req.key = r.intern(raw.key);
        req.values = internAll(r, raw.values);
        if (raw.op == "In")
            req.op = core::SelectorOp::In;
        else if (raw.op == "NotIn")
            req.op = core::SelectorOp::NotIn;
        if (raw.key != "metadata.name") {
            unparsable(item, p.child("key"), "the only node field is metadata.name, got " + quoted(raw.key));
        } else if (raw.op != "In" && raw.op != "NotIn") {
            unparsable(item, p.child("operator"), quoted(raw.op) + " is not a valid node field selector operator");
        } else if (raw.values.size() != 1) {
            unparsable(item, p.child("values"),
                       "a node field requirement needs exactly one value, got " + std::to_string(raw.values.size()));
        }
        term.fields.push_back(std::move(req));
    });
    return term;
}

core::NodeAffinity readNodeAffinity(Reader& r, const DocNode& node, const FieldPath& path) {
    core::NodeAffinity affinity;
    if (!expectMap(r, node, path)) return affinity;
    const DocNode required = field(node, "requiredDuringSchedulingIgnoredDuringExecution");
    const FieldPath reqPath = path.child("requiredDuringSchedulingIgnoredDuringExecution");
    if (expectMap(r, required, reqPath)) {
        core::NodeSelector selector;
        const FieldPath termsPath = reqPath.child("nodeSelectorTerms");
        forEachItem(r, field(required, "nodeSelectorTerms"), termsPath, [&](const DocNode& item, const FieldPath& p) {
            selector.terms.push_back(readNodeSelectorTerm(r, item, p));
        });
        affinity.required = std::move(selector);
    }
    const FieldPath prefPath = path.child("preferredDuringSchedulingIgnoredDuringExecution");
    forEachItem(r, field(node, "preferredDuringSchedulingIgnoredDuringExecution"), prefPath,
                [&](const DocNode& item, const FieldPath& p) {
                    if (!expectMap(r, item, p)) return;
                    core::PreferredSchedulingTerm pref;
                    pref.weight = readInt32(r, field(item, "weight"), p.child("weight")).value_or(0);
                    // Upstream skips weight-0 terms before parsing them, so their problems
                    // never surface (NewPreferredSchedulingTerms).
                    pref.term =
                        readNodeSelectorTerm(r, field(item, "preference"), p.child("preference"), pref.weight != 0);
                    affinity.preferred.push_back(std::move(pref));
                });
    return affinity;
}

core::Affinity readAffinity(Reader& r, const DocNode& node, const FieldPath& path) {
    core::Affinity affinity;
    if (!expectMap(r, node, path)) return affinity;
    affinity.node = readNodeAffinity(r, field(node, "nodeAffinity"), path.child("nodeAffinity"));
    affinity.podAffinity = readPodAffinityRules(r, field(node, "podAffinity"), path.child("podAffinity"));
    affinity.podAntiAffinity = readPodAffinityRules(r, field(node, "podAntiAffinity"), path.child("podAntiAffinity"));
    return affinity;
}

core::TopologySpreadConstraint readTopologySpreadConstraint(Reader& r, const DocNode& node, const FieldPath& path) {
    core::TopologySpreadConstraint c;
    if (!expectMap(r, node, path)) return c;
    const DocNode skew = field(node, "maxSkew");
    const FieldPath skewPath = path.child("maxSkew");
    if (!present(skew)) {
        r.error(node, skewPath, "is required");
    } else if (auto v = readInt32(r, skew, skewPath)) {
        if (*v <= 0)
            r.error(skew, skewPath, "must be greater than zero, got " + std::to_string(*v));
        else
            c.maxSkew = *v;
    }
    if (auto key = readRequiredString(r, node, "topologyKey", path)) {
        c.topologyKey = r.intern(*key);
        if (!isQualifiedName(*key))
            r.semantic(field(node, "topologyKey"), path.child("topologyKey"), "invalid label key " + quoted(*key));
    }
    if (auto action = readRequiredString(r, node, "whenUnsatisfiable", path)) {
        if (*action == "DoNotSchedule")
            c.whenUnsatisfiable = core::UnsatisfiableAction::DoNotSchedule;
        else if (*action == "ScheduleAnyway")
            c.whenUnsatisfiable = core::UnsatisfiableAction::ScheduleAnyway;
        else
            r.error(field(node, "whenUnsatisfiable"), path.child("whenUnsatisfiable"),
                    "unsupported value " + quoted(*action) + ": supported values: DoNotSchedule, ScheduleAnyway");
    }
    c.selector = readLabelSelector(r, field(node, "labelSelector"), path.child("labelSelector"));
    const DocNode minDomains = field(node, "minDomains");
    if (auto v = readInt32(r, minDomains, path.child("minDomains"))) {
        if (*v <= 0)
            r.error(minDomains, path.child("minDomains"), "must be greater than zero, got " + std::to_string(*v));
        else
            c.minDomains = *v;
    }
    const DocNode affinityPolicy = field(node, "nodeAffinityPolicy");
    if (present(affinityPolicy))
        c.nodeAffinityPolicy =
            readInclusionPolicy(r, affinityPolicy, path.child("nodeAffinityPolicy"), core::InclusionPolicy::Honor);
    const DocNode taintsPolicy = field(node, "nodeTaintsPolicy");
    if (present(taintsPolicy))
        c.nodeTaintsPolicy =
            readInclusionPolicy(r, taintsPolicy, path.child("nodeTaintsPolicy"), core::InclusionPolicy::Ignore);
    c.matchLabelKeys = readSymList(r, field(node, "matchLabelKeys"), path.child("matchLabelKeys"));
    return c;
}

}  // namespace berth::io::detail
