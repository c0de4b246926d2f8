#include "io/admission_object_readers.h"

#include <algorithm>
#include <set>
#include <string>

#include "io/metadata_reader.h"
#include "io/pod_reader.h"
#include "io/resource_reader.h"

namespace berth::io::detail {
namespace {

// `to` gets every entry of `from` it does not name yet (the defaulting's "if not exists").
void addMissing(NamedQuantities& to, const NamedQuantities& from) {
    for (const auto& [name, q] : from.items)
        if (!to.has(name)) to.items.emplace_back(name, q);
}

// The bounds of one resource list of an item (min, max, maxLimitRequestRatio), by name.
std::vector<core::LimitRangeBound> bounds(const NamedQuantities& quantities, const DocNode& node) {
    std::vector<core::LimitRangeBound> out;
    for (const auto& [name, q] : quantities.items) {
        const std::string_view text = field(node, name.c_str()).scalar();
        out.push_back({name, q.milliValue(), core::canonicalQuantity(q.milliValue(), core::quantityFormatOf(text))});
    }
    std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.resource < b.resource; });
    return out;
}

}  // namespace

void readLimitRange(Reader& r, const DocNode& object, core::LimitRange& limitRange) {
    const ObjectMeta meta = readObjectMeta(r, object, true);
    limitRange.name = meta.name;
    limitRange.ns = r.intern(meta.ns);
    limitRange.source = r.sourceOf(object);
    const DocNode spec = field(object, "spec");
    const FieldPath specPath("spec");
    if (!expectMap(r, spec, specPath)) return;
    const FieldPath limitsPath = specPath.child("limits");
    std::set<std::string> types;
    forEachItem(r, field(spec, "limits"), limitsPath, [&](const DocNode& item, const FieldPath& p) {
        if (!expectMap(r, item, p)) return;
        const DocNode typeNode = field(item, "type");
        const std::string type = readString(r, typeNode, p.child("type")).value_or(std::string());
        if (!types.insert(type).second) r.error(typeNode, p.child("type"), "Duplicate value: \"" + type + "\"");
        const DocNode maxNode = field(item, "max");
        const DocNode minNode = field(item, "min");
        const DocNode ratioNode = field(item, "maxLimitRequestRatio");
        const NamedQuantities max = readNamedQuantities(r, maxNode, p.child("max"));
        const NamedQuantities min = readNamedQuantities(r, minNode, p.child("min"));
        const NamedQuantities ratio = readNamedQuantities(r, ratioNode, p.child("maxLimitRequestRatio"));
        NamedQuantities limit = readNamedQuantities(r, field(item, "default"), p.child("default"));
        NamedQuantities request = readNamedQuantities(r, field(item, "defaultRequest"), p.child("defaultRequest"));
        if (type != "Container" && type != "Pod") return;  // PersistentVolumeClaim: no pod reads it
        core::LimitRangeItemBounds itemBounds;
        itemBounds.podType = type == "Pod";
        itemBounds.min = bounds(min, minNode);
        itemBounds.max = bounds(max, maxNode);
        itemBounds.maxLimitRequestRatio = bounds(ratio, ratioNode);
        if (!itemBounds.empty()) limitRange.bounds.push_back(std::move(itemBounds));
        if (type != "Container") return;  // only Container items default a pod's containers
        // SetDefaults_LimitRangeItem, in its order: the default limit from max; the default
        // request from the default limit (so from max too), then from min.
        addMissing(limit, max);
        addMissing(request, limit);
        addMissing(request, min);
        limitRange.containerDefaultRequest = toNamedResourceList(r, request);
        limitRange.containerDefaultLimit = toNamedResourceList(r, limit);
    });
}

void readRuntimeClass(Reader& r, const DocNode& object, core::RuntimeClass& runtimeClass) {
    const ObjectMeta meta = readObjectMeta(r, object, false);
    runtimeClass.name = meta.name;
    runtimeClass.source = r.sourceOf(object);
    runtimeClass.handler = readRequiredString(r, object, "handler", FieldPath()).value_or(std::string());
    const DocNode overhead = field(object, "overhead");
    const FieldPath overheadPath("overhead");
    if (expectMap(r, overhead, overheadPath)) {
        const DocNode podFixed = field(overhead, "podFixed");
        if (present(podFixed))
            runtimeClass.overhead =
                toResourceList(r, readNamedQuantities(r, podFixed, overheadPath.child("podFixed")));
    }
    const DocNode scheduling = field(object, "scheduling");
    const FieldPath schedulingPath("scheduling");
    if (!expectMap(r, scheduling, schedulingPath)) return;
    core::RuntimeClassScheduling& s = runtimeClass.scheduling.emplace();
    s.nodeSelector = readLabels(r, field(scheduling, "nodeSelector"), schedulingPath.child("nodeSelector"));
    const FieldPath tolerationsPath = schedulingPath.child("tolerations");
    forEachItem(r, field(scheduling, "tolerations"), tolerationsPath,
                [&](const DocNode& item, const FieldPath& p) { s.tolerations.push_back(readToleration(r, item, p)); });
}

}  // namespace berth::io::detail
