#include "io/metadata_reader.h"

#include "io/label_validation.h"

namespace berth::io::detail {
namespace {

void readCommon(Reader& r, const DocNode& meta, const FieldPath& path, ObjectMeta& out) {
    out.uid = readString(r, field(meta, "uid"), path.child("uid")).value_or(std::string());
    out.generateName = readString(r, field(meta, "generateName"), path.child("generateName")).value_or(std::string());
    out.labels = readLabels(r, field(meta, "labels"), path.child("labels"));
    const DocNode labels = field(meta, "labels");
    for (std::size_t i = 0; labels.isMap() && i < labels.size(); ++i) {
        if (!labels.key(i).isScalar()) continue;  // readLabels reported it
        const FieldPath labelsPath = path.child("labels");
        for (const auto& e : labelErrors(labels.key(i).scalar(), labels.value(i).scalar()))
            r.error(labels.key(i), labelsPath, e);
    }
    out.deleting = present(field(meta, "deletionTimestamp"));
    const DocNode annotations = field(meta, "annotations");
    if (present(annotations) && expectMap(r, annotations, path.child("annotations"))) {
        const FieldPath annotationsPath = path.child("annotations");
        const char* key = "cluster-autoscaler.kubernetes.io/safe-to-evict";
        out.notSafeToEvict = readString(r, field(annotations, key), annotationsPath.child(key)) == std::string("false");
    }
    const FieldPath ownersPath = path.child("ownerReferences");
    forEachItem(r, field(meta, "ownerReferences"), ownersPath, [&](const DocNode& item, const FieldPath& p) {
        if (!expectMap(r, item, p)) return;
        core::OwnerReference o;
        o.apiVersion = readString(r, field(item, "apiVersion"), p.child("apiVersion")).value_or(std::string());
        o.kind = readString(r, field(item, "kind"), p.child("kind")).value_or(std::string());
        o.name = readString(r, field(item, "name"), p.child("name")).value_or(std::string());
        o.uid = readString(r, field(item, "uid"), p.child("uid")).value_or(std::string());
        o.controller = readBool(r, field(item, "controller"), p.child("controller")).value_or(false);
        out.ownerReferences.push_back(std::move(o));
    });
}

// ValidateObjectMeta's name rules: most kinds' names are DNS-1123 subdomains
// (NameIsDNSSubdomain), a Namespace's a DNS-1123 label, a Service's a DNS-1035 label; a
// namespace is a DNS-1123 label (pkg/apis/core/validation/validation.go).
void checkNames(Reader& r, const DocNode& meta, const FieldPath& path, const ObjectMeta& out) {
    const auto report = [&](const char* key, const std::string& value, const std::vector<std::string>& errors) {
        const FieldPath p = path.child(key);
        for (const auto& e : errors) r.error(field(meta, key), p, "Invalid value: \"" + value + "\": " + e);
    };
    if (!out.name.empty()) {
        if (r.kind() == "Namespace")
            report("name", out.name, dns1123LabelErrors(out.name));
        else if (r.kind() == "Service")
            report("name", out.name, dns1035LabelErrors(out.name));
        else
            report("name", out.name, dns1123SubdomainErrors(out.name));
    }
    if (present(field(meta, "namespace"))) report("namespace", out.ns, dns1123LabelErrors(out.ns));
}

}  // namespace

ObjectMeta readObjectMeta(Reader& r, const DocNode& object, bool namespaced) {
    ObjectMeta out;
    const DocNode meta = field(object, "metadata");
    const FieldPath path("metadata");
    if (!present(meta)) {
        r.error(object, path, "is required");
        return out;
    }
    if (!expectMap(r, meta, path)) return out;
    // Name and namespace first, so every later message names the object.
    if (auto name = readRequiredString(r, meta, "name", path)) out.name = *name;
    if (namespaced) {
        out.ns = readString(r, field(meta, "namespace"), path.child("namespace")).value_or(std::string());
        if (out.ns.empty()) out.ns = "default";
    }
    if (!out.name.empty()) r.setName(namespaced ? out.ns + "/" + out.name : out.name);
    checkNames(r, meta, path, out);
    readCommon(r, meta, path, out);
    return out;
}

ObjectMeta readTemplateMeta(Reader& r, const DocNode& meta, const FieldPath& path) {
    ObjectMeta out;
    if (!expectMap(r, meta, path)) return out;
    out.name = readString(r, field(meta, "name"), path.child("name")).value_or(std::string());
    readCommon(r, meta, path, out);
    return out;
}

}  // namespace berth::io::detail
