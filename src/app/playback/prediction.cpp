#include "app/playback/prediction.h"

namespace berth::app {

namespace {

const NodeTraceUi* nodeOf(const CycleTraceUi& t, const QString& name) {
    for (const auto& n : t.nodes)
        if (n.node == name) return &n;
    return nullptr;
}

QString tr(const char* text) { return Prediction::tr(text); }

/// Why `n` was not a candidate at all.
QString whyOut(const NodeTraceUi& n) {
    if (n.excluded) return tr("%1 was left out before Filter (PreFilter narrowed the nodes)").arg(n.node);
    if (!n.evaluated)
        return tr("%1 was never filtered (the scheduler stops once it has found enough feasible nodes)").arg(n.node);
    return tr("%1 was rejected by %2 (%3)").arg(n.node, n.filterPlugin, n.reasons.join(QStringLiteral(", ")));
}

/// The Score plugin whose weighted score favours `win` over `lose` the most.
QString decidingPlugin(const NodeTraceUi& win, const NodeTraceUi& lose) {
    QString best;
    qint64 bestGap = 0;
    qint64 winScore = 0, loseScore = 0;
    for (const PluginScoreUi& s : win.scores) {
        qint64 other = 0;
        for (const PluginScoreUi& o : lose.scores)
            if (o.plugin == s.plugin) other = o.weighted;
        if (s.weighted - other > bestGap) {
            bestGap = s.weighted - other;
            best = s.plugin;
            winScore = s.weighted;
            loseScore = other;
        }
    }
    if (best.isEmpty()) return {};
    return tr(" %1 made the difference: %2 against %3 (weighted).").arg(best).arg(winScore).arg(loseScore);
}

QString explainScored(const NodeTraceUi& chosen, const NodeTraceUi& guess) {
    if (guess.total == chosen.total)
        return tr("Not quite: %1 and %2 tie at %3, and selectHost picked %2 at random (seeded). A fair guess.")
            .arg(guess.node, chosen.node)
            .arg(chosen.total);
    return tr("Not this time: %1 fits, but %2 scored higher (%3 against %4).%5")
        .arg(guess.node, chosen.node)
        .arg(chosen.total)
        .arg(guess.total)
        .arg(decidingPlugin(chosen, guess));
}

}  // namespace

QString explainPrediction(const CycleTraceUi& t, const QString& guess, bool guessedNone) {
    if (!t.isValid() || (guess.isEmpty() && !guessedNone)) return {};
    if (t.chosen.isEmpty()) {
        if (guessedNone) return tr("Right: no node fits %1.").arg(t.pod);
        const NodeTraceUi* g = nodeOf(t, guess);
        return tr("Not this time: no node fits %1; %2.").arg(t.pod, g ? whyOut(*g) : guess);
    }
    if (guessedNone) return tr("Not this time: %1 fits, and the scheduler chose it.").arg(t.chosen);
    const NodeTraceUi* chosen = nodeOf(t, t.chosen);
    const NodeTraceUi* g = nodeOf(t, guess);
    if (guess == t.chosen) {
        if (!t.scored) return tr("Right: %1 is the only node that fits.").arg(guess);
        int ties = 0;
        for (const auto& n : t.nodes) ties += n.feasible && chosen && n.total == chosen->total ? 1 : 0;
        if (ties > 1)
            return tr("Right, with luck: %1 nodes tie at %2 and selectHost picked %3 at random (seeded).")
                .arg(ties)
                .arg(chosen->total)
                .arg(guess);
        return tr("Right: %1 has the highest total (%2).").arg(guess).arg(chosen ? chosen->total : 0);
    }
    if (!g) return tr("Not this time: the scheduler chose %1.").arg(t.chosen);
    if (!g->feasible) return tr("Not this time: %1; the scheduler chose %2.").arg(whyOut(*g), t.chosen);
    return chosen ? explainScored(*chosen, *g) : QString();
}

void Prediction::setCycle(CyclePlayback* cycle) {
    if (cycle == m_cycle) return;
    if (m_cycle) disconnect(m_cycle.data(), nullptr, this, nullptr);
    m_cycle = cycle;
    if (m_cycle) connect(m_cycle.data(), &CyclePlayback::changed, this, &Prediction::onCycleChanged);
    onCycleChanged();
}

void Prediction::setEnabled(bool on) {
    if (on == m_enabled) return;
    m_enabled = on;
    m_guess.clear();
    m_guessedNone = false;
    m_guesses = m_right = 0;
    Q_EMIT changed();
}

bool Prediction::atOutcome() const {
    if (!m_cycle || !m_cycle->active()) return false;
    const int p = m_cycle->phase();
    return p == CyclePlayback::Select || p == CyclePlayback::Assume || p == CyclePlayback::Candidates ||
           p == CyclePlayback::PickNode || p == CyclePlayback::Evict || p == CyclePlayback::Failed;
}

bool Prediction::open() const {
    if (!m_enabled || !m_cycle || !m_cycle->active()) return false;
    const int p = m_cycle->phase();
    return p == CyclePlayback::Pop || p == CyclePlayback::Filter || p == CyclePlayback::Score;
}

bool Prediction::revealed() const { return m_enabled && atOutcome() && (!m_guess.isEmpty() || m_guessedNone); }

bool Prediction::correct() const {
    if (!revealed()) return false;
    const QString chosen = m_cycle->trace().chosen;
    return m_guessedNone ? chosen.isEmpty() : m_guess == chosen;
}

QString Prediction::verdict() const {
    return revealed() ? explainPrediction(m_cycle->trace(), m_guess, m_guessedNone) : QString();
}

void Prediction::pick(const QString& node) {
    if (open() && !node.isEmpty()) record(node, false);
}

void Prediction::pickNone() {
    if (open()) record({}, true);
}

void Prediction::record(const QString& node, bool none) {
    m_guess = node;
    m_guessedNone = none;
    Q_EMIT changed();
}

void Prediction::onCycleChanged() {
    // A new cycle on show forgets the guess made for the one before.
    const CycleTraceUi& t = m_cycle ? m_cycle->trace() : CycleTraceUi{};
    const QString key = QStringLiteral("%1#%2@%3").arg(t.pod).arg(t.attempt).arg(t.timeNs);
    if (key != m_cycleKey) {
        m_cycleKey = key;
        m_guess.clear();
        m_guessedNone = false;
        m_counted = false;
    }
    if (revealed() && !m_counted) {
        m_counted = true;
        ++m_guesses;
        m_right += correct() ? 1 : 0;
    }
    Q_EMIT changed();
}

}  // namespace berth::app
