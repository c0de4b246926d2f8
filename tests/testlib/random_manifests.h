#pragma once
/// Manifests written as text, for the plan tests that cross-check an answer against plain runs
/// on seeded random clusters (tests/plan/capacity: fit, nodes): the seeded picks, the Node and
/// Deployment documents they are written into, and the plan input that reads them.

#include <cstdint>
#include <memory>
#include <random>
#include <string>

#include "plan/plan.h"

namespace berth::testlib {

/// Uniform integers from a seeded std::mt19937: the same seed, the same picks in the same order.
class SeededPicks {
public:
    explicit SeededPicks(std::mt19937::result_type seed) : m_rng(seed) {}
    /// A uniform integer in [lo, hi].
    int operator()(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(m_rng); }

private:
    std::mt19937 m_rng;
};

/// A Node document: its hostname and zone (z<zone>) labels plus `moreLabels` (", pool: p1"),
/// a spec flow map's body when `spec` is not empty, and its allocatable.
struct NodeText {
    std::string name;
    int zone = 0;
    std::string moreLabels;
    std::string spec;
    int cpu = 1;
    std::string memory = "8Gi";
    int pods = 110;
};
/// The document, ending with "---\n".
std::string nodeManifest(const NodeText& n);

/// A Deployment in namespace default whose pods are labelled app: <name>; `podSpec` is the
/// pod spec's lines, indented six spaces. No "---" after it.
std::string deploymentManifest(const std::string& name, int replicas, const std::string& podSpec);

/// A flow sequence of one container `c` requesting `milliCpu`, and `memoryMi` when above 0.
std::string containers(int milliCpu, int memoryMi = 0);

/// A deployment pod spec line: required anti-affinity to pods labelled app: <app> per hostname.
std::string hostnameAntiAffinityLine(const std::string& app);

/// A plan input of one manifest named cluster.yaml, with the seed.
std::shared_ptr<const plan::PlanInput> planInput(std::string cluster, std::uint64_t seed = 0);

}  // namespace berth::testlib
