#pragma once
/// The planner's edits and checks, for the panels and dialogs that change the cluster:
/// cordon, drain, delete, node pools, labels, taints, scale, submitted YAML, a pod pinned to
/// a node, and the verdict of a pending pod dropped on a node. Each edit goes to the host
/// (SimulationController), is recorded in the history once the worker applied it
/// (editApplied) or is refused with a reason (editFailed), leaving the plan unchanged.

#include <QObject>
#include <QStringList>
#include <QVariantList>
#include <QVariantMap>
#include <QtQml/qqmlregistration.h>

#include "app/engine/node_verdict.h"
#include "plan/plan_edit.h"

namespace berth::app {

class PlanHost;

class PlannerActions : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Owned by SimulationController (controller.planner)")
    Q_PROPERTY(bool loaded READ loaded NOTIFY stateChanged)
    Q_PROPERTY(bool busy READ busy NOTIFY stateChanged)
    /// The plan's PriorityClass names (the template palette's choices).
    Q_PROPERTY(QStringList priorityClasses READ priorityClasses NOTIFY priorityClassesChanged)
public:
    /// plan::EditKind for QML: editApplied and editFailed say which kind of edit they answer,
    /// so a dialog reacts to its own edits only. Each value is the plan's own.
    enum class EditKind {
        Cordon = static_cast<int>(plan::EditKind::Cordon),
        Uncordon = static_cast<int>(plan::EditKind::Uncordon),
        Drain = static_cast<int>(plan::EditKind::Drain),
        DeleteNode = static_cast<int>(plan::EditKind::DeleteNode),
        AddNodePool = static_cast<int>(plan::EditKind::AddNodePool),
        SetNodeLabels = static_cast<int>(plan::EditKind::SetNodeLabels),
        SetNodeTaints = static_cast<int>(plan::EditKind::SetNodeTaints),
        ScaleWorkload = static_cast<int>(plan::EditKind::ScaleWorkload),
        DeleteWorkload = static_cast<int>(plan::EditKind::DeleteWorkload),
        SubmitYaml = static_cast<int>(plan::EditKind::SubmitYaml),
        PinPod = static_cast<int>(plan::EditKind::PinPod),
        DeletePod = static_cast<int>(plan::EditKind::DeletePod),
        SetSchedulerConfig = static_cast<int>(plan::EditKind::SetSchedulerConfig),
        Group = static_cast<int>(plan::EditKind::Group),
    };
    Q_ENUM(EditKind)
    static EditKind editKindOf(plan::EditKind kind) { return static_cast<EditKind>(kind); }

    /// podNodeVerdict's plugins[].verdict: a Filter plugin's own verdict on the node.
    enum class PluginVerdict {
        PluginPass = static_cast<int>(NodeVerdictUi::PluginVerdict::Pass),
        PluginFail = static_cast<int>(NodeVerdictUi::PluginVerdict::Fail),
        PluginSkip = static_cast<int>(NodeVerdictUi::PluginVerdict::Skip),
        PluginError = static_cast<int>(NodeVerdictUi::PluginVerdict::Error),
    };
    Q_ENUM(PluginVerdict)
    /// podNodeVerdict's code: why the pod does not fit (upstream's status code).
    enum class RejectionCode {
        NotRejected = static_cast<int>(NodeVerdictUi::Rejection::None),
        Unschedulable = static_cast<int>(NodeVerdictUi::Rejection::Unschedulable),
        UnschedulableAndUnresolvable = static_cast<int>(NodeVerdictUi::Rejection::UnschedulableAndUnresolvable),
        RejectionError = static_cast<int>(NodeVerdictUi::Rejection::Error),
    };
    Q_ENUM(RejectionCode)

    explicit PlannerActions(PlanHost& host, QObject* parent = nullptr);

    bool loaded() const;
    bool busy() const;
    QStringList priorityClasses() const { return m_priorityClasses; }
    void setPriorityClasses(const QStringList& names);

