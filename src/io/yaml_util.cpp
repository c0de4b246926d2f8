#include "io/yaml_util.h"

#include <algorithm>
#include <charconv>
#include <limits>

namespace berth::io::detail {

std::string FieldPath::str() const {
    std::vector<const FieldPath*> chain;
    for (const FieldPath* p = this; p != nullptr; p = p->m_parent) chain.push_back(p);
    std::string out;
    for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
        const FieldPath* p = *it;
        if (p->m_index >= 0) {
            out += "[" + std::to_string(p->m_index) + "]";
        } else if (!p->m_key.empty()) {
            if (!out.empty()) out += '.';
            out += p->m_key;
        }
    }
    return out;
}

Reader::Reader(core::StringPool& pool, Diagnostics& diagnostics, DocumentOrigin origin, std::string kind,
               const DocNode& anchor)
    : m_pool(pool),
      m_diagnostics(diagnostics),
      m_origin(origin),
      m_kind(std::move(kind)),
      m_anchorLine(anchor.line()),
      m_anchorColumn(anchor.column()) {}

void Reader::error(const DocNode& at, const FieldPath& path, std::string_view message) {
    report(Severity::Error, at, path, message);
}

void Reader::warning(const DocNode& at, const FieldPath& path, std::string_view message) {
    report(Severity::Warning, at, path, message);
}

void Reader::semantic(const DocNode& at, const FieldPath& path, std::string_view message) {
    report(m_strictSemantics ? Severity::Error : Severity::Warning, at, path, message);
}

void Reader::report(Severity severity, const DocNode& at, const FieldPath& path, std::string_view message) {
    if (severity == Severity::Error) ++m_errors;
    Diagnostic d;
    d.severity = severity;
    const core::SourceRef where = sourceOf(at);
    d.file = where.file;
    d.line = where.line;
    d.column = where.column;
    d.kind = m_kind;
    d.name = m_name;
    const std::string p = path.str();
    d.message = p.empty() ? std::string(message) : p + ": " + std::string(message);
    m_diagnostics.add(std::move(d));
}

core::SourceRef Reader::sourceOf(const DocNode& node) const {
    core::SourceRef ref;
    ref.file = m_origin.file ? *m_origin.file : std::string();
    int line = node.line();
    int column = node.column();
    if (!node.isDefined()) {
        line = m_anchorLine;
        column = m_anchorColumn;
    }
    if (line >= 0) {
        // Nodes count from 0, within the document's own text.
        ref.line = m_origin.lineOffset + line + 1;
        ref.column = column + 1;
    }
    return ref;
}

bool present(const DocNode& node) { return node.isDefined() && !node.isNull(); }

DocNode field(const DocNode& map, const char* key) { return map.get(key); }

const char* typeName(const DocNode& node) {
    if (!node.isDefined() || node.isNull()) return "null";
    if (node.isMap()) return "a map";
    if (node.isSequence()) return "a list";
    return "a scalar";
}

bool expectMap(Reader& r, const DocNode& node, const FieldPath& path) {
    if (!present(node)) return false;
    if (node.isMap()) return true;
    r.error(node, path, std::string("expected a map, got ") + typeName(node));
    return false;
}

bool expectList(Reader& r, const DocNode& node, const FieldPath& path) {
    if (!present(node)) return false;
    if (node.isSequence()) return true;
    r.error(node, path, std::string("expected a list, got ") + typeName(node));
    return false;
}

void rejectUnknownFields(Reader& r, const DocNode& node, const FieldPath& path,
                         std::initializer_list<std::string_view> known) {
    if (!present(node) || !node.isMap()) return;
    for (std::size_t i = 0; i < node.size(); ++i) {
        const DocNode key = node.key(i);
        if (!key.isScalar()) {
            r.error(key, path, "expected a string key");
            continue;
        }
        const std::string_view k = key.scalar();
        if (std::find(known.begin(), known.end(), k) == known.end())
            r.error(key, path, "unknown field \"" + std::string(k) + "\"");
    }
}

std::optional<std::string> readString(Reader& r, const DocNode& node, const FieldPath& path) {
    if (!present(node)) return std::nullopt;
    if (!node.isScalar()) {
        r.error(node, path, std::string("expected a string, got ") + typeName(node));
        return std::nullopt;
    }
    return std::string(node.scalar());
}

std::optional<std::int64_t> parseDecimalInt64(std::string_view text) {
    if (!text.empty() && text.front() == '+') {
        text.remove_prefix(1);
        if (!text.empty() && text.front() == '-') return std::nullopt;
    }
    if (text.empty()) return std::nullopt;
    std::int64_t v = 0;
    const char* end = text.data() + text.size();
    const auto res = std::from_chars(text.data(), end, v, 10);
    if (res.ec != std::errc{} || res.ptr != end) return std::nullopt;
    return v;
}

