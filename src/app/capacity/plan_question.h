#pragma once
/// One capacity question at a time (a measurement, a comparison, "how many more fit", a
/// drain, the nodes to add), asked off the GUI thread: the part every capacity controller
/// shares. ask() lists the question with the long operations (progress, Cancel), runs the
/// work on a thread of its own and posts the outcome back to the owner's thread, where the
/// answer, the error or the cancellation is handed to the owner, unless a newer question was
/// asked meanwhile (its answer is dropped). What the work computes and how the owner shows
/// it stay the owner's.

#include <QObject>
#include <QString>

#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "app/background_jobs.h"
#include "core/progress.h"

namespace berth::app {

class OperationListModel;

class PlanQuestion {
public:
    /// `owner` receives the outcomes (on its thread) and parents the threads.
    explicit PlanQuestion(QObject* owner) : m_owner(owner), m_jobs(owner) {}
    /// A question still running is of no use any more: it stops at its next check, and the
    /// jobs (destroyed next) wait for it. Declare the PlanQuestion last in its owner.
    ~PlanQuestion();
    PlanQuestion(const PlanQuestion&) = delete;
    PlanQuestion& operator=(const PlanQuestion&) = delete;

    /// A question is under way.
    bool running() const { return m_progress != nullptr; }
    /// Forgets the question under way, if any: it is cancelled and its outcome dropped.
    void drop();
    /// The owner shows an answer or an error: no question is under way any more.
    void finished() { m_progress.reset(); }

    /// Asks a new question (call drop() first): listed in `operations` as `title`, `work`
    /// runs on a thread of its own as `std::optional<Answer> work(core::Progress&, std::string&
    /// error)`. Then, on the owner's thread: `onAnswer(Answer)`, or `onError(QString)` (the
    /// work's error; none when cancelled), or, cancelled, `onCancelled()` after running()
    /// turned false.
    template <class Answer, class Work, class OnAnswer, class OnError, class OnCancelled>
    void ask(OperationListModel& operations, const QString& title, Work work, OnAnswer onAnswer, OnError onError,
             OnCancelled onCancelled);

private:
    void begin(OperationListModel& operations, const QString& title);

    QObject* m_owner;
    std::shared_ptr<core::Progress> m_progress;  // the question under way
    quint64 m_serial = 0;                        // the newest asked; older answers are dropped
    BackgroundJobs m_jobs;                       // last: destroyed (waited for) first
};

template <class Answer, class Work, class OnAnswer, class OnError, class OnCancelled>
void PlanQuestion::ask(OperationListModel& operations, const QString& title, Work work, OnAnswer onAnswer,
                       OnError onError, OnCancelled onCancelled) {
    begin(operations, title);
    m_jobs.start([this, owner = m_owner, serial = m_serial, progress = m_progress, work = std::move(work),
                  onAnswer = std::move(onAnswer), onError = std::move(onError),
                  onCancelled = std::move(onCancelled)]() mutable {
        const core::FinishOnExit finish(progress.get());
        std::string error;
        std::optional<Answer> answer = work(*progress, error);
        const QString message = answer || progress->cancelled() ? QString() : QString::fromStdString(error);
        // Queued on the owner: dropped if the owner is gone, which also keeps `this` alive.
        QMetaObject::invokeMethod(
            owner,
            [this, serial, message, answer = std::move(answer), onAnswer, onError, onCancelled]() mutable {
                if (serial != m_serial) return;  // a newer question is on its way
                if (answer)
                    onAnswer(std::move(*answer));
                else if (!message.isEmpty())
                    onError(message);
                else {  // cancelled
                    m_progress.reset();
                    onCancelled();
                }
            },
            Qt::QueuedConnection);
    });
}

}  // namespace berth::app
