#pragma once
/// Splits a multi-document YAML text into documents that parse independently. A YAML parser
/// abandons the whole stream at the first syntax error, so the text is cut on `---` lines
/// first and each piece is parsed on its own: a broken document costs only itself, and every
/// piece remembers how many lines precede it so marks map back to file lines.
///
/// Pieces are parsed one at a time (parseYamlPiece), so a long multi-document file never
/// holds more than one piece's tree in memory.

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "io/document_tree.h"

namespace berth::io::detail {

/// A piece of the text between `---` lines, not parsed yet.
struct YamlPiece {
    int lineOffset = 0;  // lines of the text before this piece
    std::string_view text;
};

struct YamlChunk {
    int lineOffset = 0;                  // lines of the text before this piece
    std::unique_ptr<DocumentTree> tree;  // owns the nodes of `documents`
    std::vector<DocNode> documents;      // in order; a null node for an empty document
    bool failed = false;                 // a syntax error: `documents` is empty
    int errorLine = 0;                   // 1-based, in the whole text
    int errorColumn = 0;                 // 1-based
    std::string errorMessage;
};

/// A line that starts a new document: `---`, optionally followed by blanks and a comment.
bool isDocumentSeparator(std::string_view line);

/// Cuts `text` into pieces, in order (a leading byte order mark is dropped).
std::vector<YamlPiece> splitYamlDocuments(std::string_view text);

/// Parses every document of one piece with libyaml.
YamlChunk parseYamlPiece(const YamlPiece& piece);

/// Parses `pieces` and hands each chunk, with its piece, to `fn`, in order, on the calling
/// thread; `fn` returns false to stop (nothing further is parsed). Pieces are independent and
/// parsing is most of a load, so they are parsed on the machine's cores, a bounded window at a
/// time (memory stays that of the window, not of the file).
void parseYamlPieces(const std::vector<YamlPiece>& pieces,
                     const std::function<bool(const YamlPiece&, const YamlChunk&)>& fn);

}  // namespace berth::io::detail
