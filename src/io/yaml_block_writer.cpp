#include "io/yaml_block_writer.h"

#include <algorithm>
#include <cctype>

#include "io/document_tree.h"

namespace berth::io::detail {
namespace {

/// True when a plain scalar would not read back as this string under YAML 1.1 (which
/// kubectl's parser follows): booleans such as `yes`, null, numbers.
bool needsQuotes(std::string_view s) {
    if (s.empty()) return true;
    if (s.size() <= 5) {  // the longest keyword
        char buffer[5];
        for (std::size_t i = 0; i < s.size(); ++i)
            buffer[i] = static_cast<char>(std::tolower(static_cast<unsigned char>(s[i])));
        const std::string_view lower(buffer, s.size());
        for (std::string_view word : {"true", "false", "yes", "no", "on", "off", "y", "n", "null", "~"})
            if (lower == word) return true;
    }
    const char first = s.front();
    if (!(std::isdigit(static_cast<unsigned char>(first)) || first == '+' || first == '-' || first == '.'))
        return false;
    return std::all_of(s.begin(), s.end(),
                       [](char c) {
                           return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '+' ||
                                  c == '-' || c == ':';
                       }) &&
           std::any_of(s.begin(), s.end(),
                       [](char c) { return std::isdigit(static_cast<unsigned char>(c)) || c == '.'; });
}

bool forcedQuotes(const YAML::Node& n) { return n.Tag() == "!" && needsQuotes(n.Scalar()); }

/// Strings yaml-cpp certainly writes plain, unchanged: letters, digits and `._/-`, starting
/// with a letter or digit (no indicator, no `: ` or ` #`, no break), and no YAML keyword
/// (yaml-cpp quotes the null words; the others are left to it too, to be safe).
bool surelyPlain(std::string_view s) {
    if (s.empty() || s.size() > 200 || !std::isalnum(static_cast<unsigned char>(s.front()))) return false;
    for (char c : s)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '.' && c != '_' && c != '/' && c != '-') return false;
    if (s.size() > 5) return true;
    char buffer[5];
    for (std::size_t i = 0; i < s.size(); ++i) buffer[i] = static_cast<char>(std::tolower(static_cast<unsigned char>(s[i])));
    const std::string_view lower(buffer, s.size());
    for (std::string_view word : {"true", "false", "yes", "no", "on", "off", "y", "n", "null"})
        if (lower == word) return false;
    return true;
}

/// Printable ASCII without `"` and `\`: yaml-cpp's double quotes escape nothing in it.
bool surelyUnescaped(std::string_view s) {
    return std::all_of(s.begin(), s.end(), [](char c) { return c >= 0x20 && c <= 0x7e && c != '"' && c != '\\'; });
}

}  // namespace

void emitQuoting(YAML::Emitter& out, const YAML::Node& n) {
    switch (n.Type()) {
        case YAML::NodeType::Map:
            out << YAML::BeginMap;
            for (const auto& kv : n) {
                out << YAML::Key;
                emitQuoting(out, kv.first);
                out << YAML::Value;
                emitQuoting(out, kv.second);
            }
            out << YAML::EndMap;
            break;
        case YAML::NodeType::Sequence:
            out << YAML::BeginSeq;
            for (const auto& item : n) emitQuoting(out, item);
            out << YAML::EndSeq;
            break;
        case YAML::NodeType::Scalar:
            if (forcedQuotes(n)) out << YAML::DoubleQuoted;
            out << n.Scalar();
            break;
        case YAML::NodeType::Null:
        case YAML::NodeType::Undefined: out << YAML::Null; break;
    }
}

void BlockYamlWriter::document(const YAML::Node& doc) {
    if (m_any) m_text += '\n';
    m_any = true;
    if (doc.IsMap() && doc.size() > 0 && plainLayout(doc, 0)) {
        m_text += "---\n";
        map(doc, 0, true);
    } else {
        YAML::Emitter out;
        out << YAML::BeginDoc;
        emitQuoting(out, doc);
        m_text += out.c_str();
    }
    spill();
}

std::string BlockYamlWriter::take() {
    if (m_any) m_text += '\n';
    m_any = false;
    if (!m_sink) return std::move(m_text);
    *m_sink << m_text;
    m_text.clear();
    return {};
}

