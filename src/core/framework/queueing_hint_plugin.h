#pragma once
/// EnqueueExtensions with QueueingHintFns (framework/interface.go, v1.37): a plugin that says,
/// for an event it registered (cluster_event.h eventsRegisteredBy), whether the event may make
/// a pod it rejected schedulable. A plugin without one queues on every registered event.

#include "core/api/pod.h"
#include "core/backend/queue/cluster_event.h"
#include "core/framework/interface.h"

namespace berth::core {

class QueueingHintPlugin : public virtual Plugin {
public:
    virtual QueueingHint queueingHint(const Pod& pod, const ClusterEvent& event, const EventObjects& objects) const = 0;
};

}  // namespace berth::core
