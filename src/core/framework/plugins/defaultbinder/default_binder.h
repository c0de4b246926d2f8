#pragma once
/// DefaultBinder (plugins/defaultbinder/default_binder.go): upstream POSTs a Binding; in
/// Berth the simulation performs the bind once this plugin accepts it.

#include "core/framework/handle.h"
#include "core/framework/interface.h"
#include "core/profile/config.h"

namespace berth::core {

class DefaultBinder final : public BindPlugin {
public:
    static constexpr std::string_view kName = "DefaultBinder";
    DefaultBinder(const PluginArgs&, Handle&) {}
    std::string_view name() const override { return kName; }
    Status bind(CycleState&, const Pod&, Sym) override { return {}; }
};

}  // namespace berth::core