void BlockYamlWriter::spill() {
    if (!m_sink || m_text.size() < (std::size_t{1} << 20)) return;
    *m_sink << m_text;
    m_text.clear();
}

/// The shapes map() and sequence() lay out as yaml-cpp does: non-empty maps with short scalar
/// keys, non-empty sequences of scalars or maps, and scalars.
bool BlockYamlWriter::plainLayout(const YAML::Node& n, int depth) const {
    if (depth > 64) return false;
    switch (n.Type()) {
        case YAML::NodeType::Scalar: return true;
        case YAML::NodeType::Map:
            if (n.size() == 0) return false;
            for (const auto& kv : n)
                if (!kv.first.IsScalar() || kv.first.Scalar().size() > 200 || !plainLayout(kv.second, depth + 1))
                    return false;
            return true;
        case YAML::NodeType::Sequence:
            if (n.size() == 0) return false;
            for (const auto& item : n)
                if (item.IsSequence() || !plainLayout(item, depth + 1)) return false;
            return true;
        case YAML::NodeType::Null:
        case YAML::NodeType::Undefined: return false;
    }
    return false;
}

/// Entries at `column`; the first on the current line when `inlineFirst` (a document's start,
/// or after a sequence's `- `). A map or sequence value starts on the next line, indented.
void BlockYamlWriter::map(const YAML::Node& n, int column, bool inlineFirst) {
    bool first = true;
    for (const auto& kv : n) {
        if (!(first && inlineFirst)) {
            m_text += '\n';
            m_text.append(static_cast<std::size_t>(column), ' ');
        }
        first = false;
        scalar(kv.first);
        m_text += ':';
        if (kv.second.IsScalar()) {
            m_text += ' ';
            scalar(kv.second);
        } else if (kv.second.IsMap()) {
            map(kv.second, column + 2, false);
        } else {
            sequence(kv.second, column + 2);
        }
    }
}

/// Items at `column`, each on its own line; a map item's first entry follows its `- `.
void BlockYamlWriter::sequence(const YAML::Node& n, int column) {
    for (const auto& item : n) {
        m_text += '\n';
        m_text.append(static_cast<std::size_t>(column), ' ');
        m_text += "- ";
        if (item.IsScalar())
            scalar(item);
        else
            map(item, column + 2, true);
    }
}

void BlockYamlWriter::scalar(const YAML::Node& n) { scalar(n.Scalar(), forcedQuotes(n)); }

void BlockYamlWriter::scalar(std::string_view s, bool quoted) {
    if (!quoted && surelyPlain(s)) {
        m_text += s;
        return;
    }
    if (quoted && surelyUnescaped(s)) {
        m_text += '"';
        m_text += s;
        m_text += '"';
        return;
    }
    std::string key = (quoted ? "q" : "a") + std::string(s);
    auto it = m_rendered.find(key);
    if (it == m_rendered.end()) {
        YAML::Emitter out;
        if (quoted) out << YAML::DoubleQuoted;
        out << std::string(s);
        if (m_rendered.size() > 100000) m_rendered.clear();  // bounded: unique strings come and go
        it = m_rendered.emplace(std::move(key), std::string(out.c_str())).first;
    }
    m_text += it->second;
}

// --- a pod's own input document, edited on the way (podDocument) ----------------------------

namespace {

bool listed(std::string_view key, std::span<const std::string_view> keys) {
    return std::any_of(keys.begin(), keys.end(), [&](std::string_view k) { return key == k; });
}

}  // namespace

bool BlockYamlWriter::plainLayout(const DocNode& n, int depth) const {
    if (depth > 64) return false;
    switch (n.type()) {
        case NodeType::Scalar: return true;
        case NodeType::Map:
            if (n.size() == 0) return false;
            for (std::size_t i = 0; i < n.size(); ++i)
                if (!n.key(i).isScalar() || n.key(i).scalar().size() > 200 || !plainLayout(n.value(i), depth + 1))
                    return false;
            return true;
        case NodeType::Sequence:
            if (n.size() == 0) return false;
            for (std::size_t i = 0; i < n.size(); ++i)
                if (n.item(i).isSequence() || !plainLayout(n.item(i), depth + 1)) return false;
            return true;
        case NodeType::Null:
        case NodeType::Undefined: return false;
    }
    return false;
}

