#include "io/yaml_documents.h"

namespace berth::io::detail {
namespace {

bool isBlank(char c) {
    return c == ' ' || c == '\t';
}

std::string_view trimLine(std::string_view line) {
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    return line;
}

// Whether a line carries YAML content (not blank, not a comment, not a directive).
bool isContent(std::string_view line) {
    std::size_t i = 0;
    while (i < line.size() && isBlank(line[i])) ++i;
    if (i == line.size()) return false;
    return line[i] != '#' && !(i == 0 && line[i] == '%');
}

bool isDirective(std::string_view line) {
    return !line.empty() && line.front() == '%';
}

YamlChunk parseChunk(std::string_view text, int lineOffset) {
    YamlChunk chunk;
    chunk.lineOffset = lineOffset;
    try {
        chunk.documents = YAML::LoadAll(std::string(text));
    } catch (const YAML::Exception& e) {
        chunk.documents.clear();
        chunk.failed = true;
        chunk.errorLine = e.mark.is_null() ? lineOffset + 1 : lineOffset + e.mark.line + 1;
        chunk.errorColumn = e.mark.is_null() ? 1 : e.mark.column + 1;
        chunk.errorMessage = e.msg;
    }
    return chunk;
}

}  // namespace

bool isDocumentSeparator(std::string_view line) {
    line = trimLine(line);
    if (line.substr(0, 3) != "---") return false;
    std::string_view rest = line.substr(3);
    if (rest.empty()) return true;
    if (!isBlank(rest.front())) return false;  // `---x` is not a marker
    while (!rest.empty() && isBlank(rest.front())) rest.remove_prefix(1);
    // `--- {inline: document}` stays in its piece: yaml-cpp reads it there.
    return rest.empty() || rest.front() == '#';
}

std::vector<YamlChunk> parseYamlDocuments(std::string_view text) {
    if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);  // UTF-8 byte order mark
    std::vector<YamlChunk> chunks;
    std::size_t chunkStart = 0;
    int chunkLine = 0;
    bool chunkHasContent = false;
    bool chunkHasDirective = false;
    std::size_t pos = 0;
    int line = 0;
    while (pos < text.size()) {
        const std::size_t eol = text.find('\n', pos);
        const std::size_t next = eol == std::string_view::npos ? text.size() : eol + 1;
        const std::string_view content =
            trimLine(text.substr(pos, next - pos - (eol == std::string_view::npos ? 0 : 1)));
        if (isDocumentSeparator(content)) {
            // Directives (`%YAML 1.2`) belong to the document after the marker: keep them.
            if (!(chunkHasDirective && !chunkHasContent)) {
                if (chunkHasContent)
                    chunks.push_back(parseChunk(text.substr(chunkStart, pos - chunkStart), chunkLine));
                chunkStart = next;
                chunkLine = line + 1;
                chunkHasContent = false;
                chunkHasDirective = false;
            } else {
                chunkHasContent = true;  // the marker now starts the kept piece
            }
        } else if (isDirective(content)) {
            chunkHasDirective = true;
        } else if (isContent(content)) {
            chunkHasContent = true;
        }
        pos = next;
        ++line;
    }
    if (chunkHasContent) chunks.push_back(parseChunk(text.substr(chunkStart), chunkLine));
    return chunks;
}

}  // namespace berth::io::detail
