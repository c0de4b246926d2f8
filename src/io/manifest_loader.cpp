#include "io/manifest_loader.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <unordered_set>

#include "io/admission_object_readers.h"
#include "io/apps_validation.h"
#include "io/config_reader.h"
#include "io/input_limits.h"
#include "io/json_documents.h"
#include "io/node_reader.h"
#include "io/object_readers.h"
#include "io/pod_reader.h"
#include "io/run_duration.h"
#include "io/yaml_documents.h"
#include "io/yaml_util.h"

namespace berth::io {
namespace {

using detail::FieldPath;
using detail::Reader;

constexpr const char* kConfigApiVersion = "kubescheduler.config.k8s.io/v1";

// The apiVersion each kind is read as. Another version of a known kind is read the same way
// with a warning (the fields the scheduler reads have not changed shape).
struct KindInfo {
    const char* kind;
    const char* apiVersion;
};
constexpr KindInfo kKinds[] = {
    {"Node", "v1"},
    {"Pod", "v1"},
    {"Namespace", "v1"},
    {"Service", "v1"},
    {"ReplicationController", "v1"},
    {"Deployment", "apps/v1"},
    {"ReplicaSet", "apps/v1"},
    {"StatefulSet", "apps/v1"},
    {"DaemonSet", "apps/v1"},
    {"Job", "batch/v1"},
    {"PriorityClass", "scheduling.k8s.io/v1"},
    {"PodDisruptionBudget", "policy/v1"},
    {"LimitRange", "v1"},
    {"RuntimeClass", "node.k8s.io/v1"},
    {"KubeSchedulerConfiguration", kConfigApiVersion},
};

const KindInfo* findKind(std::string_view kind) {
    for (const auto& k : kKinds)
        if (kind == k.kind) return &k;
    return nullptr;
}

std::optional<core::WorkloadKind> workloadKind(std::string_view kind) {
    if (kind == "Deployment") return core::WorkloadKind::Deployment;
    if (kind == "ReplicaSet") return core::WorkloadKind::ReplicaSet;
    if (kind == "StatefulSet") return core::WorkloadKind::StatefulSet;
    if (kind == "ReplicationController") return core::WorkloadKind::ReplicationController;
    if (kind == "Job") return core::WorkloadKind::Job;
    if (kind == "DaemonSet") return core::WorkloadKind::DaemonSet;
    return std::nullopt;
}

bool isClusterScoped(std::string_view kind) {
    return kind == "Node" || kind == "Namespace" || kind == "PriorityClass" || kind == "RuntimeClass";
}

// Best effort, for messages about objects that fail before their metadata is read.
std::string peekName(const detail::DocNode& object, std::string_view kind) {
    const detail::DocNode meta = detail::field(object, "metadata");
    const detail::DocNode name = detail::field(meta, "name");
    if (!detail::present(name) || !name.isScalar()) return {};
    const std::string n(name.scalar());
    const detail::DocNode ns = detail::field(meta, "namespace");
    if (detail::present(ns) && ns.isScalar() && !ns.scalar().empty()) return std::string(ns.scalar()) + "/" + n;
    if (findKind(kind) && !isClusterScoped(kind)) return "default/" + n;
    return n;
}

// Whether an API server stored the object (it set one of these): its admission ran then.
bool isStored(const detail::DocNode& object) {
    const detail::DocNode meta = detail::field(object, "metadata");
    return detail::present(detail::field(meta, "uid")) || detail::present(detail::field(meta, "resourceVersion")) ||
           detail::present(detail::field(meta, "creationTimestamp")) ||
           detail::present(detail::field(object, "status"));
}

// Everything one call of loadManifestText works with.
struct Loader {
    core::Cluster& cluster;
    LoadResult& result;
    const LoadOptions& options;
    const std::string& file;
    int lineOffset = 0;

    detail::DocumentOrigin origin() const { return {&file, lineOffset}; }

    Reader reader(const std::string& kind, const detail::DocNode& object) {
        return Reader(cluster.pool, result.diagnostics, origin(), kind, object);
    }

    void finalise(core::Pod& pod) {
        core::computeDerived(pod, options.version, cluster.pool.intern("TCP"), cluster.pool.intern("0.0.0.0"));
    }

