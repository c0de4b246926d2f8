#include "core/framework/status.h"

namespace berth::core {

const char* codeName(Code c) {
    switch (c) {
        case Code::Success: return "Success";
        case Code::Error: return "Error";
        case Code::Unschedulable: return "Unschedulable";
        case Code::UnschedulableAndUnresolvable: return "UnschedulableAndUnresolvable";
        case Code::Wait: return "Wait";
        case Code::Skip: return "Skip";
        case Code::Pending: return "Pending";
    }
    return "?";
}

std::string Status::message(const StringPool& pool) const {
    if (m_code == Code::Error && m_extra && !m_extra->error.empty()) return m_extra->error;
    std::string out;
    for (Sym r : reasons()) {
        if (!out.empty()) out += ", ";
        out += pool.str(r);
    }
    return out;
}

}  // namespace berth::core
