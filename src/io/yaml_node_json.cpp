#include "io/yaml_node_json.h"

#include <cctype>
#include <charconv>
#include <string>

namespace berth::io::detail {
namespace {

/// An integer JSON accepts as written: an optional minus, then digits without a leading zero.
bool isJsonInteger(const std::string& s) {
    std::size_t i = s.starts_with('-') ? 1 : 0;
    if (i >= s.size() || (s[i] == '0' && s.size() > i + 1)) return false;
    for (; i < s.size(); ++i)
        if (!std::isdigit(static_cast<unsigned char>(s[i]))) return false;
    return true;
}

void writeScalar(JsonWriter& w, const YAML::Node& node) {
    const std::string& s = node.Scalar();
    if (node.Tag() == "!") {
        w.value(s);
        return;
    }
    std::int64_t n = 0;
    if (isJsonInteger(s) && std::from_chars(s.data(), s.data() + s.size(), n).ec == std::errc{}) {
        w.value(n);
    } else if (s == "true" || s == "false") {
        w.value(s == "true");
    } else if (s == "~" || s == "null") {
        w.null();
    } else {
        w.value(s);
    }
}

}  // namespace

void writeYamlAsJson(JsonWriter& w, const YAML::Node& node) {
    switch (node.Type()) {
        case YAML::NodeType::Map:
            w.beginObject();
            for (const auto& kv : node) {
                w.key(kv.first.Scalar());
                writeYamlAsJson(w, kv.second);
            }
            w.endObject();
            return;
        case YAML::NodeType::Sequence:
            w.beginArray();
            for (const auto& item : node) writeYamlAsJson(w, item);
            w.endArray();
            return;
        case YAML::NodeType::Scalar: writeScalar(w, node); return;
        case YAML::NodeType::Null:
        case YAML::NodeType::Undefined: break;
    }
    w.null();
}

}  // namespace berth::io::detail
