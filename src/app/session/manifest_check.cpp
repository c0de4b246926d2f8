#include "app/session/manifest_check.h"

#include "core/api/cluster.h"
#include "io/manifest_loader.h"

namespace berth::app {

QStringList manifestErrors(const io::PlanInput& input) {
    // One scratch cluster and one result for all files, as the plan loads them: duplicates
    // across files are found too.
    core::Cluster scratch;
    io::LoadResult result;
    io::LoadOptions options;
    options.version = input.version;
    QStringList names;
    for (const auto& m : input.manifests) {
        io::loadManifestText(m.text, m.name, scratch, result, options);
        names << QString::fromStdString(m.name);
    }
    QStringList errors;
    for (const auto& d : result.diagnostics.items)
        if (d.severity == io::Severity::Error) errors << QString::fromStdString(d.toString());
    if (errors.isEmpty() && scratch.nodes.empty() && scratch.pods.empty() && scratch.workloads.empty())
        errors << QStringLiteral("%1: no Nodes, Pods or workloads to plan").arg(names.join(QStringLiteral(", ")));
    return errors;
}

}  // namespace berth::app
