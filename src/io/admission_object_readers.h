#pragma once
/// Readers for the objects admission reads (plan/controllers/admission.h): LimitRange
/// (the LimitRanger plugin's container defaults) and RuntimeClass (the RuntimeClass plugin's
/// pod overhead). Check r.errorCount() after each.

#include "core/api/objects.h"
#include "io/yaml_util.h"

namespace berth::io::detail {

/// spec.limits[] with API defaulting (pkg/apis/core/v1/defaults.go SetDefaults_LimitRangeItem)
/// and the API server's check that no type appears twice (ValidateLimitRange).
void readLimitRange(Reader& r, const DocNode& object, core::LimitRange& limitRange);
/// handler is required (ValidateRuntimeClass); overhead.podFixed as a ResourceList.
void readRuntimeClass(Reader& r, const DocNode& object, core::RuntimeClass& runtimeClass);

}  // namespace berth::io::detail
