#include "io/yaml_documents.h"

#include <yaml.h>

#include <algorithm>
#include <atomic>
#include <exception>
#include <new>
#include <string>
#include <unordered_map>
#include <mutex>
#include <thread>

#include "io/input_limits.h"

namespace berth::io::detail {
namespace {

bool isBlank(char c) { return c == ' ' || c == '\t'; }

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

bool isDirective(std::string_view line) { return !line.empty() && line.front() == '%'; }

// yaml-cpp's IsNullString: a plain, untagged scalar with one of these texts is a null, as is
// an empty node (libyaml reports that as an empty plain scalar).
bool isNullScalar(const yaml_event_t& ev) {
    if (ev.data.scalar.style != YAML_PLAIN_SCALAR_STYLE || ev.data.scalar.tag != nullptr) return false;
    const std::string_view v(reinterpret_cast<const char*>(ev.data.scalar.value), ev.data.scalar.length);
    return v.empty() || v == "~" || v == "null" || v == "Null" || v == "NULL";
}

std::string_view anchorOf(const yaml_char_t* anchor) {
    return anchor ? std::string_view(reinterpret_cast<const char*>(anchor)) : std::string_view();
}

// Owns one libyaml parser (C API: initialize / delete).
class LibYamlParser {
public:
    explicit LibYamlParser(std::string_view text) {
        m_ok = yaml_parser_initialize(&m_parser) != 0;
        if (m_ok)
            yaml_parser_set_input_string(&m_parser, reinterpret_cast<const unsigned char*>(text.data()), text.size());
    }
    ~LibYamlParser() {
        if (m_ok) yaml_parser_delete(&m_parser);
    }
    LibYamlParser(const LibYamlParser&) = delete;
    LibYamlParser& operator=(const LibYamlParser&) = delete;