    // Pod-level resources count from 1.34 (gate PodLevelResources beta and on); before, the API
    // server drops spec.resources. Said, not silently ignored.
    void warnPodLevelResources(const core::Pod& pod, const std::string& kind, const std::string& name) {
        if (pod.podResources.empty() || options.version.atLeast(34)) return;
        Diagnostic d;
        d.severity = Severity::Warning;
        d.file = pod.source.file;
        d.line = pod.source.line;
        d.column = pod.source.column;
        d.kind = kind;
        d.name = name;
        d.message = "spec.resources (pod-level resources) is ignored: Kubernetes " + options.version.toString() +
                    " has the feature gate PodLevelResources off (on from 1.34)";
        result.diagnostics.add(std::move(d));
    }

    // True when `key` is new; otherwise reports the duplicate with both locations.
    bool claim(Reader& r, const detail::DocNode& object, const std::string& key) {
        detail::indexCluster(result.index, cluster);
        if (const core::SourceRef* first = detail::findObject(result.index, key)) {
            r.error(object, FieldPath(), "duplicate object: already defined at " + first->toString());
            return false;
        }
        return true;
    }

    void loadObject(const detail::DocNode& object, const std::string& defaultKind,
                    const std::string& defaultApiVersion);
    void loadObjectUnsorted(const detail::DocNode& object, const std::string& defaultKind,
                            const std::string& defaultApiVersion);
    void loadList(const detail::DocNode& object, const std::string& kind, const std::string& apiVersion);
    void loadKind(const std::string& kind, const detail::DocNode& object);
    void loadConfig(const detail::DocNode& object, const std::string& apiVersion);
};

void Loader::loadObject(const detail::DocNode& object, const std::string& defaultKind,
                        const std::string& defaultApiVersion) {
    if (!detail::present(object)) return;  // an empty document
    if (++result.objectsRead > detail::kMaxObjects) {
        if (result.objectsRead == detail::kMaxObjects + 1)
            reader("", object)
                .error(object, FieldPath(),
                       "more than " + std::to_string(detail::kMaxObjects) +
                           " objects; this one and those after it are not read");
        return;
    }
    // Readers visit fields in their own order; report an object's problems in file order.
    const std::size_t firstDiagnostic = result.diagnostics.items.size();
    loadObjectUnsorted(object, defaultKind, defaultApiVersion);
    auto& items = result.diagnostics.items;
    std::stable_sort(items.begin() + static_cast<std::ptrdiff_t>(firstDiagnostic), items.end(),
                     [](const Diagnostic& a, const Diagnostic& b) {
                         return a.line != b.line ? a.line < b.line : a.column < b.column;
                     });
}

void Loader::loadObjectUnsorted(const detail::DocNode& object, const std::string& defaultKind,
                                const std::string& defaultApiVersion) {
    Reader header = reader(defaultKind, object);
    header.setName(peekName(object, defaultKind));
    if (!object.isMap()) {
        header.error(object, FieldPath(), std::string("a document must be a map, got ") + detail::typeName(object));
        return;
    }
    // Items of a typed list (PodList) may omit kind and apiVersion: the list's are used.
    auto readHeaderField = [&](const char* key, const std::string& fallback) -> std::optional<std::string> {
        const detail::DocNode node = detail::field(object, key);
        if (!detail::present(node)) return fallback;
        return detail::readString(header, node, FieldPath(key));  // nullopt: reported
    };
    const auto kindField = readHeaderField("kind", defaultKind);
    const auto apiVersionField = readHeaderField("apiVersion", defaultApiVersion);
    const std::string kind = kindField.value_or(std::string());
    const std::string apiVersion = apiVersionField.value_or(std::string());
    header.setKind(kind);
    header.setName(peekName(object, kind));
    if (kindField && kind.empty()) header.error(object, FieldPath("kind"), "is required");
    if (apiVersionField && apiVersion.empty()) header.error(object, FieldPath("apiVersion"), "is required");
    if (header.errorCount() > 0) return;

    // `kind: List` (kubectl get -o yaml) and typed lists (PodList) carry objects in items.
    if (kind == "List" ||
        (kind.size() > 4 && kind.ends_with("List") && detail::present(detail::field(object, "items")))) {
        detail::validateListFields(header, object, options.fieldValidation);
        if (header.errorCount() > 0) return;
        loadList(object, kind, apiVersion);
        return;
    }
    const KindInfo* info = findKind(kind);
    if (!info) {
        Reader r = reader(kind, object);
        r.setName(peekName(object, kind));
        r.warning(object, FieldPath(), "unknown kind \"" + kind + "\" (apiVersion " + apiVersion + "); object skipped");
        return;
    }
    if (kind == "KubeSchedulerConfiguration") {
        loadConfig(object, apiVersion);
        return;
    }
    if (apiVersion != info->apiVersion) {
        Reader r = reader(kind, object);
        r.setName(peekName(object, kind));
        r.warning(detail::field(object, "apiVersion"), FieldPath("apiVersion"),
                  "unexpected apiVersion \"" + apiVersion + "\" for " + kind + "; read as " + info->apiVersion);
    }
    loadKind(kind, object);
}

void Loader::loadList(const detail::DocNode& object, const std::string& kind, const std::string& apiVersion) {
    Reader r = reader(kind, object);
    // Items of a typed list have the list's kind without "List" and its apiVersion.
    const std::string itemKind = kind == "List" ? std::string() : kind.substr(0, kind.size() - 4);
    const std::string itemApiVersion = kind == "List" ? std::string() : apiVersion;
    detail::forEachItem(
        r, detail::field(object, "items"), FieldPath("items"),
        [&](const detail::DocNode& item, const FieldPath&) { loadObject(item, itemKind, itemApiVersion); });
}

void Loader::loadKind(const std::string& kind, const detail::DocNode& object) {
    Reader r = reader(kind, object);
    r.setName(peekName(object, kind));
    // Reported with the readers' own problems; an error skips the object like theirs do.
    detail::validateFields(r, kind, object, options.fieldValidation);
    if (kind == "Node") {
        core::Node node;
        detail::readNode(r, object, node);
        if (r.errorCount() == 0 && claim(r, object, detail::objectKey(kind, "", node.name)))
            cluster.addNode(std::move(node));
    } else if (kind == "Pod") {
        core::Pod pod;
        detail::readPod(r, object, pod);
        const std::int64_t lifetime = detail::readRunDuration(r, object, kind);
        if (r.errorCount() == 0 && claim(r, object, detail::objectKey(kind, cluster.pool.str(pod.ns), pod.name))) {
            if (lifetime >= 0)
                result.runDurations[detail::objectKey(kind, cluster.pool.str(pod.ns), pod.name)] = lifetime;
            finalise(pod);
            warnPodLevelResources(pod, kind, std::string(cluster.pool.str(pod.ns)) + "/" + pod.name);
            if (!isStored(object)) result.podsToAdmit.push_back(static_cast<std::uint32_t>(cluster.pods.size()));
            cluster.addPod(std::move(pod));
        }
    } else if (auto wk = workloadKind(kind)) {
        core::Workload w;
        detail::readWorkload(r, object, *wk, w);
        detail::validateWorkloadSelector(r, object, w);
        const std::int64_t lifetime = detail::readRunDuration(r, object, kind);
        if (r.errorCount() == 0 && claim(r, object, detail::objectKey(kind, cluster.pool.str(w.ns), w.name))) {
            if (lifetime >= 0)
                result.runDurations[detail::objectKey(kind, cluster.pool.str(w.ns), w.name)] = lifetime;
            finalise(w.podTemplate);
            warnPodLevelResources(w.podTemplate, kind, std::string(cluster.pool.str(w.ns)) + "/" + w.name);
            cluster.workloads.push_back(std::move(w));
        }
    } else if (kind == "Namespace") {
        core::Namespace ns;
        detail::readNamespace(r, object, ns);
        if (r.errorCount() == 0 && claim(r, object, detail::objectKey(kind, "", cluster.pool.str(ns.name))))
            cluster.namespaces.push_back(std::move(ns));
    } else if (kind == "Service") {
        core::Service s;
        detail::readService(r, object, s);
        if (r.errorCount() == 0 && claim(r, object, detail::objectKey(kind, cluster.pool.str(s.ns), s.name)))
            cluster.services.push_back(std::move(s));
    } else if (kind == "PriorityClass") {
        core::PriorityClass pc;
        detail::readPriorityClass(r, object, pc);
        if (r.errorCount() == 0 && claim(r, object, detail::objectKey(kind, "", pc.name)))
            cluster.priorityClasses.push_back(std::move(pc));
    } else if (kind == "PodDisruptionBudget") {
        core::PodDisruptionBudget pdb;
        detail::readPodDisruptionBudget(r, object, pdb);
        if (r.errorCount() == 0 && claim(r, object, detail::objectKey(kind, cluster.pool.str(pdb.ns), pdb.name)))
            cluster.pdbs.push_back(std::move(pdb));
    } else if (kind == "LimitRange") {
        core::LimitRange lr;
        detail::readLimitRange(r, object, lr);
        if (r.errorCount() == 0 && claim(r, object, detail::objectKey(kind, cluster.pool.str(lr.ns), lr.name)))
            cluster.limitRanges.push_back(std::move(lr));
    } else if (kind == "RuntimeClass") {
        core::RuntimeClass rc;
        detail::readRuntimeClass(r, object, rc);
        if (r.errorCount() == 0 && claim(r, object, detail::objectKey(kind, "", rc.name)))
            cluster.runtimeClasses.push_back(std::move(rc));
    }
    detail::indexCluster(result.index, cluster);
}

void Loader::loadConfig(const detail::DocNode& object, const std::string& apiVersion) {
    Reader r = reader("KubeSchedulerConfiguration", object);
    if (apiVersion != kConfigApiVersion) {
        r.error(detail::field(object, "apiVersion"), FieldPath("apiVersion"),
                "unsupported apiVersion \"" + apiVersion + "\"; expected " + kConfigApiVersion);
        return;
    }
    if (result.config) {
        r.error(object, FieldPath(), "duplicate object: already defined at " + result.config->source.toString());
        return;
    }
    core::SchedulerConfiguration config;
    detail::validateFields(r, "KubeSchedulerConfiguration", object, options.fieldValidation);
    detail::readSchedulerConfiguration(r, object, config);
    if (r.errorCount() == 0) result.config = std::move(config);
}

void parseError(Diagnostics& diagnostics, const std::string& file, const detail::YamlChunk& chunk) {
    Diagnostic d;
    d.severity = Severity::Error;
    d.file = file;
    d.line = chunk.errorLine;
    d.column = chunk.errorColumn;
    d.message = "invalid YAML: " + chunk.errorMessage;
    diagnostics.add(std::move(d));
}

}  // namespace

std::optional<std::string> readManifestFile(const std::string& path, Diagnostics& diagnostics,
                                            std::string& displayName) {
    displayName = path == "-" ? std::string("<stdin>") : path;
    auto fail = [&](const std::string& why) {
        Diagnostic d;
        d.severity = Severity::Error;
        d.file = displayName;
        d.message = "cannot read file: " + why;
        diagnostics.add(std::move(d));
        return std::nullopt;
    };
    if (path == "-") {
        std::ostringstream out;
        out << std::cin.rdbuf();
        if (std::cin.bad()) return fail("read error on standard input");
        return out.str();
    }
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) return fail("is a directory");
    std::ifstream in(path, std::ios::binary);
    if (!in) return fail(std::strerror(errno));
    // One read of the whole file: istreambuf_iterator goes a character at a time, which cost
    // as much as parsing the JSON fast path.
    std::string text;
    in.seekg(0, std::ios::end);
    const std::streamoff size = in.tellg();
    in.seekg(0, std::ios::beg);
    if (size > 0) {
        text.resize(static_cast<std::size_t>(size));
        in.read(text.data(), size);
        text.resize(static_cast<std::size_t>(in.gcount()));
    } else {
        // Not seekable (a pipe, /dev/stdin): read it as a stream.
        in.clear();
        std::ostringstream out;
        out << in.rdbuf();
        text = out.str();
    }
    if (in.bad()) return fail(std::strerror(errno));
    return text;
}