    Q_INVOKABLE void cordonNode(const QString& node);
    Q_INVOKABLE void uncordonNode(const QString& node);
    Q_INVOKABLE void drainNode(const QString& node);
    Q_INVOKABLE void deleteNode(const QString& node);
    /// Several nodes at once, as ONE edit of the history (a plan::EditKind::Group: one undo
    /// step): `kind` Cordon, Uncordon, Drain or DeleteNode for each of `nodes`. One node
    /// makes a plain edit.
    Q_INVOKABLE void editNodes(berth::app::PlannerActions::EditKind kind, const QStringList& nodes);
    /// Sets label `key`=`value` on each node (its other labels kept), as one edit.
    Q_INVOKABLE void labelNodes(const QStringList& nodes, const QString& key, const QString& value);
    /// Adds taint `key`[=`value`]:`effect` to each node (replacing one of the same key and
    /// effect), as one edit.
    Q_INVOKABLE void taintNodes(const QStringList& nodes, const QString& key, const QString& value,
                                const QString& effect);
    /// `count` copies of `templateNode` named <namePrefix>-1.. in `zone` (empty: the template's).
    Q_INVOKABLE void addNodePool(const QString& templateNode, int count, const QString& zone,
                                 const QString& namePrefix);
    /// Replaces the node's labels (a map of strings).
    Q_INVOKABLE void setNodeLabels(const QString& node, const QVariantMap& labels);
    /// Replaces the node's taints: a list of {key, value, effect} maps.
    Q_INVOKABLE void setNodeTaints(const QString& node, const QVariantList& taints);
    Q_INVOKABLE void scaleWorkload(const QString& kind, const QString& ns, const QString& name, int replicas);
    Q_INVOKABLE void deleteWorkload(const QString& kind, const QString& ns, const QString& name);
    /// Submits YAML objects (validated completely first: any error refuses them all).
    Q_INVOKABLE void submitYaml(const QString& yaml);
    /// The problems in `yaml` on its own (file:line:col messages), for an editor that
    /// validates as the user types. Empty when it would load.
    Q_INVOKABLE QStringList validateYaml(const QString& yaml) const;
    /// Sets spec.nodeName of a pending pod (namespace/name): the scheduler is bypassed.
    Q_INVOKABLE void pinPod(const QString& podKey, const QString& node);

    /// Asks the worker whether the pending pod would pass every filter on `node` now (the
    /// core's own PreFilter and Filter plugins; nothing changes). Answered by podNodeVerdict;
    /// only the newest request is answered.
    Q_INVOKABLE void checkPodOnNode(const QString& podKey, const QString& node);
    /// The host's answer to checkPodOnNode.
    void answerPodOnNode(const NodeVerdictUi& verdict);
    /// Label syntax problems (key: qualified name; value: label value), one line each; empty
    /// when setNodeLabels would accept them.
    Q_INVOKABLE QStringList labelProblems(const QVariantMap& labels) const;
    /// Problems in a list of {key, value, effect} taints; empty when valid.
    Q_INVOKABLE QStringList taintProblems(const QVariantList& taints) const;
    /// A node's labels as a map and its taints as a list of {key, value, effect} (for the
    /// label and taint dialogs).
    Q_INVOKABLE QVariantMap nodeLabels(const QString& node) const;
    Q_INVOKABLE QVariantList nodeTaints(const QString& node) const;

Q_SIGNALS:
    void stateChanged();
    void priorityClassesChanged();
    /// The answer to checkPodOnNode: NodeVerdictUi::toVariant().
    void podNodeVerdict(const QVariantMap& verdict);
    /// An edit was recorded in the history, or refused (the host's editApplied, editFailed):
    /// the dialog that asked for that kind of edit closes or shows why. `description` is the
    /// history's line for it ("Submit submitted-1.yaml"), for display only.
    void editApplied(berth::app::PlannerActions::EditKind kind, const QString& description);
    void editFailed(berth::app::PlannerActions::EditKind kind, const QString& description, const QString& error);

private:
    /// Sends `parts` as one edit: the part itself when there is one, else a Group titled
    /// "<verb> <n> nodes".
    void applyTogether(std::vector<plan::PlanEdit> parts, const QString& verb);
    /// A workload edit (scale, delete); refused when `kind` is not a workload kind.
    void workloadEdit(plan::EditKind editKind, const QString& verb, const QString& kind, const QString& ns,
                      const QString& name, int replicas);

    PlanHost& m_host;
    QStringList m_priorityClasses;
    quint64 m_checkSerial = 0;  // the newest checkPodOnNode request
};

}  // namespace berth::app
