#pragma once
/// Where an object came from, so every message can name file, line and column.

#include <string>

namespace berth::core {

struct SourceRef {
    std::string file;
    int line = 0;    // 1-based; 0 when unknown (objects made by Berth)
    int column = 0;  // 1-based
    std::string toString() const {
        if (file.empty()) return "<generated>";
        return file + ":" + std::to_string(line) + ":" + std::to_string(column);
    }
};

}  // namespace berth::core
