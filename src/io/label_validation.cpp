#include "io/label_validation.h"

namespace berth::io::detail {
namespace {

bool isAlnum(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); }

// ([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9], at most 63 characters; empty allowed only when
// the caller says so.
bool isNamePart(std::string_view s, bool allowEmpty) {
    if (s.empty()) return allowEmpty;
    if (s.size() > 63) return false;
    if (!isAlnum(s.front()) || !isAlnum(s.back())) return false;
    for (char c : s)
        if (!isAlnum(c) && c != '-' && c != '_' && c != '.') return false;
    return true;
}

bool isLowerAlnum(char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); }

// [a-z0-9]([-a-z0-9]*[a-z0-9])?, of any length.
bool hasDnsLabelSyntax(std::string_view s) {
    if (s.empty() || !isLowerAlnum(s.front()) || !isLowerAlnum(s.back())) return false;
    for (char c : s)
        if (!isLowerAlnum(c) && c != '-') return false;
    return true;
}

}  // namespace

bool isQualifiedName(std::string_view text) {
    const std::size_t slash = text.find('/');
    if (slash == std::string_view::npos) return isNamePart(text, false);
    if (text.find('/', slash + 1) != std::string_view::npos) return false;
    return isDns1123Subdomain(text.substr(0, slash)) && isNamePart(text.substr(slash + 1), false);
}

bool isValidLabelValue(std::string_view text) { return isNamePart(text, true); }

bool isDns1123Label(std::string_view text) { return text.size() <= 63 && hasDnsLabelSyntax(text); }

bool isDns1123Subdomain(std::string_view text) {
    if (text.empty() || text.size() > 253) return false;
    std::size_t start = 0;
    while (true) {
        const std::size_t dot = text.find('.', start);
        const std::string_view label = text.substr(start, dot == std::string_view::npos ? text.npos : dot - start);
        // Each part has a label's syntax; only the whole name's length is limited.
        if (!hasDnsLabelSyntax(label)) return false;
        if (dot == std::string_view::npos) return true;
        start = dot + 1;
    }
}

}  // namespace berth::io::detail
