#pragma once
/// Volume plugins of the default profile. Berth does not model PersistentVolumes, claims,
/// CSI drivers or in-tree disks, so for every pod these behave as upstream does for a pod
/// without volumes: Filters pass and VolumeBinding scores 0. They exist so that the profile's
/// plugin lists, orders and per-plugin score tables match upstream's
/// (plugins/volumebinding, volumerestrictions, nodevolumelimits, volumezone).

#include <string>

#include "core/framework/handle.h"
#include "core/framework/interface.h"
#include "core/framework/plugins/helper/nothing_to_bind.h"
#include "core/framework/scores_zero.h"
#include "core/profile/config.h"

namespace berth::core {

/// A Filter plugin that passes every node, with a PreFilter from minor version
/// `preFilterFromMinor` on (0: always) that returns Skip from `skipFromMinor`.
class PassingVolumeFilter final : public PreFilterPlugin, public FilterPlugin {
public:
    PassingVolumeFilter(std::string name, Handle& h, int skipFromMinor, int preFilterFromMinor = 0)
        : m_name(std::move(name)),
          m_handle(h),
          m_skipFromMinor(skipFromMinor),
          m_preFilterFromMinor(preFilterFromMinor) {}
    std::string_view name() const override { return m_name; }
    bool hasExtensionPoint(ExtensionPoint p, const KubeVersion& v) const override {
        return p != ExtensionPoint::PreFilter || v.atLeast(m_preFilterFromMinor);
    }
    Status preFilter(CycleState&, const Pod&, PreFilterResult&) override {
        return m_handle.version.atLeast(m_skipFromMinor) ? Status(Code::Skip) : Status{};
    }
    Status filter(const CycleState&, const Pod&, const NodeInfo&) const override { return {}; }
    bool passesEveryNode(const CycleState&, const Pod&) const override { return true; }

private:
    std::string m_name;
    Handle& m_handle;
    int m_skipFromMinor;
    int m_preFilterFromMinor;
};

/// A Filter-only volume plugin (the cloud volume-limit plugins of v1.26).
class PassingVolumeFilterOnly final : public FilterPlugin {
public:
    explicit PassingVolumeFilterOnly(std::string name) : m_name(std::move(name)) {}
    std::string_view name() const override { return m_name; }
    Status filter(const CycleState&, const Pod&, const NodeInfo&) const override { return {}; }
    bool passesEveryNode(const CycleState&, const Pod&) const override { return true; }

private:
    std::string m_name;
};

/// VolumeBinding for pods without claims: PreFilter Skip (>= 1.27), Filter passes, Score 0
/// (PreScore Skip in 1.30-1.36; from 1.37 StorageCapacityScoring is beta and on, so PreScore
/// no longer skips and the 0 is reported, volume_binding.go PreScore), Reserve/PreBind do nothing.
class VolumeBinding final : public PreFilterPlugin,
                            public FilterPlugin,
                            public PreScorePlugin,
                            public ScorePlugin,
                            public ScoresZeroEverywhere,
                            public NothingToBind {
public:
    static constexpr std::string_view kName = "VolumeBinding";
    VolumeBinding(const PluginArgs&, Handle& h) : m_handle(h) {}
    std::string_view name() const override { return kName; }
    /// PreScore exists from 1.30 (UPSTREAM 3.3).
    bool hasExtensionPoint(ExtensionPoint p, const KubeVersion& v) const override {
        return p != ExtensionPoint::PreScore || v.atLeast(30);
    }
    Status preFilter(CycleState&, const Pod&, PreFilterResult&) override {
        return m_handle.version.atLeast(27) ? Status(Code::Skip) : Status{};
    }
    Status filter(const CycleState&, const Pod&, const NodeInfo&) const override { return {}; }
    bool passesEveryNode(const CycleState&, const Pod&) const override { return true; }
    Status preScore(CycleState&, const Pod&, std::span<NodeInfo* const>) override {
        const KubeVersion& v = m_handle.version;
        return v.atLeast(30) && v.before(37) ? Status(Code::Skip) : Status{};
    }
    Status score(const CycleState&, const Pod&, const NodeInfo&, std::int64_t& score) const override {
        score = 0;
        return {};
    }
    bool scoresZeroEverywhere(const CycleState&, const Pod&) const override { return true; }

private:
    Handle& m_handle;
};

}  // namespace berth::core