void loadManifestText(std::string_view text, const std::string& fileName, core::Cluster& cluster, LoadResult& result,
                      const LoadOptions& options) {
    if (options.keepSourceText) {
        if (!options.textOutlivesResult) {
            result.ownedSourceTexts.push_back(std::make_shared<const std::string>(text));
            text = *result.ownedSourceTexts.back();
        }
        result.sourceTexts[fileName] = text;
    }
    Loader loader{cluster, result, options, fileName};
    core::Progress* progress = options.progress;
    std::uint64_t reported = 0;  // bytes of `text` added to progress so far
    auto loadChunk = [&](const detail::YamlChunk& chunk) {
        if (chunk.failed) {
            parseError(result.diagnostics, fileName, chunk);
            return;
        }
        loader.lineOffset = chunk.lineOffset;
        for (const auto& doc : chunk.documents) loader.loadObject(doc, "", "");
    };
    // `kubectl get -o json` output takes the JSON parser, many times faster than yaml-cpp. A
    // text that only looks like JSON but is not valid JSON is read as YAML, which it may be
    // (flow style), and otherwise gets yaml-cpp's message and position.
    if (detail::looksLikeJson(text)) {
        if (const auto chunk = detail::parseJsonDocument(text)) {
            if (progress && progress->cancelled()) return;
            loadChunk(*chunk);
            if (progress) progress->add(text.size());
            return;
        }
    }
    detail::parseYamlPieces(
        detail::splitYamlDocuments(text), [&](const detail::YamlPiece& piece, const detail::YamlChunk& chunk) {
            if (progress && progress->cancelled()) return false;
            loadChunk(chunk);
            if (progress) {
                // Up to the end of this piece: separators and blank lines between pieces count too.
                const auto end = static_cast<std::uint64_t>(piece.text.data() + piece.text.size() - text.data());
                progress->add(end - reported);
                reported = end;
            }
            return true;
        });
    if (progress && !progress->cancelled()) progress->add(text.size() - reported);
}

