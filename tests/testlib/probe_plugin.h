#pragma once
/// A Reserve and Permit plugin whose answers a test sets, for the binding-cycle tests: what it
/// answers (success, Unschedulable, an error, or Wait for pods labelled wait=yes) and what it
/// saw (Reserve and Unreserve calls).

#include <string>
#include <vector>

#include "core/framework/handle.h"
#include "core/framework/interface.h"
#include "core/framework/runtime/registry.h"
#include "core/profile/config.h"

namespace berth::testlib {

using namespace berth::core;

/// What a Probe plugin answers, and what it saw.
struct ProbeConfig {
    std::string name = "Probe";
    Code reserve = Code::Success;  // Success, Unschedulable or Error
    Code permit = Code::Success;   // Success, Unschedulable, Error or Wait (pods labelled wait=yes)
    double waitSeconds = 0;
    int reserves = 0;
    int unreserves = 0;
};

class Probe final : public ReservePlugin, public PermitPlugin {
public:
    Probe(ProbeConfig& cfg, Handle& h) : m_cfg(cfg), m_handle(h) {}
    std::string_view name() const override { return m_cfg.name; }
    Status reserve(CycleState&, const Pod&, Sym node) override;
    void unreserve(CycleState&, const Pod&, Sym) override { ++m_cfg.unreserves; }
    Status permit(CycleState&, const Pod& pod, Sym node, double& timeout) override;

private:
    ProbeConfig& m_cfg;
    Handle& m_handle;
};

/// The in-tree registry plus the given probes, each enabled at Reserve and Permit.
struct ProbeSetup {
    explicit ProbeSetup(std::vector<ProbeConfig*> probes);
    Registry registry;
    SchedulerConfiguration config;
};

}  // namespace berth::testlib
