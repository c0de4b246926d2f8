#pragma once
/// The `extenders:` list of a KubeSchedulerConfiguration (config/v1 Extender) into
/// core::ExtenderConfig: decoded strictly (unknown fields are errors), httpTimeout as Go reads a
/// duration, the TLS *Data fields from base64, the 5 s default timeout of NewHTTPExtender
/// (pkg/scheduler/extender.go), and validateExtenders (apis/config/validation/validation.go).

#include <vector>

#include "core/profile/config.h"
#include "io/yaml_util.h"

namespace berth::io::detail {

/// Reads and validates `extenders` (absent: none). Check r.errorCount() afterwards.
void readExtenders(Reader& r, const DocNode& extenders, std::vector<core::ExtenderConfig>& out);

}  // namespace berth::io::detail