std::optional<std::int64_t> readInt(Reader& r, const DocNode& node, const FieldPath& path, std::int64_t min,
                                    std::int64_t max) {
    if (!present(node)) return std::nullopt;
    if (!node.isScalar()) {
        r.error(node, path, std::string("expected an integer, got ") + typeName(node));
        return std::nullopt;
    }
    const auto v = parseDecimalInt64(node.scalar());
    if (!v) {
        r.error(node, path, "expected an integer, got \"" + std::string(node.scalar()) + "\"");
        return std::nullopt;
    }
    if (*v < min || *v > max) {
        r.error(node, path,
                "value " + std::to_string(*v) + " is out of range [" + std::to_string(min) + ", " +
                    std::to_string(max) + "]");
        return std::nullopt;
    }
    return v;
}

std::optional<std::int32_t> readInt32(Reader& r, const DocNode& node, const FieldPath& path) {
    const auto v =
        readInt(r, node, path, std::numeric_limits<std::int32_t>::min(), std::numeric_limits<std::int32_t>::max());
    if (!v) return std::nullopt;
    return static_cast<std::int32_t>(*v);
}

std::optional<std::int64_t> readInt64(Reader& r, const DocNode& node, const FieldPath& path) {
    return readInt(r, node, path, std::numeric_limits<std::int64_t>::min(), std::numeric_limits<std::int64_t>::max());
}

std::optional<bool> readBool(Reader& r, const DocNode& node, const FieldPath& path) {
    if (!present(node)) return std::nullopt;
    if (node.isScalar()) {
        // The YAML 1.1 spellings sigs.k8s.io/yaml (go-yaml v2) accepts.
        static constexpr std::string_view kTrue[] = {"true", "True", "TRUE", "yes", "Yes", "YES",
                                                     "on",   "On",   "ON",   "y",   "Y"};
        static constexpr std::string_view kFalse[] = {"false", "False", "FALSE", "no", "No", "NO",
                                                      "off",   "Off",   "OFF",   "n",  "N"};
        const std::string_view s = node.scalar();
        if (std::find(std::begin(kTrue), std::end(kTrue), s) != std::end(kTrue)) return true;
        if (std::find(std::begin(kFalse), std::end(kFalse), s) != std::end(kFalse)) return false;
        r.error(node, path, "expected a boolean, got \"" + std::string(s) + "\"");
        return std::nullopt;
    }
    r.error(node, path, std::string("expected a boolean, got ") + typeName(node));
    return std::nullopt;
}

std::optional<core::Quantity> readQuantity(Reader& r, const DocNode& node, const FieldPath& path) {
    if (!present(node)) return std::nullopt;
    if (!node.isScalar()) {
        r.error(node, path, std::string("expected a quantity, got ") + typeName(node));
        return std::nullopt;
    }
    auto q = core::Quantity::parse(node.scalar());
    if (!q) {
        r.error(node, path, "invalid quantity \"" + std::string(node.scalar()) + "\"");
        return std::nullopt;
    }
    return q;
}

std::optional<std::string> readRequiredString(Reader& r, const DocNode& parent, const char* key,
                                              const FieldPath& parentPath) {
    const DocNode node = field(parent, key);
    const FieldPath path = parentPath.child(key);
    if (!present(node)) {
        r.error(parent, path, "is required");
        return std::nullopt;
    }
    auto s = readString(r, node, path);
    if (s && s->empty()) {
        r.error(node, path, "must not be empty");
        return std::nullopt;
    }
    return s;
}

std::vector<std::string> readStringList(Reader& r, const DocNode& node, const FieldPath& path) {
    std::vector<std::string> out;
    forEachItem(r, node, path, [&](const DocNode& item, const FieldPath& p) {
        // A null element decodes to "" in Go.
        out.push_back(readString(r, item, p).value_or(std::string()));
    });
    return out;
}

std::vector<Sym> readSymList(Reader& r, const DocNode& node, const FieldPath& path) {
    std::vector<Sym> out;
    forEachItem(r, node, path, [&](const DocNode& item, const FieldPath& p) {
        out.push_back(r.intern(readString(r, item, p).value_or(std::string())));
    });
    return out;
}

core::Labels readLabels(Reader& r, const DocNode& node, const FieldPath& path) {
    core::Labels labels;
    forEachEntry(r, node, path, [&](const std::string& key, const DocNode& value, const FieldPath& p) {
        labels.set(r.intern(key), r.intern(readString(r, value, p).value_or(std::string())));
    });
    return labels;
}

void forEachItem(Reader& r, const DocNode& list, const FieldPath& path,
                 const std::function<void(const DocNode&, const FieldPath&)>& fn) {
    if (!expectList(r, list, path)) return;
    for (std::size_t i = 0; i < list.size(); ++i) fn(list.item(i), path.index(static_cast<int>(i)));
}

void forEachEntry(Reader& r, const DocNode& map, const FieldPath& path,
                  const std::function<void(const std::string&, const DocNode&, const FieldPath&)>& fn) {
    if (!expectMap(r, map, path)) return;
    for (std::size_t i = 0; i < map.size(); ++i) {
        const DocNode key = map.key(i);
        if (!key.isScalar()) {
            r.error(key, path, "expected a string key");
            continue;
        }
        const std::string k(key.scalar());
        fn(k, map.value(i), path.child(k));
    }
}

}  // namespace berth::io::detail
