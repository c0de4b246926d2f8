#include "app/session/autosave.h"

#include <QDir>
#include <QFile>
#include <QStandardPaths>

#include "app/session/atomic_file.h"

namespace berth::app {

QString Autosave::defaultDir() {
    const QString env = qEnvironmentVariable("BERTH_AUTOSAVE_DIR");
    if (!env.isEmpty()) return env;
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/autosave");
}

Autosave::Autosave(QString dir) : m_dir(std::move(dir)) {}

Autosave::~Autosave() = default;

QString Autosave::autosavePath() const { return m_dir + QStringLiteral("/autosave.json"); }
QString Autosave::recoveredPath() const { return m_dir + QStringLiteral("/recovered.json"); }

bool Autosave::start() {
    if (m_active) return true;
    if (!QDir().mkpath(m_dir)) return false;
    m_lock = std::make_unique<QLockFile>(m_dir + QStringLiteral("/berth.lock"));
    // A lock whose owner died (kill -9) is stale and taken over; QLockFile checks the pid.
    if (!m_lock->tryLock(0)) {
        m_lock.reset();
        return false;
    }
    m_active = true;
    if (QFile::exists(autosavePath())) {
        // The previous run did not exit cleanly. Its file replaces an older unrestored one:
        // it is the newer work.
        QFile::remove(recoveredPath());
        QFile::rename(autosavePath(), recoveredPath());
    }
    return true;
}

bool Autosave::restoreAvailable() const { return m_active && QFile::exists(recoveredPath()); }

QString Autosave::write(const QByteArray& session) {
    if (!m_active) return QStringLiteral("autosave is off");
    return writeFileAtomically(autosavePath(), session, true);
}

void Autosave::discardRecovered() {
    if (m_active) QFile::remove(recoveredPath());
}

void Autosave::clear() {
    if (m_active) QFile::remove(autosavePath());
}

void Autosave::finish() {
    if (!m_active) return;
    QFile::remove(autosavePath());
    m_lock->unlock();
    m_active = false;
}

}  // namespace berth::app
