#pragma once
/// Reading an extender's answer the way Go's encoding/json reads it into upstream's types
/// (json.NewDecoder(resp.Body).Decode(result) in pkg/scheduler/extender.go), so an answer
/// upstream accepts is accepted here and one it rejects is rejected with Go's words:
///  - the first JSON value is read; what follows it is ignored (a Decoder reads one value);
///  - an empty body is "EOF", a cut-off one "unexpected EOF", bad syntax "invalid character …";
///  - field names match case-insensitively, the last matching key wins; unknown keys are
///    ignored; null leaves a field as it was;
///  - a value of the wrong type is "json: cannot unmarshal <kind> into Go struct field
///    <Type>.<Field> of type <type>", and fails the whole answer.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace berth::extender {

/// ExtenderFilterResult. `nodes` holds the names of the v1.NodeList's items.
struct FilterAnswer {
    std::optional<std::vector<std::string>> nodes;
    std::optional<std::vector<std::string>> nodeNames;
    std::map<std::string, std::string> failedNodes;
    std::map<std::string, std::string> failedAndUnresolvableNodes;
    std::string error;
};

/// MetaVictims, keyed by node name in ExtenderPreemptionResult.NodeNameToMetaVictims.
struct MetaVictimsAnswer {
    std::vector<std::string> podUIDs;
    std::int64_t numPDBViolations = 0;
};

/// Each returns "" when the body decodes, else Go's error text.
std::string decodeFilterAnswer(std::string_view body, FilterAnswer& out);
std::string decodeHostPriorityList(std::string_view body, std::vector<std::pair<std::string, std::int64_t>>& out);
std::string decodePreemptionAnswer(std::string_view body, std::map<std::string, MetaVictimsAnswer>& out);
std::string decodeBindingAnswer(std::string_view body, std::string& error);

}  // namespace berth::extender
