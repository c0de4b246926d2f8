#pragma once
/// Filter verdicts kept per snapshot position from one cycle to the next (issue 14: `capacity
/// fit` places hundreds of thousands of identical replicas, and once most nodes are full every
/// cycle used to filter thousands of full nodes to find its few feasible ones).
///
/// A kept verdict is the Status the profile's Filter plugins gave that node for an earlier pod
/// with the same filter inputs. It is reused only when
/// - every Filter plugin that runs per node this cycle decides from the pod and that node's
///   NodeInfo alone (the node-local plugins below; PodTopologySpread and InterPodAffinity look
///   at other nodes, so a pod they filter keeps nothing),
/// - the pod's inputs to those plugins equal the ones the verdict was computed for (the `Key`:
///   nodeName, nodeSelector, required node affinity, tolerations, requests, host ports, and
///   which plugins run), and
/// - the node's NodeInfo did not change since (the snapshot's change log, as the plugins' kept
///   counts use it; a rebuilt node list forgets everything).
/// So the verdict is always the one the plugins would give again. Rejected nodes are kept in a
/// bit set of the nodes a scan must still look at, so a scan passes over a run of full nodes a
/// word at a time. Upstream has no such cache (its filters run per node and cycle); the pod
/// signature of opportunistic batching (KEP-5598, SignPod) is the same idea for the last node.

#include <cstdint>
#include <optional>
#include <vector>

#include "core/api/affinity.h"
#include "core/api/labels.h"
#include "core/api/pod.h"
#include "core/api/resource_list.h"
#include "core/api/taint.h"
#include "core/backend/cache/snapshot.h"
#include "core/framework/cycle_state.h"
#include "core/framework/plugins/helper/kept_per_query.h"
#include "core/framework/status.h"

namespace berth::core {

class Framework;

class FilterVerdictCache {
public:
    /// One pod key's verdicts, per snapshot position.
    class Verdicts {
    public:
        /// The first position in [from, end) a scan must look at (its verdict unknown, or
        /// feasible); `end` when none.
        std::size_t nextOpen(std::size_t from, std::size_t end) const;
        bool known(std::size_t pos) const { return m_known[pos] != 0; }
        const Status& verdict(std::size_t pos) const { return m_verdicts[pos]; }
        /// Keeps `s` (not an Error) as the verdict of the node at `pos`.
        void store(std::size_t pos, const Status& s);

    private:
        friend class FilterVerdictCache;
        struct Key {
            const Framework* framework = nullptr;
            std::vector<std::uint16_t> activeFilters;
            Sym nodeName = kEmptySym;
            Labels nodeSelector;
            std::optional<NodeSelector> requiredNodeAffinity;
            std::vector<Toleration> tolerations;
            ResourceList requests;
            bool requestsNothing = false;
            std::vector<HostPort> hostPorts;
        };
        bool matches(const Framework& fw, const CycleState& state, const Pod& pod) const;
        /// Brings the verdicts up to `snapshot`: nodes changed since are unknown again.
        void update(const Snapshot& snapshot);
        void forget(std::size_t pos) {
            m_known[pos] = 0;
            m_open[pos / 64] |= std::uint64_t{1} << (pos % 64);
        }

        Key m_key;
        bool m_valid = false;
        std::uint64_t m_listVersion = 0;
        std::uint64_t m_seq = 0;  // the snapshot change log read up to here
        std::vector<Status> m_verdicts;
        std::vector<std::uint8_t> m_known;
        std::vector<std::uint64_t> m_open;  // bit per position: unknown or feasible
    };

    /// The verdicts kept for the pod of this cycle (after PreFilter), brought up to date with
    /// `snapshot`; nullptr when a Filter plugin that runs per node is not node-local.
    Verdicts* begin(const Framework& fw, const CycleState& state, const Pod& pod, const Snapshot& snapshot);

private:
    /// Whether `fw`'s Filter plugin at index i (its Filter order) is node-local; computed
    /// once per framework.
    const std::vector<bool>& nodeLocalFilters(const Framework& fw);

    std::vector<std::pair<const Framework*, std::vector<bool>>> m_nodeLocal;
    KeptPerQuery<Verdicts> m_sets;
};

}  // namespace berth::core
