#pragma once
/// Pod fields from which upstream's NodeDeclaredFeatures plugin (on by default from 1.36, GA
/// in 1.37) infers node features the pod needs; Berth models neither those fields nor the
/// features nodes declare, so it warns instead of deciding silently as if they were absent.

#include "io/yaml_util.h"

namespace berth::io::detail {

/// Warns, at the field, for each use in a pod spec of a feature that component-helpers
/// nodedeclaredfeatures/features (v0.37.2) infers for scheduling: a restartPolicyRules
/// action RestartAllContainers (RestartAllContainersOnContainerExits), hostNetwork with
/// hostUsers false (UserNamespacesHostNetworkSupport), volumeMounts bindMountOptions
/// (VolumeBindMountOptions).
void warnNodeDeclaredFeatures(Reader& r, const DocNode& spec, const FieldPath& path);

}  // namespace berth::io::detail
