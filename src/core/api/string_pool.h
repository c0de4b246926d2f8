#pragma once
/// Interned strings: label keys and values, namespaces, node names, resource names and
/// reason texts become small integers once, at load, so the hot loops compare integers.

#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <unordered_map>

namespace berth::core {

/// An interned string. 0 is the empty string; kNoSym means "absent" (e.g. a missing label).
using Sym = std::uint32_t;
inline constexpr Sym kEmptySym = 0;
inline constexpr Sym kNoSym = 0xFFFFFFFFu;

class StringPool {
public:
    StringPool();
    StringPool(const StringPool&) = delete;
    StringPool& operator=(const StringPool&) = delete;

    Sym intern(std::string_view s);
    /// kNoSym when the string was never interned (so nothing can carry it).
    Sym find(std::string_view s) const;
    std::string_view str(Sym id) const { return m_strings[id]; }
    std::size_t size() const { return m_strings.size(); }

private:
    std::deque<std::string> m_strings;  // deque: references stay valid as it grows
    std::unordered_map<std::string_view, Sym> m_index;
};

}  // namespace berth::core
