#pragma once
/// The planning session on the GUI side: the input the plan started from, the edit history,
/// the file it was saved to, whether it changed since, and crash-recovery autosaves. It
/// holds no cluster and applies nothing: the worker does (plan::Plan); this keeps the record
/// that replays it, which is exactly what the session file stores.

#include <QObject>
#include <QString>
#include <QTimer>
#include <QtQml/qqmlregistration.h>

#include <memory>

#include "app/session/autosave.h"
#include "app/session/edit_history_model.h"
#include "app/session/session_document.h"
#include "app/session/session_extenders.h"

namespace berth::app {

class PlanSession : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Owned by SimulationController")
    Q_PROPERTY(berth::app::EditHistoryModel* history READ history CONSTANT)
    Q_PROPERTY(QString path READ path NOTIFY changed)
    Q_PROPERTY(bool dirty READ dirty NOTIFY changed)
    Q_PROPERTY(bool restoreAvailable READ restoreAvailable NOTIFY restoreAvailableChanged)
public:
    /// Autosave period; BERTH_AUTOSAVE_MS overrides it (tests).
    static constexpr int kAutosaveMs = 3000;

    explicit PlanSession(QObject* parent = nullptr);
    ~PlanSession() override;

    EditHistoryModel* history() { return &m_history; }
    const EditHistoryModel* history() const { return &m_history; }
    QString path() const { return m_path; }
    bool dirty() const { return m_dirty; }
    bool restoreAvailable() const { return m_autosave && m_autosave->restoreAvailable(); }

    std::shared_ptr<const plan::PlanInput> input() const { return m_input; }
    SessionDocument document() const;

    /// A new input (files loaded): the history starts empty, nothing to save yet. `extenders`:
    /// what the input's plans reach the extenders through (SessionExtenders::attach).
    void begin(std::shared_ptr<const plan::PlanInput> input, std::shared_ptr<SessionExtenders> extenders);
    /// A session opened (`path` empty for a restored autosave, which then counts as unsaved).
    void begin(const SessionDocument& doc, const QString& path, std::shared_ptr<SessionExtenders> extenders);
    /// The input changed under the same history (a timeline opened): a change to save.
    void setInput(std::shared_ptr<const plan::PlanInput> input);
    /// The session's extenders: live or replayed, and their recording.
    SessionExtenders& extenders() { return *m_extenders; }
    const SessionExtenders& extenders() const { return *m_extenders; }
    /// Something the user did changed the plan (an edit, undo, redo).
    void markChanged();
    /// The number of the next submitted YAML text (it is named submitted-<n>.yaml): unique
    /// among the session's texts, also after undo (a number once given stays taken).
    int nextSubmittedNumber();

    /// Writes the session file; empty string on success.
    QString save(const QString& path, bool overwrite);
    /// Reads a session file into `doc`; empty string on success.
    static QString read(const QString& path, SessionDocument& doc);

    /// Turns crash recovery on, in `dir`. False when another instance is using it.
    bool enableAutosave(const QString& dir);
    QString recoveredPath() const { return m_autosave ? m_autosave->recoveredPath() : QString(); }
    void discardRecovered();
    /// Writes the autosave now when something changed since the last one.
    void autosaveNow();

Q_SIGNALS:
    void changed();
    void restoreAvailableChanged();

private:
    std::shared_ptr<const plan::PlanInput> m_input;
    std::shared_ptr<SessionExtenders> m_extenders = std::make_shared<SessionExtenders>();
    EditHistoryModel m_history;
    QString m_path;
    bool m_dirty = false;
    int m_submitted = 0;  // the last number nextSubmittedNumber gave
    bool m_autosaveDirty = false;
    std::unique_ptr<Autosave> m_autosave;
    QTimer m_autosaveTimer;
};

}  // namespace berth::app
