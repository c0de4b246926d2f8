#pragma once
/// The worker's memory of scheduling attempts: each pod's newest core::CycleTrace, kept within
/// a budget of node entries (oldest attempts go first), so the inspector can show the last
/// attempt of any pod selected later without the core re-running anything. Lives on the
/// worker thread; converts to CycleTraceUi only for what the GUI asks to see.

#include <QtGlobal>

#include <cstdint>
#include <deque>
#include <unordered_map>

#include "app/engine/trace_types.h"
#include "core/trace/cycle_trace.h"

namespace berth::app {

class TraceStore {
public:
    /// ~200 bytes per node entry: about 80 MB at most, however large the cluster.
    static constexpr std::size_t kNodeEntryBudget = 400'000;

    void clear();
    /// Keeps `trace` as `podId`'s newest attempt (the trace names its profile's plugins).
    void record(quint32 podId, const core::CycleTrace& trace, int attempt, qint64 timeNs);
    bool contains(quint32 podId) const { return m_entries.count(podId) != 0; }
    /// The pod's newest attempt, or an invalid trace when none is kept.
    CycleTraceUi toUi(quint32 podId) const;
    std::size_t nodeEntries() const { return m_nodeEntries; }

private:
    struct Entry {
        core::CycleTrace trace;
        int attempt = 0;
        qint64 timeNs = 0;
        std::uint64_t seq = 0;
    };
    std::unordered_map<quint32, Entry> m_entries;
    std::deque<std::pair<quint32, std::uint64_t>> m_order;  // (pod, seq), oldest first
    std::size_t m_nodeEntries = 0;
    std::uint64_t m_seq = 0;
};

}  // namespace berth::app
