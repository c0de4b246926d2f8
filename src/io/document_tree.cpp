#include "io/document_tree.h"

#include <algorithm>
#include <cstring>

namespace berth::io::detail {

DocNode DocNode::get(std::string_view key) const {
    if (!isMap()) return {};
    const auto& n = m_tree->m_nodes[m_index];
    const std::uint32_t* children = m_tree->m_children.data() + n.first;
    for (std::uint32_t i = 0; i < n.size; ++i) {
        const auto& k = m_tree->m_nodes[children[2 * i]];
        if (k.type == NodeType::Scalar && std::string_view(k.text, k.size) == key) return {m_tree, children[2 * i + 1]};
    }
    return {};
}

std::uint32_t TreeBuilder::add(NodeType type, int line, int column) {
    const auto index = static_cast<std::uint32_t>(m_tree.m_nodes.size());
    DocumentTree::Node n;
    n.type = type;
    n.line = line;
    n.column = column;
    m_tree.m_nodes.push_back(n);
    reuse(index);
    return index;
}

void TreeBuilder::reuse(std::uint32_t index) {
    if (m_open.empty()) {
        // A document has one root; later stray events cannot happen with a valid parser.
        m_root = index;
        m_hasRoot = true;
    } else {
        m_pending.push_back(index);
    }
}

const char* TreeBuilder::store(std::string_view text) {
    if (text.empty()) return "";
    // Blocks are never reallocated, so views handed out stay valid. They start small and
    // double, because most trees hold one small document (a piece of a multi-document
    // file), and are not zeroed: every byte handed out is written first.
    constexpr std::size_t kFirstBlock = 1024;
    constexpr std::size_t kMaxBlock = 64 * 1024;
    if (m_tree.m_blockUsed + text.size() > m_tree.m_blockSize) {
        const std::size_t next = m_tree.m_blockSize == 0 ? kFirstBlock : std::min(2 * m_tree.m_blockSize, kMaxBlock);
        const std::size_t size = std::max(next, text.size());
        m_tree.m_blocks.push_back(std::make_unique_for_overwrite<char[]>(size));
        m_tree.m_blockSize = size;
        m_tree.m_blockUsed = 0;
    }
    char* out = m_tree.m_blocks.back().get() + m_tree.m_blockUsed;
    std::memcpy(out, text.data(), text.size());
    m_tree.m_blockUsed += text.size();
    return out;
}

std::uint32_t TreeBuilder::null(int line, int column) { return add(NodeType::Null, line, column); }

std::uint32_t TreeBuilder::scalar(int line, int column, std::string_view text, bool quoted) {
    const char* stored = store(text);
    const std::uint32_t index = add(NodeType::Scalar, line, column);
    auto& n = m_tree.m_nodes[index];
    n.quoted = quoted;
    n.text = stored;
    n.size = static_cast<std::uint32_t>(text.size());
    return index;
}

std::uint32_t TreeBuilder::beginSequence(int line, int column) {
    const std::uint32_t index = add(NodeType::Sequence, line, column);
    m_open.push_back({index, m_pending.size()});
    return index;
}

std::uint32_t TreeBuilder::beginMap(int line, int column) {
    const std::uint32_t index = add(NodeType::Map, line, column);
    m_open.push_back({index, m_pending.size()});
    return index;
}

void TreeBuilder::end() {
    if (m_open.empty()) return;
    const Frame frame = m_open.back();
    m_open.pop_back();
    auto& n = m_tree.m_nodes[frame.node];
    const std::size_t count = m_pending.size() - frame.firstPending;
    n.first = static_cast<std::uint32_t>(m_tree.m_children.size());
    // A map's children are key, value pairs; a dangling key (not produced by a valid
    // parse) is dropped rather than read past.
    n.size = static_cast<std::uint32_t>(n.type == NodeType::Map ? count / 2 : count);
    const auto begin = m_pending.begin() + static_cast<std::ptrdiff_t>(frame.firstPending);
    std::uint64_t weight = 1;
    int height = 0;
    for (auto it = begin; it != m_pending.end(); ++it) {
        const auto& child = m_tree.m_nodes[*it];
        weight += child.weight;
        height = std::max<int>(height, child.height);
    }
    n.weight = static_cast<std::uint32_t>(std::min<std::uint64_t>(weight, UINT32_MAX));
    n.height = static_cast<std::uint16_t>(std::min(height + 1, UINT16_MAX));
    m_tree.m_children.insert(m_tree.m_children.end(), begin, m_pending.end());
    m_pending.erase(begin, m_pending.end());
}

bool TreeBuilder::isOpen(std::uint32_t index) const {
    return std::any_of(m_open.begin(), m_open.end(), [&](const Frame& f) { return f.node == index; });
}

DocNode TreeBuilder::takeRoot() {
    while (!m_open.empty()) end();
    m_pending.clear();
    if (!m_hasRoot) return {};
    m_hasRoot = false;
    return {&m_tree, m_root};
}

}  // namespace berth::io::detail
