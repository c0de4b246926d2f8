#include "core/api/objects.h"

namespace berth::core {

const char* workloadKindName(WorkloadKind k) {
    switch (k) {
        case WorkloadKind::Deployment: return "Deployment";
        case WorkloadKind::ReplicaSet: return "ReplicaSet";
        case WorkloadKind::StatefulSet: return "StatefulSet";
        case WorkloadKind::ReplicationController: return "ReplicationController";
        case WorkloadKind::Job: return "Job";
        case WorkloadKind::DaemonSet: return "DaemonSet";
    }
    return "?";
}

}  // namespace berth::core
