#include "io/json_writer.h"

#include <cmath>
#include <cstdio>

namespace berth::io {

void JsonWriter::appendEscaped(std::string& out, std::string_view s) {
    out += '"';
    for (char c : s) {
        switch (c) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\n': out += "\\n"; break;
            case '\r': out += "\\r"; break;
            case '\t': out += "\\t"; break;
            default:
                if (static_cast<unsigned char>(c) < 0x20) {
                    char buf[8];
                    std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(static_cast<unsigned char>(c)));
                    out += buf;
                } else {
                    out += c;
                }
        }
    }
    out += '"';
}

void JsonWriter::separator() {
    if (m_afterKey) {
        m_afterKey = false;
        return;
    }
    if (!m_first.empty()) {
        if (!m_first.back()) m_out += ',';
        m_first.back() = false;
    }
}

JsonWriter& JsonWriter::beginObject() {
    separator();
    m_out += '{';
    m_first.push_back(true);
    return *this;
}
JsonWriter& JsonWriter::endObject() {
    m_out += '}';
    m_first.pop_back();
    return *this;
}
JsonWriter& JsonWriter::beginArray() {
    separator();
    m_out += '[';
    m_first.push_back(true);
    return *this;
}
JsonWriter& JsonWriter::endArray() {
    m_out += ']';
    m_first.pop_back();
    return *this;
}
JsonWriter& JsonWriter::key(std::string_view k) {
    separator();
    appendEscaped(m_out, k);
    m_out += ':';
    m_afterKey = true;
    return *this;
}
JsonWriter& JsonWriter::value(std::string_view v) {
    separator();
    appendEscaped(m_out, v);
    return *this;
}
JsonWriter& JsonWriter::value(std::int64_t v) {
    separator();
    m_out += std::to_string(v);
    return *this;
}
JsonWriter& JsonWriter::value(double v) {
    separator();
    if (!std::isfinite(v)) {
        m_out += "null";
        return *this;
    }
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", v);
    m_out += buf;
    return *this;
}
JsonWriter& JsonWriter::null() {
    separator();
    m_out += "null";
    return *this;
}
JsonWriter& JsonWriter::value(bool v) {
    separator();
    m_out += v ? "true" : "false";
    return *this;
}
JsonWriter& JsonWriter::newline() {
    m_out += '\n';
    return *this;
}

}  // namespace berth::io
