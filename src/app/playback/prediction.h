#pragma once
/// Predict mode (issue 17): while a cycle is before its outcome (queue pop, Filter, Score),
/// the class picks the node it expects (a click on the canvas) or "no node fits"; once the
/// outcome is on show, the verdict says who was right and what decided: the Filter plugin
/// that rejected the guess, or the Score plugin that favoured the winner most, or a tie that
/// selectHost broke at random. It re-reads the cycle's trace; the core decided.

#include <QObject>
#include <QPointer>
#include <QString>
#include <QtQml/qqmlregistration.h>

#include "app/engine/trace_types.h"
#include "app/playback/cycle_playback.h"

namespace berth::app {

/// The verdict on `guess` (a node name; empty with `guessedNone`: "no node fits") for the
/// cycle in `trace`, in a sentence or two.
QString explainPrediction(const CycleTraceUi& trace, const QString& guess, bool guessedNone);

class Prediction : public QObject {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(berth::app::CyclePlayback* cycle READ cycle WRITE setCycle NOTIFY changed)
    Q_PROPERTY(bool enabled READ enabled WRITE setEnabled NOTIFY changed)
    /// A guess may be made now: a cycle is on show, before its outcome.
    Q_PROPERTY(bool open READ open NOTIFY changed)
    Q_PROPERTY(QString guess READ guess NOTIFY changed)
    Q_PROPERTY(bool guessedNone READ guessedNone NOTIFY changed)
    /// The outcome is on show and there was a guess: `verdict` says how it went.
    Q_PROPERTY(bool revealed READ revealed NOTIFY changed)
    Q_PROPERTY(bool correct READ correct NOTIFY changed)
    Q_PROPERTY(QString verdict READ verdict NOTIFY changed)
    /// Guesses and right guesses since predict mode was turned on.
    Q_PROPERTY(int guesses READ guesses NOTIFY changed)
    Q_PROPERTY(int right READ right NOTIFY changed)
public:
    using QObject::QObject;

    CyclePlayback* cycle() const { return m_cycle; }
    void setCycle(CyclePlayback* cycle);
    bool enabled() const { return m_enabled; }
    void setEnabled(bool on);
    bool open() const;
    QString guess() const { return m_guess; }
    bool guessedNone() const { return m_guessedNone; }
    bool revealed() const;
    bool correct() const;
    QString verdict() const;
    int guesses() const { return m_guesses; }
    int right() const { return m_right; }

    /// The class expects `node` (ignored unless open()).
    Q_INVOKABLE void pick(const QString& node);
    /// The class expects no node to fit.
    Q_INVOKABLE void pickNone();

Q_SIGNALS:
    void changed();

private:
    void onCycleChanged();
    bool atOutcome() const;
    void record(const QString& node, bool none);

    QPointer<CyclePlayback> m_cycle;
    bool m_enabled = false;
    QString m_cycleKey;  // pod, attempt and time of the cycle the guess is for
    QString m_guess;
    bool m_guessedNone = false;
    bool m_counted = false;  // this guess's outcome is in the tally
    int m_guesses = 0, m_right = 0;
};

}  // namespace berth::app
