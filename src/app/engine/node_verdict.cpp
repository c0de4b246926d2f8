// NodeVerdictUi, and the worker's side of the request: SimulationWorker::checkPodOnNode runs
// core::Simulation::checkNodeForPod on the worker thread and answers with podNodeChecked.

#include "app/engine/node_verdict.h"

#include <QVariantList>

#include "app/engine/simulation_worker.h"
#include "core/node_check.h"
#include "core/simulation.h"

namespace berth::app {
namespace {

QString qs(const std::string& s) { return QString::fromStdString(s); }

NodeVerdictUi::PluginVerdict pluginVerdictOf(core::Code c) {
    switch (c) {
        case core::Code::Success: return NodeVerdictUi::PluginVerdict::Pass;
        case core::Code::Skip: return NodeVerdictUi::PluginVerdict::Skip;
        case core::Code::Unschedulable:
        case core::Code::UnschedulableAndUnresolvable: return NodeVerdictUi::PluginVerdict::Fail;
        default: return NodeVerdictUi::PluginVerdict::Error;
    }
}

NodeVerdictUi::Rejection rejectionOf(core::Code c) {
    switch (c) {
        case core::Code::Unschedulable: return NodeVerdictUi::Rejection::Unschedulable;
        case core::Code::UnschedulableAndUnresolvable: return NodeVerdictUi::Rejection::UnschedulableAndUnresolvable;
        default: return NodeVerdictUi::Rejection::Error;
    }
}

}  // namespace

QVariantMap NodeVerdictUi::toVariant() const {
    QVariantList list;
    for (const Plugin& p : plugins)
        list << QVariantMap{{QStringLiteral("plugin"), p.name},
                            {QStringLiteral("verdict"), static_cast<int>(p.verdict)},
                            {QStringLiteral("reason"), p.reason}};
    return {{QStringLiteral("pod"), pod},
            {QStringLiteral("node"), node},
            {QStringLiteral("error"), error},
            {QStringLiteral("fits"), fits},
            {QStringLiteral("stage"), stage},
            {QStringLiteral("rejectedBy"), rejectedBy},
            {QStringLiteral("code"), static_cast<int>(code)},
            {QStringLiteral("reason"), reason},
            {QStringLiteral("plugins"), list}};
}

void SimulationWorker::checkPodOnNode(const QString& podKey, const QString& node, quint64 serial) {
    NodeVerdictUi v;
    v.serial = serial;
    v.pod = podKey;
    v.node = node;
    const core::Pod* pod = m_sim ? m_cluster->findPod(podKey.toStdString()) : nullptr;
    if (!m_sim) {
        v.error = QStringLiteral("no cluster is loaded");
    } else if (!pod) {
        v.error = QStringLiteral("no pod %1").arg(podKey);
    } else {
        const core::NodeCheck c = m_sim->checkNodeForPod(pod->id, node.toStdString());
        v.error = qs(c.error);
        v.fits = c.fits;
        v.stage = qs(c.stage);
        v.rejectedBy = qs(c.rejectedBy);
        if (!c.fits && c.error.empty()) v.code = rejectionOf(c.code);
        v.reason = qs(c.reason);
        for (const auto& p : c.plugins) v.plugins.push_back({qs(p.plugin), pluginVerdictOf(p.code), qs(p.reason)});
    }
    Q_EMIT podNodeChecked(v);
}

}  // namespace berth::app

namespace berth::app {

void SimulationWorker::announcePriorityClasses() {
    QStringList names;
    if (m_cluster)
        for (const auto& pc : m_cluster->priorityClasses) names << QString::fromStdString(pc.name);
    names.sort();
    names.removeDuplicates();
    if (names == m_priorityClasses) return;
    m_priorityClasses = names;
    Q_EMIT priorityClassesChanged(names);
}

}  // namespace berth::app
