#pragma once
/// "How many nodes": the nodes to add per pool (node_pool.h) so that every pending pod of the
/// plan is placed, the pool chosen by a strategy named after Cluster Autoscaler's expanders
/// (node_estimate.h), and the pods no pool can take, with the reason.
///
/// The plan is never changed: every run is a fresh plan of the same input and edits, with the
/// pools' nodes added to its manifests (as `berthctl schedule -f CLUSTER -f NODES` would load
/// them), run to the end by the plan's own loop, controllers and configuration. The search,
/// with as few of those runs as it can:
///
/// 1. The plan as it is, run to the end: its pending pods are what the answer must place.
/// 2. In that run, one node of each pool is added in turn (its DaemonSets put their pods on it
///    and the node's room shrinks by their requests), and each pending pod's own Filter
///    plugins are run against it (Simulation::checkNodeForPod). A pod no template node passes
///    cannot be placed by adding nodes: it is reported with each pool's upstream reason. Pods
///    of one controller with the same requests are checked once.
/// 3. First guess: Cluster Autoscaler's scale-up loop by arithmetic (node_estimate.h) over the
///    pending pods, each pool's room and the strategy.
/// 4. Cover: a run with the guess. Pods still pending (the scheduler spreads and fragments
///    where the estimate packs, and inter-pod rules the estimate ignores) are estimated again
///    on their own and their nodes added, until a run leaves none pending (or the limit is
///    reached, or two rounds in a row place nothing more).
/// 5. Trim: for each pool, a run with one node fewer must leave a pod pending. When it does
///    not, the pool shrinks (by doubling steps, then halving) until one fewer does; pools are
///    checked again until none shrinks. The last mix that placed everything is the answer and
///    its run the verifying run.
/// 6. Another strategy's first guess with fewer nodes than the answer is run once: when it
///    places every pod too, the answer says that a smaller mix exists.
///
/// Runs are remembered by their mix, so a mix is never run twice.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/progress.h"
#include "io/diagnostics.h"
#include "plan/capacity/node_estimate.h"
#include "plan/plan.h"

namespace berth::plan::capacity {

struct NodesRequest {
    struct Template {
        std::string file;  // for messages
        std::string text;  // one Node
    };
    std::vector<Template> templates;
    std::string strategy = "least-waste";  // checked here: an unknown one is an input error
    /// The most nodes added in all; nullopt: kMaxAddedNodes.
    std::optional<std::int64_t> maxNodes;
};

/// The most nodes one question adds without --max-nodes.
constexpr std::int64_t kMaxAddedNodes = 10'000;

struct NodesAnswer {
    Strategy strategy = Strategy::LeastWaste;
    struct Pool {
        std::string name;
        std::string file;
        std::optional<double> pricePerHour;
        std::int64_t count = 0;          // nodes to add
        std::vector<std::string> nodes;  // their names
        /// The one-fewer check: pods left pending by a run with count - 1 (count > 0), and one
        /// of them.
        std::int64_t pendingWithOneFewer = 0;
        std::string pendingExample;
        /// Why the pool takes no pod at all (its own DaemonSet pods do not fit on a node), or "".
        std::string unusable;
        std::optional<double> costPerHour() const {
            if (!pricePerHour) return std::nullopt;
            return *pricePerHour * static_cast<double>(count);
        }
    };
    std::vector<Pool> pools;  // every template, in the order given
    struct Unplaceable {
        std::string pod;  // namespace/name
        std::string message;
    };
    std::vector<Unplaceable> unplaceable;  // pending after the verifying run, by pod
    /// The verifying run placed every pod the answer set out to place, and every pool's
    /// one-fewer run left a pod pending.
    bool verified = false;
    /// Why the search stopped short of placing every pod ("" when it did not).
    std::string stoppedBy;
    std::int64_t pendingBefore = 0;  // pods pending in the plan as it is
    std::int64_t runs = 0;           // full scheduling runs made
    /// A mix with fewer nodes that places every pod too (one run checked it), picked by
    /// another strategy's first guess.
    struct SmallerMix {
        Strategy strategy = Strategy::LeastNodes;
        std::vector<std::int64_t> counts;  // per pool, as `pools`
        std::int64_t nodes = 0;
    };
    std::optional<SmallerMix> smallerMix;

    std::int64_t nodesAdded() const;
    /// nullopt when a pool that adds nodes has no price.
    std::optional<double> totalCostPerHour() const;
};

/// Answers for the plan `input` with `edits` (never changed). nullopt when a template or the
/// strategy is bad, the plan does not run, or `progress` was cancelled: the problems are in
/// `diags` (file:line: Kind name: message).
std::optional<NodesAnswer> howManyNodes(std::shared_ptr<const PlanInput> input, const std::vector<PlanEdit>& edits,
                                        const NodesRequest& request, io::Diagnostics& diags,
                                        core::Progress* progress = nullptr);

}  // namespace berth::plan::capacity
