#pragma once
// A PlanHost without a worker thread, for the Qt Quick Tests of the panels that take one of
// the controller's parts (SessionController, ConfigController, PlannerActions): the parts are
// the real ones, built over this stub, which records what they ask of the host (`calls`) and
// answers the way the worker would, synchronously: an edit is applied at once (unless
// `refuseEdits`), a replay waits for commitReplay() or cancelReplay(), a pod-on-node check
// for answerPodOnNode().

#include <QObject>
#include <QStringList>
#include <QVariantList>

#include <optional>
#include <tuple>

#include "app/capacity/capacity_controller.h"
#include "app/capacity/compare_controller.h"
#include "app/capacity/fit_controller.h"
#include "app/capacity/group_drain_controller.h"
#include "app/capacity/nodes_controller.h"
#include "app/config/config_controller.h"
#include "app/engine/sim_types.h"
#include "app/models/node_list_model.h"
#include "app/models/operation_list_model.h"
#include "app/plan_host.h"
#include "app/planner_actions.h"
#include "app/session/plan_session.h"
#include "app/session/session_controller.h"
#include "plan/plan_edit.h"

class StubPlanHost : public QObject, public berth::app::PlanHost {
    Q_OBJECT
    Q_PROPERTY(berth::app::SessionController* session READ session CONSTANT)
    Q_PROPERTY(berth::app::ConfigController* config READ config CONSTANT)
    Q_PROPERTY(berth::app::PlannerActions* planner READ planner CONSTANT)
    Q_PROPERTY(berth::app::CapacityController* capacity READ capacity CONSTANT)
    Q_PROPERTY(berth::app::GroupDrainController* groupDrain READ groupDrain CONSTANT)
    Q_PROPERTY(berth::app::FitController* fit READ fit CONSTANT)
    Q_PROPERTY(berth::app::CompareController* compare READ compare CONSTANT)
    Q_PROPERTY(berth::app::NodesController* nodeSearch READ nodeSearch CONSTANT)
    Q_PROPERTY(bool loaded READ planLoaded WRITE setLoaded NOTIFY callsChanged)
    Q_PROPERTY(bool busy READ planBusy WRITE setBusy NOTIFY callsChanged)
    Q_PROPERTY(bool refuseEdits MEMBER m_refuseEdits)
    /// What the parts asked, oldest first: "edit: <describeEdit>", "replay: <title>",
    /// "check: <pod> on <node>", "refuse: <what>", "status: <text>".
    Q_PROPERTY(QStringList calls READ calls NOTIFY callsChanged)
    Q_PROPERTY(QString lastCall READ lastCall NOTIFY callsChanged)
    /// The last edit asked for: {node, labels: {k: v}, taints: [{key, value, effect}], ns,
    /// name, replicas, count, zone, namePrefix, yaml, fileName}.
    Q_PROPERTY(QVariantMap lastEdit READ lastEdit NOTIFY callsChanged)
public:
    explicit StubPlanHost(QObject* parent = nullptr) : QObject(parent) {}

    berth::app::SessionController* session() { return &m_sessionController; }
    berth::app::ConfigController* config() { return &m_config; }
    berth::app::PlannerActions* planner() { return &m_planner; }
    berth::app::CapacityController* capacity() { return &m_capacity; }
    berth::app::GroupDrainController* groupDrain() { return &m_groupDrain; }
    berth::app::FitController* fit() { return &m_fit; }
    berth::app::CompareController* compare() { return &m_compare; }
    berth::app::NodesController* nodeSearch() { return &m_nodeSearch; }
    QStringList calls() const { return m_calls; }
    QString lastCall() const { return m_calls.isEmpty() ? QString() : m_calls.constLast(); }
    QVariantMap lastEdit() const { return m_lastEdit; }

