#pragma once
/// Data a plugin keeps between cycles for one query (a pod's requests, its spread selector, its
/// affinity terms), several side by side (issue 19). A real queue interleaves workloads, so the
/// next pod rarely asks what the previous one asked; one kept instance per query lets each
/// workload's pods find their own again a few cycles later, and bring it up to date with the
/// few nodes that changed since, instead of every pod of another workload starting afresh.
/// Which instance is evicted when all are taken (the one used longest ago) depends on the
/// order of the queries only, and no kept value ever differs from a fresh computation, so
/// decisions do not depend on the capacity.

#include <algorithm>
#include <cstdint>
#include <memory>
#include <vector>

namespace berth::core {

template <class T>
class KeptPerQuery {
public:
    /// Enough for the live workloads of a large queue: each instance holds per-node data
    /// (tens to hundreds of KB on 5,000 nodes).
    static constexpr std::size_t kDefaultCapacity = 32;

    explicit KeptPerQuery(std::size_t capacity = kDefaultCapacity) : m_capacity(std::max<std::size_t>(1, capacity)) {}

    /// The kept instance for which `matches(const T&)` holds; else `make()`'s (a
    /// std::unique_ptr<T>), which replaces the instance used longest ago when all are taken.
    template <class Matches, class Make>
    T& find(Matches&& matches, Make&& make) {
        ++m_clock;
        for (Slot& s : m_slots)
            if (matches(static_cast<const T&>(*s.value))) {
                s.lastUse = m_clock;
                return *s.value;
            }
        if (m_slots.size() < m_capacity) {
            m_slots.push_back(Slot{make(), m_clock});
            return *m_slots.back().value;
        }
        Slot& victim = *std::min_element(m_slots.begin(), m_slots.end(),
                                         [](const Slot& a, const Slot& b) { return a.lastUse < b.lastUse; });
        victim.value = make();
        victim.lastUse = m_clock;
        return *victim.value;
    }

private:
    struct Slot {
        std::unique_ptr<T> value;
        std::uint64_t lastUse = 0;
    };
    std::size_t m_capacity;
    std::uint64_t m_clock = 0;
    std::vector<Slot> m_slots;
};

}  // namespace berth::core
