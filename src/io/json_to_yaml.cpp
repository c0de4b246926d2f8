#include "io/json_to_yaml.h"

#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <algorithm>
#include <array>
#include <cctype>

namespace berth::io {
namespace {

using Value = rapidjson::Value;

/// The value as JSON text: strings quoted and escaped, numbers as JSON wrote them.
std::string jsonScalar(const Value& v) {
    rapidjson::StringBuffer buffer;
    rapidjson::Writer<rapidjson::StringBuffer> writer(buffer);
    v.Accept(writer);
    return std::string(buffer.GetString(), buffer.GetSize());
}

/// A key YAML reads back as the same string without quotes: a name-like word that YAML 1.1
/// does not take for a boolean or null.
bool plainKey(std::string_view k) {
    static constexpr std::array<std::string_view, 14> kReserved{"true", "false", "null", "yes",   "no",   "on",  "off",
                                                                "y",    "n",     "True", "False", "Null", "Yes", "No"};
    if (k.empty() || !(std::isalpha(static_cast<unsigned char>(k[0])) || k[0] == '_')) return false;
    if (std::find(kReserved.begin(), kReserved.end(), k) != kReserved.end()) return false;
    return std::all_of(k.begin(), k.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.' || c == '/';
    });
}

bool isBlock(const Value& v) { return (v.IsObject() && v.MemberCount() > 0) || (v.IsArray() && !v.Empty()); }

std::string inlineValue(const Value& v) {
    if (v.IsObject()) return "{}";
    if (v.IsArray()) return "[]";
    return jsonScalar(v);
}

void write(const Value& v, int indent, std::string& out);

/// `v` after "key:" or "-": inline when a scalar or empty, else on the lines below.
void writeAfter(const Value& v, int indent, std::string& out) {
    if (!isBlock(v)) {
        out += ' ';
        out += inlineValue(v);
        out += '\n';
        return;
    }
    out += '\n';
    write(v, indent, out);
}

void write(const Value& v, int indent, std::string& out) {
    const std::string pad(static_cast<std::size_t>(indent), ' ');
    if (v.IsObject()) {
        for (auto m = v.MemberBegin(); m != v.MemberEnd(); ++m) {
            const std::string_view key(m->name.GetString(), m->name.GetStringLength());
            out += pad;
            out += plainKey(key) ? std::string(key) : jsonScalar(m->name);
            out += ':';
            writeAfter(m->value, indent + 2, out);
        }
    } else if (v.IsArray()) {
        for (const Value& item : v.GetArray()) {
            if (item.IsObject() && item.MemberCount() > 0) {
                // "- key: value" with the other keys below it, as people write lists of maps.
                std::string block;
                write(item, indent + 2, block);
                out += pad + "- " + block.substr(static_cast<std::size_t>(indent) + 2);
                continue;
            }
            out += pad;
            out += '-';
            writeAfter(item, indent + 2, out);
        }
    } else {
        out += pad + jsonScalar(v) + '\n';
    }
}

}  // namespace

std::string jsonToYaml(std::string_view json) {
    rapidjson::Document doc;
    doc.Parse<rapidjson::kParseFullPrecisionFlag>(json.data(), json.size());
    if (doc.HasParseError()) return {};
    std::string out;
    if (!isBlock(doc)) return inlineValue(doc) + "\n";
    write(doc, 0, out);
    return out;
}

}  // namespace berth::io
