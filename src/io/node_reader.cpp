#include "io/node_reader.h"

#include <limits>
#include <string>

#include "io/metadata_reader.h"
#include "io/resource_reader.h"

namespace berth::io::detail {
namespace {

core::Taint readTaint(Reader& r, const DocNode& node, const FieldPath& path) {
    core::Taint t;
    if (!expectMap(r, node, path)) return t;
    if (auto key = readRequiredString(r, node, "key", path)) t.key = r.intern(*key);
    t.value = r.intern(readString(r, field(node, "value"), path.child("value")).value_or(std::string()));
    if (auto effect = readRequiredString(r, node, "effect", path)) {
        if (*effect == "NoSchedule")
            t.effect = core::TaintEffect::NoSchedule;
        else if (*effect == "PreferNoSchedule")
            t.effect = core::TaintEffect::PreferNoSchedule;
        else if (*effect == "NoExecute")
            t.effect = core::TaintEffect::NoExecute;
        else
            r.error(field(node, "effect"), path.child("effect"),
                    "unsupported value \"" + *effect + "\": supported values: NoExecute, NoSchedule, PreferNoSchedule");
    }
    return t;
}

core::ContainerImage readImage(Reader& r, const DocNode& node, const FieldPath& path) {
    core::ContainerImage image;
    if (!expectMap(r, node, path)) return image;
    image.names = readStringList(r, field(node, "names"), path.child("names"));
    image.sizeBytes =
        readInt(r, field(node, "sizeBytes"), path.child("sizeBytes"), 0, std::numeric_limits<std::int64_t>::max())
            .value_or(0);
    return image;
}

}  // namespace

void readNode(Reader& r, const DocNode& object, core::Node& node) {
    const ObjectMeta meta = readObjectMeta(r, object, false);
    node.name = meta.name;
    node.nameSym = r.intern(meta.name);
    node.labels = meta.labels;
    node.source = r.sourceOf(object);
    // Capacity planning's price of a pool node. Taken as text, checked by the question that
    // reads it (plan/capacity/node_pool.cpp): a node of a cluster is never rejected for it.
    if (const DocNode price = field(field(field(object, "metadata"), "annotations"), "berth.dev/price-per-hour");
        price.isScalar())
        node.pricePerHour = std::string(price.scalar());

    const DocNode spec = field(object, "spec");
    const FieldPath specPath("spec");
    if (expectMap(r, spec, specPath)) {
        node.unschedulable = readBool(r, field(spec, "unschedulable"), specPath.child("unschedulable")).value_or(false);
        const FieldPath taintsPath = specPath.child("taints");
        forEachItem(r, field(spec, "taints"), taintsPath,
                    [&](const DocNode& item, const FieldPath& p) { node.taints.push_back(readTaint(r, item, p)); });
    }

    const DocNode status = field(object, "status");
    const FieldPath statusPath("status");
    if (expectMap(r, status, statusPath)) {
        const NamedQuantities capacity =
            readNamedQuantities(r, field(status, "capacity"), statusPath.child("capacity"));
        const NamedQuantities allocatable =
            readNamedQuantities(r, field(status, "allocatable"), statusPath.child("allocatable"));
        // SetDefaults_NodeStatus: a node without allocatable gets a copy of its capacity.
        // An explicit allocatable, even a partial one, is taken as it is.
        node.allocatable = toResourceList(r, allocatable.present ? allocatable : capacity);
        const FieldPath imagesPath = statusPath.child("images");
        forEachItem(r, field(status, "images"), imagesPath,
                    [&](const DocNode& item, const FieldPath& p) { node.images.push_back(readImage(r, item, p)); });
    }
}

}  // namespace berth::io::detail
