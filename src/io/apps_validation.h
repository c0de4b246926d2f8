#pragma once
/// The API server's validation of a workload where it decides what the controller creates
/// (pkg/apis/apps/validation/validation.go, pkg/apis/batch/validation/validation.go,
/// pkg/apis/core/validation/validation.go for ReplicationControllers): a selector is required
/// and not empty, and it matches the template's labels. A Deployment whose selector misses
/// its template would otherwise make pods it never counts, without end.

#include "core/api/objects.h"
#include "io/yaml_util.h"

namespace berth::io::detail {

/// Reports, in the API server's words, what ValidateDeploymentSpec and its siblings reject in
/// `w`'s selector and template labels, as read from `object`.
void validateWorkloadSelector(Reader& r, const DocNode& object, const core::Workload& w);

}  // namespace berth::io::detail
