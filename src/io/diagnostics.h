#pragma once
/// Input problems as values: every message names file, line, column, kind and object.

#include <string>
#include <vector>

namespace berth::io {

enum class Severity { Warning, Error };

struct Diagnostic {
    Severity severity = Severity::Error;
    std::string file;
    int line = 0;      // 1-based, 0 when unknown
    int column = 0;    // 1-based
    std::string kind;  // object kind, when known
    std::string name;  // namespace/name or name, when known
    std::string message;

    /// `file:line:col: error: Kind ns/name: message`
    std::string toString() const;
};

struct Diagnostics {
    std::vector<Diagnostic> items;
    bool hasErrors() const {
        for (const auto& d : items)
            if (d.severity == Severity::Error) return true;
        return false;
    }
    void add(Diagnostic d) { items.push_back(std::move(d)); }
    /// The first `max` errors, one per line (toString()), then "..." when there are more.
    std::string firstErrors(int max) const;
};

}  // namespace berth::io
