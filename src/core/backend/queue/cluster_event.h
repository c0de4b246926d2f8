#pragma once
/// Cluster events that can make an unschedulable pod schedulable (framework/types.go
/// ClusterEvent), the objects an event carries, and the events each in-tree plugin registers
/// (EventsToRegister: v1.26's lists, and the lists with QueueingHints of v1.37).

#include <cstdint>
#include <string_view>
#include <vector>

#include "core/api/node.h"
#include "core/api/pod.h"

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
    /// resources are equal and the action masks overlap (types.go MatchClusterEvents also
    /// requires incoming <= registered, which the single-action events here always meet).
    bool matches(const ClusterEvent& incoming) const {
        if (isWildCard() || incoming.isWildCard()) return true;
        return resource == incoming.resource && (actions & incoming.actions) != 0;
    }
};

/// The informer's old and new object of an event (null where the event has none: an add has
/// no old object, a delete no new one).
struct EventObjects {
    const Pod* oldPod = nullptr;
    const Pod* newPod = nullptr;
    const Node* oldNode = nullptr;
    const Node* newNode = nullptr;
};

/// A plugin's QueueingHintFn verdict (framework/interface.go QueueingHint).
enum class QueueingHint : std::uint8_t { Skip, Queue };

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
/// `withHints`: the v1.37 lists (QueueingHints on, >= 1.32), else v1.26's.
std::vector<ClusterEvent> eventsRegisteredBy(std::string_view plugin, bool withHints = false);

}  // namespace berth::core
