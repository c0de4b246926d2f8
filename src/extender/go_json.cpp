#include "extender/go_json.h"

#include <cctype>
#include <charconv>

#include <rapidjson/document.h>
#include <rapidjson/error/en.h>

namespace berth::extender {
namespace {

using rapidjson::Value;

int lower(char c) { return std::tolower(static_cast<unsigned char>(c)); }

/// Go's quoteChar: 'c', or the escaped form of a byte that does not print.
std::string quoteChar(char c) {
    if (c == '\'') return "'\\''";
    if (c == '"') return "'\"'";
    if (std::isprint(static_cast<unsigned char>(c))) return std::string("'") + c + "'";
    char buf[8];
    std::snprintf(buf, sizeof buf, "'\\x%02x'", static_cast<unsigned char>(c));
    return buf;
}

/// encoding/json's SyntaxError texts for what RapidJSON reports.
std::string syntaxError(std::string_view body, rapidjson::ParseErrorCode code, std::size_t offset) {
    if (code == rapidjson::kParseErrorDocumentEmpty) return "EOF";
    if (offset >= body.size()) return "unexpected EOF";
    const std::string c = "invalid character " + quoteChar(body[offset]);
    switch (code) {
        case rapidjson::kParseErrorObjectMissName: return c + " looking for beginning of object key string";
        case rapidjson::kParseErrorObjectMissColon: return c + " after object key";
        case rapidjson::kParseErrorObjectMissCommaOrCurlyBracket: return c + " after object key:value pair";
        case rapidjson::kParseErrorArrayMissCommaOrSquareBracket: return c + " after array element";
        case rapidjson::kParseErrorStringEscapeInvalid: return c + " in string escape code";
        case rapidjson::kParseErrorStringMissQuotationMark:
        case rapidjson::kParseErrorStringInvalidEncoding: return c + " in string literal";
        case rapidjson::kParseErrorNumberMissFraction: return c + " after decimal point in numeric literal";
        case rapidjson::kParseErrorNumberMissExponent: return c + " in exponent of numeric literal";
        default: break;
    }
    return c + " looking for beginning of value";
}

/// Decodes into upstream's Go types, keeping the first type error as encoding/json does.
class GoDecoder {
public:
    std::string error;

    /// The last member whose name equals `name` ignoring ASCII case (Go's field matching).
    static const Value* field(const Value& object, std::string_view name) {
        const Value* found = nullptr;
        for (const auto& m : object.GetObject()) {
            const std::string_view key(m.name.GetString(), m.name.GetStringLength());
            if (key.size() != name.size()) continue;
            bool same = true;
            for (std::size_t i = 0; i < key.size() && same; ++i) same = lower(key[i]) == lower(name[i]);
            if (same) found = &m.value;
        }
        return found;
    }

    /// False (and the error kept) unless v is of the wanted kind; null is "leave as is".
    bool expect(const Value& v, bool ok, std::string_view where, std::string_view goType) {
        if (ok) return true;
        if (error.empty())
            error = "json: cannot unmarshal " + kind(v) + " into Go " + std::string(where) + " of type " +
                    std::string(goType);
        return false;
    }

    void string(const Value* v, std::string& out, std::string_view where) {
        if (!v || v->IsNull()) return;
        if (expect(*v, v->IsString(), where, "string")) out.assign(v->GetString(), v->GetStringLength());
    }

    void int64(const Value* v, std::int64_t& out, std::string_view where) {
        if (!v || v->IsNull()) return;
        if (expect(*v, v->IsInt64(), where, "int64")) out = v->GetInt64();
    }

    void strings(const Value* v, std::optional<std::vector<std::string>>& out, std::string_view where) {
        if (!v || v->IsNull()) return;
        if (!expect(*v, v->IsArray(), where, "[]string")) return;
        out.emplace();
        for (const auto& item : v->GetArray()) {
            std::string s;
            string(&item, s, where);
            out->push_back(std::move(s));
        }
    }

