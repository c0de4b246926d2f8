#include "app/session/manifest_check.h"

#include "core/api/cluster.h"

namespace berth::app {

QStringList manifestErrors(const plan::Plan& plan) {
    QStringList names;
    for (const auto& m : plan.input().manifests) names << QString::fromStdString(m.name);
    QStringList errors;
    for (const auto& d : plan.load().diagnostics.items)
        if (d.severity == io::Severity::Error) errors << QString::fromStdString(d.toString());
    const core::Cluster& c = plan.cluster();
    if (errors.isEmpty() && c.nodes.empty() && c.pods.empty() && c.workloads.empty())
        errors << QStringLiteral("%1: no Nodes, Pods or workloads to plan").arg(names.join(QStringLiteral(", ")));
    return errors;
}

}  // namespace berth::app
