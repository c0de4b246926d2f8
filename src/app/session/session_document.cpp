#include "app/session/session_document.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <limits>

namespace berth::app {
namespace {

constexpr auto kFormat = "berth-session";

QString qs(const std::string& s) { return QString::fromStdString(s); }
std::string ss(const QJsonValue& v) { return v.toString().toStdString(); }
QString tr(const char* text) { return QCoreApplication::translate("berth", text); }

// JSON numbers are doubles: seeds (and times in ns) above 2^53 are written as strings to stay
// exact.
constexpr std::uint64_t kExactInDouble = std::uint64_t{1} << 53;

QJsonValue exactValue(std::uint64_t value) {
    if (value <= kExactInDouble) return static_cast<double>(value);
    return QString::number(value);
}

bool readExact(const QJsonValue& v, std::uint64_t& value) {
    if (v.isUndefined()) return true;
    if (v.isString()) {
        bool ok = false;
        value = v.toString().toULongLong(&ok);
        return ok;
    }
    const double d = v.toDouble(-1);
    if (d < 0 || d > static_cast<double>(kExactInDouble) || d != static_cast<double>(static_cast<std::uint64_t>(d)))
        return false;
    value = static_cast<std::uint64_t>(d);
    return true;
}

QJsonObject editToJson(const plan::PlanEdit& e) {
    QJsonObject o;
    o[QStringLiteral("op")] = QLatin1String(plan::editKindName(e.kind));
    o[QStringLiteral("atStep")] = static_cast<double>(e.atStep);
    auto workload = [&] {
        o[QStringLiteral("workloadKind")] = QLatin1String(core::workloadKindName(e.workloadKind));
        o[QStringLiteral("namespace")] = qs(e.ns);
        o[QStringLiteral("name")] = qs(e.name);
    };
    switch (e.kind) {
        case plan::EditKind::Cordon:
        case plan::EditKind::Uncordon:
        case plan::EditKind::Drain:
        case plan::EditKind::DeleteNode: o[QStringLiteral("node")] = qs(e.node); break;
        case plan::EditKind::AddNodePool:
            o[QStringLiteral("template")] = qs(e.node);
            o[QStringLiteral("namePrefix")] = qs(e.namePrefix);
            o[QStringLiteral("count")] = e.count;
            o[QStringLiteral("zone")] = qs(e.zone);
            break;
        case plan::EditKind::SetNodeLabels: {
            o[QStringLiteral("node")] = qs(e.node);
            QJsonObject labels;
            for (const auto& [k, v] : e.labels) labels[qs(k)] = qs(v);
            o[QStringLiteral("labels")] = labels;
            break;
        }
        case plan::EditKind::SetNodeTaints: {
            o[QStringLiteral("node")] = qs(e.node);
            QJsonArray taints;
            for (const auto& t : e.taints)
                taints.append(QJsonObject{{QStringLiteral("key"), qs(t.key)},
                                          {QStringLiteral("value"), qs(t.value)},
                                          {QStringLiteral("effect"), qs(t.effect)}});
            o[QStringLiteral("taints")] = taints;
            break;
        }
        case plan::EditKind::ScaleWorkload:
            workload();
            o[QStringLiteral("replicas")] = e.replicas;
            break;
        case plan::EditKind::DeleteWorkload: workload(); break;
        case plan::EditKind::SubmitYaml:
        case plan::EditKind::SetSchedulerConfig:  // the KubeSchedulerConfiguration text
            o[QStringLiteral("fileName")] = qs(e.fileName);
            o[QStringLiteral("yaml")] = qs(e.yaml);
            break;
        case plan::EditKind::DeletePod:
        case plan::EditKind::PinPod:
            o[QStringLiteral("namespace")] = qs(e.ns);
            o[QStringLiteral("name")] = qs(e.name);
            if (e.kind == plan::EditKind::PinPod) o[QStringLiteral("node")] = qs(e.node);
            break;
        case plan::EditKind::Group: {
            // The parts as edits of their own (their atStep is the group's: left out).
            o[QStringLiteral("title")] = qs(e.title);
            QJsonArray parts;
            for (const plan::PlanEdit& part : e.parts) {
                QJsonObject p = editToJson(part);
                p.remove(QStringLiteral("atStep"));
                parts.append(p);
            }
            o[QStringLiteral("edits")] = parts;
            break;
        }
    }
    return o;
}

QString editFromJson(const QJsonObject& o, plan::PlanEdit& e) {
    const auto kind = plan::parseEditKind(ss(o[QStringLiteral("op")]));
    if (!kind) return tr("unknown edit '%1'").arg(o[QStringLiteral("op")].toString());
    e.kind = *kind;
    const double at = o[QStringLiteral("atStep")].toDouble(0);
    if (at < 0) return tr("atStep must not be negative");
    e.atStep = static_cast<std::uint64_t>(at);
    e.node = ss(o[e.kind == plan::EditKind::AddNodePool ? QStringLiteral("template") : QStringLiteral("node")]);
    e.namePrefix = ss(o[QStringLiteral("namePrefix")]);
    e.count = o[QStringLiteral("count")].toInt(0);
    e.zone = ss(o[QStringLiteral("zone")]);
    const QJsonObject labels = o[QStringLiteral("labels")].toObject();
    for (auto it = labels.begin(); it != labels.end(); ++it)
        e.labels.emplace_back(it.key().toStdString(), ss(it.value()));
    for (const QJsonValue& t : o[QStringLiteral("taints")].toArray())
        e.taints.push_back(
            {ss(t[QStringLiteral("key")]), ss(t[QStringLiteral("value")]), ss(t[QStringLiteral("effect")])});
    if (o.contains(QStringLiteral("workloadKind"))) {
        const auto wk = plan::parseWorkloadKind(ss(o[QStringLiteral("workloadKind")]));
        if (!wk) return tr("unknown workload kind '%1'").arg(o[QStringLiteral("workloadKind")].toString());
        e.workloadKind = *wk;
    }
    e.ns = ss(o[QStringLiteral("namespace")]);
    e.name = ss(o[QStringLiteral("name")]);
    e.replicas = o[QStringLiteral("replicas")].toInt(0);
    e.yaml = ss(o[QStringLiteral("yaml")]);
    e.fileName = ss(o[QStringLiteral("fileName")]);
    e.title = ss(o[QStringLiteral("title")]);
    if (e.kind == plan::EditKind::Group) {
        for (const QJsonValue& v : o[QStringLiteral("edits")].toArray()) {
            plan::PlanEdit part;
            if (QString err = editFromJson(v.toObject(), part); !err.isEmpty()) return err;
            if (part.kind == plan::EditKind::Group) return tr("a group inside a group");
            part.atStep = e.atStep;
            e.parts.push_back(std::move(part));
        }
    }
    return {};
}

QJsonArray timelineToJson(const std::vector<plan::TimedEdit>& timeline) {
    QJsonArray out;
    for (const plan::TimedEdit& t : timeline) {
        QJsonObject edit = editToJson(t.edit);
        edit.remove(QStringLiteral("atStep"));  // a timed edit's moment is its time
        out.append(QJsonObject{{QStringLiteral("at"), exactValue(static_cast<std::uint64_t>(t.at))},
                               {QStringLiteral("source"), qs(t.source)},
                               {QStringLiteral("edit"), edit}});
    }
    return out;
}

QString timelineFromJson(const QJsonValue& v, std::vector<plan::TimedEdit>& timeline) {
    const QJsonArray items = v.toArray();
    for (qsizetype i = 0; i < items.size(); ++i) {
        const QJsonObject o = items[i].toObject();
        plan::TimedEdit t;
        std::uint64_t at = 0;
        if (!o.contains(QStringLiteral("at")) || !readExact(o[QStringLiteral("at")], at) ||
            at > static_cast<std::uint64_t>(std::numeric_limits<core::SimTime>::max()))
            return tr("timeline event %1: at must be a time in ns, 0 or more").arg(i + 1);
        t.at = static_cast<core::SimTime>(at);
        t.source = ss(o[QStringLiteral("source")]);
        if (QString err = editFromJson(o[QStringLiteral("edit")].toObject(), t.edit); !err.isEmpty())
            return tr("timeline event %1: %2").arg(i + 1).arg(err);
        if (!plan::timedEditKind(t.edit.kind))
            return tr("timeline event %1: '%2' cannot be timed").arg(i + 1).arg(QLatin1String(plan::editKindName(t.edit.kind)));
        timeline.push_back(std::move(t));
    }
    return {};
}

QJsonObject extendersToJson(const SessionDocument& doc) {
    QJsonObject o;
    // The recording in its own file format, as an object of the session's JSON.
    const std::string recording = extender::Recording(doc.extenderCalls).toJson();
    o[QStringLiteral("recording")] = QJsonDocument::fromJson(QByteArray::fromStdString(recording)).object();
    return o;
}

QString extendersFromJson(const QJsonValue& v, SessionDocument& doc) {
    if (v.isUndefined()) return {};
    const QJsonObject o = v.toObject();
    const QByteArray text = QJsonDocument(o[QStringLiteral("recording")].toObject()).toJson(QJsonDocument::Compact);
    std::string error;
    auto calls = extender::Recording::parse(text.toStdString(), "extenders.recording", error);
    if (!calls) return QString::fromStdString(error);
    doc.extenderCalls = std::move(*calls);
    return {};
}

}  // namespace

QByteArray sessionToJson(const SessionDocument& doc) {
    QJsonObject root;
    root[QStringLiteral("format")] = QLatin1String(kFormat);
    root[QStringLiteral("version")] = SessionDocument::kVersion;
    root[QStringLiteral("seed")] = exactValue(doc.input.seed);
    root[QStringLiteral("kubeVersion")] = qs(doc.input.version.toString());
    root[QStringLiteral("tieBreak")] =
        doc.input.tieBreak == core::TieBreak::Name ? QStringLiteral("name") : QStringLiteral("random");
    root[QStringLiteral("configuration")] = qs(doc.input.configText);
    QJsonArray manifests;
    for (const auto& m : doc.input.manifests)
        manifests.append(QJsonObject{{QStringLiteral("name"), qs(m.name)}, {QStringLiteral("text"), qs(m.text)}});
    root[QStringLiteral("manifests")] = manifests;
    QJsonArray edits;
    for (const auto& e : doc.edits) edits.append(editToJson(e));
    root[QStringLiteral("edits")] = edits;
    root[QStringLiteral("applied")] = doc.applied;
    if (!doc.input.timeline.empty()) root[QStringLiteral("timeline")] = timelineToJson(doc.input.timeline);
    if (!doc.extenderCalls.empty()) root[QStringLiteral("extenders")] = extendersToJson(doc);
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

QString sessionFromJson(const QByteArray& json, SessionDocument& doc) {
    QJsonParseError parseError;
    const QJsonDocument d = QJsonDocument::fromJson(json, &parseError);
    if (d.isNull()) return tr("not JSON: %1 at offset %2").arg(parseError.errorString()).arg(parseError.offset);
    const QJsonObject root = d.object();
    if (root[QStringLiteral("format")].toString() != QLatin1String(kFormat)) return tr("not a Berth session file");
    const int version = root[QStringLiteral("version")].toInt(0);
    if (version != SessionDocument::kVersion)
        return tr("session file version %1; this Berth reads version %2").arg(version).arg(SessionDocument::kVersion);
    SessionDocument out;
    if (!readExact(root[QStringLiteral("seed")], out.input.seed)) return tr("bad seed");
    if (root.contains(QStringLiteral("kubeVersion"))) {
        const auto v = core::KubeVersion::parse(ss(root[QStringLiteral("kubeVersion")]));
        if (!v) return tr("unknown kubeVersion '%1'").arg(root[QStringLiteral("kubeVersion")].toString());
        out.input.version = *v;
    }
    out.input.tieBreak = root[QStringLiteral("tieBreak")].toString() == QLatin1String("name") ? core::TieBreak::Name
                                                                                              : core::TieBreak::Random;
    out.input.configText = ss(root[QStringLiteral("configuration")]);
    for (const QJsonValue& m : root[QStringLiteral("manifests")].toArray())
        out.input.manifests.push_back({ss(m[QStringLiteral("name")]), ss(m[QStringLiteral("text")])});
    const QJsonArray edits = root[QStringLiteral("edits")].toArray();
    for (qsizetype i = 0; i < edits.size(); ++i) {
        plan::PlanEdit e;
        if (QString err = editFromJson(edits[i].toObject(), e); !err.isEmpty())
            return tr("edit %1: %2").arg(i + 1).arg(err);
        out.edits.push_back(std::move(e));
    }
    out.applied = root[QStringLiteral("applied")].toInt(static_cast<int>(out.edits.size()));
    if (out.applied < 0 || out.applied > static_cast<int>(out.edits.size())) return tr("applied is out of range");
    if (QString err = timelineFromJson(root[QStringLiteral("timeline")], out.input.timeline); !err.isEmpty())
        return err;
    if (QString err = extendersFromJson(root[QStringLiteral("extenders")], out); !err.isEmpty()) return err;
    doc = std::move(out);
    return {};
}

}  // namespace berth::app
