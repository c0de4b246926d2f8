#pragma once
/// KubeSchedulerConfiguration (kubescheduler.config.k8s.io/v1) into core::SchedulerConfiguration,
/// with upstream's defaulting (pkg/scheduler/apis/config/v1/defaults.go) and validation
/// (pkg/scheduler/apis/config/validation/validation.go, validation_pluginargs.go). Upstream
/// decodes the file strictly, so unknown fields are errors here too.

#include "core/profile/config.h"
#include "io/yaml_util.h"

namespace berth::io::detail {

/// Reads one KubeSchedulerConfiguration object. Check r.errorCount() afterwards.
void readSchedulerConfiguration(Reader& r, const DocNode& object, core::SchedulerConfiguration& config);

}  // namespace berth::io::detail
