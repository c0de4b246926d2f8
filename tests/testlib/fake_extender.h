#pragma once
/// A scheduler extender a test steers (core::Extender, framework/extender.h): which verbs it
/// has, which nodes its filter fails, the scores it gives, the errors it returns, and what
/// it was asked. No HTTP: the answers are the ones a live extender would have sent.

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/api/string_pool.h"
#include "core/framework/extender.h"

namespace berth::testlib {

using namespace berth::core;

class FakeExtender final : public Extender {
public:
    FakeExtender(StringPool& pool, std::string name) : m_pool(pool), m_name(std::move(name)) {}

    // The configuration: verbs (a verb is "there" when true), ignorable, managedResources.
    bool hasFilter = false, hasPrioritize = false, hasBind = false, hasPreempt = false;
    bool ignorable = false;
    std::vector<std::string> managedResources;  // empty: interested in every pod

    // Filter's answers: nodes failed (node → reason), failed and unresolvable, an error, and
    // names to report as feasible although they were not sent.
    std::map<std::string, std::string> fail, failUnresolvable;
    std::optional<std::string> filterError;
    std::vector<std::string> claimFeasible;
    // Prioritize's answers: node → 0..10, the weight, an error.
    std::map<std::string, std::int64_t> scores;
    std::int64_t weight = 1;
    std::optional<std::string> prioritizeError;
    // Bind's answer.
    std::optional<std::string> bindError;
    std::optional<std::string> preemptError;
    // ProcessPreemption: the answer computed from the victims it is given (default: all kept).
    std::function<ExtenderPreemptionOutcome(const std::map<Sym, ExtenderVictims>&)> preempt;

    // What it was asked.
    std::vector<std::vector<std::string>> filterCalls, prioritizeCalls;  // node names per call
    std::vector<std::pair<std::string, std::string>> binds;             // pod name, node
    int preemptCalls = 0;
    /// When set, every call appends "<name>.<verb>" here (the order extenders are called in).
    std::vector<std::string>* calls = nullptr;

    const std::string& name() const override { return m_name; }
    bool isIgnorable() const override { return ignorable; }
    bool isFilter() const override { return hasFilter; }
    bool isPrioritizer() const override { return hasPrioritize; }
    bool isBinder() const override { return hasBind; }
    bool supportsPreemption() const override { return hasPreempt; }
    bool isInterested(const Pod& pod) const override;
    ExtenderFilterOutcome filter(const Pod& pod, std::span<const NodeInfo* const> nodes) override;
    ExtenderPrioritizeOutcome prioritize(const Pod& pod, std::span<const NodeInfo* const> nodes) override;
    std::optional<ExtenderError> bind(const Pod& pod, Sym node) override;
    ExtenderPreemptionOutcome processPreemption(const Pod& pod,
                                                const std::map<Sym, ExtenderVictims>& nodeToVictims) override;

private:
    StringPool& m_pool;
    std::string m_name;
};

}  // namespace berth::testlib
