#pragma once
/// Reads Kubernetes manifests (multi-document YAML, `kind: List`) into a core::Cluster, with
/// API defaulting applied and every problem reported as a Diagnostic.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/api/cluster.h"
#include "core/api/version.h"
#include "core/profile/config.h"
#include "io/diagnostics.h"

namespace berth::io {

struct LoadOptions {
    core::KubeVersion version = core::KubeVersion::newest();
};

/// The result of loading one or more files into one cluster.
struct LoadResult {
    std::optional<core::SchedulerConfiguration> config;  // a KubeSchedulerConfiguration, if any
    Diagnostics diagnostics;
};

/// Loads YAML text (named `fileName` in messages) into `cluster`. Objects with errors are
/// skipped; the rest of the file is still loaded. Pods are finalised with computeDerived.
/// Pending pods keep file order in cluster.pods.
void loadManifestText(std::string_view text, const std::string& fileName, core::Cluster& cluster,
                      LoadResult& result, const LoadOptions& options = {});

/// Reads a file (or standard input for "-") and loads it.
void loadManifestFile(const std::string& path, core::Cluster& cluster, LoadResult& result,
                      const LoadOptions& options = {});

/// Checks that only make sense once every file is in: pods bound to nodes that do not exist.
void validateCluster(core::Cluster& cluster, LoadResult& result);

/// Parses a standalone KubeSchedulerConfiguration file (`--config`).
std::optional<core::SchedulerConfiguration> loadSchedulerConfigFile(const std::string& path,
                                                                     Diagnostics& diagnostics);

}  // namespace berth::io
