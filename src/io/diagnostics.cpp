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

std::string Diagnostics::firstErrors(int max) const {
    std::string out;
    int n = 0;
    for (const auto& item : items) {
        if (item.severity != Severity::Error) continue;
        if (n++ == max) {
            out += "\n...";
            break;
        }
        if (!out.empty()) out += "\n";
        out += item.toString();
    }
    return out;
}

}  // namespace berth::io
