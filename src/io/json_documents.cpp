#include "io/json_documents.h"

#include <rapidjson/memorystream.h>
#include <rapidjson/reader.h>

#include <cstring>
#include <string>

#include "io/input_limits.h"

namespace berth::io::detail {
namespace {

std::string_view dropByteOrderMark(std::string_view text) {
    if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
    return text;
}

bool isJsonBlank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// RapidJSON's SAX events carry no positions, but they arrive in text order and the parser's
// stream knows how far it has read. (A MemoryStream, because RapidJSON parses strings and
// numbers on a local copy of a string stream, whose Tell() lags during the callback.) A
// scalar starts at the first character after the previous event that is not a blank or
// separator; a bracket is the character just read.
// Lines are counted incrementally, so positions cost one pass over the text in all.
class TreeHandler : public rapidjson::BaseReaderHandler<rapidjson::UTF8<>, TreeHandler> {
public:
    TreeHandler(DocumentTree& tree, const char* text, const rapidjson::MemoryStream& stream)
        : m_builder(tree), m_text(text), m_stream(stream) {}

    DocNode root() { return m_builder.takeRoot(); }

    bool Null() {
        return atom([&](int l, int c, std::string_view) { m_builder.null(l, c); });
    }
    bool Bool(bool) { return rawScalar(); }
    bool Int(int) { return rawScalar(); }
    bool Uint(unsigned) { return rawScalar(); }
    bool Int64(std::int64_t) { return rawScalar(); }
    bool Uint64(std::uint64_t) { return rawScalar(); }
    bool Double(double) { return rawScalar(); }
    bool String(const char* str, rapidjson::SizeType length, bool) {
        if (length > kMaxScalarBytes) return false;  // the YAML path reports it
        // `str` is RapidJSON's unescaped copy, valid during the call: the tree copies it.
        const std::size_t start = scalarStart();
        const auto [line, column] = position(start);
        m_builder.scalar(line, column, std::string_view(str, length), true);  // a JSON string is quoted
        m_last = m_stream.Tell();
        return true;
    }
    bool Key(const char* str, rapidjson::SizeType length, bool copy) { return String(str, length, copy); }
    bool StartObject() { return open(true); }
    bool EndObject(rapidjson::SizeType) { return close(); }
    bool StartArray() { return open(false); }
    bool EndArray(rapidjson::SizeType) { return close(); }

private:
    // Numbers and booleans keep their text, as YAML scalars do ("1e3", "0.5", true): readers
    // convert them themselves.
    bool rawScalar() {
        return atom([&](int l, int c, std::string_view raw) { m_builder.scalar(l, c, raw); });
    }

    template <typename Fn>
    bool atom(Fn&& fn) {
        const std::size_t start = scalarStart();
        const std::size_t end = m_stream.Tell();
        const auto [line, column] = position(start);
        fn(line, column, std::string_view(m_text + start, end - start));
        m_last = end;
        return true;
    }

    bool open(bool map) {
        // Deeper than the limit: the YAML path reports it (and stops as soon).
        if (m_builder.depth() >= kMaxNestingDepth) return false;
        const std::size_t at = m_stream.Tell() - 1;  // the bracket was just taken
        const auto [line, column] = position(at);
        if (map)
            m_builder.beginMap(line, column);
        else
            m_builder.beginSequence(line, column);
        m_last = at + 1;
        return true;
    }

    bool close() {
        m_builder.end();
        m_last = m_stream.Tell();
        return true;
    }

    std::size_t scalarStart() const {
        std::size_t i = m_last;
        while (isJsonBlank(m_text[i]) || m_text[i] == ',' || m_text[i] == ':') ++i;
        return i;
    }

    // Offsets only grow, so counting newlines from the previous one is enough.
    std::pair<int, int> position(std::size_t offset) {
        while (m_scanned < offset) {
            const void* nl = std::memchr(m_text + m_scanned, '\n', offset - m_scanned);
            if (!nl) {
                m_scanned = offset;
                break;
            }
            m_scanned = static_cast<std::size_t>(static_cast<const char*>(nl) - m_text) + 1;
            m_lineStart = m_scanned;
            ++m_line;
        }
        return {m_line, static_cast<int>(offset - m_lineStart)};
    }

    TreeBuilder m_builder;
    const char* m_text;
    const rapidjson::MemoryStream& m_stream;
    std::size_t m_last = 0;       // offset just past the previous event
    std::size_t m_scanned = 0;    // newlines before this offset are counted
    std::size_t m_lineStart = 0;  // offset of the current line's first character
    int m_line = 0;
};

}  // namespace

bool looksLikeJson(std::string_view text) {
    text = dropByteOrderMark(text);
    std::size_t i = 0;
    while (i < text.size() && isJsonBlank(text[i])) ++i;
    return i < text.size() && (text[i] == '{' || text[i] == '[');
}

std::optional<YamlChunk> parseJsonDocument(std::string_view text) {
    // Like the YAML path, positions are counted after a byte order mark.
    text = dropByteOrderMark(text);
    // A NUL would read as the end of the text; a text holding one is not plain JSON.
    if (text.find('\0') != std::string_view::npos) return std::nullopt;
    YamlChunk chunk;
    chunk.tree = std::make_unique<DocumentTree>();
    rapidjson::MemoryStream stream(text.data(), text.size());
    TreeHandler handler(*chunk.tree, text.data(), stream);
    rapidjson::Reader reader;
    // Strings are unescaped by RapidJSON and copied once, into the tree; the text itself is
    // neither copied nor kept.
    if (!reader.Parse<rapidjson::kParseValidateEncodingFlag>(stream, handler)) return std::nullopt;
    chunk.documents.push_back(handler.root());
    return chunk;
}

}  // namespace berth::io::detail
