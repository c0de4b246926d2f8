#pragma once
/// The YAML text of the manifests berthctl writes (`-o yaml`, `-o workloads`): yaml-cpp nodes
/// in block style, byte for byte as yaml-cpp's own emitter writes them, but without its
/// per-character regular expressions (they cost most of writing 150,000 pods, issue 19).

#include <ostream>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>

#include <yaml-cpp/yaml.h>

namespace berth::io::detail {

class DocNode;

/// What a placed pod's own input document changes on the way out (placed_pods_writer.cpp):
/// top-level keys and metadata keys dropped (the API server's fields), metadata.namespace and
/// spec.nodeName set (strings; replaced where given, else added last), apiVersion and kind
/// added last when missing.
struct PodDocumentEdits {
    std::span<const std::string_view> droppedTopLevel;
    std::span<const std::string_view> droppedMetadata;
    std::string_view ns;
    std::string_view nodeName;
};

/// The reference: a node through YAML::Emitter, quoting string scalars tagged `!` (quoted in
/// the input, or made as text) that a plain scalar would turn into something else (`yes`,
/// `8080`). yaml-cpp's emitter alone drops that distinction.
void emitQuoting(YAML::Emitter& out, const YAML::Node& n);

/// Appends documents (`---` and a block map each, separated by a newline) as emitQuoting into
/// one YAML::Emitter would. Maps of scalar keys, sequences and scalars are laid out here;
/// a document with anything else (an empty or null value, a sequence in a sequence, a key
/// yaml-cpp would write as `? `) goes through emitQuoting, so the bytes never differ.
class BlockYamlWriter {
public:
    BlockYamlWriter() = default;
    /// Writes the text to `sink` a megabyte or so at a time instead of keeping it all; take()
    /// then writes the rest and returns "".
    explicit BlockYamlWriter(std::ostream* sink) : m_sink(sink) {}
    void document(const YAML::Node& doc);
    /// The same bytes as document() of `doc` made a yaml-cpp node and edited, without making
    /// it one (issue 19: that cost most of writing 150,000 pods). False, nothing written, for
    /// a shape only document() lays out (metadata or spec missing or not a map, an empty or
    /// null value, a sequence in a sequence, a key that is not a short scalar).
    bool podDocument(const DocNode& doc, const PodDocumentEdits& edits);
    /// The text, with the final newline berthctl writes ("" when there was no document).
    std::string take();

private:
    bool plainLayout(const YAML::Node& n, int depth) const;
    void map(const YAML::Node& n, int column, bool inlineFirst);
    void sequence(const YAML::Node& n, int column);
    void scalar(const YAML::Node& n);
    void scalar(std::string_view s, bool quoted);
    bool plainLayout(const DocNode& n, int depth) const;
    void map(const DocNode& n, int column, bool inlineFirst);
    void sequence(const DocNode& n, int column);
    void scalar(const DocNode& n);
    void value(const DocNode& v, int column);
    void editedMap(const DocNode& n, int column, std::span<const std::string_view> dropped, std::string_view setKey,
                   std::string_view setValue);

    /// Hands the text to the sink once it is large.
    void spill();

    std::ostream* m_sink = nullptr;
    std::string m_text;
    bool m_any = false;
    /// yaml-cpp's rendering of scalars the fast checks leave to it (key: quoted, then text).
    std::unordered_map<std::string, std::string> m_rendered;
};

}  // namespace berth::io::detail
