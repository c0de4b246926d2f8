// PlannerActions: each command becomes one plan::PlanEdit for the host; the label and taint
// checks run here, before the dialogs call setNodeLabels / setNodeTaints.

#include "app/planner_actions.h"

#include <QSet>

#include "app/models/node_list_model.h"
#include "app/plan_host.h"
#include "app/session/plan_session.h"
#include "core/api/cluster.h"
#include "io/label_validation.h"
#include "io/manifest_loader.h"

namespace berth::app {
namespace {

plan::PlanEdit nodeEdit(plan::EditKind kind, const QString& node) {
    plan::PlanEdit e;
    e.kind = kind;
    e.node = node.toStdString();
    return e;
}

}  // namespace

PlannerActions::PlannerActions(PlanHost& host, QObject* parent) : QObject(parent), m_host(host) {}

bool PlannerActions::loaded() const { return m_host.planLoaded(); }
bool PlannerActions::busy() const { return m_host.planBusy(); }

void PlannerActions::setPriorityClasses(const QStringList& names) {
    m_priorityClasses = names;
    Q_EMIT priorityClassesChanged();
}

void PlannerActions::cordonNode(const QString& node) { m_host.applyEdit(nodeEdit(plan::EditKind::Cordon, node)); }
void PlannerActions::uncordonNode(const QString& node) { m_host.applyEdit(nodeEdit(plan::EditKind::Uncordon, node)); }
void PlannerActions::drainNode(const QString& node) { m_host.applyEdit(nodeEdit(plan::EditKind::Drain, node)); }
void PlannerActions::deleteNode(const QString& node) { m_host.applyEdit(nodeEdit(plan::EditKind::DeleteNode, node)); }

void PlannerActions::editNodes(EditKind kind, const QStringList& nodes) {
    const auto planKind = static_cast<plan::EditKind>(kind);
    QString verb;
    switch (planKind) {
        case plan::EditKind::Cordon: verb = tr("Cordon"); break;
        case plan::EditKind::Uncordon: verb = tr("Uncordon"); break;
        case plan::EditKind::Drain: verb = tr("Drain"); break;
        case plan::EditKind::DeleteNode: verb = tr("Delete"); break;
        default:
            return m_host.refuseEdit(plan::EditKind::Group, tr("Edit %1 nodes").arg(nodes.size()),
                                     tr("not an edit of several nodes"));
    }
    std::vector<plan::PlanEdit> parts;
    for (const QString& node : nodes) parts.push_back(nodeEdit(planKind, node));
    applyTogether(std::move(parts), verb);
}

void PlannerActions::labelNodes(const QStringList& nodes, const QString& key, const QString& value) {
    std::vector<plan::PlanEdit> parts;
    for (const QString& node : nodes) {
        QVariantMap labels = nodeLabels(node);
        labels.insert(key, value);
        plan::PlanEdit e = nodeEdit(plan::EditKind::SetNodeLabels, node);
        for (auto it = labels.begin(); it != labels.end(); ++it)
            e.labels.emplace_back(it.key().toStdString(), it.value().toString().toStdString());
        parts.push_back(std::move(e));
    }
    applyTogether(std::move(parts), tr("Label %1=%2 on").arg(key, value));
}

void PlannerActions::taintNodes(const QStringList& nodes, const QString& key, const QString& value,
                                const QString& effect) {
    std::vector<plan::PlanEdit> parts;
    for (const QString& node : nodes) {
        plan::PlanEdit e = nodeEdit(plan::EditKind::SetNodeTaints, node);
        for (const QVariant& t : nodeTaints(node)) {
            const QVariantMap m = t.toMap();
            const QString k = m.value(QStringLiteral("key")).toString(), fx = m.value(QStringLiteral("effect")).toString();
            if (k == key && fx == effect) continue;  // replaced by the new one
            e.taints.push_back({k.toStdString(), m.value(QStringLiteral("value")).toString().toStdString(),
                                fx.toStdString()});
        }
        e.taints.push_back({key.toStdString(), value.toStdString(), effect.toStdString()});
        parts.push_back(std::move(e));
    }
    const QString taint = key + (value.isEmpty() ? QString() : QLatin1Char('=') + value) + QLatin1Char(':') + effect;
    applyTogether(std::move(parts), tr("Taint %1 on").arg(taint));
}

void PlannerActions::applyTogether(std::vector<plan::PlanEdit> parts, const QString& verb) {
    if (parts.empty()) return;
    if (parts.size() == 1) return m_host.applyEdit(parts.front());
    const int n = static_cast<int>(parts.size());
    m_host.applyEdit(plan::groupEdit(std::move(parts), tr("%1 %2 nodes").arg(verb).arg(n).toStdString()));
}

void PlannerActions::addNodePool(const QString& templateNode, int count, const QString& zone,
                                 const QString& namePrefix) {
    plan::PlanEdit e = nodeEdit(plan::EditKind::AddNodePool, templateNode);
    e.count = count;
    e.zone = zone.toStdString();
    e.namePrefix = namePrefix.toStdString();
    m_host.applyEdit(e);
}

void PlannerActions::setNodeLabels(const QString& node, const QVariantMap& labels) {
    plan::PlanEdit e = nodeEdit(plan::EditKind::SetNodeLabels, node);
    // QVariantMap iterates in key order: the edit (and the session file) is canonical.
    for (auto it = labels.begin(); it != labels.end(); ++it)
        e.labels.emplace_back(it.key().toStdString(), it.value().toString().toStdString());
    m_host.applyEdit(e);
}

void PlannerActions::setNodeTaints(const QString& node, const QVariantList& taints) {
    plan::PlanEdit e = nodeEdit(plan::EditKind::SetNodeTaints, node);
    for (const QVariant& t : taints) {
        const QVariantMap m = t.toMap();
        e.taints.push_back({m.value(QStringLiteral("key")).toString().toStdString(),
                            m.value(QStringLiteral("value")).toString().toStdString(),
                            m.value(QStringLiteral("effect")).toString().toStdString()});
    }
    m_host.applyEdit(e);
}

void PlannerActions::scaleWorkload(const QString& kind, const QString& ns, const QString& name, int replicas) {
    workloadEdit(plan::EditKind::ScaleWorkload, tr("Scale"), kind, ns, name, replicas);
}

void PlannerActions::deleteWorkload(const QString& kind, const QString& ns, const QString& name) {
    workloadEdit(plan::EditKind::DeleteWorkload, tr("Delete"), kind, ns, name, 0);
}

void PlannerActions::workloadEdit(plan::EditKind editKind, const QString& verb, const QString& kind, const QString& ns,
                                  const QString& name, int replicas) {
    const auto wk = plan::parseWorkloadKind(kind.toStdString());
    if (!wk)
        return m_host.refuseEdit(editKind, tr("%1 %2 %3/%4").arg(verb, kind, ns, name), tr("unknown workload kind"));
    plan::PlanEdit e;
    e.kind = editKind;
    e.workloadKind = *wk;
    e.ns = ns.toStdString();
    e.name = name.toStdString();
    e.replicas = replicas;
    m_host.applyEdit(e);
}

void PlannerActions::submitYaml(const QString& yaml) {
    plan::PlanEdit e;
    e.kind = plan::EditKind::SubmitYaml;
    e.yaml = yaml.toStdString();
    e.fileName = "submitted-" + std::to_string(m_host.planSession().nextSubmittedNumber()) + ".yaml";
    m_host.applyEdit(e);
}

QStringList PlannerActions::validateYaml(const QString& yaml) const {
    core::Cluster scratch;
    io::LoadResult result;
    io::loadManifestText(yaml.toStdString(), "editor", scratch, result);
    QStringList out;
    for (const auto& d : result.diagnostics.items) out << QString::fromStdString(d.toString());
    return out;
}

void PlannerActions::pinPod(const QString& podKey, const QString& node) {
    plan::PlanEdit e = nodeEdit(plan::EditKind::PinPod, node);
    const std::string key = podKey.toStdString();
    const core::NamespacedName n = core::splitNamespacedName(key);
    e.ns = std::string(n.ns);
    e.name = std::string(n.name);
    m_host.applyEdit(e);
}

void PlannerActions::checkPodOnNode(const QString& podKey, const QString& node) {
    m_host.askPodOnNode(podKey, node, ++m_checkSerial);
}

void PlannerActions::answerPodOnNode(const NodeVerdictUi& verdict) {
    if (verdict.serial != m_checkSerial) return;  // a newer drop is being checked
    Q_EMIT podNodeVerdict(verdict.toVariant());
}

QStringList PlannerActions::labelProblems(const QVariantMap& labels) const {
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

QStringList PlannerActions::taintProblems(const QVariantList& taints) const {
    static const QStringList kEffects{QStringLiteral("NoSchedule"), QStringLiteral("PreferNoSchedule"),
                                      QStringLiteral("NoExecute")};
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
        if (seen.contains(id))
            out << tr("taint %1:%2 appears twice (taints must be unique by key and effect)").arg(key, effect);
        seen.insert(id);
    }
    return out;
}

QVariantMap PlannerActions::nodeLabels(const QString& node) const {
    const NodeListModel& nodes = m_host.nodeRows();
    const int row = nodes.indexOf(node);
    if (row < 0) return {};
    QVariantMap out;
    for (const auto& kv : nodes.rows()[row].labels) out.insert(kv.first, kv.second);
    return out;
}

QVariantList PlannerActions::nodeTaints(const QString& node) const {
    const NodeListModel& nodes = m_host.nodeRows();
    const int row = nodes.indexOf(node);
    if (row < 0) return {};
    // NodeRow::taints is "key[=value]:Effect, ..." (keys and values cannot hold ':' or ',').
    QVariantList out;
    for (const QString& part : nodes.rows()[row].taints.split(QStringLiteral(", "), Qt::SkipEmptyParts)) {
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
