#pragma once
/// The default profile and the merge of a user's profile with it
/// (pkg/scheduler/apis/config/v1/default_plugins.go: getDefaultPlugins, mergePlugins).

#include "core/api/version.h"
#include "core/profile/config.h"

namespace berth::core {

/// The default `multiPoint.enabled` list, in order, with Score weights (UPSTREAM 3.1 / 3.2).
PluginSet defaultMultiPoint(const KubeVersion& version);

/// The user's plugin sets merged onto the defaults, as the v1 config defaulting does.
PluginsConfig mergeWithDefaults(const PluginsConfig& user, const KubeVersion& version);

/// A configuration with every profile defaulted; no profiles -> one default profile.
SchedulerConfiguration applyDefaults(SchedulerConfiguration config, const KubeVersion& version);

}  // namespace berth::core
