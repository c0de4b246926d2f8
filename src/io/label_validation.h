#pragma once
/// Label key and value syntax and object names (k8s.io/apimachinery/pkg/util/validation/
/// validation.go: IsQualifiedName, IsValidLabelValue, IsDNS1123Subdomain, IsDNS1123Label).
/// labels.NewRequirement applies the first two, so a selector requirement with a bad key or
/// value fails to parse upstream.

#include <string>
#include <string_view>
#include <vector>

namespace berth::io::detail {

/// `[prefix/]name`: prefix a DNS-1123 subdomain (at most 253 characters), name at most 63
/// characters of [A-Za-z0-9-_.] starting and ending alphanumeric.
bool isQualifiedName(std::string_view text);
/// Empty, or at most 63 characters of [A-Za-z0-9-_.] starting and ending alphanumeric.
bool isValidLabelValue(std::string_view text);
/// At most 253 characters: dot-separated labels of [a-z0-9-] starting and ending
/// alphanumeric (most object names).
bool isDns1123Subdomain(std::string_view text);
/// At most 63 characters of [a-z0-9-] starting and ending alphanumeric (namespace names).
bool isDns1123Label(std::string_view text);

/// What IsDNS1123Subdomain, IsDNS1123Label and IsDNS1035Label say of `text`, in their words
/// (each message one field.Invalid of ValidateObjectMeta); empty when it is valid.
std::vector<std::string> dns1123SubdomainErrors(std::string_view text);
std::vector<std::string> dns1123LabelErrors(std::string_view text);
std::vector<std::string> dns1035LabelErrors(std::string_view text);
/// What ValidateLabels says of one label (IsQualifiedName for the key, IsValidLabelValue for
/// the value), as `Invalid value: "...": ...`; empty when it is valid. A bad key's prefix is
/// described as its name part is.
std::vector<std::string> labelErrors(std::string_view key, std::string_view value);

}  // namespace berth::io::detail
