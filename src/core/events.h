#pragma once
/// The simulation's event stream: immutable, ordered, stamped with simulated time. The app
/// and the CLI are two listeners of the same stream.

#include <cstdint>
#include <string>

#include "core/api/string_pool.h"
#include "core/clock/simulated_clock.h"

namespace berth::core {

enum class EventType : std::uint8_t {
    PodQueued,          // entered activeQ (new, or moved back)
    PodBackoff,         // entered backoffQ
    PodUnschedulableQ,  // parked in the unschedulable pool
    PodGated,           // held back by PreEnqueue (scheduling gates)
    PodPopped,          // a scheduling cycle starts
    PodFiltered,        // Filter done: `count` feasible of `total`
    PodScored,          // Score done: `count` nodes scored, `score` = the winner's total
    HostSelected,       // node = chosen host
    PodAssumed,
    PodReserved,
    PodPermitWaiting,  // Permit said Wait
    PodPermitted,
    PodBound,
    PodBindFailed,
    PodUnschedulable,  // message = FailedScheduling text
    PodSchedulerError,
    PodNominated,  // preemption nominated `node` for the pod
    PodEvicted,    // a preemption victim (or drained pod) was deleted
    PodCreated,    // a controller created a pod (e.g. to replace an evicted one)
    PodDeleted,
    NodeAdded,
    NodeUpdated,
    NodeRemoved,
    PodSucceeded,  // a pod's lifetime ended: the kubelet reports it Succeeded
};

const char* eventTypeName(EventType t);

struct SimEvent {
    SimTime time = 0;
    std::uint64_t sequence = 0;
    EventType type = EventType::PodQueued;
    std::uint32_t pod = 0xFFFFFFFFu;  // pod id, when about a pod
    Sym node = kEmptySym;
    std::int64_t count = 0;
    std::int64_t total = 0;
    std::int64_t score = 0;
    std::string message;
};

}  // namespace berth::core
