#pragma once
/// Cluster events that can make an unschedulable pod schedulable (framework/types.go
/// ClusterEvent) and the events each in-tree plugin registers (EventsToRegister, v1.26).

#include <cstdint>
#include <string_view>
#include <vector>

namespace berth::core {

enum class EventResource : std::uint8_t { Pod, Node, WildCard };

namespace action {
inline constexpr std::uint32_t Add = 1u << 0;
inline constexpr std::uint32_t Delete = 1u << 1;
inline constexpr std::uint32_t UpdateNodeAllocatable = 1u << 2;
inline constexpr std::uint32_t UpdateNodeLabel = 1u << 3;
inline constexpr std::uint32_t UpdateNodeTaint = 1u << 4;
inline constexpr std::uint32_t UpdateNodeCondition = 1u << 5;
inline constexpr std::uint32_t Update = UpdateNodeAllocatable | UpdateNodeLabel | UpdateNodeTaint | UpdateNodeCondition;
inline constexpr std::uint32_t All = Add | Delete | Update;
}  // namespace action

struct ClusterEvent {
    EventResource resource = EventResource::WildCard;
    std::uint32_t actions = action::All;
    std::string_view label;

    bool isWildCard() const { return resource == EventResource::WildCard && actions == action::All; }
    /// A registered event matches an incoming one when either is the wildcard, or the
    /// resources are equal and the action masks overlap.
    bool matches(const ClusterEvent& incoming) const {
        if (isWildCard() || incoming.isWildCard()) return true;
        return resource == incoming.resource && (actions & incoming.actions) != 0;
    }
};

namespace events {
inline constexpr ClusterEvent NodeAdd{EventResource::Node, action::Add, "NodeAdd"};
inline constexpr ClusterEvent NodeSpecUnschedulableChange{EventResource::Node, action::UpdateNodeTaint,
                                                          "NodeSpecUnschedulableChange"};
inline constexpr ClusterEvent NodeAllocatableChange{EventResource::Node, action::UpdateNodeAllocatable,
                                                    "NodeAllocatableChange"};
inline constexpr ClusterEvent NodeLabelChange{EventResource::Node, action::UpdateNodeLabel, "NodeLabelChange"};
inline constexpr ClusterEvent NodeTaintChange{EventResource::Node, action::UpdateNodeTaint, "NodeTaintChange"};
inline constexpr ClusterEvent AssignedPodAdd{EventResource::Pod, action::Add, "AssignedPodAdd"};
inline constexpr ClusterEvent AssignedPodDelete{EventResource::Pod, action::Delete, "AssignedPodDelete"};
inline constexpr ClusterEvent UnschedulableTimeout{EventResource::WildCard, action::All, "UnschedulableTimeout"};
}  // namespace events

/// The events a plugin registered; plugins that register nothing get the wildcard.
std::vector<ClusterEvent> eventsRegisteredBy(std::string_view plugin);

}  // namespace berth::core
