#include "io/diagnostics.h"

namespace berth::io {

std::string Diagnostic::toString() const {
    std::string out = file.empty() ? std::string("<input>") : file;
    if (line > 0) out += ":" + std::to_string(line) + ":" + std::to_string(column);
    out += severity == Severity::Error ? ": error: " : ": warning: ";
    if (!kind.empty()) {
        out += kind;
        if (!name.empty()) out += " " + name;
        out += ": ";
    }
    out += message;
    return out;
}

}  // namespace berth::io
