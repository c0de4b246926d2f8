#include "io/field_validation.h"

#include <string>
#include <unordered_set>

#include "io/field_schema.h"
#include "io/yaml_util.h"

namespace berth::io::detail {
namespace {

// Walks one object, keeping the path of the node it is at in kubectl's notation
// (`spec.containers[0].name`), the path strict decoding errors name.
class FieldWalker {
public:
    FieldWalker(Reader& r, FieldValidation mode) : m_reader(r), m_mode(mode) {}

    void walkObject(const DocNode& node, std::int32_t type) {
        if (!node.isMap()) return;  // readers report a value of the wrong type
        reportDuplicates(node);
        for (std::size_t i = 0; i < node.size(); ++i) {
            const DocNode key = node.key(i);
            if (!key.isScalar()) continue;  // readers report a key that is not a string
            const std::size_t mark = m_path.size();
            appendKey(key.scalar());
            if (const SchemaField* field = findSchemaField(type, key.scalar()))
                walkValue(node.value(i), field->shape, field->type);
            else
                report(key, "unknown field \"" + m_path + "\"");
            m_path.resize(mark);
        }
    }

    // Any value whose fields are not described (an unknown kind, labels, fieldsV1): only
    // keys set twice are reported.
    void walkAny(const DocNode& node) {
        if (node.isSequence()) {
            for (std::size_t i = 0; i < node.size(); ++i) {
                const std::size_t mark = m_path.size();
                appendIndex(i);
                walkAny(node.item(i));
                m_path.resize(mark);
            }
        } else if (node.isMap()) {
            reportDuplicates(node);
            for (std::size_t i = 0; i < node.size(); ++i) {
                const std::size_t mark = m_path.size();
                appendKey(node.key(i).scalar());
                walkAny(node.value(i));
                m_path.resize(mark);
            }
        }
    }

    // A `kind: List` or typed list: its own fields; each item is checked when it is loaded.
    void walkList(const DocNode& list) {
        if (!list.isMap()) return;
        reportDuplicates(list);
        for (std::size_t i = 0; i < list.size(); ++i) {
            const std::string_view key = list.key(i).scalar();
            if (key == "items" || key == "apiVersion" || key == "kind") continue;
            const std::size_t mark = m_path.size();
            appendKey(key);
            if (key == "metadata")
                walkAny(list.value(i));
            else
                report(list.key(i), "unknown field \"" + m_path + "\"");
            m_path.resize(mark);
        }
    }

private:
    void walkValue(const DocNode& node, FieldShape shape, std::int32_t type) {
        switch (shape) {
            case FieldShape::Object: walkObject(node, type); break;
            case FieldShape::ListOf:
                if (!node.isSequence()) break;
                for (std::size_t i = 0; i < node.size(); ++i) {
                    const std::size_t mark = m_path.size();
                    appendIndex(i);
                    walkObject(node.item(i), type);
                    m_path.resize(mark);
                }
                break;
            case FieldShape::MapOf:
                if (!node.isMap()) break;
                reportDuplicates(node);
                for (std::size_t i = 0; i < node.size(); ++i) {
                    const std::size_t mark = m_path.size();
                    appendKey(node.key(i).scalar());
                    walkObject(node.value(i), type);
                    m_path.resize(mark);
                }
                break;
            case FieldShape::Free:
            case FieldShape::Opaque: walkAny(node); break;
            case FieldShape::Scalar: break;
        }
    }

    void reportDuplicates(const DocNode& map) {
        const std::size_t n = map.size();
        // Most maps are small: comparing pairs beats hashing them.
        constexpr std::size_t kSmall = 16;
        std::unordered_set<std::string_view> seen;
        for (std::size_t i = 0; i < n; ++i) {
            const DocNode key = map.key(i);
            if (!key.isScalar()) continue;
            bool repeated = false;
            if (n <= kSmall) {
                for (std::size_t j = 0; j < i && !repeated; ++j)
                    repeated = map.key(j).isScalar() && map.key(j).scalar() == key.scalar();
            } else {
                repeated = !seen.insert(key.scalar()).second;
            }
            if (repeated) reportDuplicate(key);
        }
    }

    void reportDuplicate(const DocNode& key) {
        const std::size_t mark = m_path.size();
        appendKey(key.scalar());
        std::string message = "duplicate field \"" + m_path + "\"";
        // A second apiVersion or kind at the top: most likely two manifests pasted together
        // without the line between them, which would otherwise lose the first one.
        if (mark == 0 && (key.scalar() == "apiVersion" || key.scalar() == "kind"))
            message += " (two documents without a \"---\" line between them?)";
        report(key, message);
        m_path.resize(mark);
    }

    void appendKey(std::string_view key) {
        if (!m_path.empty()) m_path += '.';
        m_path += key;
    }

    void appendIndex(std::size_t i) { m_path += "[" + std::to_string(i) + "]"; }

    void report(const DocNode& at, const std::string& message) {
        if (m_mode == FieldValidation::Strict)
            m_reader.error(at, FieldPath(), message);
        else
            m_reader.warning(at, FieldPath(), message);
    }

    Reader& m_reader;
    FieldValidation m_mode;
    std::string m_path;
};

}  // namespace

void validateFields(Reader& r, std::string_view kind, const DocNode& object, FieldValidation mode) {
    if (mode == FieldValidation::Ignore) return;
    FieldWalker walker(r, mode);
    const std::int32_t type = schemaTypeOfKind(kind);
    if (type >= 0)
        walker.walkObject(object, type);
    else
        walker.walkAny(object);
}

void validateListFields(Reader& r, const DocNode& list, FieldValidation mode) {
    if (mode == FieldValidation::Ignore) return;
    FieldWalker(r, mode).walkList(list);
}

}  // namespace berth::io::detail
