#include "io/source_objects.h"

#include "io/json_documents.h"
#include "io/yaml_documents.h"

namespace berth::io::detail {
namespace {

/// A node of the parsed input without its children: a scalar (quoted ones tagged `!` as
/// yaml-cpp's own loader tags them; emitQuoting() keeps those quoted), an empty map or
/// sequence, or null.
YAML::Node shell(const DocNode& d) {
    switch (d.type()) {
        case NodeType::Scalar: {
            YAML::Node n(std::string(d.scalar()));
            if (d.quoted()) n.SetTag("!");
            return n;
        }
        case NodeType::Sequence: return YAML::Node(YAML::NodeType::Sequence);
        case NodeType::Map: return YAML::Node(YAML::NodeType::Map);
        case NodeType::Null:
        case NodeType::Undefined: break;
    }
    return YAML::Node(YAML::NodeType::Null);
}

/// Adds d's children to n, top down: a child joins its parent before its own children are
/// made, so each yaml-cpp node is merged into the document's memory once (built bottom up,
/// every level merged its whole subtree again).
void addChildren(YAML::Node& n, const DocNode& d) {
    if (d.isSequence()) {
        for (std::size_t i = 0; i < d.size(); ++i) {
            YAML::Node item = shell(d.item(i));
            n.push_back(item);
            addChildren(item, d.item(i));
        }
    } else if (d.isMap()) {
        for (std::size_t i = 0; i < d.size(); ++i) {
            YAML::Node key = shell(d.key(i));
            YAML::Node value = shell(d.value(i));
            n.force_insert(key, value);
            addChildren(key, d.key(i));
            addChildren(value, d.value(i));
        }
    }
}

}  // namespace

YAML::Node toYaml(const DocNode& d) {
    YAML::Node n = shell(d);
    addChildren(n, d);
    return n;
}

SourceObjects::Positions SourceObjects::index(const std::string& file) {
    Positions out;
    const auto text = m_texts.find(file);
    if (text == m_texts.end()) return out;
    auto addChunk = [&](YamlChunk chunk) {
        if (chunk.failed) return;
        // The same arithmetic as Reader::sourceOf: marks are 0-based, per chunk.
        auto add = [&](const DocNode& n, bool podTemplate) {
            if (!n.isMap()) return;
            out.emplace(std::make_pair(chunk.lineOffset + n.line() + 1, n.column() + 1),
                        Entry{n, podTemplate, YAML::Node(), false});
        };
        auto addObject = [&](const DocNode& n) {
            add(n, false);
            const DocNode spec = n.get("spec");
            if (spec.isMap()) add(spec.get("template"), true);
        };
        for (const auto& doc : chunk.documents) {
            addObject(doc);
            const DocNode items = doc.get("items");
            if (items.isSequence())
                for (std::size_t i = 0; i < items.size(); ++i) addObject(items.item(i));
        }
        m_trees.push_back(std::move(chunk.tree));  // the DocNodes point into it
    };
    // As the loader reads the file: JSON through the JSON parser, else YAML piece by piece.
    if (looksLikeJson(text->second))
        if (auto chunk = parseJsonDocument(text->second)) {
            addChunk(std::move(*chunk));
            return out;
        }
    for (const auto& piece : splitYamlDocuments(text->second)) addChunk(parseYamlPiece(piece));
    return out;
}

}  // namespace berth::io::detail
