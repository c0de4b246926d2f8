#include "app/background_jobs.h"

#include <QThread>

namespace berth::app {

BackgroundJobs::~BackgroundJobs() {
    for (QThread* t : std::as_const(m_threads)) {
        t->wait();
        delete t;
    }
}

void BackgroundJobs::start(std::function<void()> work) {
    QThread* thread = QThread::create(std::move(work));
    m_threads << thread;
    // Deleted here, not by deleteLater: an owner destroyed before the event loop runs again
    // would leak it (the destructor deletes those still listed).
    connect(thread, &QThread::finished, this, [this, thread] {
        if (!m_threads.removeOne(thread)) return;
        thread->wait();
        delete thread;
    });
    thread->start();
}

}  // namespace berth::app
