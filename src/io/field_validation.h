#pragma once
/// Strict field validation, as `kubectl apply` asks of the API server by default: every field
/// of an object must be one its kind has (field_schema.h), and no map may set a key twice.
/// A misspelt `resourses:` would otherwise vanish and the pod run with no requests; two
/// documents pasted together without `---` would otherwise lose the first one.

#include <string_view>

namespace berth::io {

/// What a problem found by strict field validation is (kubectl's `--validate`).
enum class FieldValidation {
    Strict,  // an error: the object is skipped (kubectl's default, `--validate=strict`)
    Warn,    // a warning; the object is read without the field
    Ignore,  // not checked
};

}  // namespace berth::io

namespace berth::io::detail {

class DocNode;
class Reader;

/// Reports, through `r`, each unknown field of `object` (when the schema knows `kind`) and
/// each key set twice in any of its maps, in the API server's words: `unknown field
/// "spec.containers[0].resourses"`, `duplicate field "metadata.name"`. `mode` says whether
/// they are errors or warnings; Ignore reports nothing.
void validateFields(Reader& r, std::string_view kind, const DocNode& object, FieldValidation mode);

/// The same for the fields of a `kind: List` or typed list (apiVersion, kind, metadata,
/// items), not its items: each is checked as the object it is when it is loaded.
void validateListFields(Reader& r, const DocNode& list, FieldValidation mode);

}  // namespace berth::io::detail