    void setLoaded(bool loaded) {
        m_loaded = loaded;
        notifyParts();
    }
    void setBusy(bool busy) {
        m_busy = busy;
        notifyParts();
    }
    Q_INVOKABLE void clearCalls() {
        m_calls.clear();
        Q_EMIT callsChanged();
    }
    /// Nodes on show: {name, labels: {k: v}, taints: "key=value:Effect, ..."}.
    Q_INVOKABLE void setNodes(const QVariantList& nodes) {
        QList<berth::app::NodeRow> rows;
        for (const QVariant& v : nodes) {
            const QVariantMap m = v.toMap();
            berth::app::NodeRow r;
            r.id = static_cast<quint32>(rows.size());
            r.name = m.value(QStringLiteral("name")).toString();
            r.taints = m.value(QStringLiteral("taints")).toString();
            const QVariantMap labels = m.value(QStringLiteral("labels")).toMap();
            for (auto it = labels.begin(); it != labels.end(); ++it) r.labels.append({it.key(), it.value().toString()});
            rows << r;
        }
        m_nodes.reset(rows);
    }
    /// The worker's answer to the newest check: fits, or rejected by `plugin` for `reason`.
    Q_INVOKABLE void answerPodOnNode(bool fits, const QString& plugin, const QString& reason) {
        berth::app::NodeVerdictUi v;
        v.serial = m_checkSerial;
        v.pod = m_checkPod;
        v.node = m_checkNode;
        v.fits = fits;
        if (!fits) {
            v.stage = QStringLiteral("Filter");
            v.rejectedBy = plugin;
            v.code = berth::app::NodeVerdictUi::Rejection::Unschedulable;
            v.reason = reason;
        }
        v.plugins.append(
            {plugin,
             fits ? berth::app::NodeVerdictUi::PluginVerdict::Pass : berth::app::NodeVerdictUi::PluginVerdict::Fail,
             fits ? QString() : reason});
        m_planner.answerPodOnNode(v);
    }
    /// A capacity measurement arrives, as the worker side would hand it over: {groupBy,
    /// reference: [milliCpu, bytes], placed, pending, nodesUsed, nodesEmpty,
    /// groups: [{group, cpu: [requested, allocatable] (milli), memory: [requested, allocatable]
    /// (bytes)}], more: {node: n}, stranded: [milliCpu, bytes]}.
    Q_INVOKABLE void showCapacity(const QVariantMap& m) {
        auto pair = [&m](const char* key) {
            const QVariantList l = m.value(QLatin1String(key)).toList();
            return std::pair<std::int64_t, std::int64_t>{l.value(0).toLongLong(), l.value(1).toLongLong()};
        };
        berth::plan::capacity::CompareAnswer a;
        a.groupBy = m.value(QStringLiteral("groupBy")).toString().toStdString();
        std::tie(a.referenceMilliCpu, a.referenceMemory) = pair("reference");
        berth::plan::capacity::ConfigOutcome c;
        c.name = "plan";
        c.placed = m.value(QStringLiteral("placed")).toLongLong();
        c.pending = m.value(QStringLiteral("pending")).toLongLong();
        c.nodesUsed = m.value(QStringLiteral("nodesUsed")).toLongLong();
        c.nodesEmpty = m.value(QStringLiteral("nodesEmpty")).toLongLong();
        for (const QVariant& v : m.value(QStringLiteral("groups")).toList()) {
            const QVariantMap g = v.toMap();
            const std::string group = g.value(QStringLiteral("group")).toString().toStdString();
            const QVariantList cpu = g.value(QStringLiteral("cpu")).toList();
            const QVariantList memory = g.value(QStringLiteral("memory")).toList();
            c.utilization["cpu"][group] = {cpu.value(0).toLongLong(), cpu.value(1).toLongLong()};
            c.utilization["memory"][group] = {memory.value(0).toLongLong(), memory.value(1).toLongLong()};
        }
        const QVariantMap more = m.value(QStringLiteral("more")).toMap();
        for (auto it = more.begin(); it != more.end(); ++it)
            c.moreReferencePods[it.key().toStdString()] = it.value().toLongLong();
        std::tie(c.strandedMilliCpu, c.strandedMemory) = pair("stranded");
        a.configs.push_back(std::move(c));
        m_capacity.show(std::move(a));
    }
    /// A drain simulation of `group` ("key=value") arrives: {drained: [node], evicted: [{pod,
    /// from, replacement, to}], blocked: [{pod, node, reason}], pendingAfter}.
    Q_INVOKABLE void showDrain(const QString& group, const QVariantMap& m) {
        auto text = [](const QVariantMap& v, const char* key) {
            return v.value(QLatin1String(key)).toString().toStdString();
        };
        berth::plan::capacity::DrainAnswer a;
        for (const QVariant& n : m.value(QStringLiteral("drained")).toList())
            a.drained.push_back(n.toString().toStdString());
        for (const QVariant& v : m.value(QStringLiteral("evicted")).toList()) {
            const QVariantMap e = v.toMap();
            a.evicted.push_back({text(e, "pod"), text(e, "from"), text(e, "replacement"), text(e, "to")});
        }
        for (const QVariant& v : m.value(QStringLiteral("blocked")).toList()) {
            const QVariantMap b = v.toMap();
            a.blocked.push_back({text(b, "pod"), text(b, "node"), text(b, "reason")});
        }
        a.pendingAfter = m.value(QStringLiteral("pendingAfter")).toLongLong();
        m_groupDrain.show(group, std::move(a));
    }
    /// A configuration comparison arrives: {groupBy, configs: [{name, pending, placed,
    /// nodesUsed, nodesEmpty, groups: [{group, cpu: [requested, allocatable], memory: [...]}]}],
    /// moved: [{pod, config, from, to}]}.
    Q_INVOKABLE void showCompare(const QVariantMap& m) {
        auto text = [](const QVariantMap& v, const char* key) {
            return v.value(QLatin1String(key)).toString().toStdString();
        };
        berth::plan::capacity::CompareAnswer a;
        a.groupBy = text(m, "groupBy");
        for (const QVariant& v : m.value(QStringLiteral("configs")).toList()) {
            const QVariantMap cm = v.toMap();
            berth::plan::capacity::ConfigOutcome c;
            c.name = text(cm, "name");
            c.pending = cm.value(QStringLiteral("pending")).toLongLong();
            c.placed = cm.value(QStringLiteral("placed")).toLongLong();
            c.nodesUsed = cm.value(QStringLiteral("nodesUsed")).toLongLong();
            c.nodesEmpty = cm.value(QStringLiteral("nodesEmpty")).toLongLong();
            for (const QVariant& gv : cm.value(QStringLiteral("groups")).toList()) {
                const QVariantMap g = gv.toMap();
                for (const char* r : {"cpu", "memory"}) {
                    const QVariantList u = g.value(QLatin1String(r)).toList();
                    c.utilization[r][text(g, "group")] = {u.value(0).toLongLong(), u.value(1).toLongLong()};
                }
            }
            a.configs.push_back(std::move(c));
        }
        for (const QVariant& v : m.value(QStringLiteral("moved")).toList()) {
            const QVariantMap mm = v.toMap();
            a.moved.push_back({text(mm, "pod"), text(mm, "config"), text(mm, "from"), text(mm, "to")});
        }
        m_compare.show(std::move(a));
    }
    /// A "how many nodes" answer arrives with the manifest that applies it: {pools: [{name,
    /// count, price}], unplaceable: [{pod, message}], pendingBefore, verified}.
    Q_INVOKABLE void showNodes(const QVariantMap& m, const QString& manifest) {
        berth::plan::capacity::NodesAnswer a;
        for (const QVariant& v : m.value(QStringLiteral("pools")).toList()) {
            const QVariantMap pm = v.toMap();
            berth::plan::capacity::NodesAnswer::Pool p;
            p.name = pm.value(QStringLiteral("name")).toString().toStdString();
            p.count = pm.value(QStringLiteral("count")).toLongLong();
            if (pm.contains(QStringLiteral("price"))) p.pricePerHour = pm.value(QStringLiteral("price")).toDouble();
            for (std::int64_t i = 1; i <= p.count; ++i) p.nodes.push_back(p.name + "-" + std::to_string(i));
            a.pools.push_back(std::move(p));
        }
        for (const QVariant& v : m.value(QStringLiteral("unplaceable")).toList())
            a.unplaceable.push_back({v.toMap().value(QStringLiteral("pod")).toString().toStdString(),
                                     v.toMap().value(QStringLiteral("message")).toString().toStdString()});
        a.pendingBefore = m.value(QStringLiteral("pendingBefore")).toLongLong();
        a.verified = m.value(QStringLiteral("verified")).toBool();
        m_nodeSearch.show(std::move(a), manifest.toStdString());
    }
    /// A "how many more fit" answer for `pod` arrives: {kind, ref, existing, byNode: {node: n},
    /// byZone: {zone: n}, next: pod, message} (stopped by an unschedulable replica when `next`
    /// is given, else by the limit).
    Q_INVOKABLE void showFit(const QString& pod, const QVariantMap& m) {
        berth::plan::capacity::FitAnswer a;
        a.templateKind = m.value(QStringLiteral("kind")).toString().toStdString();
        a.templateRef = m.value(QStringLiteral("ref")).toString().toStdString();
        a.existingReplicas = m.value(QStringLiteral("existing")).toLongLong();
        const QVariantMap byNode = m.value(QStringLiteral("byNode")).toMap();
        for (auto it = byNode.begin(); it != byNode.end(); ++it) {
            a.byNode[it.key().toStdString()] = it.value().toLongLong();
            a.fits += it.value().toLongLong();
        }
        const QVariantMap byZone = m.value(QStringLiteral("byZone")).toMap();
        for (auto it = byZone.begin(); it != byZone.end(); ++it) a.byZone[it.key().toStdString()] = it.value().toLongLong();
        a.nextPod = m.value(QStringLiteral("next")).toString().toStdString();
        a.nextMessage = m.value(QStringLiteral("message")).toString().toStdString();
        a.stoppedBy = a.nextPod.empty() ? berth::plan::capacity::FitAnswer::Stop::Max
                                        : berth::plan::capacity::FitAnswer::Stop::Unschedulable;
        m_fit.show(pod, std::move(a));
    }
    /// The newest replay is on show: its commit runs, as when the worker's plan arrives.
    Q_INVOKABLE bool commitReplay() {
        if (!m_replay) return false;
        const berth::app::ReplayRequest r = *std::exchange(m_replay, std::nullopt);
        if (r.commit) r.commit();
        m_config.refresh(*r.input, r.edits);
        m_loaded = true;
        notifyParts();
        return true;
    }

