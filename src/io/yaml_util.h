#pragma once
/// Shared by every reader: a field path for messages, the per-object read context that turns
/// node positions into file positions and collects diagnostics, and strict scalar readers.
///
/// Readers work on the parsers' common DocumentTree (document_tree.h), never on a parser's
/// own types; every scalar is converted here, strictly (no octal "010", no silent
/// fallbacks), with a diagnostic on failure.

#include "io/document_tree.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/api/labels.h"
#include "core/api/quantity.h"
#include "core/api/source_ref.h"
#include "core/api/string_pool.h"
#include "io/diagnostics.h"

namespace berth::io::detail {

using Sym = core::Sym;

/// A path such as `spec.containers[0].resources` built on the stack, formatted only when a
/// message needs it. A child refers to its parent: never store a chained temporary
/// (`auto p = a.child("x").child("y")` dangles); one level per named variable.
class FieldPath {
public:
    FieldPath() = default;
    /// A top-level field (`spec`): a root with a name.
    explicit FieldPath(std::string_view key) : m_key(key) {}
    FieldPath child(std::string_view key) const { return FieldPath(this, key, -1); }
    FieldPath index(int i) const { return FieldPath(this, {}, i); }
    std::string str() const;

private:
    FieldPath(const FieldPath* parent, std::string_view key, int index)
        : m_parent(parent), m_key(key), m_index(index) {}
    const FieldPath* m_parent = nullptr;
    std::string_view m_key;
    int m_index = -1;
};

/// Where a document sits in its file: node lines count from the start of the text the parser
/// was given, and each document is parsed on its own (see yaml_documents.h).
struct DocumentOrigin {
    const std::string* file = nullptr;
    int lineOffset = 0;  // lines of the file before the document's text
};

/// The context of reading one object: its kind and name for messages, the diagnostics sink
/// and the string pool. Counts errors so the caller can skip an object that had any.
class Reader {
public:
    Reader(core::StringPool& pool, Diagnostics& diagnostics, DocumentOrigin origin, std::string kind,
           const DocNode& anchor);

    core::StringPool& pool() { return m_pool; }
    Sym intern(std::string_view s) { return m_pool.intern(s); }

    const std::string& kind() const { return m_kind; }
    void setKind(std::string kind) { m_kind = std::move(kind); }
    void setName(std::string name) { m_name = std::move(name); }
    const std::string& name() const { return m_name; }

    /// Problems with the input: the object will be skipped.
    void error(const DocNode& at, const FieldPath& path, std::string_view message);
    void warning(const DocNode& at, const FieldPath& path, std::string_view message);
    /// Semantic problems that the API server would reject but a scheduler tolerates (an
    /// unparsable node selector term, a malformed label selector): a warning while reading
    /// objects, an error while reading a KubeSchedulerConfiguration, which upstream validates.
    void semantic(const DocNode& at, const FieldPath& path, std::string_view message);
    void setStrictSemantics(bool strict) { m_strictSemantics = strict; }

    int errorCount() const { return m_errors; }
    /// file:line:column of a node (the object's own position when the node has none).
    core::SourceRef sourceOf(const DocNode& node) const;

private:
    void report(Severity severity, const DocNode& at, const FieldPath& path, std::string_view message);

    core::StringPool& m_pool;
    Diagnostics& m_diagnostics;
    DocumentOrigin m_origin;
    std::string m_kind;
    std::string m_name;
    int m_anchorLine = -1;  // 0-based position of the object itself
    int m_anchorColumn = -1;
    int m_errors = 0;
    bool m_strictSemantics = false;
};

/// True when the node exists and is not YAML null (`~`, `null`, empty).
bool present(const DocNode& node);
/// `map[key]`: an undefined node when `map` is absent, not a map, or lacks the key.
DocNode field(const DocNode& map, const char* key);
/// "a map", "a list", "a scalar" for messages.
const char* typeName(const DocNode& node);

/// Reports an error unless the node is absent or a map; true when it is a map.
bool expectMap(Reader& r, const DocNode& node, const FieldPath& path);
/// Reports an error unless the node is absent or a list; true when it is a list.
bool expectList(Reader& r, const DocNode& node, const FieldPath& path);
/// Errors for keys of `node` not in `known` (upstream decodes configuration strictly).
void rejectUnknownFields(Reader& r, const DocNode& node, const FieldPath& path,
                         std::initializer_list<std::string_view> known);

/// Scalar readers: std::nullopt when absent or wrong (the latter also reports an error).
std::optional<std::string> readString(Reader& r, const DocNode& node, const FieldPath& path);
std::optional<std::int64_t> readInt(Reader& r, const DocNode& node, const FieldPath& path, std::int64_t min,
                                    std::int64_t max);
std::optional<std::int32_t> readInt32(Reader& r, const DocNode& node, const FieldPath& path);
std::optional<std::int64_t> readInt64(Reader& r, const DocNode& node, const FieldPath& path);
std::optional<bool> readBool(Reader& r, const DocNode& node, const FieldPath& path);
/// A quantity given as a YAML number or string (`4`, "4", 500m, 1.5, 2Gi, 1e3).
std::optional<core::Quantity> readQuantity(Reader& r, const DocNode& node, const FieldPath& path);
/// A string that must be present and non-empty (errors "is required" at `parent` otherwise).
std::optional<std::string> readRequiredString(Reader& r, const DocNode& parent, const char* key,
                                              const FieldPath& parentPath);

/// A list of strings; empty when absent.
std::vector<std::string> readStringList(Reader& r, const DocNode& node, const FieldPath& path);
/// A list of strings, interned.
std::vector<Sym> readSymList(Reader& r, const DocNode& node, const FieldPath& path);
/// A string-to-string map (labels, nodeSelector, service selector), interned.
core::Labels readLabels(Reader& r, const DocNode& node, const FieldPath& path);

/// Calls `fn(item, itemPath)` for every element of a list (nothing when absent).
void forEachItem(Reader& r, const DocNode& list, const FieldPath& path,
                 const std::function<void(const DocNode&, const FieldPath&)>& fn);
/// Calls `fn(key, value, valuePath)` for every entry of a map with a string key.
void forEachEntry(Reader& r, const DocNode& map, const FieldPath& path,
                  const std::function<void(const std::string&, const DocNode&, const FieldPath&)>& fn);

/// Strict decimal integer as strconv.ParseInt(s, 10, 64) reads it (optional sign, digits).
std::optional<std::int64_t> parseDecimalInt64(std::string_view text);

}  // namespace berth::io::detail
