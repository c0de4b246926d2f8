#pragma once
/// Node taints and pod tolerations (k8s.io/api/core/v1 toleration.go: ToleratesTaint).

#include <cstdint>
#include <optional>
#include <vector>

#include "core/api/string_pool.h"

namespace berth::core {

enum class TaintEffect : std::uint8_t { None, NoSchedule, PreferNoSchedule, NoExecute };

struct Taint {
    Sym key = kEmptySym;
    Sym value = kEmptySym;
    TaintEffect effect = TaintEffect::None;
};

enum class TolerationOp : std::uint8_t { Equal, Exists, Unknown };

struct Toleration {
    Sym key = kEmptySym;  // empty: every key (only meaningful with Exists)
    TolerationOp op = TolerationOp::Equal;
    Sym value = kEmptySym;
    TaintEffect effect = TaintEffect::None;  // None: every effect
    std::optional<std::int64_t> seconds;

    bool operator==(const Toleration&) const = default;

    bool tolerates(const Taint& t) const {
        if (effect != TaintEffect::None && effect != t.effect) return false;
        if (key != kEmptySym && key != t.key) return false;
        switch (op) {
            case TolerationOp::Exists: return true;
            case TolerationOp::Equal: return value == t.value;
            case TolerationOp::Unknown: return false;
        }
        return false;
    }
};

inline bool toleratesTaint(const std::vector<Toleration>& tolerations, const Taint& t) {
    for (const auto& tol : tolerations)
        if (tol.tolerates(t)) return true;
    return false;
}

/// The API spelling of an effect; "" for None (a toleration of every effect).
inline const char* taintEffectName(TaintEffect e) {
    switch (e) {
        case TaintEffect::NoSchedule: return "NoSchedule";
        case TaintEffect::PreferNoSchedule: return "PreferNoSchedule";
        case TaintEffect::NoExecute: return "NoExecute";
        case TaintEffect::None: break;
    }
    return "";
}

}  // namespace berth::core
