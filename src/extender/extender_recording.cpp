#include "extender/extender_recording.h"

#include <rapidjson/document.h>
#include <rapidjson/error/en.h>

#include "io/atomic_write.h"
#include "io/json_writer.h"

namespace berth::extender {
namespace {

constexpr std::string_view kKind = "BerthExtenderRecording";

std::string text(const rapidjson::Value& object, const char* key) {
    const auto it = object.FindMember(key);
    if (it == object.MemberEnd() || !it->value.IsString()) return {};
    return std::string(it->value.GetString(), it->value.GetStringLength());
}

/// One entry of "calls", or a message saying what is wrong with it.
std::optional<RecordedCall> readCall(const rapidjson::Value& v, std::size_t index, std::string& error) {
    const std::string where = "calls[" + std::to_string(index) + "]";
    if (!v.IsObject()) {
        error = where + " is not an object";
        return std::nullopt;
    }
    for (const char* key : {"extender", "verb", "pod", "request"})
        if (!v.HasMember(key) || !v[key].IsString()) {
            error = where + "." + key + " is missing or not a string";
            return std::nullopt;
        }
    RecordedCall c{text(v, "extender"), text(v, "verb"), text(v, "pod"), text(v, "request"), {}};
    c.result.error = text(v, "error");
    if (c.result.error.empty()) {
        if (!v.HasMember("status") || !v["status"].IsInt64() || !v.HasMember("response") || !v["response"].IsString()) {
            error = where + " has neither an error nor a status and a response";
            return std::nullopt;
        }
        c.result.status = static_cast<long>(v["status"].GetInt64());
        c.result.body = text(v, "response");
    }
    return c;
}

}  // namespace

std::size_t RunCallCounts::next(const RecordedCall& call) {
    std::lock_guard lock(m_mutex);
    return m_counts[{call.extender, call.verb, call.request}]++;
}

Recording::Recording(std::vector<RecordedCall> calls) : m_calls(std::move(calls)) {
    for (const RecordedCall& c : m_calls) ++m_counts[{c.extender, c.verb, c.request}];
}

void Recording::add(RecordedCall call) {
    std::lock_guard lock(m_mutex);
    ++m_counts[{call.extender, call.verb, call.request}];
    m_calls.push_back(std::move(call));
}

void Recording::addOnce(RecordedCall call, std::size_t occurrence) {
    std::lock_guard lock(m_mutex);
    std::size_t& held = m_counts[{call.extender, call.verb, call.request}];
    if (held > occurrence) return;
    ++held;
    m_calls.push_back(std::move(call));
}

bool Recording::empty() const {
    std::lock_guard lock(m_mutex);
    return m_calls.empty();
}

std::vector<RecordedCall> Recording::calls() const {
    std::lock_guard lock(m_mutex);
    return m_calls;
}

std::string Recording::toJson() const {
    std::lock_guard lock(m_mutex);
    io::JsonWriter w;
    w.beginObject();
    w.key("kind").value(kKind);
    w.key("version").value(1);
    w.key("calls").beginArray();
    for (const RecordedCall& c : m_calls) {
        w.newline();
        w.beginObject();
        w.key("extender").value(c.extender);
        w.key("verb").value(c.verb);
        w.key("pod").value(c.pod);
        w.key("request").value(c.request);
        if (!c.result.error.empty()) {
            w.key("error").value(c.result.error);
        } else {
            w.key("status").value(static_cast<std::int64_t>(c.result.status));
            w.key("response").value(c.result.body);
        }
        w.endObject();
    }
    w.endArray();
    w.endObject();
    return w.str() + "\n";
}

std::string Recording::save(const std::string& path) const { return io::writeFileAtomically(path, toJson()); }

std::optional<std::vector<RecordedCall>> Recording::parse(std::string_view text, const std::string& name,
                                                          std::string& error) {
    rapidjson::Document doc;
    doc.Parse(text.data(), text.size());
    if (doc.HasParseError()) {
        error = name + ": not JSON at offset " + std::to_string(doc.GetErrorOffset()) + ": " +
                rapidjson::GetParseError_En(doc.GetParseError());
        return std::nullopt;
    }
    if (!doc.IsObject() || !doc.HasMember("kind") || !doc["kind"].IsString() || doc["kind"].GetString() != kKind ||
        !doc.HasMember("calls") || !doc["calls"].IsArray()) {
        error = name + ": not an extender recording (kind " + std::string(kKind) + " with calls)";
        return std::nullopt;
    }
    std::vector<RecordedCall> out;
    std::size_t index = 0;
    for (const auto& v : doc["calls"].GetArray()) {
        auto call = readCall(v, index++, error);
        if (!call) {
            error = name + ": " + error;
            return std::nullopt;
        }
        out.push_back(std::move(*call));
    }
    return out;
}

PostResult RecordingTransport::post(const ExtenderCall& call) {
    PostResult r = m_inner->post(call);
    RecordedCall recorded{call.extender, call.verb, call.pod, call.body, r};
    if (m_run) {
        const std::size_t occurrence = m_run->next(recorded);
        m_recording->addOnce(std::move(recorded), occurrence);
    } else {
        m_recording->add(std::move(recorded));
    }
    return r;
}

Replay::Replay(std::vector<RecordedCall> calls, std::string name, std::string advice)
    : m_name(std::move(name)), m_advice(std::move(advice)) {
    for (RecordedCall& c : calls)
        m_answers[Key{c.extender, c.verb, c.request}].push_back(std::move(c.result));
}

PostResult Replay::answer(const ExtenderCall& call) {
    std::lock_guard lock(m_mutex);
    const Key key{call.extender, call.verb, call.body};
    const auto it = m_answers.find(key);
    std::size_t& used = m_used[key];
    if (it == m_answers.end() || used >= it->second.size()) {
        PostResult missing;
        missing.error = "extender " + call.extender + ": " + m_name + " has no recorded answer to " + call.verb +
                        " for pod " + call.pod + (it == m_answers.end() ? "" : " (asked more often than recorded)") +
                        "; " + m_advice;
        return missing;
    }
    return it->second[used++];
}

}  // namespace berth::extender
