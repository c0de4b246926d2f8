#include "app/inspector/inspector.h"

#include <QMap>
#include <QVariantList>

#include "app/models/node_list_model.h"
#include "app/models/pod_list_model.h"
#include "app/playback/cycle_playback.h"

namespace berth::app {

Inspector::Inspector(const NodeListModel* nodes, const PodListModel* pods, QObject* parent)
    : QObject(parent), m_nodes(nodes), m_pods(pods), m_filter(this), m_score(this), m_why(this), m_nodePods(this) {}

void Inspector::select(const QString& node, const QString& pod) {
    const bool podChanged = pod != m_selectedPod;
    if (!podChanged && node == m_selectedNode) return;
    m_selectedNode = node;
    m_selectedPod = pod;
    if (podChanged) {
        // Pod rows are indexed by pod id.
        m_selectedPodId = pod.isEmpty() ? -1 : m_pods->indexOf(pod);
        // Until the worker answers, show nothing rather than the previous pod's tables.
        applyTrace(CycleTraceUi{});
        Q_EMIT podSelectionRequested(m_selectedPodId);
    }
    refresh();
    Q_EMIT selectionChanged();
}

void Inspector::setSelectedPod(const QString& key) { select(m_selectedNode, key); }
void Inspector::setSelectedNode(const QString& name) { select(name, m_selectedPod); }

QString Inspector::summary() const {
    if (!m_trace.isValid()) return {};
    if (const QString staged = stageSummary(); !staged.isEmpty()) return staged;
    const int fit = feasibleCount();
    QString s = tr("Attempt %1: %2 of %3 nodes fit").arg(m_trace.attempt).arg(fit).arg(m_trace.nodes.size());
    if (!m_trace.chosen.isEmpty())
        s += tr("; chose %1").arg(m_trace.chosen);
    else if (m_trace.schedulerError)
        s += tr("; scheduler error");
    else
        s += tr("; unschedulable");
    return s;
}

void Inspector::setTrace(const CycleTraceUi& trace) {
    if (m_selectedPodId < 0 || trace.podId != static_cast<quint32>(m_selectedPodId)) return;
    applyTrace(trace);
}

void Inspector::applyTrace(const CycleTraceUi& trace) {
    m_fullTrace = trace;
    m_trace = revealedTrace();
    m_filter.setTrace(m_trace);
    m_score.setTrace(m_trace);
    m_why.setTrace(m_trace);
    Q_EMIT traceChanged();
    Q_EMIT detailsChanged();  // the pod's phase shown depends on the stage
}

void Inspector::refresh() {
    const int row = m_selectedNode.isEmpty() ? -1 : m_nodes->indexOf(m_selectedNode);
    m_nodePods.setPods(m_pods->rows(), row);  // node rows are indexed by node id
    Q_EMIT detailsChanged();
}

void Inspector::clear() {
    m_selectedPodId = -1;
    m_selectedPod.clear();
    m_selectedNode.clear();
    applyTrace(CycleTraceUi{});
    refresh();
    Q_EMIT selectionChanged();
}

QVariantMap Inspector::podDetails(const QString& key) const {
    const int row = m_pods->indexOf(key);
    if (row < 0) return {};
    PodRow r = m_pods->rows()[row];
    if (onStage() && r.key == m_selectedPod && m_stagePhase < CyclePlayback::Assume) {
        // The core has assumed it already; the stage has not got there yet.
        r.phase = PodPhaseUi::Pending;
        r.node.clear();
        r.queue = QStringLiteral("in flight");
    }
    return {{QStringLiteral("key"), r.key},           {QStringLiteral("workload"), r.workload},
            {QStringLiteral("owner"), r.owner},       {QStringLiteral("phase"), PodListModel::phaseName(r.phase)},
            {QStringLiteral("node"), r.node},         {QStringLiteral("queue"), r.queue},
            {QStringLiteral("attempts"), r.attempts}, {QStringLiteral("message"), r.message},
            {QStringLiteral("cpu"), r.cpu},           {QStringLiteral("memory"), r.memory},
            {QStringLiteral("priority"), r.priority}};
}

QVariantMap Inspector::nodeDetails(const QString& name) const {
    const int row = m_nodes->indexOf(name);
    if (row < 0) return {};
    const NodeRow& r = m_nodes->rows()[row];
    QVariantList pods;
    for (const PodRow& p : m_pods->rows())
        if (p.nodeId == static_cast<qint32>(r.id)) pods << p.key;
    return {{QStringLiteral("name"), r.name},
            {QStringLiteral("zone"), r.zone},
            {QStringLiteral("pool"), r.pool},
            {QStringLiteral("cpuRequested"), r.cpuRequested},
            {QStringLiteral("cpuAllocatable"), r.cpuAllocatable},
            {QStringLiteral("memRequested"), r.memRequested},
            {QStringLiteral("memAllocatable"), r.memAllocatable},
            {QStringLiteral("podCount"), r.podCount},
            {QStringLiteral("podsAllocatable"), r.podsAllocatable},
            {QStringLiteral("cordoned"), r.cordoned},
            {QStringLiteral("taints"), r.taints},
            {QStringLiteral("pods"), pods}};
}

QVariantMap Inspector::workloadSummary(const QString& podKey) const {
    const int row = m_pods->indexOf(podKey);
    if (row < 0 || m_pods->rows()[row].owner.isEmpty()) return {};
    const QString owner = m_pods->rows()[row].owner;
    const QString ns = podKey.section(QLatin1Char('/'), 0, 0) + QLatin1Char('/');
    QMap<QString, int> byNode, byZone;
    int placed = 0, pending = 0;
    for (const PodRow& p : m_pods->rows()) {
        if (p.owner != owner || !p.key.startsWith(ns)) continue;
        if (p.phase == PodPhaseUi::Pending) ++pending;
        if (p.node.isEmpty() || p.phase == PodPhaseUi::Evicted || p.phase == PodPhaseUi::Ignored) continue;
        ++placed;
        ++byNode[p.node];
        const int n = m_nodes->indexOf(p.node);
        ++byZone[n >= 0 ? m_nodes->rows()[n].zone : QString()];
    }
    auto list = [](const QMap<QString, int>& counts, const QString& keyName) {
        QVariantList out;
        for (auto it = counts.begin(); it != counts.end(); ++it)
            out << QVariantMap{{keyName, it.key()}, {QStringLiteral("count"), it.value()}};
        return out;
    };
    return {{QStringLiteral("workload"), owner},
            {QStringLiteral("placed"), placed},
            {QStringLiteral("pending"), pending},
            {QStringLiteral("byZone"), list(byZone, QStringLiteral("zone"))},
            {QStringLiteral("byNode"), list(byNode, QStringLiteral("node"))}};
}

}  // namespace berth::app
