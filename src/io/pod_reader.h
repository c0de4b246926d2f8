#pragma once
/// Reads Pods and pod templates into core::Pod with API defaulting (namespace, schedulerName,
/// container requests from limits, a generated uid). Derived data is the caller's job
/// (core::computeDerived needs the simulated version).

#include "core/api/pod.h"
#include "io/yaml_util.h"

namespace berth::io::detail {

inline constexpr const char* kDefaultSchedulerName = "default-scheduler";

/// One toleration (spec.tolerations[], a RuntimeClass's scheduling.tolerations[]).
core::Toleration readToleration(Reader& r, const DocNode& node, const FieldPath& path);

/// A Pod object: metadata, spec, status. Check r.errorCount() to know whether it is usable.
void readPod(Reader& r, const DocNode& object, core::Pod& pod);

/// `spec.template` of a workload: metadata and spec, in the workload's namespace `ns`.
void readPodTemplate(Reader& r, const DocNode& node, const FieldPath& path, Sym ns, core::Pod& pod);

}  // namespace berth::io::detail
