#pragma once
/// `berthctl schedule -o yaml`: every pod the run placed, as a Pod manifest with
/// `spec.nodeName` set, ready for `kubectl apply`.
///
/// A pod is written as the user wrote it: its own document from the input (found again by the
/// file, line and column in Pod::source), with spec.nodeName set and what the API server owns
/// removed (status, uid, resourceVersion, ...). A pod a controller made is written from its
/// workload's pod template, with the metadata the controller gave it and the fields admission
/// and the controller changed (priority, tolerations, a DaemonSet pod's node affinity). Without
/// the input text (a pod made in the GUI), the pod is written from the model.

#include <map>
#include <string>
#include <string_view>

#include <ostream>

#include "core/progress.h"
#include "core/simulation.h"
#include "io/json_writer.h"

namespace berth::io {

/// File name (SourceRef::file) -> text, as LoadResult::sourceTexts keeps them.
using SourceTexts = std::map<std::string, std::string_view>;

/// `ns`, when not empty, keeps the pods of that namespace only. `progress`, when given, counts
/// the pods written (Phase::Writing); once it is cancelled the writer stops and returns "".
std::string placedPodsYaml(core::Simulation& sim, const SourceTexts& texts, std::string_view ns = {},
                           core::Progress* progress = nullptr);
/// The same text written to `out` a megabyte at a time (berthctl -o yaml: 150,000 pods are
/// about 58 MB that need not be held at once).
void writePlacedPodsYaml(std::ostream& out, core::Simulation& sim, const SourceTexts& texts);

/// `berthctl schedule -o workloads`: the owning workloads as the user wrote them (their input
/// documents, without server-owned fields; `spec.replicas` as planned when scaled), then every
/// placed Pod no controller owns, with spec.nodeName. A workload owned by another loaded
/// workload (a Deployment's ReplicaSet) is left to its owner. Sorted by namespace, kind and
/// name; pods by namespace/name. Objects with no input text (made in the GUI) are left out.
/// `progress` as for placedPodsYaml (it counts the workloads and pods written).
std::string placedWorkloadsYaml(core::Simulation& sim, const SourceTexts& texts, std::string_view ns = {},
                                core::Progress* progress = nullptr);
void writePlacedWorkloadsYaml(std::ostream& out, core::Simulation& sim, const SourceTexts& texts);

/// A pod as the model holds it (what the scheduler reads: metadata with uid, spec with
/// nodeName when bound) as one v1 Pod JSON object: what a scheduler extender is sent
/// (src/extender). Deterministic: the same pod gives the same bytes.
void writePodModelJson(JsonWriter& w, const core::StringPool& pool, const core::Pod& p);

}  // namespace berth::io
