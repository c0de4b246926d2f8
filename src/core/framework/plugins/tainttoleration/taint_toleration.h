#pragma once
/// TaintToleration (plugins/tainttoleration/taint_toleration.go): Filter on NoSchedule /
/// NoExecute taints; Score counts intolerable PreferNoSchedule taints (reverse-normalized).

#include <map>
#include <utility>

#include "core/framework/handle.h"
#include "core/framework/interface.h"
#include "core/profile/config.h"

namespace berth::core {

class TaintToleration final : public FilterPlugin, public PreScorePlugin, public ScorePlugin {
public:
    static constexpr std::string_view kName = "TaintToleration";
    TaintToleration(const PluginArgs&, Handle& h);
    std::string_view name() const override { return kName; }
    Status filter(const CycleState&, const Pod& pod, const NodeInfo& nodeInfo) const override;
    Status preScore(CycleState& state, const Pod& pod, std::span<NodeInfo* const> nodes) override;
    Status score(const CycleState& state, const Pod& pod, const NodeInfo& nodeInfo, std::int64_t& score) const override;
    bool hasNormalizeScore() const override { return true; }
    Status normalizeScore(const CycleState&, const Pod&, std::span<NodeScore> scores) const override;

private:
    Sym reasonFor(const Taint& t) const;
    Handle& m_handle;
    Sym m_genericReason;
    mutable std::map<std::pair<Sym, Sym>, Sym> m_reasons;  // per-taint text, interned on first use
};

}  // namespace berth::core