void loadManifestFile(const std::string& path, core::Cluster& cluster, LoadResult& result, const LoadOptions& options) {
    std::string name;
    if (auto text = readManifestFile(path, result.diagnostics, name))
        loadManifestText(*text, name, cluster, result, options);
}

void validateCluster(core::Cluster& cluster, LoadResult& result) {
    std::unordered_set<core::Sym> nodeNames;
    for (std::size_t i = 0; i < cluster.nodes.size(); ++i)
        if (!cluster.nodeRemoved[i]) nodeNames.insert(cluster.nodes[i].nameSym);
    for (std::size_t i = 0; i < cluster.pods.size(); ++i) {
        const core::Pod& pod = cluster.pods[i];
        if (cluster.podRemoved[i] || pod.nodeName == core::kEmptySym) continue;
        // The scheduler drops terminal pods, so where they ran does not matter.
        if (pod.phase == core::PodPhase::Succeeded || pod.phase == core::PodPhase::Failed) continue;
        if (nodeNames.count(pod.nodeName)) continue;
        Diagnostic d;
        d.severity = Severity::Error;
        d.file = pod.source.file;
        d.line = pod.source.line;
        d.column = pod.source.column;
        d.kind = "Pod";
        d.name = cluster.podKey(pod);
        d.message = "spec.nodeName: node \"" + std::string(cluster.pool.str(pod.nodeName)) + "\" does not exist";
        result.diagnostics.add(std::move(d));
    }
}