    /// The worker's re-run after an applied configuration change arrives: the panel shows the
    /// configuration in effect with the applied edits.
    Q_INVOKABLE void showAppliedEdits() { m_config.refresh(*m_session.input(), m_session.history()->appliedEdits()); }

    // --- PlanHost
    bool planLoaded() const override { return m_loaded; }
    bool planBusy() const override { return m_busy; }
    berth::app::PlanSession& planSession() override { return m_session; }
    const berth::app::NodeListModel& nodeRows() const override { return m_nodes; }
    berth::app::OperationListModel& operationList() override { return m_operations; }
    void applyEdit(const berth::plan::PlanEdit& edit) override {
        const QString description = QString::fromStdString(berth::plan::describeEdit(edit));
        const auto kind = berth::app::PlannerActions::editKindOf(edit.kind);
        m_lastEdit = editToVariant(edit);
        record(QStringLiteral("edit: ") + description);
        if (m_refuseEdits) return Q_EMIT m_planner.editFailed(kind, description, QStringLiteral("refused by the test"));
        m_session.history()->push(edit);
        m_session.markChanged();
        Q_EMIT m_planner.editApplied(kind, description);
    }
    void refuseEdit(berth::plan::EditKind kind, const QString& description, const QString& error) override {
        record(QStringLiteral("refuse: %1: %2").arg(description, error));
        Q_EMIT m_planner.editFailed(berth::app::PlannerActions::editKindOf(kind), description, error);
    }
    void startReplay(berth::app::ReplayRequest request) override {
        record(QStringLiteral("replay: ") + request.title);
        m_replay = std::move(request);
    }
    void askPodOnNode(const QString& podKey, const QString& node, quint64 serial) override {
        record(QStringLiteral("check: %1 on %2").arg(podKey, node));
        m_checkPod = podKey;
        m_checkNode = node;
        m_checkSerial = serial;
    }
    void showStatus(const QString& text) override { record(QStringLiteral("status: ") + text); }
    void refuseOpen(const QString& what, const QStringList& problems) override {
        record(QStringLiteral("refuse: %1 %2").arg(what, problems.join(QStringLiteral("; "))));
        Q_EMIT m_sessionController.openFailed(what, problems);
    }

Q_SIGNALS:
    void callsChanged();

private:
    static QVariantMap editToVariant(const berth::plan::PlanEdit& e) {
        QVariantMap labels;
        for (const auto& [k, v] : e.labels) labels.insert(QString::fromStdString(k), QString::fromStdString(v));
        QVariantList taints;
        for (const auto& t : e.taints)
            taints << QVariantMap{{QStringLiteral("key"), QString::fromStdString(t.key)},
                                  {QStringLiteral("value"), QString::fromStdString(t.value)},
                                  {QStringLiteral("effect"), QString::fromStdString(t.effect)}};
        QVariantList parts;  // a Group's edits
        for (const auto& part : e.parts) parts << editToVariant(part);
        return {{QStringLiteral("kind"), static_cast<int>(e.kind)},
                {QStringLiteral("parts"), parts},
                {QStringLiteral("node"), QString::fromStdString(e.node)},
                {QStringLiteral("labels"), labels},
                {QStringLiteral("taints"), taints},
                {QStringLiteral("ns"), QString::fromStdString(e.ns)},
                {QStringLiteral("name"), QString::fromStdString(e.name)},
                {QStringLiteral("replicas"), e.replicas},
                {QStringLiteral("count"), e.count},
                {QStringLiteral("zone"), QString::fromStdString(e.zone)},
                {QStringLiteral("namePrefix"), QString::fromStdString(e.namePrefix)},
                {QStringLiteral("yaml"), QString::fromStdString(e.yaml)},
                {QStringLiteral("fileName"), QString::fromStdString(e.fileName)}};
    }
    void record(const QString& call) {
        m_calls << call;
        Q_EMIT callsChanged();
    }
    void notifyParts() {
        Q_EMIT m_sessionController.stateChanged();
        Q_EMIT m_config.stateChanged();
        Q_EMIT m_planner.stateChanged();
        Q_EMIT callsChanged();
    }

    berth::app::PlanSession m_session{this};
    berth::app::NodeListModel m_nodes{this};
    berth::app::OperationListModel m_operations{this};
    berth::app::ConfigController m_config{*this, this};
    berth::app::SessionController m_sessionController{*this, m_config, this};
    berth::app::PlannerActions m_planner{*this, this};
    berth::app::CapacityController m_capacity{*this, this};
    berth::app::GroupDrainController m_groupDrain{*this, this};
    berth::app::FitController m_fit{*this, this};
    berth::app::CompareController m_compare{*this, this};
    berth::app::NodesController m_nodeSearch{*this, this};
    QStringList m_calls;
    QVariantMap m_lastEdit;
    std::optional<berth::app::ReplayRequest> m_replay;
    QString m_checkPod, m_checkNode;
    quint64 m_checkSerial = 0;
    bool m_loaded = false;
    bool m_busy = false;
    bool m_refuseEdits = false;
};
