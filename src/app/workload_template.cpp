#include "app/workload_template.h"

#include <QRegularExpression>

#include <yaml-cpp/yaml.h>

#include "io/label_validation.h"

namespace berth::app {
namespace {

QString str(const QVariantMap& form, const char* key) { return form.value(QLatin1String(key)).toString().trimmed(); }

std::string s(const QString& q) { return q.toStdString(); }

/// "a, b" or a list -> trimmed, non-empty strings.
QStringList listOf(const QVariant& v) {
    QStringList raw = v.typeId() == QMetaType::QString ? v.toString().split(QLatin1Char(',')) : v.toStringList();
    QStringList out;
    for (const QString& x : raw)
        if (!x.trimmed().isEmpty()) out << x.trimmed();
    return out;
}

int replicasOf(const QVariantMap& form) {
    bool ok = false;
    const int n = form.value(QStringLiteral("replicas")).toInt(&ok);
    return ok ? n : 1;
}

void emitMatchLabels(YAML::Emitter& out, const QVariantMap& labels) {
    out << YAML::Key << "matchLabels" << YAML::Value << YAML::BeginMap;
    for (auto it = labels.begin(); it != labels.end(); ++it)
        out << YAML::Key << s(it.key()) << YAML::Value << s(it.value().toString());
    out << YAML::EndMap;
}

void emitMetadata(YAML::Emitter& out, const QVariantMap& form, const QVariantMap& labels, bool named) {
    out << YAML::Key << "metadata" << YAML::Value << YAML::BeginMap;
    if (named) {
        out << YAML::Key << "name" << YAML::Value << s(str(form, "name"));
        const QString ns = str(form, "namespace");
        out << YAML::Key << "namespace" << YAML::Value << s(ns.isEmpty() ? QStringLiteral("default") : ns);
    }
    out << YAML::Key << "labels" << YAML::Value << YAML::BeginMap;
    for (auto it = labels.begin(); it != labels.end(); ++it)
        out << YAML::Key << s(it.key()) << YAML::Value << s(it.value().toString());
    out << YAML::EndMap << YAML::EndMap;
}

/// The one container, "main", with the form's image and requests.
void emitContainer(YAML::Emitter& out, const QVariantMap& form) {
    const QString image = str(form, "image");
    out << YAML::Key << "containers" << YAML::Value << YAML::BeginSeq << YAML::BeginMap;
    out << YAML::Key << "name" << YAML::Value << "main";
    out << YAML::Key << "image" << YAML::Value
        << s(image.isEmpty() ? QStringLiteral("registry.k8s.io/pause:3.9") : image);
    const QString cpu = str(form, "cpu"), memory = str(form, "memory"), ext = str(form, "extendedName");
    const int extCount = form.value(QStringLiteral("extendedCount")).toInt();
    const bool hasExt = !ext.isEmpty() && extCount > 0;
    if (!cpu.isEmpty() || !memory.isEmpty() || hasExt) {
        out << YAML::Key << "resources" << YAML::Value << YAML::BeginMap;
        out << YAML::Key << "requests" << YAML::Value << YAML::BeginMap;
        if (!cpu.isEmpty()) out << YAML::Key << "cpu" << YAML::Value << s(cpu);
        if (!memory.isEmpty()) out << YAML::Key << "memory" << YAML::Value << s(memory);
        if (hasExt) out << YAML::Key << s(ext) << YAML::Value << std::to_string(extCount);
        out << YAML::EndMap;
        // Extended resources cannot be overcommitted: upstream requires limits == requests.
        if (hasExt)
            out << YAML::Key << "limits" << YAML::Value << YAML::BeginMap << YAML::Key << s(ext) << YAML::Value
                << std::to_string(extCount) << YAML::EndMap;
        out << YAML::EndMap;
    }
    out << YAML::EndMap << YAML::EndSeq;
}

/// The form's tolerations; rows left blank are skipped, and none at all writes no key.
void emitTolerations(YAML::Emitter& out, const QVariantMap& form) {
    const QVariantList tolerations = form.value(QStringLiteral("tolerations")).toList();
    bool anyToleration = false;
    for (const QVariant& t : tolerations) {
        const QVariantMap m = t.toMap();
        const QString key = m.value(QStringLiteral("key")).toString().trimmed();
        const QString value = m.value(QStringLiteral("value")).toString().trimmed();
        const QString effect = m.value(QStringLiteral("effect")).toString().trimmed();
        QString op = m.value(QStringLiteral("operator")).toString().trimmed();
        if (key.isEmpty() && value.isEmpty() && effect.isEmpty()) continue;
        if (op.isEmpty()) op = value.isEmpty() ? QStringLiteral("Exists") : QStringLiteral("Equal");
        if (!anyToleration) out << YAML::Key << "tolerations" << YAML::Value << YAML::BeginSeq;
        anyToleration = true;
        out << YAML::BeginMap;
        if (!key.isEmpty()) out << YAML::Key << "key" << YAML::Value << s(key);
        out << YAML::Key << "operator" << YAML::Value << s(op);
        if (!value.isEmpty() && op != QLatin1String("Exists")) out << YAML::Key << "value" << YAML::Value << s(value);
        if (!effect.isEmpty()) out << YAML::Key << "effect" << YAML::Value << s(effect);
        out << YAML::EndMap;
    }
    if (anyToleration) out << YAML::EndSeq;
}

/// One `key In (values)` of a required node affinity term.
struct NodeSelectorExpr {
    QString key;
    QStringList values;
};

/// Required node affinity: every expression in one term, so they are ANDed.
void emitRequiredNodeAffinity(YAML::Emitter& out, const std::vector<NodeSelectorExpr>& exprs) {
    out << YAML::Key << "nodeAffinity" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "requiredDuringSchedulingIgnoredDuringExecution" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "nodeSelectorTerms" << YAML::Value << YAML::BeginSeq << YAML::BeginMap;
    out << YAML::Key << "matchExpressions" << YAML::Value << YAML::BeginSeq;
    for (const NodeSelectorExpr& e : exprs) {
        out << YAML::BeginMap << YAML::Key << "key" << YAML::Value << s(e.key) << YAML::Key << "operator" << YAML::Value
            << "In" << YAML::Key << "values" << YAML::Value << YAML::Flow << YAML::BeginSeq;
        for (const QString& v : e.values) out << s(v);
        out << YAML::EndSeq << YAML::EndMap;
    }
    out << YAML::EndSeq << YAML::EndMap << YAML::EndSeq << YAML::EndMap << YAML::EndMap;
}

/// Required anti-affinity to the workload's own pods: at most one per node.
void emitSelfAntiAffinity(YAML::Emitter& out, const QVariantMap& labels) {
    out << YAML::Key << "podAntiAffinity" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "requiredDuringSchedulingIgnoredDuringExecution" << YAML::Value << YAML::BeginSeq
        << YAML::BeginMap;
    out << YAML::Key << "labelSelector" << YAML::Value << YAML::BeginMap;
    emitMatchLabels(out, labels);
    out << YAML::EndMap;
    out << YAML::Key << "topologyKey" << YAML::Value << "kubernetes.io/hostname";
    out << YAML::EndMap << YAML::EndSeq << YAML::EndMap;
}

/// Affinity presets: required node affinity (the form's key In values, and the group the
/// template was dropped on, both in one term: ANDed), required anti-affinity to itself.
void emitAffinity(YAML::Emitter& out, const QVariantMap& form, const QVariantMap& labels) {
    std::vector<NodeSelectorExpr> exprs;
    if (const QString key = str(form, "affinityKey"); !key.isEmpty())
        exprs.push_back({key, listOf(form.value(QStringLiteral("affinityValues")))});
    if (const QString key = str(form, "groupKey"); !key.isEmpty() && !str(form, "groupValue").isEmpty())
        exprs.push_back({key, {str(form, "groupValue")}});
    const bool anti = form.value(QStringLiteral("antiAffinity")).toBool();
    if (exprs.empty() && !anti) return;
    out << YAML::Key << "affinity" << YAML::Value << YAML::BeginMap;
    if (!exprs.empty()) emitRequiredNodeAffinity(out, exprs);
    if (anti) emitSelfAntiAffinity(out, labels);
    out << YAML::EndMap;
}

/// The spread preset: at most one pod of difference between zones.
void emitZoneSpread(YAML::Emitter& out, const QVariantMap& labels) {
    out << YAML::Key << "topologySpreadConstraints" << YAML::Value << YAML::BeginSeq << YAML::BeginMap;
    out << YAML::Key << "maxSkew" << YAML::Value << 1;
    out << YAML::Key << "topologyKey" << YAML::Value << "topology.kubernetes.io/zone";
    out << YAML::Key << "whenUnsatisfiable" << YAML::Value << "DoNotSchedule";
    out << YAML::Key << "labelSelector" << YAML::Value << YAML::BeginMap;
    emitMatchLabels(out, labels);
    out << YAML::EndMap << YAML::EndMap << YAML::EndSeq;
}

void emitPodSpec(YAML::Emitter& out, const QVariantMap& form, const QVariantMap& labels, bool job) {
    out << YAML::Key << "spec" << YAML::Value << YAML::BeginMap;
    if (job) out << YAML::Key << "restartPolicy" << YAML::Value << "Never";
    if (const QString pc = str(form, "priorityClassName"); !pc.isEmpty())
        out << YAML::Key << "priorityClassName" << YAML::Value << s(pc);
    emitContainer(out, form);
    emitTolerations(out, form);
    emitAffinity(out, form, labels);
    if (form.value(QStringLiteral("spread")).toBool()) emitZoneSpread(out, labels);
    out << YAML::EndMap;
}

}  // namespace

QStringList WorkloadTemplate::kinds() {
    return {QStringLiteral("Deployment"), QStringLiteral("StatefulSet"), QStringLiteral("DaemonSet"),
            QStringLiteral("Job"), QStringLiteral("Pod")};
}

QVariantMap WorkloadTemplate::labelsOf(const QVariantMap& form) {
    QVariantMap labels;
    const QVariant v = form.value(QStringLiteral("labels"));
    if (v.typeId() == QMetaType::QString) {
        for (const QString& part :
             v.toString().split(QRegularExpression(QStringLiteral("[,\\n]")), Qt::SkipEmptyParts)) {
            const QString kv = part.trimmed();
            if (kv.isEmpty()) continue;
            const qsizetype eq = kv.indexOf(QLatin1Char('='));
            labels.insert(eq < 0 ? kv : kv.left(eq).trimmed(), eq < 0 ? QString() : kv.mid(eq + 1).trimmed());
        }
    } else {
        labels = v.toMap();
    }
    if (labels.isEmpty() && !str(form, "name").isEmpty()) labels.insert(QStringLiteral("app"), str(form, "name"));
    return labels;
}

QString WorkloadTemplate::toYaml(const QVariantMap& form) {
    const QString kind = str(form, "kind");
    const QVariantMap labels = labelsOf(form);
    const int replicas = replicasOf(form);
    YAML::Emitter out;
    out << YAML::BeginMap;
    if (kind == QLatin1String("Pod")) {
        out << YAML::Key << "apiVersion" << YAML::Value << "v1" << YAML::Key << "kind" << YAML::Value << "Pod";
        emitMetadata(out, form, labels, true);
        emitPodSpec(out, form, labels, false);
        out << YAML::EndMap;
        return QString::fromStdString(out.c_str()) + QLatin1Char('\n');
    }
    const bool job = kind == QLatin1String("Job");
    out << YAML::Key << "apiVersion" << YAML::Value << (job ? "batch/v1" : "apps/v1");
    out << YAML::Key << "kind" << YAML::Value << s(kind);
    emitMetadata(out, form, labels, true);
    out << YAML::Key << "spec" << YAML::Value << YAML::BeginMap;
    if (job) {
        out << YAML::Key << "parallelism" << YAML::Value << replicas;
        out << YAML::Key << "completions" << YAML::Value << replicas;
    } else {
        if (kind != QLatin1String("DaemonSet")) out << YAML::Key << "replicas" << YAML::Value << replicas;
        if (kind == QLatin1String("StatefulSet"))
            out << YAML::Key << "serviceName" << YAML::Value << s(str(form, "name"));
        out << YAML::Key << "selector" << YAML::Value << YAML::BeginMap;
        emitMatchLabels(out, labels);
        out << YAML::EndMap;
    }
    out << YAML::Key << "template" << YAML::Value << YAML::BeginMap;
    emitMetadata(out, form, labels, false);
    emitPodSpec(out, form, labels, job);
    out << YAML::EndMap;  // template
    out << YAML::EndMap;  // spec
    out << YAML::EndMap;
    return QString::fromStdString(out.c_str()) + QLatin1Char('\n');
}

QStringList WorkloadTemplate::formProblems(const QVariantMap& form) {
    QStringList out;
    const QString kind = str(form, "kind");
    if (!kinds().contains(kind)) out << tr("unknown kind '%1' (%2)").arg(kind, kinds().join(QStringLiteral(", ")));
    const QString name = str(form, "name");
    if (name.isEmpty())
        out << tr("a name is required");
    else if (!io::detail::isDns1123Subdomain(name.toStdString()))
        out << tr("name '%1': lower-case letters, digits, '-' and '.', starting and ending alphanumeric").arg(name);
    const QString ns = str(form, "namespace");
    if (!ns.isEmpty() && !io::detail::isDns1123Label(ns.toStdString()))
        out << tr("namespace '%1': at most 63 lower-case letters, digits and '-', starting and ending alphanumeric")
                   .arg(ns);
    if (replicasOf(form) < 0) out << tr("replicas cannot be negative");
    const QVariantMap labels = labelsOf(form);
    for (auto it = labels.begin(); it != labels.end(); ++it) {
        if (!io::detail::isQualifiedName(it.key().toStdString()))
            out << tr("label key '%1' is not a valid label key").arg(it.key());
        if (!io::detail::isValidLabelValue(it.value().toString().toStdString()))
            out << tr("label %1: '%2' is not a valid label value").arg(it.key(), it.value().toString());
    }
    const QString ext = str(form, "extendedName");
    if (!ext.isEmpty() && !io::detail::isQualifiedName(ext.toStdString()))
        out << tr("extended resource '%1' is not a valid resource name (e.g. example.com/gpu)").arg(ext);
    for (const QVariant& t : form.value(QStringLiteral("tolerations")).toList()) {
        const QVariantMap m = t.toMap();
        const QString key = m.value(QStringLiteral("key")).toString().trimmed();
        const QString effect = m.value(QStringLiteral("effect")).toString().trimmed();
        if (!key.isEmpty() && !io::detail::isQualifiedName(key.toStdString()))
            out << tr("toleration key '%1' is not valid").arg(key);
        if (!effect.isEmpty() && effect != QLatin1String("NoSchedule") && effect != QLatin1String("PreferNoSchedule") &&
            effect != QLatin1String("NoExecute"))
            out << tr("toleration effect '%1': NoSchedule, PreferNoSchedule, NoExecute or empty (all)").arg(effect);
    }
    if (const QString key = str(form, "affinityKey"); !key.isEmpty()) {
        if (!io::detail::isQualifiedName(key.toStdString()))
            out << tr("node affinity key '%1' is not a valid label key").arg(key);
        if (listOf(form.value(QStringLiteral("affinityValues"))).isEmpty())
            out << tr("node affinity %1 In (…): at least one value").arg(key);
    }
    return out;
}

}  // namespace berth::app
