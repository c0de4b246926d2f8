#pragma once
/// The input documents a placed pod's manifest is written from (placed_pods_writer.cpp),
/// found again by the position the loader recorded for each object.

#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "core/api/source_ref.h"
#include "io/document_tree.h"
#include "io/placed_pods_writer.h"

namespace berth::io::detail {

/// A subtree of the parsed input as a fresh yaml-cpp node.
YAML::Node toYaml(const DocNode& d);

/// Every top-level object of the kept input texts (List items included), and every
/// workload's pod template, by the file:line:column the loader recorded as their SourceRef
/// (a controller's pods carry their template's position). Files are parsed on first use, by
/// the loader's own parsers into its compact trees; an object becomes a yaml-cpp node only
/// while its manifest is written, so 150,000 pods never exist as yaml-cpp graphs at once.
class SourceObjects {
public:
    struct Entry {
        DocNode doc;
        bool podTemplate = false;  // spec.template of a workload
        YAML::Node node() const { return toYaml(doc); }
        /// One node for every pod of a template, made on first use: only read, never changed.
        const YAML::Node& shared() const {
            if (!converted) {
                sharedNode = toYaml(doc);
                converted = true;
            }
            return sharedNode;
        }
        mutable YAML::Node sharedNode{};
        mutable bool converted{false};
    };

    explicit SourceObjects(const SourceTexts& texts) : m_texts(texts) {}

    const Entry* find(const core::SourceRef& ref) {
        if (ref.file.empty()) return nullptr;
        auto it = m_files.find(ref.file);
        if (it == m_files.end()) it = m_files.emplace(ref.file, index(ref.file)).first;
        const auto found = it->second.find({ref.line, ref.column});
        return found == it->second.end() ? nullptr : &found->second;
    }

private:
    using Positions = std::map<std::pair<int, int>, Entry>;

    Positions index(const std::string& file);

    const SourceTexts& m_texts;
    std::map<std::string, Positions> m_files;
    std::vector<std::unique_ptr<DocumentTree>> m_trees;
};

}  // namespace berth::io::detail