void addImplicitNamespaces(core::Cluster& cluster) {
    const core::Sym metadataName = cluster.pool.intern("kubernetes.io/metadata.name");
    auto ensure = [&](core::Sym ns) {
        if (ns == core::kEmptySym || cluster.findNamespace(ns)) return;
        core::Namespace n;
        n.name = ns;
        n.labels.set(metadataName, ns);
        cluster.namespaces.push_back(std::move(n));
    };
    for (std::size_t i = 0; i < cluster.pods.size(); ++i)
        if (!cluster.podRemoved[i]) ensure(cluster.pods[i].ns);
    for (const auto& w : cluster.workloads) ensure(w.ns);
    for (const auto& s : cluster.services) ensure(s.ns);
    for (const auto& p : cluster.pdbs) ensure(p.ns);
}

std::optional<core::SchedulerConfiguration> loadSchedulerConfigFile(const std::string& path, Diagnostics& diagnostics) {
    std::string name;
    const auto text = readManifestFile(path, diagnostics, name);
    if (!text) return std::nullopt;
    return loadSchedulerConfigText(*text, name, diagnostics);
}

std::optional<core::SchedulerConfiguration> loadSchedulerConfigText(std::string_view text, const std::string& name,
                                                                    Diagnostics& diagnostics) {
    // Read it like a manifest into a scratch cluster, then insist it held only the config.
    core::Cluster scratch;
    LoadResult result;
    loadManifestText(text, name, scratch, result);
    bool ok = !result.diagnostics.hasErrors();
    if (!scratch.nodes.empty() || !scratch.pods.empty() || !scratch.workloads.empty() || !scratch.namespaces.empty() ||
        !scratch.services.empty() || !scratch.priorityClasses.empty() || !scratch.pdbs.empty() ||
        !scratch.limitRanges.empty() || !scratch.runtimeClasses.empty()) {
        Diagnostic d;
        d.file = name;
        d.message = "a scheduler configuration file may only contain a KubeSchedulerConfiguration";
        result.diagnostics.add(std::move(d));
        ok = false;
    }
    if (ok && !result.config) {
        Diagnostic d;
        d.file = name;
        d.message = "no KubeSchedulerConfiguration (apiVersion kubescheduler.config.k8s.io/v1) found";
        result.diagnostics.add(std::move(d));
        ok = false;
    }
    for (auto& d : result.diagnostics.items) diagnostics.add(std::move(d));
    if (!ok) return std::nullopt;
    return result.config;
}

}  // namespace berth::io
