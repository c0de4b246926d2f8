#pragma once
/// Reads Kubernetes manifests (multi-document YAML, `kind: List`) into a core::Cluster, with
/// API defaulting applied and every problem reported as a Diagnostic.

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/api/cluster.h"
#include "core/api/version.h"
#include "core/profile/config.h"
#include "core/progress.h"
#include "io/diagnostics.h"
#include "io/field_validation.h"
#include "io/object_index.h"

namespace berth::io {

struct LoadOptions {
    core::KubeVersion version = core::KubeVersion::newest();
    /// Unknown and duplicate fields: errors by default, as `kubectl apply` has the API server
    /// report them (`--validate=strict`).
    FieldValidation fieldValidation = FieldValidation::Strict;
    /// Keep each file's text in LoadResult::sourceTexts, for exports that re-emit the objects
    /// as the user wrote them (`berthctl -o yaml`). Off by default: it costs the text's size.
    bool keepSourceText = false;
    /// With keepSourceText: the caller keeps the text alive as long as the LoadResult (a
    /// plan keeps its input's texts), so the result holds a view of it, not a copy.
    bool textOutlivesResult = false;
    /// Reports the bytes read (Progress::add) and stops at the next document when cancelled;
    /// the caller then discards the cluster. Null: no reporting.
    core::Progress* progress = nullptr;
};

/// The result of loading one or more files into one cluster.
struct LoadResult {
    std::optional<core::SchedulerConfiguration> config;  // a KubeSchedulerConfiguration, if any
    Diagnostics diagnostics;
    ObjectIndex index;            // every object loaded so far, to report duplicates across files
    std::size_t objectsRead = 0;  // documents and List items, against input_limits.h's bound
    /// Ids of the Pods that have not been through an API server (no metadata.uid,
    /// resourceVersion or creationTimestamp, no status): a manifest, which admission has yet
    /// to see (plan/controllers/admission.h). A dump's Pods were admitted when stored.
    std::vector<std::uint32_t> podsToAdmit;
    /// objectKey("Pod" or "Job", namespace, name) -> the lifetime in ns that object's
    /// berth.dev/duration gives its pods (io/run_duration.h).
    std::map<std::string, std::int64_t> runDurations;
    /// File name (as in SourceRef::file) -> its text; filled when LoadOptions::keepSourceText.
    /// A view of the caller's text (LoadOptions::textOutlivesResult) or of ownedSourceTexts.
    std::map<std::string, std::string_view> sourceTexts;
    /// The copies sourceTexts views when the caller's text does not outlive the result;
    /// shared, so a copied LoadResult's views stay valid.
    std::vector<std::shared_ptr<const std::string>> ownedSourceTexts;
};

/// Loads YAML text (named `fileName` in messages) into `cluster`. Objects with errors are
/// skipped; the rest of the file is still loaded. Pods are finalised with computeDerived.
/// Pending pods keep file order in cluster.pods.
void loadManifestText(std::string_view text, const std::string& fileName, core::Cluster& cluster, LoadResult& result,
                      const LoadOptions& options = {});

/// The whole file, or standard input for "-" (named "<stdin>" in `displayName`); nullopt,
/// with a diagnostic, when it cannot be read.
std::optional<std::string> readManifestFile(const std::string& path, Diagnostics& diagnostics,
                                            std::string& displayName);

/// Reads a file (or standard input for "-") and loads it.
void loadManifestFile(const std::string& path, core::Cluster& cluster, LoadResult& result,
                      const LoadOptions& options = {});

/// Checks that only make sense once every file is in: pods bound to nodes that do not exist
/// (terminal pods, which the scheduler ignores, are exempt).
void validateCluster(core::Cluster& cluster, LoadResult& result);

/// Adds a Namespace (labelled `kubernetes.io/metadata.name`, as the API server does) for every
/// namespace that pods, workloads, services or budgets use but no file declares, so that
/// namespaceSelectors see them as a real cluster would. Optional: call after loading.
void addImplicitNamespaces(core::Cluster& cluster);

/// Parses a standalone KubeSchedulerConfiguration text named `name`: it may hold nothing else.
std::optional<core::SchedulerConfiguration> loadSchedulerConfigText(std::string_view text, const std::string& name,
                                                                    Diagnostics& diagnostics);

/// Parses a standalone KubeSchedulerConfiguration file (`--config`).
std::optional<core::SchedulerConfiguration> loadSchedulerConfigFile(const std::string& path, Diagnostics& diagnostics);

}  // namespace berth::io
