#pragma once
/// What the tests of the scheduling loop read and drive (tests/core: simulation, schedule_one,
/// cluster_edits): the event stream as lines, a pod's outcome as text, stepping the loop to a
/// simulated time, and the options they run with.

#include <QString>
#include <QStringList>

#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

#include "core/simulation.h"

namespace berth::testlib {

using namespace berth::core;

/// Options for a run: the version a row names ("1.26" unless given), the tie-break, the seed.
SchedulerOptions simOptions(const QString& version = "1.26", TieBreak tie = TieBreak::Name, std::uint64_t seed = 0);

/// The invariants' violations (core/invariant_check.h), one a line; empty when all hold. Tests
/// of the loop end with `QCOMPARE(invariantViolations(sim), QStringList());`.
QStringList invariantViolations(const Simulation& sim);

/// A Simulation whose invariants are checked while it runs and, when it goes, at the end: a
/// violation fails the test that ran it. What the loop tests declare instead of Simulation.
class CheckedSimulation : public Simulation {
public:
    CheckedSimulation(Cluster& cluster, SchedulerConfiguration config, SchedulerOptions options,
                      const Registry* registry = nullptr);
    ~CheckedSimulation();
};

/// Records the event stream; each event as "<ms> <Type> <pod> [<node>] [| <message>]".
class EventRecorder {
public:
    EventRecorder(Simulation& sim, const Cluster& cluster);
    QString line(const SimEvent& e) const;
    /// The events of one pod (or every pod when empty) of the given types (all when none), as lines.
    QStringList of(const std::string& pod, std::initializer_list<EventType> types) const;
    QString all() const;
    std::vector<SimEvent> events;

private:
    const Cluster& m_cluster;
};

/// The pod's state ("bound", "pending", ...), node, nominated node, message and queue.
QString stateOf(const Simulation& sim, const Pod& p);
QString nodeOf(const Simulation& sim, const Cluster& c, const Pod& p);
QString nominatedOf(const Simulation& sim, const Cluster& c, const Pod& p);
QString messageOf(const Simulation& sim, const Pod& p);
QString whereIs(Simulation& sim, const Pod& p);

/// Steps the loop until simulated time reaches `t` (flush ticks every second keep it moving
/// while something is pending).
void stepUntil(Simulation& sim, SimTime t);

/// The backoff after `attempt` failed attempts: 1 s doubled per attempt, at most 10 s.
SimTime backoffFor(int attempt);

}  // namespace berth::testlib
