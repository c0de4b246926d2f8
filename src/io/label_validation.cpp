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

// MaxLenError and RegexError's texts (k8s.io/apimachinery/pkg/util/validation/validation.go).
std::string maxLength(std::size_t n) { return "must be no more than " + std::to_string(n) + " characters"; }

constexpr const char* kSubdomainRule =
    "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start "
    "and end with an alphanumeric character (e.g. 'example.com', regex used for validation is "
    "'[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
constexpr const char* kLabelRule =
    "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end "
    "with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is "
    "'[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
constexpr const char* kDns1035Rule =
    "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, "
    "and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is "
    "'[a-z]([-a-z0-9]*[a-z0-9])?')";

}  // namespace

std::vector<std::string> dns1123SubdomainErrors(std::string_view text) {
    std::vector<std::string> errors;
    if (text.size() > 253) errors.push_back(maxLength(253));
    // The pattern alone: a long name of good parts breaks only the length.
    std::size_t start = 0;
    bool syntax = true;
    while (syntax) {
        const std::size_t dot = text.find('.', start);
        syntax = hasDnsLabelSyntax(text.substr(start, dot == std::string_view::npos ? text.npos : dot - start));
        if (dot == std::string_view::npos) break;
        start = dot + 1;
    }
    if (!syntax) errors.push_back(kSubdomainRule);
    return errors;
}

std::vector<std::string> dns1123LabelErrors(std::string_view text) {
    std::vector<std::string> errors;
    if (text.size() > 63) errors.push_back(maxLength(63));
    if (!hasDnsLabelSyntax(text)) errors.push_back(kLabelRule);
    return errors;
}

std::vector<std::string> dns1035LabelErrors(std::string_view text) {
    std::vector<std::string> errors;
    if (text.size() > 63) errors.push_back(maxLength(63));
    if (!hasDnsLabelSyntax(text) || !(text.front() >= 'a' && text.front() <= 'z')) errors.push_back(kDns1035Rule);
    return errors;
}

std::vector<std::string> labelErrors(std::string_view key, std::string_view value) {
    std::vector<std::string> errors;
    if (!isQualifiedName(key))
        errors.push_back("Invalid value: \"" + std::string(key) +
                         "\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start "
                         "and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', "
                         "regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')");
    if (!isValidLabelValue(value))
        errors.push_back("Invalid value: \"" + std::string(value) +
                         "\": a valid label must be an empty string or consist of alphanumeric characters, '-', "
                         "'_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or "
                         "'my_value',  or '12345', regex used for validation is "
                         "'(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')");
    return errors;
}

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
