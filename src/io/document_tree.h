#pragma once
/// A small read-only document tree that every reader works on, whichever parser produced it.
///
/// yaml-cpp's own node graph costs more than its scanner (a heap node per value, a string
/// conversion per key compared on every `map["key"]`), and a JSON file deserves a JSON parser.
/// So the parsers (libyaml, RapidJSON) only emit events (yaml_documents.cpp, json_documents.cpp) into a
/// TreeBuilder, and readers see one compact tree: nodes in one vector, children as index
/// ranges, scalars as views into a stable character arena, each node with its 0-based
/// line and column as the parsers mark them (libyaml and yaml-cpp agree on these).

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace berth::io::detail {

enum class NodeType : std::uint8_t { Undefined, Null, Scalar, Sequence, Map };

class DocumentTree;

/// A handle to one node of a DocumentTree (or to no node: undefined). Cheap to copy; valid
/// as long as its tree.
class DocNode {
public:
    DocNode() = default;
    DocNode(const DocumentTree* tree, std::uint32_t index) : m_tree(tree), m_index(index) {}

    NodeType type() const;
    bool isDefined() const { return m_tree != nullptr; }
    bool isNull() const { return type() == NodeType::Null; }
    bool isScalar() const { return type() == NodeType::Scalar; }
    bool isSequence() const { return type() == NodeType::Sequence; }
    bool isMap() const { return type() == NodeType::Map; }

    /// The scalar's text ("" for other nodes).
    std::string_view scalar() const;
    /// A quoted or block scalar in the input (not plain): a string whatever its text reads
    /// like. Writers that re-emit input keep such a "8080" quoted.
    bool quoted() const;
    /// Elements of a sequence, entries of a map; 0 otherwise.
    std::size_t size() const;
    /// The i-th element of a sequence.
    DocNode item(std::size_t i) const;
    /// The key and value of the i-th entry of a map, in file order.
    DocNode key(std::size_t i) const;
    DocNode value(std::size_t i) const;
    /// The value of the first entry whose key is the scalar `key` (yaml-cpp's const
    /// `operator[]` also takes the first); undefined when absent or not a map.
    DocNode get(std::string_view key) const;

    /// 0-based, within the text the tree was parsed from; -1 for an undefined node.
    int line() const;
    int column() const;

private:
    const DocumentTree* m_tree = nullptr;
    std::uint32_t m_index = 0;
};

/// The storage behind DocNodes. Built once by a TreeBuilder, then only read.
class DocumentTree {
public:
    struct Node {
        const char* text = nullptr;  // scalars: the characters, in m_blocks
        std::uint32_t first = 0;     // collections: first child in m_children
        std::uint32_t size = 0;      // scalars: length; sequences: items; maps: entries
        std::int32_t line = 0;
        std::int32_t column = 0;
        NodeType type = NodeType::Undefined;
        bool quoted = false;       // scalars: not plain in the input
        std::uint16_t height = 0;  // levels of collections below and including this one
        std::uint32_t weight = 1;  // nodes in the subtree, aliases counted in full (saturating)
    };

private:
    friend class DocNode;
    friend class TreeBuilder;
    std::vector<Node> m_nodes;
    std::vector<std::uint32_t> m_children;          // maps: key, value, key, value...
    std::vector<std::unique_ptr<char[]>> m_blocks;  // scalar characters; never move once written
    std::size_t m_blockUsed = 0;
    std::size_t m_blockSize = 0;
};

/// Receives parse events (in document order) and fills a DocumentTree. Collections are
/// closed bottom-up, so children are collected on a stack and copied to one contiguous
/// range when their parent ends.
class TreeBuilder {
public:
    explicit TreeBuilder(DocumentTree& tree) : m_tree(tree) {}

    /// Each returns the new node's index (for anchors).
    std::uint32_t null(int line, int column);
    /// Copies `text` into the tree's arena. `quoted`: not a plain scalar in the input.
    std::uint32_t scalar(int line, int column, std::string_view text, bool quoted = false);
    std::uint32_t beginSequence(int line, int column);
    std::uint32_t beginMap(int line, int column);
    void end();
    /// Adds an existing node again (a YAML alias shares its anchor's node, as yaml-cpp does).
    void reuse(std::uint32_t index);

    /// Collections open now (the nesting depth of the next node).
    int depth() const { return static_cast<int>(m_open.size()); }
    /// Whether `index` is a collection still open: an alias to it would make a cycle.
    bool isOpen(std::uint32_t index) const;
    /// Of a finished node: its nesting height and its node count with aliases expanded, what
    /// an alias to it adds to the document that readers walk.
    int height(std::uint32_t index) const { return m_tree.m_nodes[index].height; }
    std::uint32_t weight(std::uint32_t index) const { return m_tree.m_nodes[index].weight; }

    /// The root of the document just finished, and resets for the next one.
    DocNode takeRoot();

private:
    std::uint32_t add(NodeType type, int line, int column);
    const char* store(std::string_view text);

    DocumentTree& m_tree;
    std::vector<std::uint32_t> m_pending;  // children of open collections, innermost last
    struct Frame {
        std::uint32_t node;
        std::size_t firstPending;
    };
    std::vector<Frame> m_open;
    bool m_hasRoot = false;
    std::uint32_t m_root = 0;
};

inline NodeType DocNode::type() const { return m_tree ? m_tree->m_nodes[m_index].type : NodeType::Undefined; }

inline std::string_view DocNode::scalar() const {
    if (!isScalar()) return {};
    const auto& n = m_tree->m_nodes[m_index];
    return {n.text, n.size};
}

inline bool DocNode::quoted() const { return isScalar() && m_tree->m_nodes[m_index].quoted; }

inline std::size_t DocNode::size() const {
    if (!isSequence() && !isMap()) return 0;
    return m_tree->m_nodes[m_index].size;
}

inline DocNode DocNode::item(std::size_t i) const {
    return {m_tree, m_tree->m_children[m_tree->m_nodes[m_index].first + i]};
}

inline DocNode DocNode::key(std::size_t i) const {
    return {m_tree, m_tree->m_children[m_tree->m_nodes[m_index].first + 2 * i]};
}

inline DocNode DocNode::value(std::size_t i) const {
    return {m_tree, m_tree->m_children[m_tree->m_nodes[m_index].first + 2 * i + 1]};
}

inline int DocNode::line() const { return m_tree ? m_tree->m_nodes[m_index].line : -1; }

inline int DocNode::column() const { return m_tree ? m_tree->m_nodes[m_index].column : -1; }

}  // namespace berth::io::detail
