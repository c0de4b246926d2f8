// LimitRanger for pods: plugin/pkg/admission/limitranger/admission.go (PodMutateLimitFunc,
// PodValidateLimitFunc, minConstraint, maxConstraint, limitRequestRatioConstraint) and the
// aggregation of component-helpers/resource/helpers.go (PodRequests, PodLimits).
#include "plan/controllers/limit_ranger.h"

#include <algorithm>
#include <cstdio>
#include <limits>
#include <set>
#include <vector>

#include "core/api/quantity.h"

namespace berth::plan::detail {
namespace {

constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();

// The LimitRanges of the pod's namespace, in name order.
std::vector<const core::LimitRange*> rangesOf(const core::Cluster& cluster, const core::Pod& pod) {
    std::vector<const core::LimitRange*> ranges;
    for (const auto& lr : cluster.limitRanges)
        if (lr.ns == pod.ns) ranges.push_back(&lr);
    std::sort(ranges.begin(), ranges.end(),
              [](const core::LimitRange* a, const core::LimitRange* b) { return a->name < b->name; });
    return ranges;
}

// mergeContainerResources for the limits: what the container names no limit of gets the
// default.
void defaultLimits(core::NamedResourceList& limits, const core::NamedResourceList& defaults) {
    if (defaults.cpu && !limits.cpu) {
        limits.amounts.milliCpu = defaults.amounts.milliCpu;
        limits.cpu = true;
    }
    if (defaults.memory && !limits.memory) {
        limits.amounts.memory = defaults.amounts.memory;
        limits.memory = true;
    }
    if (defaults.ephemeralStorage && !limits.ephemeralStorage) {
        limits.amounts.ephemeralStorage = defaults.amounts.ephemeralStorage;
        limits.ephemeralStorage = true;
    }
    for (const auto& s : defaults.amounts.scalars)
        if (!limits.amounts.hasScalar(s.name)) limits.amounts.setScalar(s.name, s.value);
}

// mergeContainerResources for the requests (kept beside their presence flags in Container).
bool defaultRequests(core::Container& c, const core::NamedResourceList& defaults) {
    bool changed = false;
    if (defaults.cpu && !c.hasCpuRequest) {
        c.requests.milliCpu = defaults.amounts.milliCpu;
        c.hasCpuRequest = changed = true;
    }
    if (defaults.memory && !c.hasMemoryRequest) {
        c.requests.memory = defaults.amounts.memory;
        c.hasMemoryRequest = changed = true;
    }
    if (defaults.ephemeralStorage && !c.hasEphemeralStorageRequest) {
        c.requests.ephemeralStorage = defaults.amounts.ephemeralStorage;
        c.hasEphemeralStorageRequest = changed = true;
    }
    for (const auto& s : defaults.amounts.scalars)
        if (!c.requests.hasScalar(s.name)) {
            c.requests.setScalar(s.name, s.value);
            changed = true;
        }
    return changed;
}

core::NamedResourceList requestsOf(const core::Container& c) {
    return {c.requests, c.hasCpuRequest, c.hasMemoryRequest, c.hasEphemeralStorageRequest};
}

// addResourceList and maxResourceList: the amounts, and a resource named when either names it.
void addNamed(core::NamedResourceList& to, const core::NamedResourceList& from) {
    to.amounts.add(from.amounts);
    to.cpu |= from.cpu;
    to.memory |= from.memory;
    to.ephemeralStorage |= from.ephemeralStorage;
}
void maxNamed(core::NamedResourceList& to, const core::NamedResourceList& from) {
    to.amounts.maxWith(from.amounts);
    to.cpu |= from.cpu;
    to.memory |= from.memory;
    to.ephemeralStorage |= from.ephemeralStorage;
}

// AggregateContainerRequests / AggregateContainerLimits: the containers and sidecars summed,
// then at least each init container with the sidecars started before it.
template <typename Of>
core::NamedResourceList aggregate(const core::Pod& pod, Of of) {
    core::NamedResourceList total;
    for (const auto& c : pod.containers) addNamed(total, of(c));
    core::NamedResourceList sidecars;
    core::NamedResourceList initMax;
    for (const auto& c : pod.initContainers) {
        core::NamedResourceList own = of(c);
        if (c.restartPolicyAlways) {
            addNamed(total, own);
            addNamed(sidecars, own);
            maxNamed(initMax, sidecars);
        } else {
            addNamed(own, sidecars);
            maxNamed(initMax, own);
        }
    }
    maxNamed(total, initMax);
    return total;
}

// podRequests / podLimits with the PodLevelResources override of cpu and memory.
void overridePodLevel(core::NamedResourceList& list, const core::ResourceList& podLevel, bool cpu, bool memory) {
    if (cpu) {
        list.amounts.milliCpu = podLevel.milliCpu;
        list.cpu = true;
    }
    if (memory) {
        list.amounts.memory = podLevel.memory;
        list.memory = true;
    }
}

// One resource of a request or limit list as requestLimitEnforcedValues reads it: in
// thousandths (MilliValue), saturating; and its canonical text.
struct Observed {
    bool exists = false;
    std::int64_t milli = 0;
    std::string text;
};

std::int64_t thousandths(std::int64_t units) { return units > kMax / 1000 ? kMax : units * 1000; }

// The text of an amount whose written format is not kept: cpu in decimal; other amounts in
// binary (`1Gi`) when that is the shorter canonical form, else decimal (`500M`).
std::string textOf(std::int64_t milli, bool cpu) {
    const std::string decimal = core::canonicalQuantity(milli, core::QuantityFormat::DecimalSI);
    if (cpu) return decimal;
    const std::string binary = core::canonicalQuantity(milli, core::QuantityFormat::BinarySI);
    return binary.size() < decimal.size() ? binary : decimal;
}

Observed observe(const core::NamedResourceList& list, const std::string& resource, const core::StringPool& pool) {
    Observed o;
    if (resource == "cpu") {
        o.exists = list.cpu;
        o.milli = list.amounts.milliCpu;
    } else if (resource == "memory") {
        o.exists = list.memory;
        o.milli = thousandths(list.amounts.memory);
    } else if (resource == "ephemeral-storage") {
        o.exists = list.ephemeralStorage;
        o.milli = thousandths(list.amounts.ephemeralStorage);
    } else {
        const core::Sym name = pool.find(resource);
        o.exists = name != core::kNoSym && list.amounts.hasScalar(name);
        if (o.exists) o.milli = thousandths(list.amounts.scalar(name));
    }
    if (o.exists) o.text = textOf(o.milli, resource == "cpu");
    return o;
}

using Errors = std::vector<std::string>;

void minConstraint(Errors& errs, const char* type, const core::LimitRangeBound& b, const Observed& req,
                   const Observed& lim) {
    const std::string head = "minimum " + b.resource + " usage per " + type + " is " + b.text;
    if (!req.exists)
        errs.push_back(head + ".  No request is specified");
    else if (req.milli < b.milliValue)
        errs.push_back(head + ", but request is " + req.text);
    else if (lim.exists && lim.milli < b.milliValue)
        errs.push_back(head + ", but limit is " + lim.text);
}

void maxConstraint(Errors& errs, const char* type, const core::LimitRangeBound& b, const Observed& req,
                   const Observed& lim) {
    const std::string head = "maximum " + b.resource + " usage per " + type + " is " + b.text;
    if (!lim.exists)
        errs.push_back(head + ".  No limit is specified");
    else if (lim.milli > b.milliValue)
        errs.push_back(head + ", but limit is " + lim.text);
    else if (req.exists && req.milli > b.milliValue)
        errs.push_back(head + ", but request is " + req.text);
}

void ratioConstraint(Errors& errs, const char* type, const core::LimitRangeBound& b, const Observed& req,
                     const Observed& lim) {
    const std::string head = b.resource + " max limit to request ratio per " + type + " is " + b.text;
    if (!req.exists || req.milli == 0) {
        errs.push_back(head + ", but no request is specified or request is 0");
        return;
    }
    if (!lim.exists || lim.milli == 0) {
        errs.push_back(head + ", but no limit is specified or limit is 0");
        return;
    }
    // The ratio in thousandths against the bound's MilliValue; shown with %f.
    const double ratio = static_cast<double>(lim.milli) / static_cast<double>(req.milli);
    if (ratio * 1000 > static_cast<double>(b.milliValue)) {
        char shown[64];
        std::snprintf(shown, sizeof shown, "%f", ratio);
        errs.push_back(head + ", but provided ratio is " + shown);
    }
}

// One item's three lists against one request / limit pair.
void checkItem(Errors& errs, const core::LimitRangeItemBounds& item, const core::NamedResourceList& requests,
               const core::NamedResourceList& limits, const core::StringPool& pool) {
    const char* type = item.podType ? "Pod" : "Container";
    const auto pair = [&](const core::LimitRangeBound& b) {
        return std::pair{observe(requests, b.resource, pool), observe(limits, b.resource, pool)};
    };
    for (const auto& b : item.min) {
        const auto [req, lim] = pair(b);
        minConstraint(errs, type, b, req, lim);
    }
    for (const auto& b : item.max) {
        const auto [req, lim] = pair(b);
        maxConstraint(errs, type, b, req, lim);
    }
    for (const auto& b : item.maxLimitRequestRatio) {
        const auto [req, lim] = pair(b);
        ratioConstraint(errs, type, b, req, lim);
    }
}

// utilerrors.NewAggregate(errs).Error(): one message alone, several deduplicated in brackets.
std::string aggregateText(const Errors& errs) {
    if (errs.size() == 1) return errs.front();
    std::set<std::string> seen;
    std::string out;
    for (const auto& e : errs) {
        if (!seen.insert(e).second) continue;
        if (!out.empty()) out += ", ";
        out += e;
    }
    return seen.size() == 1 ? out : "[" + out + "]";
}

}  // namespace

bool applyLimitRangeDefaults(const core::Cluster& cluster, core::Pod& pod) {
    bool changed = false;
    // runLimitFunc: each LimitRange in turn; what the first one set counts as set for the
    // next (mergePodResourceRequirements: containers, then init containers).
    for (const core::LimitRange* lr : rangesOf(cluster, pod))
        for (auto* list : {&pod.containers, &pod.initContainers})
            for (auto& c : *list) {
                defaultLimits(c.limits, lr->containerDefaultLimit);
                changed |= defaultRequests(c, lr->containerDefaultRequest);
            }
    return changed;
}

std::string validateLimitRanges(const core::Cluster& cluster, const core::Pod& pod, const core::KubeVersion& version) {
    const auto ranges = rangesOf(cluster, pod);
    if (ranges.empty()) return {};
    const core::PodLevelResources& pl = pod.podResources;
    const bool podLevel = version.atLeast(34);  // PodLevelResources beta, on by default
    core::NamedResourceList podRequests = aggregate(pod, requestsOf);
    core::NamedResourceList podLimits = aggregate(pod, [](const core::Container& c) { return c.limits; });
    if (podLevel) {
        overridePodLevel(podRequests, pl.requests, pl.hasCpuRequest, pl.hasMemoryRequest);
        overridePodLevel(podLimits, pl.limits, pl.hasCpuLimit, pl.hasMemoryLimit);
    }
    for (const core::LimitRange* lr : ranges) {
        Errors errs;
        for (const auto& item : lr->bounds) {
            if (item.podType) {
                checkItem(errs, item, podRequests, podLimits, cluster.pool);
                continue;
            }
            for (const auto* list : {&pod.containers, &pod.initContainers})
                for (const auto& c : *list) checkItem(errs, item, requestsOf(c), c.limits, cluster.pool);
        }
        if (!errs.empty()) return aggregateText(errs);
    }
    return {};
}

}  // namespace berth::plan::detail
