#pragma once
/// The template palette's generator: a small form (a QVariantMap from QML) turned into one
/// Kubernetes object as YAML text — a Deployment, StatefulSet, DaemonSet, Job or Pod with
/// requests, labels, a priority class, tolerations and the usual scheduling presets. The text
/// is submitted like any other YAML (SimulationController::submitYaml), so it is loaded,
/// expanded and scheduled exactly as berthctl would; this class only writes it.
///
/// Form keys (all optional except kind and name):
///   kind            Deployment | StatefulSet | DaemonSet | Job | Pod
///   name, namespace (default "default")
///   replicas        Deployment/StatefulSet replicas, Job parallelism and completions (default 1)
///   cpu, memory     request quantities ("500m", "1Gi"); empty: none
///   extendedName, extendedCount   an extended resource (requests = limits, as upstream needs)
///   labels          a map, or text "k=v, k2=v2" (default app=<name>)
///   priorityClassName
///   tolerations     a list of {key, value, effect, operator}; operator defaults to Exists
///                   without a value and Equal with one
///   affinityKey, affinityValues   required node affinity: key In values (a list or "a, b")
///   groupKey, groupValue          a second required expression (the canvas group a template
///                                 was dropped on, e.g. topology.kubernetes.io/zone In [zone])
///   antiAffinity    required pod anti-affinity against its own labels, per hostname
///   spread          topology spread over zones against its own labels: maxSkew 1, DoNotSchedule
///   image           default registry.k8s.io/pause:3.9

#include <QObject>
#include <QString>
#include <QStringList>
#include <QVariantMap>
#include <QtQml/qqmlregistration.h>

namespace berth::app {

class WorkloadTemplate : public QObject {
    Q_OBJECT
    QML_ELEMENT
public:
    using QObject::QObject;

    /// The kinds the palette offers, in palette order.
    static QStringList kinds();
    /// The object as YAML (one document). Problems in the form are not checked here: see
    /// problems(); the loader checks the rest (quantities) when the text is validated.
    static QString toYaml(const QVariantMap& form);
    /// What is wrong with the form before any YAML is read: an unknown kind, a missing or
    /// malformed name or namespace, negative replicas, bad label or toleration syntax.
    static QStringList formProblems(const QVariantMap& form);
    /// The labels of the form as a map ("k=v, k2=v2" text is split; default app=<name>).
    static QVariantMap labelsOf(const QVariantMap& form);

    Q_INVOKABLE QStringList kindList() const { return kinds(); }
    Q_INVOKABLE QString yaml(const QVariantMap& form) const { return toYaml(form); }
    Q_INVOKABLE QStringList problems(const QVariantMap& form) const { return formProblems(form); }
};

}  // namespace berth::app
