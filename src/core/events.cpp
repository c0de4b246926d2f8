#include "core/events.h"

namespace berth::core {

const char* eventTypeName(EventType t) {
    switch (t) {
        case EventType::PodQueued: return "PodQueued";
        case EventType::PodBackoff: return "PodBackoff";
        case EventType::PodUnschedulableQ: return "PodUnschedulableQ";
        case EventType::PodGated: return "PodGated";
        case EventType::PodPopped: return "PodPopped";
        case EventType::PodFiltered: return "PodFiltered";
        case EventType::PodScored: return "PodScored";
        case EventType::HostSelected: return "HostSelected";
        case EventType::PodAssumed: return "PodAssumed";
        case EventType::PodReserved: return "PodReserved";
        case EventType::PodPermitWaiting: return "PodPermitWaiting";
        case EventType::PodPermitted: return "PodPermitted";
        case EventType::PodBound: return "PodBound";
        case EventType::PodBindFailed: return "PodBindFailed";
        case EventType::PodUnschedulable: return "PodUnschedulable";
        case EventType::PodSchedulerError: return "PodSchedulerError";
        case EventType::PodNominated: return "PodNominated";
        case EventType::PodEvicted: return "PodEvicted";
        case EventType::PodCreated: return "PodCreated";
        case EventType::PodDeleted: return "PodDeleted";
        case EventType::NodeAdded: return "NodeAdded";
        case EventType::NodeUpdated: return "NodeUpdated";
        case EventType::NodeRemoved: return "NodeRemoved";
        case EventType::PodSucceeded: return "PodSucceeded";
    }
    return "?";
}

}  // namespace berth::core
