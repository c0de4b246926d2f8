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
    quint64 serial = 0;  // the request it answers
    QString pod;         // namespace/name
    QString node;
    QString error;  // the check could not run (no such pod or node, not pending)
    bool fits = false;
    QString stage;       // "PreFilter" or "Filter" when rejected
    QString rejectedBy;  // plugin name(s)
    QString code;        // "Unschedulable", "UnschedulableAndUnresolvable", "Error"
    QString reason;      // the upstream reason text
    struct Plugin {
        QString name;
        QString verdict;  // "pass", "fail", "skip", "error"
        QString reason;
    };
    QList<Plugin> plugins;  // every Filter plugin on its own, in profile order

    /// For QML: {pod, node, error, fits, stage, rejectedBy, code, reason,
    /// plugins: [{plugin, verdict, reason}]}.
    QVariantMap toVariant() const;
};

}  // namespace berth::app

Q_DECLARE_METATYPE(berth::app::NodeVerdictUi)
