#pragma once
/// SchedulingGates (plugins/schedulinggates/scheduling_gates.go): a pod with
/// spec.schedulingGates stays out of the active queue until they are removed.

#include "core/framework/handle.h"
#include "core/framework/interface.h"
#include "core/profile/config.h"

namespace berth::core {

class SchedulingGates final : public PreEnqueuePlugin {
public:
    static constexpr std::string_view kName = "SchedulingGates";
    SchedulingGates(const PluginArgs&, Handle& h) : m_handle(h) {}
    std::string_view name() const override { return kName; }
    Status preEnqueue(const Pod& pod) override {
        if (pod.schedulingGates.empty()) return {};
        // Go formats the slice of names as [g1 g2].
        std::string text = "waiting for scheduling gates: [";
        for (std::size_t i = 0; i < pod.schedulingGates.size(); ++i) text += (i ? " " : "") + pod.schedulingGates[i];
        text += "]";
        return Status(Code::UnschedulableAndUnresolvable, m_handle.intern(text));
    }

private:
    Handle& m_handle;
};

}  // namespace berth::core
