#pragma once
/// Splits a multi-document YAML text into documents that parse independently. yaml-cpp
/// abandons the whole stream at the first syntax error, so the text is cut on `---` lines
/// first and each piece is parsed on its own: a broken document costs only itself, and every
/// piece remembers how many lines precede it so marks map back to file lines.

#include <yaml-cpp/yaml.h>

#include <string>
#include <string_view>
#include <vector>

namespace berth::io::detail {

struct YamlChunk {
    int lineOffset = 0;                 // lines of the text before this piece
    std::vector<YAML::Node> documents;  // in order; a null node for an empty document
    bool failed = false;                // a syntax error: `documents` is empty
    int errorLine = 0;                  // 1-based, in the whole text
    int errorColumn = 0;                // 1-based
    std::string errorMessage;
};

/// A line that starts a new document: `---`, optionally followed by blanks and a comment.
bool isDocumentSeparator(std::string_view line);

/// Parses every document of `text`, in order.
std::vector<YamlChunk> parseYamlDocuments(std::string_view text);

}  // namespace berth::io::detail
