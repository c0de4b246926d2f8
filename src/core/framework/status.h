#pragma once
/// The result of running a plugin (pkg/scheduler/framework/interface.go Status): a code, the
/// reasons (interned, so a failing node costs no allocation) and the plugin that produced it.

#include <array>
#include <cstdint>
#include <memory>
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

class [[nodiscard]] Status {
public:
    Status() = default;
    explicit Status(Code code) : m_code(code) {}
    Status(Code code, Sym reason) : m_code(code) { addReason(reason); }
    Status(const Status& o)
        : m_code(o.m_code),
          m_plugin(o.m_plugin),
          m_count(o.m_count),
          m_inline(o.m_inline),
          m_extra(o.m_extra ? std::make_unique<Extra>(*o.m_extra) : nullptr) {}
    Status& operator=(const Status& o) {
        if (this != &o) *this = Status(o);
        return *this;
    }
    Status(Status&&) noexcept = default;
    Status& operator=(Status&&) noexcept = default;
    ~Status() = default;

    static Status success() { return {}; }
    static Status error(std::string text) {
        Status s(Code::Error);
        s.extra().error = std::move(text);
        return s;
    }

    Code code() const { return m_code; }
    bool isSuccess() const { return m_code == Code::Success; }
    bool isSkip() const { return m_code == Code::Skip; }
    bool isRejected() const { return m_code == Code::Unschedulable || m_code == Code::UnschedulableAndUnresolvable; }
    void setCode(Code c) { m_code = c; }

    int plugin() const { return m_plugin; }  // profile-wide plugin index, -1 if none
    void setPlugin(int p) { m_plugin = static_cast<std::int16_t>(p); }

    void addReason(Sym r) {
        if (m_count < kInline)
            m_inline[m_count] = r;
        else {
            auto& overflow = extra().overflow;
            if (m_count == kInline) overflow.assign(m_inline.begin(), m_inline.end());
            overflow.push_back(r);
        }
        ++m_count;
    }
    std::span<const Sym> reasons() const {
        if (m_count <= kInline) return {m_inline.data(), m_count};
        return {m_extra->overflow.data(), m_extra->overflow.size()};
    }
    const std::string& errorText() const {
        static const std::string kNone;
        return m_extra ? m_extra->error : kNone;
    }

    /// Reasons joined with ", " (Status.Message()).
    std::string message(const StringPool& pool) const;

private:
    // The rare parts (more than kInline reasons, an error text) live behind one pointer, so
    // that the Status every Filter and Score call returns per node is 32 bytes with nothing to
    // construct or free (issue 6: it was 88 bytes with a string and a vector to destroy).
    struct Extra {
        std::vector<Sym> overflow;
        std::string error;
    };
    Extra& extra() {
        if (!m_extra) m_extra = std::make_unique<Extra>();
        return *m_extra;
    }

    static constexpr std::size_t kInline = 4;
    Code m_code = Code::Success;
    std::int16_t m_plugin = -1;
    std::uint32_t m_count = 0;
    std::array<Sym, kInline> m_inline{};
    std::unique_ptr<Extra> m_extra;
};

}  // namespace berth::core
