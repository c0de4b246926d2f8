#pragma once
/// PrioritySort (plugins/queuesort/priority_sort.go): higher priority first, then the pod
/// that entered the queue earlier.

#include "core/framework/handle.h"
#include "core/framework/interface.h"
#include "core/profile/config.h"

namespace berth::core {

class PrioritySort final : public QueueSortPlugin {
public:
    static constexpr std::string_view kName = "PrioritySort";
    PrioritySort(const PluginArgs&, Handle&) {}
    std::string_view name() const override { return kName; }
    bool less(const QueuedPod& a, const QueuedPod& b) const override {
        if (a.pod->priority != b.pod->priority) return a.pod->priority > b.pod->priority;
        if (a.timestamp != b.timestamp) return a.timestamp < b.timestamp;
        return a.sequence < b.sequence;
    }
};

}  // namespace berth::core
