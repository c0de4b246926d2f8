#pragma once
/// Work that must not block the GUI thread (an export, a placement comparison), each job on
/// a thread of its own. The owner posts the job's answer back to itself (a queued
/// QMetaObject::invokeMethod on the owner); this object only starts the threads, deletes
/// each when it finishes, and on destruction waits for those still running, so no job
/// outlives what it answers. Cancelling is the job's business (core::Progress), done by the
/// owner before it is destroyed where waiting is of no use.

#include <QList>
#include <QObject>

#include <functional>

class QThread;

namespace berth::app {

class BackgroundJobs : public QObject {
    Q_OBJECT
public:
    explicit BackgroundJobs(QObject* parent = nullptr) : QObject(parent) {}
    ~BackgroundJobs() override;

    /// Runs `work` on a new thread.
    void start(std::function<void()> work);
    int running() const { return static_cast<int>(m_threads.size()); }

private:
    QList<QThread*> m_threads;  // running, oldest first
};

}  // namespace berth::app
