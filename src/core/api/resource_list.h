#pragma once
/// A set of resource amounts with fixed slots for the four resources every node has and a
/// short, sorted vector for extended resources (nvidia.com/gpu, hugepages-2Mi, ...).

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "core/api/string_pool.h"

namespace berth::core {

struct ScalarResource {
    Sym name = kEmptySym;  // interned resource name
    std::int64_t value = 0;
    bool operator==(const ScalarResource&) const = default;
};

struct ResourceList {
    std::int64_t milliCpu = 0;
    std::int64_t memory = 0;              // bytes
    std::int64_t ephemeralStorage = 0;    // bytes
    std::int64_t pods = 0;                // only meaningful for allocatable
    std::vector<ScalarResource> scalars;  // sorted by name id, no duplicates

    std::int64_t scalar(Sym name) const {
        auto it = std::lower_bound(scalars.begin(), scalars.end(), name,
                                   [](const ScalarResource& r, Sym n) { return r.name < n; });
        return it != scalars.end() && it->name == name ? it->value : 0;
    }
    bool hasScalar(Sym name) const {
        auto it = std::lower_bound(scalars.begin(), scalars.end(), name,
                                   [](const ScalarResource& r, Sym n) { return r.name < n; });
        return it != scalars.end() && it->name == name;
    }
    void setScalar(Sym name, std::int64_t v) {
        auto it = std::lower_bound(scalars.begin(), scalars.end(), name,
                                   [](const ScalarResource& r, Sym n) { return r.name < n; });
        if (it != scalars.end() && it->name == name)
            it->value = v;
        else
            scalars.insert(it, ScalarResource{name, v});
    }
    void addScalar(Sym name, std::int64_t v) { setScalar(name, scalar(name) + v); }

    /// Element-wise sum (used when a pod joins a node).
    void add(const ResourceList& o) {
        milliCpu += o.milliCpu;
        memory += o.memory;
        ephemeralStorage += o.ephemeralStorage;
        pods += o.pods;
        for (const auto& s : o.scalars) addScalar(s.name, s.value);
    }
    void subtract(const ResourceList& o) {
        milliCpu -= o.milliCpu;
        memory -= o.memory;
        ephemeralStorage -= o.ephemeralStorage;
        pods -= o.pods;
        for (const auto& s : o.scalars) addScalar(s.name, -s.value);
    }
    /// Element-wise max (init containers against the sum of regular containers).
    void maxWith(const ResourceList& o) {
        milliCpu = std::max(milliCpu, o.milliCpu);
        memory = std::max(memory, o.memory);
        ephemeralStorage = std::max(ephemeralStorage, o.ephemeralStorage);
        pods = std::max(pods, o.pods);
        for (const auto& s : o.scalars) setScalar(s.name, std::max(scalar(s.name), s.value));
    }
    bool operator==(const ResourceList&) const = default;
};

/// Resource amounts that remember which resources they name, an entry of 0 included (a
/// LimitRange's defaults: a named resource is set on a container that lacks it).
struct NamedResourceList {
    ResourceList amounts;
    bool cpu = false;  // the fixed slots named; extended resources: amounts.hasScalar
    bool memory = false;
    bool ephemeralStorage = false;
    bool empty() const { return !cpu && !memory && !ephemeralStorage && amounts.scalars.empty(); }
};

}  // namespace berth::core
