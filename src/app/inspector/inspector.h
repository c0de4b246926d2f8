#pragma once
/// The inspector's state for QML: the selection (a pod, a node) and the tables of the
/// selected pod's last attempt (Filter, Score, why-pending) plus the selected node's pods.
/// The traces come from the worker thread (SimulationWorker::selectPod / batches); this
/// object only files them into its models, so the GUI thread never waits for the core.

#include <QObject>
#include <QVariantMap>
#include <QtQml/qqmlregistration.h>

#include "app/engine/trace_types.h"
#include "app/inspector/filter_table_model.h"
#include "app/inspector/node_pods_model.h"
#include "app/inspector/score_table_model.h"
#include "app/inspector/why_pending_model.h"

namespace berth::app {

class NodeListModel;
class PodListModel;

class Inspector : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Owned by the SimulationController")
    Q_PROPERTY(QString selectedPod READ selectedPod WRITE setSelectedPod NOTIFY selectionChanged)
    Q_PROPERTY(QString selectedNode READ selectedNode WRITE setSelectedNode NOTIFY selectionChanged)
    Q_PROPERTY(berth::app::FilterTableModel* filterTable READ filterTable CONSTANT)
    Q_PROPERTY(berth::app::ScoreTableModel* scoreTable READ scoreTable CONSTANT)
    Q_PROPERTY(berth::app::WhyPendingModel* whyPending READ whyPending CONSTANT)
    Q_PROPERTY(berth::app::NodePodsModel* nodePods READ nodePods CONSTANT)
    Q_PROPERTY(bool hasTrace READ hasTrace NOTIFY traceChanged)
    Q_PROPERTY(int attempt READ attempt NOTIFY traceChanged)
    Q_PROPERTY(QString chosen READ chosen NOTIFY traceChanged)
    Q_PROPERTY(QString fitError READ fitError NOTIFY traceChanged)
    Q_PROPERTY(int feasibleCount READ feasibleCount NOTIFY traceChanged)
    Q_PROPERTY(int nodeCount READ nodeCount NOTIFY traceChanged)
    Q_PROPERTY(bool scored READ scored NOTIFY traceChanged)
    Q_PROPERTY(QString summary READ summary NOTIFY traceChanged)
    /// The selected pod is the one on the playback's stage, and its cycle is shown only up to
    /// `stagePhase` (CyclePlayback::Phase): no scores before Score, no host before Select,
    /// no "Assumed" before Assume.
    Q_PROPERTY(bool onStage READ onStage NOTIFY traceChanged)
    Q_PROPERTY(int stagePhase READ stagePhase NOTIFY traceChanged)
    /// The Score tab has something to say: the pod is not on stage before Score.
    Q_PROPERTY(bool scoreRevealed READ scoreRevealed NOTIFY traceChanged)
    /// podDetails(selectedPod) and nodeDetails(selectedNode), kept up to date ({} for none).
    Q_PROPERTY(QVariantMap pod READ pod NOTIFY detailsChanged)
    Q_PROPERTY(QVariantMap node READ node NOTIFY detailsChanged)
    /// The selected pod's workload (workloadSummary), {} for a pod of none.
    Q_PROPERTY(QVariantMap workload READ workload NOTIFY detailsChanged)
public:
    Inspector(const NodeListModel* nodes, const PodListModel* pods, QObject* parent = nullptr);

    QString selectedPod() const { return m_selectedPod; }
    void setSelectedPod(const QString& key);
    QString selectedNode() const { return m_selectedNode; }
    void setSelectedNode(const QString& name);
    Q_INVOKABLE void select(const QString& node, const QString& pod);

    FilterTableModel* filterTable() { return &m_filter; }
    ScoreTableModel* scoreTable() { return &m_score; }
    WhyPendingModel* whyPending() { return &m_why; }
    NodePodsModel* nodePods() { return &m_nodePods; }
    bool hasTrace() const { return m_trace.isValid(); }
    int attempt() const { return m_trace.attempt; }
    QString chosen() const { return m_trace.chosen; }
    QString fitError() const { return m_trace.message; }
    int feasibleCount() const { return m_trace.feasibleCount(); }
    int nodeCount() const { return static_cast<int>(m_trace.nodes.size()); }
    bool scored() const { return m_trace.scored; }
    QString summary() const;
    bool onStage() const;
    int stagePhase() const { return m_stagePhase; }
    bool scoreRevealed() const;
    QVariantMap pod() const { return podDetails(m_selectedPod); }
    QVariantMap node() const { return nodeDetails(m_selectedNode); }
    QVariantMap workload() const { return workloadSummary(m_selectedPod); }

    /// What the inspector shows for a pod (by namespace/name): phase, node, queue, message...
    /// {} when there is no such pod.
    Q_INVOKABLE QVariantMap podDetails(const QString& key) const;
    /// What the inspector shows for a node: usage, taints and its pods. {} when none.
    Q_INVOKABLE QVariantMap nodeDetails(const QString& name) const;
    /// Where the replicas of the pod's workload (the top of its controller chain, in its
    /// namespace) are: {workload: "Deployment/web", placed, pending, byZone: [{zone, count}],
    /// byNode: [{node, count}]} in name order, counting the pods on show; {} for a pod no
    /// controller owns.
    Q_INVOKABLE QVariantMap workloadSummary(const QString& podKey) const;
    /// The pod id selected (-1: none): what the worker is asked about.
    qint64 selectedPodId() const { return m_selectedPodId; }

    /// A trace from the worker; ignored unless it is about the selected pod.
    void setTrace(const CycleTraceUi& trace);
    /// After a batch (or a load): the selected node's pods and the details follow the models.
    void refresh();
    /// A new cluster: everything is deselected.
    void clear();
    /// The selected pod's attempt is no longer known (the playback stepped back): nothing
    /// until the worker's answer.
    void forgetTrace() { applyTrace(CycleTraceUi{}); }
    /// The playback's stage (inspector_stage.cpp): the cycle on show, its phase
    /// (CyclePlayback::Phase; Idle: none) and the pod it shows. A new pod on stage is
    /// selected (the inspector follows it); the selected pod, while on stage, shows only
    /// what happened so far.
    void setStage(const CycleTraceUi& trace, int phase, const QString& podOnStage);

Q_SIGNALS:
    void selectionChanged();
    void traceChanged();
    void detailsChanged();
    /// The worker should send this pod's last attempt (-1: none).
    void podSelectionRequested(qint64 podId);

private:
    void applyTrace(const CycleTraceUi& trace);
    /// m_fullTrace cut to what the stage has shown of it (all of it when not on stage).
    CycleTraceUi revealedTrace() const;
    /// The summary line while the selected pod is on stage before its outcome, else empty.
    QString stageSummary() const;

    const NodeListModel* m_nodes;
    const PodListModel* m_pods;
    FilterTableModel m_filter;
    ScoreTableModel m_score;
    WhyPendingModel m_why;
    NodePodsModel m_nodePods;
    QString m_selectedPod, m_selectedNode;
    qint64 m_selectedPodId = -1;
    CycleTraceUi m_fullTrace;  // the worker's, whole
    CycleTraceUi m_trace;      // what is shown of it
    qint64 m_stagePodId = -1;
    int m_stagePhase = 0;  // CyclePlayback::Idle
};

}  // namespace berth::app