    void stringMap(const Value* v, std::map<std::string, std::string>& out, std::string_view where) {
        if (!v || v->IsNull()) return;
        if (!expect(*v, v->IsObject(), where, "v1.FailedNodesMap")) return;
        for (const auto& m : v->GetObject()) string(&m.value, out[m.name.GetString()], where);
    }

private:
    static std::string kind(const Value& v) {
        if (v.IsString()) return "string";
        if (v.IsBool()) return "bool";
        if (v.IsArray()) return "array";
        if (v.IsObject()) return "object";
        if (v.IsNumber() && !v.IsInt64()) {
            char buf[32];
            const auto r = std::to_chars(buf, buf + sizeof buf, v.GetDouble());
            return "number " + std::string(buf, r.ptr);
        }
        return "number";
    }
};

/// Parses the first JSON value of the body; "" or Go's syntax error.
std::string parse(std::string_view body, rapidjson::Document& doc) {
    doc.Parse<rapidjson::kParseStopWhenDoneFlag>(body.data(), body.size());
    if (!doc.HasParseError()) return {};
    return syntaxError(body, doc.GetParseError(), doc.GetErrorOffset());
}

/// v1.NodeList: the names of its items (metadata.name).
void nodeListNames(GoDecoder& d, const Value* v, std::optional<std::vector<std::string>>& out) {
    if (!v || v->IsNull() || !d.expect(*v, v->IsObject(), "struct field ExtenderFilterResult.Nodes", "v1.NodeList"))
        return;
    out.emplace();
    const Value* items = GoDecoder::field(*v, "items");
    if (!items || items->IsNull() ||
        !d.expect(*items, items->IsArray(), "struct field NodeList.Nodes.items", "[]v1.Node"))
        return;
    for (const auto& item : items->GetArray()) {
        std::string name;
        if (d.expect(item, item.IsObject() || item.IsNull(), "struct field NodeList.Nodes.items", "v1.Node") &&
            item.IsObject()) {
            const Value* meta = GoDecoder::field(item, "metadata");
            if (meta && !meta->IsNull() &&
                d.expect(*meta, meta->IsObject(), "struct field Node.Nodes.items.metadata", "v1.ObjectMeta"))
                d.string(GoDecoder::field(*meta, "name"), name, "struct field ObjectMeta.Nodes.items.metadata.name");
        }
        out->push_back(std::move(name));
    }
}

}  // namespace

std::string decodeFilterAnswer(std::string_view body, FilterAnswer& out) {
    rapidjson::Document doc;
    if (auto e = parse(body, doc); !e.empty()) return e;
    GoDecoder d;
    if (doc.IsNull() || !d.expect(doc, doc.IsObject(), "value", "v1.ExtenderFilterResult")) return d.error;
    nodeListNames(d, GoDecoder::field(doc, "Nodes"), out.nodes);
    d.strings(GoDecoder::field(doc, "NodeNames"), out.nodeNames, "struct field ExtenderFilterResult.NodeNames");
    d.stringMap(GoDecoder::field(doc, "FailedNodes"), out.failedNodes, "struct field ExtenderFilterResult.FailedNodes");
    d.stringMap(GoDecoder::field(doc, "FailedAndUnresolvableNodes"), out.failedAndUnresolvableNodes,
                "struct field ExtenderFilterResult.FailedAndUnresolvableNodes");
    d.string(GoDecoder::field(doc, "Error"), out.error, "struct field ExtenderFilterResult.Error");
    return d.error;
}

std::string decodeHostPriorityList(std::string_view body, std::vector<std::pair<std::string, std::int64_t>>& out) {
    rapidjson::Document doc;
    if (auto e = parse(body, doc); !e.empty()) return e;
    GoDecoder d;
    if (doc.IsNull() || !d.expect(doc, doc.IsArray(), "value", "v1.HostPriorityList")) return d.error;
    for (const auto& item : doc.GetArray()) {
        std::pair<std::string, std::int64_t> hp;
        if (!item.IsNull() && d.expect(item, item.IsObject(), "value", "v1.HostPriority")) {
            d.string(GoDecoder::field(item, "Host"), hp.first, "struct field HostPriority.Host");
            d.int64(GoDecoder::field(item, "Score"), hp.second, "struct field HostPriority.Score");
        }
        out.push_back(std::move(hp));
    }
    return d.error;
}

std::string decodePreemptionAnswer(std::string_view body, std::map<std::string, MetaVictimsAnswer>& out) {
    rapidjson::Document doc;
    if (auto e = parse(body, doc); !e.empty()) return e;
    GoDecoder d;
    if (doc.IsNull() || !d.expect(doc, doc.IsObject(), "value", "v1.ExtenderPreemptionResult")) return d.error;
    const Value* map = GoDecoder::field(doc, "NodeNameToMetaVictims");
    constexpr std::string_view where = "struct field ExtenderPreemptionResult.NodeNameToMetaVictims";
    if (!map || map->IsNull() || !d.expect(*map, map->IsObject(), where, "map[string]*v1.MetaVictims")) return d.error;
    for (const auto& m : map->GetObject()) {
        MetaVictimsAnswer& victims = out[m.name.GetString()];
        if (m.value.IsNull() || !d.expect(m.value, m.value.IsObject(), where, "v1.MetaVictims")) continue;
        d.int64(GoDecoder::field(m.value, "NumPDBViolations"), victims.numPDBViolations,
                "struct field MetaVictims.NodeNameToMetaVictims.NumPDBViolations");
        const Value* pods = GoDecoder::field(m.value, "Pods");
        constexpr std::string_view podsWhere = "struct field MetaVictims.NodeNameToMetaVictims.Pods";
        if (!pods || pods->IsNull() || !d.expect(*pods, pods->IsArray(), podsWhere, "[]*v1.MetaPod")) continue;
        for (const auto& pod : pods->GetArray()) {
            std::string uid;
            if (!pod.IsNull() && d.expect(pod, pod.IsObject(), podsWhere, "v1.MetaPod"))
                d.string(GoDecoder::field(pod, "UID"), uid, "struct field MetaPod.NodeNameToMetaVictims.Pods.UID");
            victims.podUIDs.push_back(std::move(uid));
        }
    }
    return d.error;
}

std::string decodeBindingAnswer(std::string_view body, std::string& error) {
    rapidjson::Document doc;
    if (auto e = parse(body, doc); !e.empty()) return e;
    GoDecoder d;
    if (doc.IsNull() || !d.expect(doc, doc.IsObject(), "value", "v1.ExtenderBindingResult")) return d.error;
    d.string(GoDecoder::field(doc, "Error"), error, "struct field ExtenderBindingResult.Error");
    return d.error;
}

}  // namespace berth::extender
