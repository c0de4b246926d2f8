#pragma once
/// Extension-point interfaces (pkg/scheduler/framework/interface.go). A plugin derives from
/// Plugin and from each extension point it implements; the runtime discovers them at profile
/// build time.

#include <cstdint>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "core/api/pod.h"
#include "core/api/version.h"
#include "core/framework/cycle_state.h"
#include "core/framework/node_info.h"
#include "core/framework/status.h"
#include "core/framework/types.h"
#include "core/profile/config.h"

namespace berth::core {

struct Handle;

class Plugin {
public:
    virtual ~Plugin() = default;
    virtual std::string_view name() const = 0;
    /// Index of this plugin in its profile; also its CycleState slot.
    int slot() const { return m_slot; }
    void setSlot(int s) { m_slot = s; }
    /// Whether an extension point this plugin's type implements exists in `version`: upstream
    /// added some later (e.g. NodeResourcesFit's PreScore in 1.27), and the runtime leaves the
    /// plugin out of that point's list where it did not exist yet.
    virtual bool hasExtensionPoint(ExtensionPoint, const KubeVersion&) const { return true; }

private:
    int m_slot = -1;
};

class QueueSortPlugin : public virtual Plugin {
public:
    struct QueuedPod {
        const Pod* pod;
        std::int64_t timestamp;  // when it was last added to the queue
        std::uint64_t sequence;  // tie-break for equal timestamps: arrival order
    };
    virtual bool less(const QueuedPod& a, const QueuedPod& b) const = 0;
};

class PreEnqueuePlugin : public virtual Plugin {
public:
    virtual Status preEnqueue(const Pod& pod) = 0;
};

/// AddPod / RemovePod keep PreFilter state in step when the two-pass filter adds nominated
/// pods and when preemption removes victims.
class PreFilterExtensions {
public:
    virtual ~PreFilterExtensions() = default;
    virtual Status addPod(CycleState& state, const Pod& podToSchedule, const Pod& podToAdd,
                          const NodeInfo& nodeInfo) const = 0;
    virtual Status removePod(CycleState& state, const Pod& podToSchedule, const Pod& podToRemove,
                             const NodeInfo& nodeInfo) const = 0;
};

class PreFilterPlugin : public virtual Plugin {
public:
    virtual Status preFilter(CycleState& state, const Pod& pod, PreFilterResult& result) = 0;
    virtual const PreFilterExtensions* preFilterExtensions() const { return nullptr; }
};

class FilterPlugin : public virtual Plugin {
public:
    virtual Status filter(const CycleState& state, const Pod& pod, const NodeInfo& nodeInfo) const = 0;
    /// True when filter() passes `pod` on every node whatever the node holds (e.g. NodeName
    /// for a pod without spec.nodeName). Asked once per cycle after PreFilter; the runtime
    /// then leaves the plugin out of the per-node loop, which changes no verdict.
    virtual bool passesEveryNode(const CycleState&, const Pod&) const { return false; }
    /// filter() over many nodes: for each k with pass[k] == 1, a failing filter(nodes[k]) goes
    /// to out[k] and sets pass[k] to 0; returns how many failed. The runtime calls it once per
    /// plugin for a block of nodes instead of filter() per node and plugin; plugins override
    /// it with filterEach(*this, ...) so that their filter() (in a final class) is called
    /// directly, and can be inlined.
    virtual std::size_t filterNodes(const CycleState& state, const Pod& pod, std::span<const NodeInfo* const> nodes,
                                    std::span<std::uint8_t> pass, std::span<Status> out) const {
        return filterEach(*this, state, pod, nodes, pass, out);
    }

protected:
    /// The loop of filterNodes with P's own filter(), the NodeInfo of a later node asked for
    /// ahead (the first plugin of a block waits on those cache misses, the later ones hit).
    template <class P>
    static std::size_t filterEach(const P& plugin, const CycleState& state, const Pod& pod,
                                  std::span<const NodeInfo* const> nodes, std::span<std::uint8_t> pass,
                                  std::span<Status> out) {
        constexpr std::size_t kAhead = 8;
        std::size_t failed = 0;
        for (std::size_t k = 0; k < nodes.size(); ++k) {
            if (k + kAhead < nodes.size()) prefetchNodeData(*nodes[k + kAhead]);
            if (pass[k] != 1) continue;
            Status s = plugin.filter(state, pod, *nodes[k]);  // a direct call when P is final
            if (s.isSuccess()) continue;
            out[k] = std::move(s);
            pass[k] = 0;
            ++failed;
        }
        return failed;
    }
};

class PostFilterPlugin : public virtual Plugin {
public:
    virtual Status postFilter(CycleState& state, const Pod& pod, const NodeStatusMap& statuses,
                              PostFilterResult& result) = 0;
};

class PreScorePlugin : public virtual Plugin {
public:
    virtual Status preScore(CycleState& state, const Pod& pod, std::span<NodeInfo* const> nodes) = 0;
};

class ScorePlugin : public virtual Plugin {
public:
    virtual Status score(const CycleState& state, const Pod& pod, const NodeInfo& nodeInfo,
                         std::int64_t& score) const = 0;
    /// Scores the nodes at `positions` of `all` into `out` (same length; out[i].node is
    /// positions[i]), stopping at the first failure. The runtime calls this once per cycle;
    /// the default calls score() per node, and a plugin overrides it where per-position data
    /// it keeps between cycles makes the pass cheaper. The scores must be score()'s.
    virtual Status scoreNodes(const CycleState& state, const Pod& pod, std::span<NodeInfo* const> all,
                              std::span<const int> positions, std::span<NodeScore> out) const {
        for (std::size_t i = 0; i < positions.size(); ++i) {
            out[i].node = positions[i];
            Status s = score(state, pod, *all[static_cast<std::size_t>(positions[i])], out[i].score);
            if (!s.isSuccess()) return s;
        }
        return {};
    }
    virtual bool hasNormalizeScore() const { return false; }
    virtual Status normalizeScore(const CycleState&, const Pod&, std::span<NodeScore>) const { return {}; }
};

class ReservePlugin : public virtual Plugin {
public:
    virtual Status reserve(CycleState& state, const Pod& pod, Sym nodeName) = 0;
    virtual void unreserve(CycleState& state, const Pod& pod, Sym nodeName) = 0;
};

class PermitPlugin : public virtual Plugin {
public:
    /// Wait: `timeoutSeconds` says how long to wait before the pod is rejected.
    virtual Status permit(CycleState& state, const Pod& pod, Sym nodeName, double& timeoutSeconds) = 0;
};

class PreBindPlugin : public virtual Plugin {
public:
    virtual Status preBind(CycleState& state, const Pod& pod, Sym nodeName) = 0;
};

class BindPlugin : public virtual Plugin {
public:
    virtual Status bind(CycleState& state, const Pod& pod, Sym nodeName) = 0;
};

class PostBindPlugin : public virtual Plugin {
public:
    virtual void postBind(CycleState& state, const Pod& pod, Sym nodeName) = 0;
};

}  // namespace berth::core
