#include "io/selector_text.h"

#include <cctype>
#include <vector>

#include "io/label_validation.h"

namespace berth::io {
namespace {

std::string_view trim(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    return s;
}

/// The requirements of the text: split at commas outside the parentheses of a set.
std::vector<std::string_view> splitRequirements(std::string_view text) {
    std::vector<std::string_view> parts;
    int depth = 0;
    std::size_t start = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '(')
            ++depth;
        else if (text[i] == ')')
            --depth;
        else if (text[i] == ',' && depth == 0) {
            parts.push_back(text.substr(start, i - start));
            start = i + 1;
        }
    }
    parts.push_back(text.substr(start));
    return parts;
}

/// `key in (a, b)` / `key notin (a, b)`: the position of the operator word, or npos.
std::size_t setOperator(std::string_view req, std::string_view word) {
    for (std::size_t at = req.find(word); at != std::string_view::npos; at = req.find(word, at + 1)) {
        const bool before = at > 0 && std::isspace(static_cast<unsigned char>(req[at - 1]));
        const std::string_view rest = trim(req.substr(at + word.size()));
        if (before && !rest.empty() && rest.front() == '(') return at;
    }
    return std::string_view::npos;
}

}  // namespace

std::optional<core::LabelSelector> parseSelectorText(std::string_view text, core::StringPool& pool,
                                                     std::string& error) {
    core::LabelSelector selector;
    if (trim(text).empty()) return selector;
    for (std::string_view raw : splitRequirements(text)) {
        const std::string_view req = trim(raw);
        core::LabelRequirement r;
        std::string_view key;
        std::vector<std::string_view> values;
        if (const std::size_t notin = setOperator(req, "notin"), in = setOperator(req, "in");
            notin != std::string_view::npos || in != std::string_view::npos) {
            const bool negated = notin != std::string_view::npos;
            const std::size_t at = negated ? notin : in;
            key = trim(req.substr(0, at));
            std::string_view set = trim(req.substr(at + (negated ? 5 : 2)));
            if (set.size() < 2 || set.front() != '(' || set.back() != ')') {
                error = "invalid selector \"" + std::string(text) + "\": a set must be written (a,b,...)";
                return std::nullopt;
            }
            set = set.substr(1, set.size() - 2);
            for (std::string_view v : splitRequirements(set)) values.push_back(trim(v));
            r.op = negated ? core::SelectorOp::NotIn : core::SelectorOp::In;
        } else if (const std::size_t ne = req.find("!="); ne != std::string_view::npos) {
            key = trim(req.substr(0, ne));
            values.push_back(trim(req.substr(ne + 2)));
            r.op = core::SelectorOp::NotIn;
        } else if (const std::size_t eq = req.find('='); eq != std::string_view::npos) {
            key = trim(req.substr(0, eq));
            const std::size_t skip = eq + 1 < req.size() && req[eq + 1] == '=' ? 2 : 1;
            values.push_back(trim(req.substr(eq + skip)));
            r.op = core::SelectorOp::In;
        } else if (!req.empty() && req.front() == '!') {
            key = trim(req.substr(1));
            r.op = core::SelectorOp::DoesNotExist;
        } else {
            key = req;
            r.op = core::SelectorOp::Exists;
        }
        if (!detail::isQualifiedName(key)) {
            error =
                "invalid selector \"" + std::string(text) + "\": \"" + std::string(key) + "\" is not a valid label key";
            return std::nullopt;
        }
        r.key = pool.intern(key);
        for (std::string_view v : values) {
            if (!detail::isValidLabelValue(v)) {
                error = "invalid selector \"" + std::string(text) + "\": \"" + std::string(v) +
                        "\" is not a valid label value";
                return std::nullopt;
            }
            r.values.push_back(pool.intern(v));
        }
        selector.requirements.push_back(std::move(r));
    }
    return selector;
}

}  // namespace berth::io
