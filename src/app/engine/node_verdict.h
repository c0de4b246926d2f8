#pragma once
/// The answer to "would this pending pod fit on that node now?" (the canvas's drag of a
/// pending pod onto a node), copied out of core::NodeCheck by the worker: the verdict and
/// reasons are the core plugins' own (Simulation::checkNodeForPod).

#include <QList>
#include <QMetaType>
#include <QString>
#include <QVariantMap>

namespace berth::app {

struct NodeVerdictUi {
    /// A Filter plugin's own verdict on the node.
    enum class PluginVerdict : quint8 { Pass, Fail, Skip, Error };
    /// Why the pod does not fit there: upstream's status code (None when it fits, or when
    /// the check could not run).
    enum class Rejection : quint8 { None, Unschedulable, UnschedulableAndUnresolvable, Error };

    quint64 serial = 0;  // the request it answers
    QString pod;         // namespace/name
    QString node;
    QString error;  // the check could not run (no such pod or node, not pending)
    bool fits = false;
    QString stage;       // "PreFilter" or "Filter" when rejected
    QString rejectedBy;  // plugin name(s)
    Rejection code = Rejection::None;
    QString reason;  // the upstream reason text
    struct Plugin {
        QString name;
        PluginVerdict verdict = PluginVerdict::Pass;
        QString reason;
    };
    QList<Plugin> plugins;  // every Filter plugin on its own, in profile order

    /// For QML: {pod, node, error, fits, stage, rejectedBy, code, reason,
    /// plugins: [{plugin, verdict, reason}]}; code and verdict as PlannerActions'
    /// RejectionCode and PluginVerdict.
    QVariantMap toVariant() const;
};

}  // namespace berth::app

Q_DECLARE_METATYPE(berth::app::NodeVerdictUi)
