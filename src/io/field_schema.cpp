#include "io/field_schema.h"

#include <algorithm>

namespace berth::io::detail {

std::int32_t schemaTypeOfKind(std::string_view kind) {
    const SchemaRoot* end = kSchemaRoots + kSchemaRootCount;
    const SchemaRoot* it = std::lower_bound(kSchemaRoots, end, kind,
                                            [](const SchemaRoot& root, std::string_view k) { return root.kind < k; });
    return it != end && it->kind == kind ? it->type : -1;
}

const SchemaField* findSchemaField(std::int32_t type, std::string_view name) {
    if (type < 0 || static_cast<std::size_t>(type) >= kSchemaTypeCount) return nullptr;
    const SchemaType& t = kSchemaTypes[type];
    const SchemaField* begin = kSchemaFields + t.firstField;
    const SchemaField* end = begin + t.fieldCount;
    const SchemaField* it =
        std::lower_bound(begin, end, name, [](const SchemaField& field, std::string_view n) { return field.name < n; });
    return it != end && it->name == name ? it : nullptr;
}

}  // namespace berth::io::detail