    bool ok() const { return m_ok; }
    yaml_parser_t& get() { return m_parser; }

private:
    yaml_parser_t m_parser{};
    bool m_ok = false;
};

// Owns one event between parse and delete.
struct Event {
    yaml_event_t ev{};
    bool held = false;
    ~Event() {
        if (held) yaml_event_delete(&ev);
    }
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
                if (chunkHasContent) chunks.push_back({chunkLine, text.substr(chunkStart, pos - chunkStart)});
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

// libyaml (the reference C parser, which go-yaml and so kubectl's decoder are ported from)
// emits the events; the tree is what yaml-cpp's own NodeBuilder would build from them: the
// same marks, nulls, and aliases that share their anchor's node. Tags are dropped because no
// reader looks at them. yaml-cpp's scanner was most of the load time of a large file.
// long: one loop over libyaml's events; its cases share the builder, the anchors and the limits
YamlChunk parseYamlPiece(const YamlPiece& piece) {
    YamlChunk chunk;
    chunk.lineOffset = piece.lineOffset;
    chunk.tree = std::make_unique<DocumentTree>();
    TreeBuilder builder(*chunk.tree);
    LibYamlParser parser(piece.text);
    if (!parser.ok()) throw std::bad_alloc();
    std::unordered_map<std::string, std::uint32_t> anchors;
    std::vector<DocNode> documents;
    const auto fail = [&](int line, int column, std::string message) {
        // As YAML::LoadAll: an error anywhere in the piece loses all of its documents.
        chunk.failed = true;
        chunk.errorLine = piece.lineOffset + line + 1;
        chunk.errorColumn = column + 1;
        chunk.errorMessage = std::move(message);
    };
    const auto remember = [&](const yaml_char_t* anchor, std::uint32_t index) {
        if (anchor) anchors[std::string(anchorOf(anchor))] = index;
    };
    // Nodes that aliases add to the tree readers walk (a "billion laughs" text is small).
    std::uint64_t aliasWeight = 0;
    // The limits of input_limits.h, checked as the events come: a text over them is
    // abandoned before libyaml has read much further.
    const auto withinLimits = [&](const yaml_event_t& ev, int line, int column) {
        const bool opens = ev.type == YAML_SEQUENCE_START_EVENT || ev.type == YAML_MAPPING_START_EVENT;
        if (opens && builder.depth() >= kMaxNestingDepth) {
            fail(line, column, "maps and lists nested deeper than " + std::to_string(kMaxNestingDepth) + " levels");
            return false;
        }
        if (ev.type == YAML_SCALAR_EVENT && ev.data.scalar.length > kMaxScalarBytes) {
            fail(line, column, "a value longer than " + std::to_string(kMaxScalarBytes) + " bytes");
            return false;
        }
        return true;
    };
    for (bool done = false; !done;) {
        Event e;
        if (!yaml_parser_parse(&parser.get(), &e.ev)) {
            yaml_parser_t& p = parser.get();
            if (p.error == YAML_MEMORY_ERROR) throw std::bad_alloc();
            std::string message = p.problem ? p.problem : "invalid YAML";
            if (p.context) message += std::string(" (") + p.context + ")";
            fail(static_cast<int>(p.problem_mark.line), static_cast<int>(p.problem_mark.column), std::move(message));
            break;
        }
        e.held = true;
        const yaml_event_t& ev = e.ev;
        const int line = static_cast<int>(ev.start_mark.line);
        const int column = static_cast<int>(ev.start_mark.column);
        if (!withinLimits(ev, line, column)) break;
        switch (ev.type) {
            case YAML_STREAM_END_EVENT: done = true; break;
            case YAML_DOCUMENT_START_EVENT: anchors.clear(); break;
            case YAML_DOCUMENT_END_EVENT: documents.push_back(builder.takeRoot()); break;
            case YAML_ALIAS_EVENT: {
                const auto it = anchors.find(std::string(anchorOf(ev.data.alias.anchor)));
                if (it == anchors.end()) {
                    fail(line, column, "the referenced anchor is not defined");
                    done = true;
                    break;
                }
                if (builder.isOpen(it->second)) {
                    fail(line, column, "an alias inside the node it refers to");
                    done = true;
                    break;
                }
                if (builder.depth() + builder.height(it->second) > kMaxNestingDepth) {
                    fail(line, column,
                         "maps and lists nested deeper than " + std::to_string(kMaxNestingDepth) + " levels");
                    done = true;
                    break;
                }
                aliasWeight += builder.weight(it->second);
                if (aliasWeight > kMaxAliasNodes) {
                    fail(line, column, "aliases that expand to more than " + std::to_string(kMaxAliasNodes) + " nodes");
                    done = true;
                    break;
                }
                builder.reuse(it->second);
                break;
            }
            case YAML_SCALAR_EVENT:
                if (isNullScalar(ev)) {
                    remember(ev.data.scalar.anchor, builder.null(line, column));
                } else {
                    const std::string_view value(reinterpret_cast<const char*>(ev.data.scalar.value),
                                                 ev.data.scalar.length);
                    const bool quoted = ev.data.scalar.style != YAML_PLAIN_SCALAR_STYLE &&
                                        ev.data.scalar.style != YAML_ANY_SCALAR_STYLE;
                    remember(ev.data.scalar.anchor, builder.scalar(line, column, value, quoted));
                }
                break;
            case YAML_SEQUENCE_START_EVENT:
                remember(ev.data.sequence_start.anchor, builder.beginSequence(line, column));
                break;
            case YAML_MAPPING_START_EVENT:
                remember(ev.data.mapping_start.anchor, builder.beginMap(line, column));
                break;
            case YAML_SEQUENCE_END_EVENT:
            case YAML_MAPPING_END_EVENT: builder.end(); break;
            case YAML_NO_EVENT:
            case YAML_STREAM_START_EVENT: break;
        }
    }
    if (!chunk.failed) chunk.documents = std::move(documents);
    return chunk;
}

void parseYamlPieces(const std::vector<YamlPiece>& pieces,
                     const std::function<bool(const YamlPiece&, const YamlChunk&)>& fn) {
    // Enough pieces per window that starting threads costs nothing next to parsing them, few
    // enough that the window's trees stay small.
    constexpr std::size_t kWindow = 512;
    const std::size_t threads = std::clamp<std::size_t>(std::thread::hardware_concurrency(), 1, 8);
    if (threads == 1 || pieces.size() <= 1) {
        for (const YamlPiece& piece : pieces)
            if (!fn(piece, parseYamlPiece(piece))) return;
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
        for (std::size_t i = 0; i < count; ++i)
            if (!fn(pieces[begin + i], window[i])) return;
    }
}

}  // namespace berth::io::detail
