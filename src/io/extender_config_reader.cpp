#include "io/extender_config_reader.h"

#include <set>
#include <string>

#include "io/base64.h"
#include "io/go_duration.h"
#include "io/label_validation.h"

namespace berth::io::detail {
namespace {

constexpr std::int64_t kDefaultExtenderTimeoutMillis = 5000;  // extender.go DefaultExtenderTimeout

std::string quoted(std::string_view s) { return "\"" + std::string(s) + "\""; }

// A []byte field: base64 text, decoded.
std::string readBytes(Reader& r, const DocNode& parent, const char* key, const FieldPath& parentPath) {
    const DocNode node = field(parent, key);
    const FieldPath path = parentPath.child(key);
    const auto text = readString(r, node, path);
    if (!text) return {};
    auto decoded = decodeBase64(*text);
    if (decoded.index() == 1) {
        r.error(node, path, std::get<1>(decoded));
        return {};
    }
    return std::get<0>(std::move(decoded));
}

core::ExtenderTLSConfig readTlsConfig(Reader& r, const DocNode& node, const FieldPath& path) {
    core::ExtenderTLSConfig tls;
    rejectUnknownFields(r, node, path,
                        {"insecure", "serverName", "certFile", "keyFile", "caFile", "certData", "keyData", "caData"});
    tls.insecure = readBool(r, field(node, "insecure"), path.child("insecure")).value_or(false);
    auto str = [&](const char* key) { return readString(r, field(node, key), path.child(key)).value_or(""); };
    tls.serverName = str("serverName");
    tls.certFile = str("certFile");
    tls.keyFile = str("keyFile");
    tls.caFile = str("caFile");
    tls.certData = readBytes(r, node, "certData", path);
    tls.keyData = readBytes(r, node, "keyData", path);
    tls.caData = readBytes(r, node, "caData", path);
    return tls;
}

// metav1.Duration: a Go duration string; 0 (or absent) becomes the 5 s default.
std::int64_t readTimeoutMillis(Reader& r, const DocNode& node, const FieldPath& path) {
    const auto text = readString(r, node, path);
    if (!text) return kDefaultExtenderTimeoutMillis;
    const auto parsed = parseGoDuration(*text);
    if (parsed.index() == 1) {
        r.error(node, path, std::get<1>(parsed));
        return kDefaultExtenderTimeoutMillis;
    }
    const std::int64_t ns = std::get<0>(parsed);
    if (ns == 0) return kDefaultExtenderTimeoutMillis;
    const std::int64_t ms = ns / 1'000'000;
    // A timeout under a millisecond is kept as the shortest one we can express, not as none.
    if (ms == 0) return ns > 0 ? 1 : -1;
    return ms;
}

// validateExtendedResourceName: IsQualifiedName, then v1helper.IsExtendedResourceName (a
// domain-prefixed name outside *kubernetes.io/, and `requests.<name>` still qualified).
void checkManagedResourceName(Reader& r, const DocNode& at, const FieldPath& path, const std::string& name) {
    if (!isQualifiedName(name)) {
        for (const std::string& e : labelErrors(name, "")) r.error(at, path, e);
        return;
    }
    const bool native = name.find('/') == std::string::npos || name.find("kubernetes.io/") != std::string::npos;
    const bool extended = !native && name.rfind("requests.", 0) != 0 && isQualifiedName("requests." + name);
    if (!extended) r.error(at, path, "Invalid value: " + quoted(name) + ": is an invalid extended resource name");
}

core::ExtenderConfig readExtender(Reader& r, const DocNode& item, const FieldPath& p) {
    core::ExtenderConfig e;
    e.source = r.sourceOf(item);
    rejectUnknownFields(r, item, p,
                        {"urlPrefix", "filterVerb", "preemptVerb", "prioritizeVerb", "weight", "bindVerb",
                         "enableHTTPS", "tlsConfig", "httpTimeout", "nodeCacheCapable", "managedResources",
                         "ignorable"});
    auto str = [&](const char* key) { return readString(r, field(item, key), p.child(key)).value_or(""); };
    e.urlPrefix = str("urlPrefix");
    e.filterVerb = str("filterVerb");
    e.preemptVerb = str("preemptVerb");
    e.prioritizeVerb = str("prioritizeVerb");
    e.bindVerb = str("bindVerb");
    e.weight = readInt64(r, field(item, "weight"), p.child("weight")).value_or(0);
    e.enableHTTPS = readBool(r, field(item, "enableHTTPS"), p.child("enableHTTPS")).value_or(false);
    const DocNode tls = field(item, "tlsConfig");
    if (expectMap(r, tls, p.child("tlsConfig"))) e.tlsConfig = readTlsConfig(r, tls, p.child("tlsConfig"));
    e.httpTimeoutMillis = readTimeoutMillis(r, field(item, "httpTimeout"), p.child("httpTimeout"));
    e.nodeCacheCapable = readBool(r, field(item, "nodeCacheCapable"), p.child("nodeCacheCapable")).value_or(false);
    e.ignorable = readBool(r, field(item, "ignorable"), p.child("ignorable")).value_or(false);
    const FieldPath resourcesPath = p.child("managedResources");
    forEachItem(r, field(item, "managedResources"), resourcesPath, [&](const DocNode& res, const FieldPath& rp) {
        if (!expectMap(r, res, rp)) return;
        rejectUnknownFields(r, res, rp, {"name", "ignoredByScheduler"});
        core::ExtenderManagedResource m;
        m.name = readString(r, field(res, "name"), rp.child("name")).value_or("");
        m.ignoredByScheduler =
            readBool(r, field(res, "ignoredByScheduler"), rp.child("ignoredByScheduler")).value_or(false);
        e.managedResources.push_back(std::move(m));
    });
    return e;
}

}  // namespace

void readExtenders(Reader& r, const DocNode& extenders, std::vector<core::ExtenderConfig>& out) {
    const FieldPath path("extenders");
    std::vector<DocNode> items;
    forEachItem(r, extenders, path, [&](const DocNode& item, const FieldPath& p) {
        if (!expectMap(r, item, p)) return;
        out.push_back(readExtender(r, item, p));
        items.push_back(item);
    });
    // validateExtenders, in its order: each extender's weight and managed resources, then the
    // count of binders.
    int binders = 0;
    std::set<std::string> managed;
    for (std::size_t i = 0; i < out.size(); ++i) {
        const core::ExtenderConfig& e = out[i];
        const FieldPath p = path.index(static_cast<int>(i));
        if (!e.prioritizeVerb.empty() && e.weight <= 0) {
            const DocNode w = field(items[i], "weight");
            r.error(present(w) ? w : items[i], p.child("weight"),
                    "Invalid value: " + std::to_string(e.weight) + ": must have a positive weight applied to it");
        }
        if (!e.bindVerb.empty()) ++binders;
        const FieldPath resourcesPath = p.child("managedResources");
        const DocNode resources = field(items[i], "managedResources");
        for (std::size_t j = 0; j < e.managedResources.size(); ++j) {
            const FieldPath rp = resourcesPath.index(static_cast<int>(j));
            const FieldPath namePath = rp.child("name");
            const DocNode at = resources.isSequence() && j < resources.size() ? resources.item(j) : items[i];
            const std::string& name = e.managedResources[j].name;
            checkManagedResourceName(r, present(field(at, "name")) ? field(at, "name") : at, namePath, name);
            if (!managed.insert(name).second)
                r.error(at, namePath, "Invalid value: " + quoted(name) + ": duplicate extender managed resource name");
        }
    }
    if (binders > 1)
        r.error(extenders, path,
                "Invalid value: \"found " + std::to_string(binders) +
                    " extenders implementing bind\": only one extender can implement bind");
}

}  // namespace berth::io::detail