bool BlockYamlWriter::podDocument(const DocNode& doc, const PodDocumentEdits& edits) {
    if (!doc.isMap() || doc.size() == 0) return false;
    const DocNode meta = doc.get("metadata");
    const DocNode spec = doc.get("spec");
    if (!meta.isMap() || !spec.isMap()) return false;
    // Keys are unique: the loader rejects a repeated field. What document() would see after
    // the edits: the dropped entries gone, the rest as given.
    auto entriesPlain = [&](const DocNode& m, std::span<const std::string_view> dropped) {
        for (std::size_t i = 0; i < m.size(); ++i) {
            const DocNode k = m.key(i);
            if (!k.isScalar() || k.scalar().size() > 200) return false;
            if (!listed(k.scalar(), dropped) && !plainLayout(m.value(i), 1)) return false;
        }
        return true;
    };
    if (!entriesPlain(doc, edits.droppedTopLevel) || !entriesPlain(meta, edits.droppedMetadata) ||
        !entriesPlain(spec, {}))
        return false;

    if (m_any) m_text += '\n';
    m_any = true;
    m_text += "---\n";
    bool first = true;
    for (std::size_t i = 0; i < doc.size(); ++i) {
        const std::string_view key = doc.key(i).scalar();
        if (listed(key, edits.droppedTopLevel)) continue;
        if (!first) m_text += '\n';
        first = false;
        scalar(doc.key(i));
        m_text += ':';
        if (key == "metadata")
            editedMap(meta, 2, edits.droppedMetadata, "namespace", edits.ns);
        else if (key == "spec")
            editedMap(spec, 2, {}, "nodeName", edits.nodeName);
        else
            value(doc.value(i), 2);
    }
    if (!doc.get("apiVersion").isDefined()) m_text += "\napiVersion: v1";
    if (!doc.get("kind").isDefined()) m_text += "\nkind: Pod";
    spill();
    return true;
}

/// A map value's entries at `column` with `dropped` keys left out and `setKey` given
/// `setValue` (a string: quoted when a plain scalar would read otherwise), in its place or last.
void BlockYamlWriter::editedMap(const DocNode& n, int column, std::span<const std::string_view> dropped,
                                std::string_view setKey, std::string_view setValue) {
    bool set = false;
    for (std::size_t i = 0; i < n.size(); ++i) {
        const DocNode k = n.key(i);
        if (listed(k.scalar(), dropped)) continue;
        m_text += '\n';
        m_text.append(static_cast<std::size_t>(column), ' ');
        scalar(k);
        m_text += ':';
        if (k.scalar() == setKey) {
            m_text += ' ';
            scalar(setValue, needsQuotes(setValue));
            set = true;
        } else {
            value(n.value(i), column + 2);
        }
    }
    if (set) return;
    m_text += '\n';
    m_text.append(static_cast<std::size_t>(column), ' ');
    scalar(setKey, false);
    m_text += ": ";
    scalar(setValue, needsQuotes(setValue));
}

/// A map entry's value after its `key:`, as map() writes it; `column` is the entry's children's.
void BlockYamlWriter::value(const DocNode& v, int column) {
    if (v.isScalar()) {
        m_text += ' ';
        scalar(v);
    } else if (v.isMap()) {
        map(v, column, false);
    } else {
        sequence(v, column);
    }
}

void BlockYamlWriter::map(const DocNode& n, int column, bool inlineFirst) {
    for (std::size_t i = 0; i < n.size(); ++i) {
        if (!(i == 0 && inlineFirst)) {
            m_text += '\n';
            m_text.append(static_cast<std::size_t>(column), ' ');
        }
        scalar(n.key(i));
        m_text += ':';
        value(n.value(i), column + 2);
    }
}

void BlockYamlWriter::sequence(const DocNode& n, int column) {
    for (std::size_t i = 0; i < n.size(); ++i) {
        m_text += '\n';
        m_text.append(static_cast<std::size_t>(column), ' ');
        m_text += "- ";
        if (n.item(i).isScalar())
            scalar(n.item(i));
        else
            map(n.item(i), column + 2, true);
    }
}

void BlockYamlWriter::scalar(const DocNode& n) {
    const std::string_view s = n.scalar();
    scalar(s, n.quoted() && needsQuotes(s));
}

}  // namespace berth::io::detail
