#include "plan/capacity/node_estimate.h"

#include <algorithm>
#include <numeric>
#include <unordered_set>

namespace berth::plan::capacity {
namespace {

/// Whether `add` fits beside `used` in `room` (one more pod slot included).
bool fits(const core::ResourceList& used, const core::ResourceList& add, const core::ResourceList& room) {
    if (used.pods + 1 > room.pods) return false;
    if (used.milliCpu + add.milliCpu > room.milliCpu || used.memory + add.memory > room.memory ||
        used.ephemeralStorage + add.ephemeralStorage > room.ephemeralStorage)
        return false;
    for (const auto& s : add.scalars)
        if (s.value > 0 && used.scalar(s.name) + s.value > room.scalar(s.name)) return false;
    return true;
}

/// decreasing_pod_orderer.go calculatePodScore: cpu and memory as shares of the node.
double sizeOnNode(const core::ResourceList& r, const core::ResourceList& room) {
    double score = 0;
    if (room.milliCpu > 0) score += static_cast<double>(r.milliCpu) / static_cast<double>(room.milliCpu);
    if (room.memory > 0) score += static_cast<double>(r.memory) / static_cast<double>(room.memory);
    return score;
}

struct NewNode {
    core::ResourceList used;
    std::unordered_set<std::int32_t> groups;
};

/// waste.go: the unused fraction of cpu plus that of memory on the option's nodes.
double wasteOf(const PoolOption& o, const EstimatePool& pool) {
    double waste = 0;
    const double cpu = static_cast<double>(pool.room.milliCpu) * static_cast<double>(o.nodes);
    const double memory = static_cast<double>(pool.room.memory) * static_cast<double>(o.nodes);
    if (cpu > 0) waste += (cpu - static_cast<double>(o.requestedMilliCpu)) / cpu;
    if (memory > 0) waste += (memory - static_cast<double>(o.requestedMemory)) / memory;
    return waste;
}

}  // namespace

std::optional<Strategy> parseStrategy(std::string_view name) {
    for (Strategy s : kStrategies)
        if (name == strategyName(s)) return s;
    return std::nullopt;
}

const char* strategyName(Strategy s) {
    switch (s) {
        case Strategy::LeastWaste: return "least-waste";
        case Strategy::MostPods: return "most-pods";
        case Strategy::LeastNodes: return "least-nodes";
        case Strategy::Price: return "price";
    }
    return "";
}

PoolOption binpack(const std::vector<EstimatePod>& pods, const std::vector<std::size_t>& which,
                   const std::vector<EstimatePool>& pools, std::size_t poolIndex, std::int64_t maxNodes) {
    const EstimatePool& pool = pools[poolIndex];
    PoolOption option;
    option.pool = poolIndex;
    const core::ResourceList empty;
    std::vector<std::size_t> order;
    for (std::size_t i : which)
        if ((pods[i].pools >> poolIndex & 1U) != 0 && fits(empty, pods[i].requests, pool.room)) order.push_back(i);
    std::vector<double> size(pods.size(), 0);
    for (std::size_t i : order) size[i] = sizeOnNode(pods[i].requests, pool.room);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return size[a] > size[b]; });

    std::vector<NewNode> nodes;
    std::size_t firstOpen = 0;  // nodes before it have no pod slot left
    for (std::size_t i : order) {
        const EstimatePod& pod = pods[i];
        auto takes = [&](const NewNode& n) {
            return fits(n.used, pod.requests, pool.room) && (pod.apartGroup < 0 || !n.groups.count(pod.apartGroup));
        };
        std::size_t at = firstOpen;
        while (at < nodes.size() && !takes(nodes[at])) ++at;
        if (at == nodes.size()) {
            if (static_cast<std::int64_t>(nodes.size()) >= maxNodes) continue;
            nodes.emplace_back();
        }
        NewNode& n = nodes[at];
        n.used.milliCpu += pod.requests.milliCpu;
        n.used.memory += pod.requests.memory;
        n.used.ephemeralStorage += pod.requests.ephemeralStorage;
        n.used.pods += 1;
        for (const auto& s : pod.requests.scalars) n.used.addScalar(s.name, s.value);
        if (pod.apartGroup >= 0) n.groups.insert(pod.apartGroup);
        option.pods.push_back(i);
        option.requestedMilliCpu += pod.requests.milliCpu;
        option.requestedMemory += pod.requests.memory;
        while (firstOpen < nodes.size() && nodes[firstOpen].used.pods >= pool.room.pods) ++firstOpen;
    }
    option.nodes = static_cast<std::int64_t>(nodes.size());
    return option;
}

std::size_t pickOption(Strategy strategy, const std::vector<PoolOption>& options,
                       const std::vector<EstimatePool>& pools) {
    // Strictly better only: on a tie the pool given first stays picked.
    auto better = [&](const PoolOption& a, const PoolOption& b) {
        switch (strategy) {
            case Strategy::LeastWaste: return wasteOf(a, pools[a.pool]) < wasteOf(b, pools[b.pool]);
            case Strategy::MostPods: return a.pods.size() > b.pods.size();
            case Strategy::LeastNodes: return a.nodes < b.nodes;
            case Strategy::Price: {
                const double pa = pools[a.pool].pricePerHour.value_or(0) * static_cast<double>(a.nodes);
                const double pb = pools[b.pool].pricePerHour.value_or(0) * static_cast<double>(b.nodes);
                return pa * static_cast<double>(b.pods.size()) < pb * static_cast<double>(a.pods.size());
            }
        }
        return false;
    };
    std::size_t best = 0;
    for (std::size_t i = 1; i < options.size(); ++i)
        if (better(options[i], options[best])) best = i;
    return best;
}

std::int64_t Mix::total() const { return std::accumulate(nodes.begin(), nodes.end(), std::int64_t{0}); }

Mix estimateMix(const std::vector<EstimatePod>& pods, const std::vector<std::size_t>& which,
                const std::vector<EstimatePool>& pools, Strategy strategy, std::int64_t maxNodes) {
    Mix mix;
    mix.nodes.assign(pools.size(), 0);
    std::vector<std::size_t> pending = which;
    while (!pending.empty() && mix.total() < maxNodes) {
        std::vector<PoolOption> options;
        for (std::size_t p = 0; p < pools.size(); ++p) {
            PoolOption o = binpack(pods, pending, pools, p, maxNodes - mix.total());
            if (!o.pods.empty()) options.push_back(std::move(o));
        }
        if (options.empty()) break;
        const PoolOption& picked = options[pickOption(strategy, options, pools)];
        mix.nodes[picked.pool] += picked.nodes;
        std::unordered_set<std::size_t> placed(picked.pods.begin(), picked.pods.end());
        std::erase_if(pending, [&](std::size_t i) { return placed.count(i) != 0; });
    }
    mix.unplaced = static_cast<std::int64_t>(pending.size());
    return mix;
}

}  // namespace berth::plan::capacity
