#include "testlib/simulation_watch.h"

#include <QTest>

#include <algorithm>

#include "testlib/plugin_rows.h"

namespace berth::testlib {

SchedulerOptions simOptions(const QString& version, TieBreak tie, std::uint64_t seed) {
    SchedulerOptions o;
    o.version = versionOf(version);
    o.tieBreak = tie;
    o.seed = seed;
    return o;
}

QStringList invariantViolations(const Simulation& sim) {
    QStringList out;
    for (const std::string& v : sim.checkInvariants()) out << QString::fromStdString(v);
    return out;
}

CheckedSimulation::CheckedSimulation(Cluster& cluster, SchedulerConfiguration config, SchedulerOptions options,
                                     const Registry* registry)
    : Simulation(cluster, std::move(config), options, registry) {
    checkInvariantsWhileRunning();
}

CheckedSimulation::~CheckedSimulation() {
    if (QTest::currentTestFailed()) return;  // one failure at a time
    const QStringList violations = invariantViolations(*this);
    if (!violations.isEmpty())
        QTest::qFail(qPrintable("invariants violated: " + violations.join("; ")), __FILE__, __LINE__);
}

EventRecorder::EventRecorder(Simulation& sim, const Cluster& cluster) : m_cluster(cluster) {
    sim.setEventListener([this](const SimEvent& e) { events.push_back(e); });
}

QString EventRecorder::line(const SimEvent& e) const {
    QString s = QString::number(static_cast<double>(e.time) / 1e6) + " " + eventTypeName(e.type) + " " +
                (e.pod < m_cluster.pods.size() ? QString::fromStdString(m_cluster.pods[e.pod].name) : QString("-"));
    if (e.node != kEmptySym) s += " " + QString::fromStdString(std::string(m_cluster.pool.str(e.node)));
    if (!e.message.empty()) s += " | " + QString::fromStdString(e.message);
    return s;
}

QStringList EventRecorder::of(const std::string& pod, std::initializer_list<EventType> types) const {
    QStringList out;
    for (const auto& e : events) {
        if (!pod.empty() && (e.pod >= m_cluster.pods.size() || m_cluster.pods[e.pod].name != pod)) continue;
        bool want = types.size() == 0;
        for (EventType t : types) want = want || t == e.type;
        if (want) out << line(e);
    }
    return out;
}

QString EventRecorder::all() const {
    QStringList out;
    for (const auto& e : events) out << line(e);
    return out.join('\n');
}

QString stateOf(const Simulation& sim, const Pod& p) { return podStateName(sim.outcome(p).state); }

QString nodeOf(const Simulation& sim, const Cluster& c, const Pod& p) {
    const Sym n = sim.outcome(p).node;
    return n == kEmptySym ? QString() : QString::fromStdString(std::string(c.pool.str(n)));
}

QString nominatedOf(const Simulation& sim, const Cluster& c, const Pod& p) {
    const Sym n = sim.outcome(p).nominated;
    return n == kEmptySym ? QString() : QString::fromStdString(std::string(c.pool.str(n)));
}

QString messageOf(const Simulation& sim, const Pod& p) { return QString::fromStdString(sim.outcome(p).message); }

QString whereIs(Simulation& sim, const Pod& p) { return queueLocationName(sim.queue().location(p)); }

void stepUntil(Simulation& sim, SimTime t) {
    while (sim.clock().now() < t && sim.step()) {}
}

SimTime backoffFor(int attempt) {
    SimTime d = kSecond;
    for (int i = 1; i < attempt; ++i) d = std::min<SimTime>(2 * d, 10 * kSecond);
    return d;
}

}  // namespace berth::testlib
