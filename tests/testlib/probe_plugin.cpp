#include "testlib/probe_plugin.h"

#include <memory>

namespace berth::testlib {

Status Probe::reserve(CycleState&, const Pod&, Sym node) {
    ++m_cfg.reserves;
    if (m_cfg.reserve == Code::Success) return {};
    if (m_cfg.reserve == Code::Error) return Status::error("boom");
    return Status(m_cfg.reserve, m_handle.intern("node " + std::string(m_handle.pool->str(node)) + " is reserved"));
}

Status Probe::permit(CycleState&, const Pod& pod, Sym node, double& timeout) {
    const Sym waitKey = m_handle.pool->find("wait");
    if (m_cfg.permit == Code::Wait) {
        if (waitKey == kNoSym || pod.labels.get(waitKey) == kNoSym) return {};
        timeout = m_cfg.waitSeconds;
        return Status(Code::Wait);
    }
    if (m_cfg.permit == Code::Success) return {};
    if (m_cfg.permit == Code::Error) return Status::error("boom");
    return Status(m_cfg.permit, m_handle.intern("node " + std::string(m_handle.pool->str(node)) + " is not permitted"));
}

ProbeSetup::ProbeSetup(std::vector<ProbeConfig*> probes) : registry(inTreeRegistry()) {
    ProfileConfig profile;
    for (ProbeConfig* p : probes) {
        registry.add(p->name, [p](const PluginArgs&, Handle& h) { return std::make_unique<Probe>(*p, h); });
        profile.plugins.at(ExtensionPoint::Reserve).enabled.push_back({p->name, 0});
        profile.plugins.at(ExtensionPoint::Permit).enabled.push_back({p->name, 0});
    }
    config.profiles.push_back(profile);
}

}  // namespace berth::testlib
