#pragma once
/// Reserve, Unreserve and PreBind of a plugin with nothing to bind for the pods Berth models:
/// VolumeBinding (no PersistentVolumeClaims) and DynamicResources (no ResourceClaims) return
/// success there without doing anything for such a pod.

#include "core/framework/interface.h"

namespace berth::core {

class NothingToBind : public ReservePlugin, public PreBindPlugin {
public:
    Status reserve(CycleState&, const Pod&, Sym) override { return {}; }
    void unreserve(CycleState&, const Pod&, Sym) override {}
    Status preBind(CycleState&, const Pod&, Sym) override { return {}; }
};

}  // namespace berth::core
