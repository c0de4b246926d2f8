#pragma once
// A manifest text loaded into a fresh cluster, with what loading it said: for the tests
// that check the loader's messages line by line.

#include <QStringList>
#include <memory>
#include <string>
#include <string_view>

#include "core/api/cluster.h"
#include "io/manifest_loader.h"

namespace berth::testlib {

struct LoadedText {
    std::unique_ptr<core::Cluster> cluster = std::make_unique<core::Cluster>();  // neither copied nor moved
    io::LoadResult result;

    /// Every diagnostic as Diagnostic::toString() writes it, one a line.
    QString messages() const {
        QStringList lines;
        for (const auto& d : result.diagnostics.items) lines << QString::fromStdString(d.toString());
        return lines.join('\n');
    }
    /// The pod, unless absent or removed.
    const core::Pod* pod(std::string_view name, std::string_view ns = "default") const {
        const core::Pod* p = cluster->findPod(cluster->pool.find(ns), name);
        return p && !cluster->podRemoved[p->id] ? p : nullptr;
    }
};

inline std::unique_ptr<LoadedText> loadText(const std::string& text, const io::LoadOptions& options = {},
                                            const std::string& file = "in.yaml") {
    auto l = std::make_unique<LoadedText>();
    io::loadManifestText(text, file, *l->cluster, l->result, options);
    return l;
}

}  // namespace berth::testlib
