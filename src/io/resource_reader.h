#pragma once
/// ResourceList maps (`cpu: 500m`, `memory: 1Gi`, `nvidia.com/gpu: 1`): read as named
/// quantities first, so API defaulting can work on names (requests from limits, allocatable
/// from capacity), then folded into core::ResourceList slots.

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/api/quantity.h"
#include "core/api/resource_list.h"
#include "io/yaml_util.h"

namespace berth::io::detail {

/// A ResourceList in file order. Absent in the input and empty are told apart by `present`.
struct NamedQuantities {
    bool present = false;
    std::vector<std::pair<std::string, core::Quantity>> items;

    bool has(std::string_view name) const;
};

/// Reads a ResourceList map; invalid and negative quantities are errors.
NamedQuantities readNamedQuantities(Reader& r, const DocNode& node, const FieldPath& path);

/// cpu -> milli-CPU, memory and ephemeral-storage -> bytes, pods -> count, anything else ->
/// an extended resource keyed by its interned name. Integers are rounded up as
/// Quantity.Value()/MilliValue() do.
core::ResourceList toResourceList(Reader& r, const NamedQuantities& quantities);

/// toResourceList, with which of cpu, memory and ephemeral-storage it names (an entry of 0
/// included).
core::NamedResourceList toNamedResourceList(Reader& r, const NamedQuantities& quantities);

}  // namespace berth::io::detail
