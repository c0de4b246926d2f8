#pragma once
/// Label maps and label selectors over interned keys and values.

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "core/api/string_pool.h"

namespace berth::core {

struct Label {
    Sym key = kEmptySym;
    Sym value = kEmptySym;
    bool operator==(const Label&) const = default;
};

/// A label map, sorted by key id. Small: a linear or binary search beats hashing.
class Labels {
public:
    Labels() = default;
    void set(Sym key, Sym value) {
        auto it = lowerBound(key);
        if (it != m_items.end() && it->key == key)
            it->value = value;
        else
            m_items.insert(it, Label{key, value});
    }
    /// kNoSym when the key is absent.
    Sym get(Sym key) const {
        auto it =
            std::lower_bound(m_items.begin(), m_items.end(), key, [](const Label& l, Sym k) { return l.key < k; });
        return it != m_items.end() && it->key == key ? it->value : kNoSym;
    }
    bool has(Sym key) const { return get(key) != kNoSym; }
    bool empty() const { return m_items.empty(); }
    std::size_t size() const { return m_items.size(); }
    auto begin() const { return m_items.begin(); }
    auto end() const { return m_items.end(); }
    /// True when every pair of `subset` is present here (nodeSelector / matchLabels semantics).
    bool containsAll(const Labels& subset) const {
        for (const auto& l : subset)
            if (get(l.key) != l.value) return false;
        return true;
    }
    bool operator==(const Labels&) const = default;

private:
    std::vector<Label>::iterator lowerBound(Sym key) {
        return std::lower_bound(m_items.begin(), m_items.end(), key, [](const Label& l, Sym k) { return l.key < k; });
    }
    std::vector<Label> m_items;
};

enum class SelectorOp : std::uint8_t { In, NotIn, Exists, DoesNotExist, Gt, Lt };

/// The API spelling of an operator (`In`, `NotIn`, ...).
inline const char* selectorOpName(SelectorOp op) {
    switch (op) {
        case SelectorOp::In: return "In";
        case SelectorOp::NotIn: return "NotIn";
        case SelectorOp::Exists: return "Exists";
        case SelectorOp::DoesNotExist: return "DoesNotExist";
        case SelectorOp::Gt: return "Gt";
        case SelectorOp::Lt: return "Lt";
    }
    return "";
}

/// One requirement of a metav1.LabelSelector (matchLabels entries become `In [v]`).
struct LabelRequirement {
    Sym key = kEmptySym;
    SelectorOp op = SelectorOp::In;
    std::vector<Sym> values;
    bool operator==(const LabelRequirement&) const = default;
};

/// metav1.LabelSelector after LabelSelectorAsSelector: all requirements ANDed. The empty
/// selector matches everything. "nil" selectors are modelled with std::optional by owners.
struct LabelSelector {
    std::vector<LabelRequirement> requirements;
    bool invalid = false;  // a malformed requirement: matches nothing

    bool matches(const Labels& labels) const {
        if (invalid) return false;
        for (const auto& r : requirements) {
            const Sym v = labels.get(r.key);
            switch (r.op) {
                case SelectorOp::In:
                    if (v == kNoSym || std::find(r.values.begin(), r.values.end(), v) == r.values.end()) return false;
                    break;
                case SelectorOp::NotIn:
                    if (v != kNoSym && std::find(r.values.begin(), r.values.end(), v) != r.values.end()) return false;
                    break;
                case SelectorOp::Exists:
                    if (v == kNoSym) return false;
                    break;
                case SelectorOp::DoesNotExist:
                    if (v != kNoSym) return false;
                    break;
                case SelectorOp::Gt:
                case SelectorOp::Lt: return false;  // not valid in label selectors
            }
        }
        return true;
    }
    bool empty() const { return requirements.empty() && !invalid; }
    bool operator==(const LabelSelector&) const = default;
};

}  // namespace berth::core
