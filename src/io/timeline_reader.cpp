#include "io/timeline_reader.h"

#include <charconv>
#include <initializer_list>
#include <variant>

#include "io/go_duration.h"
#include "io/yaml_documents.h"

namespace berth::io {

namespace {

using detail::DocNode;

/// Reads one file's documents; the first problem is the only one reported per document.
class TimelineReader {
public:
    TimelineReader(const std::string& fileName, Diagnostics& diagnostics)
        : m_file(fileName), m_diagnostics(diagnostics) {}

    bool document(DocNode doc, int lineOffset, std::vector<TimelineEvent>& out) {
        m_offset = lineOffset;
        if (doc.isNull() || !doc.isDefined()) return true;  // an empty document
        if (!doc.isMap()) return fail(doc, "a Timeline document is a map");
        if (!onlyKeys(doc, {"apiVersion", "kind", "metadata", "events"})) return false;
        if (doc.get("apiVersion").scalar() != "berth.dev/v1alpha1")
            return fail(doc, "apiVersion must be berth.dev/v1alpha1");
        if (doc.get("kind").scalar() != "Timeline") return fail(doc, "kind must be Timeline");
        const DocNode events = doc.get("events");
        if (!events.isSequence()) return fail(doc, "events must be a list");
        for (std::size_t i = 0; i < events.size(); ++i)
            if (!event(events.item(i), out)) return false;
        return true;
    }

    bool fail(DocNode at, const std::string& message) {
        Diagnostic d;
        d.file = m_file;
        d.line = at.line() + 1 + m_offset;
        d.column = at.column() + 1;
        d.kind = "Timeline";
        d.message = message;
        m_diagnostics.add(std::move(d));
        return false;
    }

private:
    bool onlyKeys(DocNode map, std::initializer_list<std::string_view> known) {
        for (std::size_t i = 0; i < map.size(); ++i) {
            bool ok = false;
            for (std::string_view k : known) ok = ok || map.key(i).scalar() == k;
            if (!ok) return fail(map.key(i), "unknown field \"" + std::string(map.key(i).scalar()) + "\"");
        }
        return true;
    }

    bool text(DocNode map, std::string_view key, std::string& out, bool required = true) {
        const DocNode v = map.get(key);
        if (!v.isDefined() && !required) return true;
        if (!v.isScalar() || v.scalar().empty()) return fail(map, std::string(key) + " must be a non-empty string");
        out = std::string(v.scalar());
        return true;
    }

    /// name, and namespace ("default" when left out).
    bool namespacedName(DocNode map, TimelineEvent& ev) {
        ev.ns = "default";
        return text(map, "name", ev.name) && text(map, "namespace", ev.ns, false);
    }

    bool count(DocNode map, std::string_view key, std::int32_t& out) {
        const DocNode v = map.get(key);
        const std::string_view s = v.scalar();
        const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
        if (!v.isScalar() || s.empty() || ec != std::errc() || end != s.data() + s.size() || out < 0)
            return fail(v.isDefined() ? v : map, std::string(key) + " must be a whole number, 0 or more");
        return true;
    }

    bool event(DocNode e, std::vector<TimelineEvent>& out) {
        if (!e.isMap()) return fail(e, "an event is a map: at, and one action");
        TimelineEvent ev;
        ev.line = e.line() + 1 + m_offset;
        const DocNode at = e.get("at");
        if (!at.isScalar()) return fail(e, "an event needs at: a duration from t = 0 (30s, 1m30s)");
        const auto parsed = detail::parseGoDuration(at.scalar());
        if (const auto* err = std::get_if<std::string>(&parsed)) return fail(at, "at: " + *err);
        ev.at = std::get<std::int64_t>(parsed);
        if (ev.at < 0) return fail(at, "at must not be negative");
        if (!onlyKeys(e, {"at", "cordon", "uncordon", "drain", "deleteNode", "scale", "deleteWorkload", "addNodePool",
                          "deletePod"}))
            return false;
        if (e.size() != 2) return fail(e, "an event has exactly one action besides at");
        for (std::size_t i = 0; i < e.size(); ++i)
            if (e.key(i).scalar() != "at") ev.action = std::string(e.key(i).scalar());
        const DocNode body = e.get(ev.action);
        if (ev.action == "scale" || ev.action == "deleteWorkload") {
            if (!body.isMap()) return fail(body, ev.action + " is a map: kind, namespace, name");
            const bool scale = ev.action == "scale";
            if (!onlyKeys(body, scale ? std::initializer_list<std::string_view>{"kind", "namespace", "name", "replicas"}
                                      : std::initializer_list<std::string_view>{"kind", "namespace", "name"}))
                return false;
            if (!text(body, "kind", ev.kind) || !namespacedName(body, ev)) return false;
            if (scale && !count(body, "replicas", ev.replicas)) return false;
        } else if (ev.action == "deletePod") {
            if (!body.isMap()) return fail(body, "deletePod is a map: namespace, name");
            if (!onlyKeys(body, {"namespace", "name"}) || !namespacedName(body, ev)) return false;
        } else if (ev.action == "addNodePool") {
            if (!body.isMap()) return fail(body, "addNodePool is a map: template, namePrefix, count, zone");
            if (!onlyKeys(body, {"template", "namePrefix", "count", "zone"})) return false;
            if (!text(body, "template", ev.node) || !text(body, "namePrefix", ev.namePrefix) ||
                !count(body, "count", ev.count) || !text(body, "zone", ev.zone, false))
                return false;
        } else {
            if (!body.isScalar() || body.scalar().empty()) return fail(body, ev.action + " takes a node name");
            ev.node = std::string(body.scalar());
        }
        out.push_back(std::move(ev));
        return true;
    }

    const std::string& m_file;
    Diagnostics& m_diagnostics;
    int m_offset = 0;
};

}  // namespace

std::vector<TimelineEvent> readTimeline(std::string_view text, const std::string& fileName,
                                        Diagnostics& diagnostics) {
    std::vector<TimelineEvent> out;
    TimelineReader reader(fileName, diagnostics);
    bool ok = true;
    for (const detail::YamlPiece& piece : detail::splitYamlDocuments(text)) {
        const detail::YamlChunk chunk = detail::parseYamlPiece(piece);
        if (chunk.failed) {
            diagnostics.add({Severity::Error, fileName, chunk.errorLine, chunk.errorColumn, "Timeline", "",
                             chunk.errorMessage});
            ok = false;
            continue;
        }
        for (const DocNode& doc : chunk.documents) ok = reader.document(doc, piece.lineOffset, out) && ok;
    }
    if (!ok) out.clear();
    return out;
}

}  // namespace berth::io
