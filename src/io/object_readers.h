#pragma once
/// Readers for the other objects a scheduler reads: Namespace, Service, PriorityClass,
/// PodDisruptionBudget and the pod controllers (Deployment, ReplicaSet, StatefulSet,
/// ReplicationController, Job, DaemonSet). Check r.errorCount() after each.

#include "core/api/objects.h"
#include "io/yaml_util.h"

namespace berth::io::detail {

/// Adds the `kubernetes.io/metadata.name` label, as API defaulting (SetDefaults_Namespace) does.
void readNamespace(Reader& r, const DocNode& object, core::Namespace& ns);
void readService(Reader& r, const DocNode& object, core::Service& service);
void readPriorityClass(Reader& r, const DocNode& object, core::PriorityClass& pc);
void readPodDisruptionBudget(Reader& r, const DocNode& object, core::PodDisruptionBudget& pdb);
/// The pod template is read as a Pod in the workload's namespace; replicas default to 1; a
/// Job's completions is -1 when only parallelism is given (nil upstream); uid stays empty
/// when absent (workload expansion derives one).
void readWorkload(Reader& r, const DocNode& object, core::WorkloadKind kind, core::Workload& workload);

}  // namespace berth::io::detail
