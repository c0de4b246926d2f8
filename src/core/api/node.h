#pragma once
/// A node: labels, taints, cordon flag, allocatable and the images it reports.

#include <cstdint>
#include <string>
#include <vector>

#include "core/api/labels.h"
#include "core/api/resource_list.h"
#include "core/api/source_ref.h"
#include "core/api/string_pool.h"
#include "core/api/taint.h"

namespace berth::core {

struct ContainerImage {
    std::vector<std::string> names;
    std::int64_t sizeBytes = 0;
};

struct Node {
    std::uint32_t id = 0;  // index in Cluster::nodes
    std::string name;
    Sym nameSym = kEmptySym;
    Labels labels;
    std::vector<Taint> taints;
    bool unschedulable = false;
    ResourceList allocatable;  // capacity when allocatable is absent (API defaulting)
    std::vector<ContainerImage> images;
    SourceRef source;
    /// metadata.annotations["berth.dev/price-per-hour"] as written ("" when absent): what a
    /// node of a pool costs, read by `capacity nodes` only; the scheduler never looks at it.
    std::string pricePerHour;
};

}  // namespace berth::core
