#include "io/label_validation.h"

namespace berth::io::detail {
namespace {

bool isAlnum(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

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

bool isLowerAlnum(char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
}

// DNS-1123 subdomain: dot-separated labels of [a-z0-9-] starting and ending alphanumeric.
bool isDnsSubdomain(std::string_view s) {
    if (s.empty() || s.size() > 253) return false;
    std::size_t start = 0;
    while (true) {
        const std::size_t dot = s.find('.', start);
        const std::string_view label = s.substr(start, dot == std::string_view::npos ? s.npos : dot - start);
        if (label.empty() || !isLowerAlnum(label.front()) || !isLowerAlnum(label.back())) return false;
        for (char c : label)
            if (!isLowerAlnum(c) && c != '-') return false;
        if (dot == std::string_view::npos) return true;
        start = dot + 1;
    }
}

}  // namespace

bool isQualifiedName(std::string_view text) {
    const std::size_t slash = text.find('/');
    if (slash == std::string_view::npos) return isNamePart(text, false);
    if (text.find('/', slash + 1) != std::string_view::npos) return false;
    return isDnsSubdomain(text.substr(0, slash)) && isNamePart(text.substr(slash + 1), false);
}

bool isValidLabelValue(std::string_view text) {
    return isNamePart(text, true);
}

}  // namespace berth::io::detail
