#pragma once
/// The YAML text of the manifests berthctl writes (`-o yaml`, `-o workloads`): yaml-cpp nodes
/// in block style, byte for byte as yaml-cpp's own emitter writes them, but without its
/// per-character regular expressions (they cost most of writing 150,000 pods, issue 19).

#include <string>
#include <unordered_map>

#include <yaml-cpp/yaml.h>

namespace berth::io::detail {

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
    void document(const YAML::Node& doc);
    /// The text, with the final newline berthctl writes ("" when there was no document).
    std::string take();

private:
    bool plainLayout(const YAML::Node& n, int depth) const;
    void map(const YAML::Node& n, int column, bool inlineFirst);
    void sequence(const YAML::Node& n, int column);
    void scalar(const YAML::Node& n);

    std::string m_text;
    bool m_any = false;
    /// yaml-cpp's rendering of scalars the fast checks leave to it (key: quoted, then text).
    std::unordered_map<std::string, std::string> m_rendered;
};

}  // namespace berth::io::detail
