#pragma once
/// Crash recovery. While the app runs it holds a lock in the autosave folder and the
/// controller writes the session there (autosave.json) every few seconds when it changed; a
/// clean exit removes the file. So an autosave found at start-up, with no live instance
/// holding the lock, is what a killed session left behind: it is set aside as recovered.json
/// and offered until the user restores or discards it (surviving further crashes meanwhile).

#include <QByteArray>
#include <QLockFile>
#include <QString>

#include <memory>

namespace berth::app {

class Autosave {
public:
    /// BERTH_AUTOSAVE_DIR when set (tests), else <AppDataLocation>/autosave.
    static QString defaultDir();

    explicit Autosave(QString dir);
    ~Autosave();

    /// Takes the lock and sets aside a crashed session's autosave. False when another
    /// running instance holds the lock (this one then neither autosaves nor offers restore).
    bool start();
    bool active() const { return m_active; }
    QString dir() const { return m_dir; }
    QString autosavePath() const;
    QString recoveredPath() const;
    /// A crashed session's file waits for restore or discard.
    bool restoreAvailable() const;

    /// Writes the session atomically; empty string on success.
    QString write(const QByteArray& session);
    void discardRecovered();
    /// Removes this run's autosave (the session has nothing worth recovering).
    void clear();
    /// The clean exit: the autosave goes (nothing to recover), the lock is released.
    void finish();

private:
    QString m_dir;
    std::unique_ptr<QLockFile> m_lock;
    bool m_active = false;
};

}  // namespace berth::app
