#pragma once
// Where one pod ended after a whole plan ran over a manifest text: for the tests that check
// admission and controllers by the pod's fate.

#include <string>

#include "core/api/cluster.h"
#include "plan/plan.h"

namespace berth::testlib {

/// The pod `p` (default namespace) after the plan of `text` (file "cluster.yaml", admission of
/// manifests on or off, ties broken by name) ran to its end: "bound NODE", "pending: MESSAGE",
/// "no pod", or "error: …" when the plan did not load.
inline std::string placementOfPodP(const std::string& text, bool admit) {
    plan::PlanInput in;
    in.manifests.push_back({"cluster.yaml", text});
    in.admitManifests = admit;
    in.tieBreak = core::TieBreak::Name;
    plan::Plan p(in);
    if (!p.ok()) return "error: " + p.error();
    p.runToEnd();
    const core::Pod* pod = p.cluster().findPod(p.cluster().pool.find("default"), "p");
    if (!pod) return "no pod";
    const core::PodOutcome& o = p.sim().outcome(*pod);
    if (o.state == core::PodState::Bound) return "bound " + std::string(p.cluster().pool.str(o.node));
    return "pending: " + o.message;
}

}  // namespace berth::testlib
