#pragma once
/// A lesson in progress (Help > Lessons): opens the lesson's cluster through the session,
/// shows its steps one by one, and for a step that names a pod steps the playback phase by
/// phase until that pod is on stage at the step's phase, so the narration of the cycle
/// follows the lesson's text. QML creates one and hands it the session and the playback.

#include <QObject>
#include <QStringList>
#include <QTimer>
#include <QtQml/qqmlregistration.h>

#include "app/lessons/lesson_library.h"
#include "app/playback/playback_controls.h"
#include "app/session/session_controller.h"

namespace berth::app {

class LessonController : public QObject {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(berth::app::SessionController* session READ session WRITE setSession NOTIFY wiringChanged)
    Q_PROPERTY(berth::app::PlaybackControls* playback READ playback WRITE setPlayback NOTIFY wiringChanged)
    /// Where lessons.json and the clusters are (default: the embedded :/berth/lessons).
    Q_PROPERTY(QString folder READ folder WRITE setFolder NOTIFY lessonsChanged)
    Q_PROPERTY(QStringList titles READ titles NOTIFY lessonsChanged)
    Q_PROPERTY(QString error READ error NOTIFY lessonsChanged)
    Q_PROPERTY(bool active READ active NOTIFY changed)
    Q_PROPERTY(QString title READ title NOTIFY changed)
    Q_PROPERTY(QString summary READ summary NOTIFY changed)
    Q_PROPERTY(int step READ step NOTIFY changed)
    Q_PROPERTY(int stepCount READ stepCount NOTIFY changed)
    Q_PROPERTY(QString text READ text NOTIFY changed)
    Q_PROPERTY(QString question READ question NOTIFY changed)
    /// The playback is being stepped to the step's pod.
    Q_PROPERTY(bool seeking READ seeking NOTIFY changed)
public:
    explicit LessonController(QObject* parent = nullptr);

    SessionController* session() const { return m_session; }
    void setSession(SessionController* s);
    PlaybackControls* playback() const { return m_playback; }
    void setPlayback(PlaybackControls* p);
    QString folder() const { return m_folder; }
    void setFolder(const QString& folder);
    QStringList titles() const;
    QString error() const { return m_error; }
    const QList<Lesson>& lessons() const { return m_lessons; }

    bool active() const { return m_lesson >= 0; }
    QString title() const { return active() ? current().title : QString(); }
    QString summary() const { return active() ? current().summary : QString(); }
    int step() const { return m_step; }
    int stepCount() const { return active() ? static_cast<int>(current().steps.size()) : 0; }
    QString text() const { return currentStep() ? currentStep()->text : QString(); }
    QString question() const { return currentStep() ? currentStep()->question : QString(); }
    bool seeking() const { return m_seek != Seek::None; }
    /// The step on show, or null.
    const LessonStep* currentStep() const;

    /// Opens lesson `index`: loads its cluster, then shows its first step. False (and
    /// `error`) when its cluster cannot be read.
    Q_INVOKABLE bool open(int index);
    Q_INVOKABLE void next();
    /// The step before, replayed from t = 0 to its pod.
    Q_INVOKABLE void previous();
    Q_INVOKABLE void close();

Q_SIGNALS:
    void changed();
    void lessonsChanged();
    void wiringChanged();
    /// The step on show has its pod on stage (or names none): the lesson waits for the class.
    void stepReady();

private:
    enum class Seek { None, Load, Restart, Pod };
    const Lesson& current() const { return m_lessons[m_lesson]; }
    void reload();
    void showStep(int index, bool fromStart);
    void tick();
    bool onStage() const;
    void settle();

    SessionController* m_session = nullptr;
    PlaybackControls* m_playback = nullptr;
    QString m_folder = QStringLiteral(":/berth/lessons");
    QList<Lesson> m_lessons;
    QString m_error;
    int m_lesson = -1;
    int m_step = -1;
    Seek m_seek = Seek::None;
    bool m_loadBusySeen = false;
    int m_ticks = 0;
    QTimer m_timer;
};

}  // namespace berth::app
