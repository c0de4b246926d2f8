#include "io/resource_reader.h"

#include <algorithm>

namespace berth::io::detail {

bool NamedQuantities::has(std::string_view name) const {
    return std::any_of(items.begin(), items.end(), [&](const auto& item) { return item.first == name; });
}

NamedQuantities readNamedQuantities(Reader& r, const DocNode& node, const FieldPath& path) {
    NamedQuantities out;
    out.present = present(node);
    forEachEntry(r, node, path, [&](const std::string& name, const DocNode& value, const FieldPath& p) {
        if (!present(value)) {
            // Quantity.UnmarshalJSON reads null as zero: the entry exists with value 0.
            out.items.emplace_back(name, *core::Quantity::parse("0"));
            return;
        }
        auto q = readQuantity(r, value, p);
        if (!q) return;
        if (q->negative()) {
            r.error(value, p, "quantity \"" + std::string(value.scalar()) + "\" must not be negative");
            return;
        }
        out.items.emplace_back(name, *q);
    });
    return out;
}

core::ResourceList toResourceList(Reader& r, const NamedQuantities& quantities) {
    core::ResourceList list;
    for (const auto& [name, q] : quantities.items) {
        if (name == "cpu")
            list.milliCpu = q.milliValue();
        else if (name == "memory")
            list.memory = q.value();
        else if (name == "ephemeral-storage")
            list.ephemeralStorage = q.value();
        else if (name == "pods")
            list.pods = q.value();
        else
            list.setScalar(r.intern(name), q.value());
    }
    return list;
}

core::NamedResourceList toNamedResourceList(Reader& r, const NamedQuantities& quantities) {
    core::NamedResourceList out;
    out.amounts = toResourceList(r, quantities);
    out.cpu = quantities.has("cpu");
    out.memory = quantities.has("memory");
    out.ephemeralStorage = quantities.has("ephemeral-storage");
    return out;
}

}  // namespace berth::io::detail
