#include "io/yaml_block_writer.h"

#include <algorithm>
#include <cctype>

namespace berth::io::detail {
namespace {

/// True when a plain scalar would not read back as this string under YAML 1.1 (which
/// kubectl's parser follows): booleans such as `yes`, null, numbers.
bool needsQuotes(const std::string& s) {
    if (s.empty()) return true;
    std::string lower;
    for (char c : s) lower.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
    for (const char* word : {"true", "false", "yes", "no", "on", "off", "y", "n", "null", "~"})
        if (lower == word) return true;
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
bool surelyPlain(const std::string& s) {
    if (s.empty() || s.size() > 200 || !std::isalnum(static_cast<unsigned char>(s.front()))) return false;
    for (char c : s)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '.' && c != '_' && c != '/' && c != '-') return false;
    if (s.size() > 5) return true;
    std::string lower;
    for (char c : s) lower.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
    for (const char* word : {"true", "false", "yes", "no", "on", "off", "y", "n", "null"})
        if (lower == word) return false;
    return true;
}

/// Printable ASCII without `"` and `\`: yaml-cpp's double quotes escape nothing in it.
bool surelyUnescaped(const std::string& s) {
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
        return;
    }
    YAML::Emitter out;
    out << YAML::BeginDoc;
    emitQuoting(out, doc);
    m_text += out.c_str();
}

std::string BlockYamlWriter::take() {
    if (!m_text.empty()) m_text += '\n';
    m_any = false;
    return std::move(m_text);
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

void BlockYamlWriter::scalar(const YAML::Node& n) {
    const std::string& s = n.Scalar();
    const bool quoted = forcedQuotes(n);
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
    std::string key = (quoted ? "q" : "a") + s;
    auto it = m_rendered.find(key);
    if (it == m_rendered.end()) {
        YAML::Emitter out;
        if (quoted) out << YAML::DoubleQuoted;
        out << s;
        if (m_rendered.size() > 100000) m_rendered.clear();  // bounded: unique strings come and go
        it = m_rendered.emplace(std::move(key), std::string(out.c_str())).first;
    }
    m_text += it->second;
}

}  // namespace berth::io::detail
