#include "io/admission_object_readers.h"

#include <set>
#include <string>

#include "io/metadata_reader.h"
#include "io/resource_reader.h"

namespace berth::io::detail {
namespace {

// `to` gets every entry of `from` it does not name yet (the defaulting's "if not exists").
void addMissing(NamedQuantities& to, const NamedQuantities& from) {
    for (const auto& [name, q] : from.items)
        if (!to.has(name)) to.items.emplace_back(name, q);
}

core::NamedResourceList namedResources(Reader& r, const NamedQuantities& quantities) {
    core::NamedResourceList out;
    out.amounts = toResourceList(r, quantities);
    out.cpu = quantities.has("cpu");
    out.memory = quantities.has("memory");
    out.ephemeralStorage = quantities.has("ephemeral-storage");
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
        const NamedQuantities max = readNamedQuantities(r, field(item, "max"), p.child("max"));
        const NamedQuantities min = readNamedQuantities(r, field(item, "min"), p.child("min"));
        NamedQuantities limit = readNamedQuantities(r, field(item, "default"), p.child("default"));
        NamedQuantities request = readNamedQuantities(r, field(item, "defaultRequest"), p.child("defaultRequest"));
        if (type != "Container") return;  // only Container items default a pod's containers
        // SetDefaults_LimitRangeItem, in its order: the default limit from max; the default
        // request from the default limit (so from max too), then from min.
        addMissing(limit, max);
        addMissing(request, limit);
        addMissing(request, min);
        limitRange.containerDefaultRequest = namedResources(r, request);
    });
}

void readRuntimeClass(Reader& r, const DocNode& object, core::RuntimeClass& runtimeClass) {
    const ObjectMeta meta = readObjectMeta(r, object, false);
    runtimeClass.name = meta.name;
    runtimeClass.source = r.sourceOf(object);
    runtimeClass.handler = readRequiredString(r, object, "handler", FieldPath()).value_or(std::string());
    const DocNode overhead = field(object, "overhead");
    const FieldPath overheadPath("overhead");
    if (!expectMap(r, overhead, overheadPath)) return;
    const DocNode podFixed = field(overhead, "podFixed");
    if (present(podFixed))
        runtimeClass.overhead =
            toResourceList(r, readNamedQuantities(r, podFixed, overheadPath.child("podFixed")));
}

}  // namespace berth::io::detail
