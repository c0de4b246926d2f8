#pragma once
/// Per-cycle plugin data (framework/cycle_state.go). Plugins own a slot index instead of a
/// string key, so reads are an array index.

#include <cstdint>
#include <memory>
#include <vector>

namespace berth::core {

struct StateData {
    virtual ~StateData() = default;
    virtual std::unique_ptr<StateData> clone() const = 0;
};

class CycleState {
public:
    // Not named `slots`: Qt defines that as an empty macro in every TU that includes QObject.
    explicit CycleState(std::size_t slotCount = 0)
        : m_data(slotCount), m_skipFilter(slotCount), m_skipScore(slotCount) {}

    CycleState clone() const {
        CycleState c(m_data.size());
        for (std::size_t i = 0; i < m_data.size(); ++i)
            if (m_data[i]) c.m_data[i] = m_data[i]->clone();
        c.m_skipFilter = m_skipFilter;
        c.m_skipScore = m_skipScore;
        c.m_activeFilters = m_activeFilters;
        c.m_hasActiveFilters = m_hasActiveFilters;
        return c;
    }

    void write(int slot, std::unique_ptr<StateData> d) { m_data[static_cast<std::size_t>(slot)] = std::move(d); }
    void release(int slot) { m_data[static_cast<std::size_t>(slot)].reset(); }
    template <class T>
    T* read(int slot) const {
        return static_cast<T*>(m_data[static_cast<std::size_t>(slot)].get());
    }

    // PreFilter / PreScore Skip (>= 1.27): the plugin's Filter / Score does not run.
    void setSkipFilter(int slot, bool v) { m_skipFilter[static_cast<std::size_t>(slot)] = v; }
    bool skipFilter(int slot) const { return m_skipFilter[static_cast<std::size_t>(slot)]; }
    void setSkipScore(int slot, bool v) { m_skipScore[static_cast<std::size_t>(slot)] = v; }
    bool skipScore(int slot) const { return m_skipScore[static_cast<std::size_t>(slot)]; }

    /// The profile's Filter plugins (by index in its list) that run per node this cycle: set
    /// by the runtime after PreFilter (skipped and pass-everything plugins left out). Unset,
    /// every Filter plugin not skipped runs.
    void setActiveFilters(std::vector<std::uint16_t> filters) {
        m_activeFilters = std::move(filters);
        m_hasActiveFilters = true;
    }
    void clearActiveFilters() {
        m_activeFilters.clear();
        m_hasActiveFilters = false;
    }
    bool hasActiveFilters() const { return m_hasActiveFilters; }
    const std::vector<std::uint16_t>& activeFilters() const { return m_activeFilters; }

private:
    std::vector<std::unique_ptr<StateData>> m_data;
    std::vector<bool> m_skipFilter;
    std::vector<bool> m_skipScore;
    std::vector<std::uint16_t> m_activeFilters;
    bool m_hasActiveFilters = false;
};

}  // namespace berth::core
