#pragma once
/// The result of running a plugin (pkg/scheduler/framework/interface.go Status): a code, the
/// reasons (interned, so a failing node costs no allocation) and the plugin that produced it.

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/api/string_pool.h"

namespace berth::core {

enum class Code : std::uint8_t {
    Success,
    Error,
    Unschedulable,
    UnschedulableAndUnresolvable,
    Wait,
    Skip,
    Pending,
};

const char* codeName(Code c);

class Status {
public:
    Status() = default;
    explicit Status(Code code) : m_code(code) {}
    Status(Code code, Sym reason) : m_code(code) { addReason(reason); }

    static Status success() { return {}; }
    static Status error(std::string text) {
        Status s(Code::Error);
        s.m_error = std::move(text);
        return s;
    }

    Code code() const { return m_code; }
    bool isSuccess() const { return m_code == Code::Success; }
    bool isSkip() const { return m_code == Code::Skip; }
    bool isRejected() const {
        return m_code == Code::Unschedulable || m_code == Code::UnschedulableAndUnresolvable;
    }
    void setCode(Code c) { m_code = c; }

    int plugin() const { return m_plugin; }  // profile-wide plugin index, -1 if none
    void setPlugin(int p) { m_plugin = static_cast<std::int16_t>(p); }

    void addReason(Sym r) {
        if (m_count < kInline) m_inline[m_count] = r;
        else {
            if (m_count == kInline) m_overflow.assign(m_inline.begin(), m_inline.end());
            m_overflow.push_back(r);
        }
        ++m_count;
    }
    std::span<const Sym> reasons() const {
        if (m_count <= kInline) return {m_inline.data(), m_count};
        return {m_overflow.data(), m_overflow.size()};
    }
    const std::string& errorText() const { return m_error; }

    /// Reasons joined with ", " (Status.Message()).
    std::string message(const StringPool& pool) const;

private:
    static constexpr std::size_t kInline = 4;
    Code m_code = Code::Success;
    std::int16_t m_plugin = -1;
    std::uint32_t m_count = 0;
    std::array<Sym, kInline> m_inline{};
    std::vector<Sym> m_overflow;
    std::string m_error;
};

}  // namespace berth::core
