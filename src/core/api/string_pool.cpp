#include "core/api/string_pool.h"

namespace berth::core {

StringPool::StringPool() { intern(""); }

Sym StringPool::intern(std::string_view s) {
    if (auto it = m_index.find(s); it != m_index.end()) return it->second;
    const auto id = static_cast<Sym>(m_strings.size());
    m_strings.emplace_back(s);
    m_index.emplace(m_strings.back(), id);
    return id;
}

Sym StringPool::find(std::string_view s) const {
    auto it = m_index.find(s);
    return it == m_index.end() ? kNoSym : it->second;
}

}  // namespace berth::core
