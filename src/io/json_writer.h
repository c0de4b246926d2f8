#pragma once
/// A minimal streaming JSON writer: compact output (no spaces), keys in the order written.
/// Output only; Berth never parses JSON with it.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace berth::io {

class JsonWriter {
public:
    JsonWriter& beginObject();
    JsonWriter& endObject();
    JsonWriter& beginArray();
    JsonWriter& endArray();
    JsonWriter& key(std::string_view k);
    JsonWriter& value(std::string_view v);
    JsonWriter& value(const char* v) { return value(std::string_view(v)); }
    JsonWriter& value(std::int64_t v);
    JsonWriter& value(int v) { return value(static_cast<std::int64_t>(v)); }
    JsonWriter& value(std::size_t v) { return value(static_cast<std::int64_t>(v)); }
    JsonWriter& value(double v);
    JsonWriter& value(bool v);
    JsonWriter& null();
    /// Inserts a line break between top-level array items (pretty enough for reports).
    JsonWriter& newline();
    const std::string& str() const { return m_out; }

    static void appendEscaped(std::string& out, std::string_view s);

private:
    void separator();
    std::string m_out;
    std::vector<bool> m_first;  // per open container: no element written yet
    bool m_afterKey = false;
};

}  // namespace berth::io
