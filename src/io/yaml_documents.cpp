#include "io/yaml_documents.h"

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/exceptions.h>
#include <yaml-cpp/mark.h>
#include <yaml-cpp/parser.h>

#include <algorithm>
#include <atomic>
#include <exception>
#include <istream>
#include <mutex>
#include <streambuf>
#include <thread>

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

// Streams the piece to yaml-cpp without copying it into a std::string first.
class ViewBuffer : public std::streambuf {
public:
    explicit ViewBuffer(std::string_view text) {
        char* begin = const_cast<char*>(text.data());  // only ever read through get area
        setg(begin, begin, begin + text.size());
    }
};

// Turns yaml-cpp's parse events into our tree. Mirrors yaml-cpp's own NodeBuilder (what
// YAML::Load uses): the same marks, nulls, and aliases that share their anchor's node; tags
// are dropped because no reader looks at them.
class TreeEvents : public YAML::EventHandler {
public:
    explicit TreeEvents(DocumentTree& tree) : m_builder(tree) {}

    std::vector<DocNode> documents;

    void OnDocumentStart(const YAML::Mark&) override { m_anchors.assign(1, 0); }
    void OnDocumentEnd() override { documents.push_back(m_builder.takeRoot()); }
    void OnNull(const YAML::Mark& mark, YAML::anchor_t anchor) override {
        remember(anchor, m_builder.null(mark.line, mark.column));
    }
    void OnAlias(const YAML::Mark&, YAML::anchor_t anchor) override {
        if (anchor < m_anchors.size()) m_builder.reuse(m_anchors[anchor]);
    }
    void OnScalar(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                  const std::string& value) override {
        remember(anchor, m_builder.scalar(mark.line, mark.column, value));
    }
    void OnSequenceStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                         YAML::EmitterStyle::value) override {
        remember(anchor, m_builder.beginSequence(mark.line, mark.column));
    }
    void OnSequenceEnd() override { m_builder.end(); }
    void OnMapStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                    YAML::EmitterStyle::value) override {
        remember(anchor, m_builder.beginMap(mark.line, mark.column));
    }
    void OnMapEnd() override { m_builder.end(); }

private:
    void remember(YAML::anchor_t anchor, std::uint32_t index) {
        if (anchor == YAML::NullAnchor) return;
        if (m_anchors.size() <= anchor) m_anchors.resize(anchor + 1, 0);
        m_anchors[anchor] = index;
    }

    TreeBuilder m_builder;
    std::vector<std::uint32_t> m_anchors;  // anchor id (from 1) -> node
};

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

std::vector<YamlPiece> splitYamlDocuments(std::string_view text) {
    if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);  // UTF-8 byte order mark
    std::vector<YamlPiece> chunks;
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
                    chunks.push_back({chunkLine, text.substr(chunkStart, pos - chunkStart)});
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
    if (chunkHasContent) chunks.push_back({chunkLine, text.substr(chunkStart)});
    return chunks;
}

YamlChunk parseYamlPiece(const YamlPiece& piece) {
    YamlChunk chunk;
    chunk.lineOffset = piece.lineOffset;
    chunk.tree = std::make_unique<DocumentTree>();
    ViewBuffer buffer(piece.text);
    std::istream in(&buffer);
    TreeEvents events(*chunk.tree);
    try {
        YAML::Parser parser(in);
        while (parser.HandleNextDocument(events)) {
        }
        chunk.documents = std::move(events.documents);
    } catch (const YAML::Exception& e) {
        // As YAML::LoadAll: an error anywhere in the piece loses all of its documents.
        chunk.failed = true;
        chunk.errorLine = e.mark.is_null() ? piece.lineOffset + 1 : piece.lineOffset + e.mark.line + 1;
        chunk.errorColumn = e.mark.is_null() ? 1 : e.mark.column + 1;
        chunk.errorMessage = e.msg;
    }
    return chunk;
}

void parseYamlPieces(const std::vector<YamlPiece>& pieces, const std::function<void(const YamlChunk&)>& fn) {
    // Enough pieces per window that starting threads costs nothing next to parsing them, few
    // enough that the window's trees stay small.
    constexpr std::size_t kWindow = 512;
    const std::size_t threads = std::clamp<std::size_t>(std::thread::hardware_concurrency(), 1, 8);
    if (threads == 1 || pieces.size() <= 1) {
        for (const YamlPiece& piece : pieces) fn(parseYamlPiece(piece));
        return;
    }
    std::vector<YamlChunk> window;
    for (std::size_t begin = 0; begin < pieces.size(); begin += kWindow) {
        const std::size_t count = std::min(kWindow, pieces.size() - begin);
        window.clear();
        window.resize(count);
        std::atomic<std::size_t> next{0};
        std::exception_ptr failure;
        std::mutex failureMutex;
        // Each parser, stream and tree belongs to one thread; yaml-cpp shares only immutable
        // tables between parsers.
        auto work = [&] {
            try {
                for (std::size_t i = next++; i < count; i = next++) window[i] = parseYamlPiece(pieces[begin + i]);
            } catch (...) {  // bad_alloc: handed to the caller, not std::terminate
                const std::lock_guard lock(failureMutex);
                if (!failure) failure = std::current_exception();
                next = count;
            }
        };
        std::vector<std::thread> helpers;
        for (std::size_t t = 1; t < std::min(threads, count); ++t) helpers.emplace_back(work);
        work();
        for (auto& helper : helpers) helper.join();
        if (failure) std::rethrow_exception(failure);
        for (const YamlChunk& chunk : window) fn(chunk);
    }
}

std::vector<YamlNodeChunk> parseYamlDocuments(std::string_view text) {
    std::vector<YamlNodeChunk> chunks;
    for (const YamlPiece& piece : splitYamlDocuments(text)) {
        YamlNodeChunk chunk;
        chunk.lineOffset = piece.lineOffset;
        try {
            chunk.documents = YAML::LoadAll(std::string(piece.text));
        } catch (const YAML::Exception&) {
            chunk.documents.clear();  // the loader has reported it
        }
        chunks.push_back(std::move(chunk));
    }
    return chunks;
}

}  // namespace berth::io::detail
