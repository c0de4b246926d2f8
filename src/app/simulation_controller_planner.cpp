// SimulationController: the planner's checks — the verdict of a pending pod dropped on a node
// (asked of the worker, which runs the core's filter plugins) and the syntax checks the label
// and taint dialogs run before they call setNodeLabels / setNodeTaints.

#include <QSet>

#include "app/engine/simulation_worker.h"
#include "app/simulation_controller.h"
#include "io/label_validation.h"

namespace berth::app {

void SimulationController::checkPodOnNode(const QString& podKey, const QString& node) {
    const quint64 serial = ++m_checkSerial;
    QMetaObject::invokeMethod(
        m_worker, [w = m_worker, podKey, node, serial] { w->checkPodOnNode(podKey, node, serial); }, Qt::QueuedConnection);
}

void SimulationController::onPodNodeChecked(const NodeVerdictUi& verdict) {
    if (verdict.serial != m_checkSerial) return;  // a newer drop is being checked
    Q_EMIT podNodeVerdict(verdict.toVariant());
}

QStringList SimulationController::labelProblems(const QVariantMap& labels) const {
    QStringList out;
    for (auto it = labels.begin(); it != labels.end(); ++it) {
        const std::string key = it.key().toStdString();
        const std::string value = it.value().toString().toStdString();
        if (!io::detail::isQualifiedName(key))
            out << tr("label key '%1': must be [prefix/]name, the name at most 63 characters of A-Z a-z 0-9 - _ . "
                      "starting and ending alphanumeric (the prefix a DNS subdomain)")
                       .arg(it.key());
        if (!io::detail::isValidLabelValue(value))
            out << tr("label %1: value '%2' must be empty or at most 63 characters of A-Z a-z 0-9 - _ . starting and "
                      "ending alphanumeric")
                       .arg(it.key(), it.value().toString());
    }
    return out;
}

QStringList SimulationController::taintProblems(const QVariantList& taints) const {
    static const QStringList kEffects{QStringLiteral("NoSchedule"), QStringLiteral("PreferNoSchedule"), QStringLiteral("NoExecute")};
    QStringList out;
    QSet<QString> seen;
    for (const QVariant& t : taints) {
        const QVariantMap m = t.toMap();
        const QString key = m.value(QStringLiteral("key")).toString();
        const QString value = m.value(QStringLiteral("value")).toString();
        const QString effect = m.value(QStringLiteral("effect")).toString();
        if (!io::detail::isQualifiedName(key.toStdString()))
            out << tr("taint key '%1': must be [prefix/]name, the name at most 63 characters of A-Z a-z 0-9 - _ . "
                      "starting and ending alphanumeric")
                       .arg(key);
        // Taint values follow the label value syntax (validation.go validateTaints).
        if (!io::detail::isValidLabelValue(value.toStdString()))
            out << tr("taint %1: value '%2' must be empty or at most 63 characters of A-Z a-z 0-9 - _ . starting and "
                      "ending alphanumeric")
                       .arg(key, value);
        if (!kEffects.contains(effect))
            out << tr("taint %1: effect '%2' must be NoSchedule, PreferNoSchedule or NoExecute").arg(key, effect);
        // Upstream refuses two taints with the same key and effect.
        const QString id = key + QLatin1Char(':') + effect;
        if (seen.contains(id)) out << tr("taint %1:%2 appears twice (taints must be unique by key and effect)").arg(key, effect);
        seen.insert(id);
    }
    return out;
}

QVariantMap SimulationController::nodeLabels(const QString& node) const {
    const int row = m_nodes.indexOf(node);
    if (row < 0) return {};
    QVariantMap out;
    for (const auto& kv : m_nodes.rows()[row].labels) out.insert(kv.first, kv.second);
    return out;
}

QVariantList SimulationController::nodeTaints(const QString& node) const {
    const int row = m_nodes.indexOf(node);
    if (row < 0) return {};
    // NodeRow::taints is "key[=value]:Effect, ..." (keys and values cannot hold ':' or ',').
    QVariantList out;
    for (const QString& part : m_nodes.rows()[row].taints.split(QStringLiteral(", "), Qt::SkipEmptyParts)) {
        const qsizetype colon = part.lastIndexOf(QLatin1Char(':'));
        const QString kv = colon < 0 ? part : part.left(colon);
        const qsizetype eq = kv.indexOf(QLatin1Char('='));
        out << QVariantMap{{QStringLiteral("key"), eq < 0 ? kv : kv.left(eq)},
                           {QStringLiteral("value"), eq < 0 ? QString() : kv.mid(eq + 1)},
                           {QStringLiteral("effect"), colon < 0 ? QString() : part.mid(colon + 1)}};
    }
    return out;
}

}  // namespace berth::app
