#include "app/session/plan_session.h"

#include <QCoreApplication>
#include <QFile>

#include <algorithm>

#include "app/session/atomic_file.h"

namespace berth::app {

PlanSession::PlanSession(QObject* parent)
    : QObject(parent), m_input(std::make_shared<plan::PlanInput>()), m_history(this), m_autosaveTimer(this) {
    bool ok = false;
    const int ms = qEnvironmentVariableIntValue("BERTH_AUTOSAVE_MS", &ok);
    m_autosaveTimer.setInterval(ok && ms > 0 ? ms : kAutosaveMs);
    connect(&m_autosaveTimer, &QTimer::timeout, this, &PlanSession::autosaveNow);
}

PlanSession::~PlanSession() {
    // Reaching the destructor is a clean exit: nothing to recover next time.
    if (m_autosave) m_autosave->finish();
}

SessionDocument PlanSession::document() const {
    SessionDocument doc;
    doc.input = *m_input;
    doc.edits = m_history.edits();
    doc.applied = m_history.appliedCount();
    doc.extenderCalls = m_extenders->calls();
    return doc;
}

void PlanSession::begin(std::shared_ptr<const plan::PlanInput> input, std::shared_ptr<SessionExtenders> extenders) {
    m_input = std::move(input);
    m_extenders = std::move(extenders);
    m_history.reset({}, 0);
    m_submitted = 0;
    m_path.clear();
    m_dirty = false;
    // A fresh load is not work to recover, but it replaces what the autosave holds.
    m_autosaveDirty = true;
    Q_EMIT changed();
}

void PlanSession::begin(const SessionDocument& doc, const QString& path,
                        std::shared_ptr<SessionExtenders> extenders) {
    m_input = std::make_shared<plan::PlanInput>(doc.input);
    m_extenders = std::move(extenders);
    m_history.reset(doc.edits, doc.applied);
    m_submitted = static_cast<int>(doc.edits.size());
    m_path = path;
    m_dirty = path.isEmpty();
    m_autosaveDirty = true;
    Q_EMIT changed();
}

void PlanSession::setInput(std::shared_ptr<const plan::PlanInput> input) {
    m_input = std::move(input);
    markChanged();
}

void PlanSession::markChanged() {
    m_autosaveDirty = true;
    if (m_dirty) return;
    m_dirty = true;
    Q_EMIT changed();
}

int PlanSession::nextSubmittedNumber() {
    m_submitted = std::max(m_submitted, static_cast<int>(m_history.edits().size())) + 1;
    return m_submitted;
}

QString PlanSession::save(const QString& path, bool overwrite) {
    // Saving again to the session's own file is what Save means: no overwrite question.
    const bool own = !m_path.isEmpty() && path == m_path;
    if (QString err = writeFileAtomically(path, sessionToJson(document()), overwrite || own); !err.isEmpty())
        return err;
    m_path = path;
    m_dirty = false;
    Q_EMIT changed();
    return {};
}

QString PlanSession::read(const QString& path, SessionDocument& doc) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return QCoreApplication::translate("berth", "cannot read %1: %2").arg(path, file.errorString());
    return sessionFromJson(file.readAll(), doc);
}

bool PlanSession::enableAutosave(const QString& dir) {
    auto autosave = std::make_unique<Autosave>(dir);
    if (!autosave->start()) return false;
    m_autosave = std::move(autosave);
    m_autosaveTimer.start();
    Q_EMIT restoreAvailableChanged();
    return true;
}

void PlanSession::discardRecovered() {
    if (!m_autosave) return;
    m_autosave->discardRecovered();
    Q_EMIT restoreAvailableChanged();
}

void PlanSession::autosaveNow() {
    if (!m_autosave || !m_autosaveDirty) return;
    // Only edits are worth recovering: a session that is just a loaded file is not (and an
    // older autosave must not come back in its place).
    if (m_history.rowCount() == 0 && !m_dirty) {
        m_autosave->clear();
        m_autosaveDirty = false;
        return;
    }
    if (m_autosave->write(sessionToJson(document())).isEmpty()) m_autosaveDirty = false;
}

}  // namespace berth::app
