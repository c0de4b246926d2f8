#include "app/lessons/lesson_controller.h"

#include <QFile>
#include <QMetaEnum>

#include "app/playback/cycle_playback.h"

namespace berth::app {

namespace {

/// Timer ticks a seek may take before it gives up (a pod the playback never reaches).
constexpr int kMaxTicks = 4000;

}  // namespace

LessonController::LessonController(QObject* parent) : QObject(parent) {
    m_timer.setInterval(5);
    connect(&m_timer, &QTimer::timeout, this, &LessonController::tick);
    reload();
}

void LessonController::setSession(SessionController* s) {
    if (s == m_session) return;
    m_session = s;
    Q_EMIT wiringChanged();
}

void LessonController::setPlayback(PlaybackControls* p) {
    if (p == m_playback) return;
    m_playback = p;
    Q_EMIT wiringChanged();
}

void LessonController::setFolder(const QString& folder) {
    if (folder == m_folder) return;
    m_folder = folder;
    reload();
}

void LessonController::reload() {
    close();
    m_error.clear();
    m_lessons = readLessons(m_folder, m_error).value_or(QList<Lesson>{});
    Q_EMIT lessonsChanged();
}

QStringList LessonController::titles() const {
    QStringList t;
    for (const Lesson& l : m_lessons) t << l.title;
    return t;
}

const LessonStep* LessonController::currentStep() const {
    if (!active() || m_step < 0 || m_step >= stepCount()) return nullptr;
    return &current().steps[m_step];
}

bool LessonController::open(int index) {
    if (index < 0 || index >= m_lessons.size() || !m_session || !m_playback) return false;
    QFile file(m_folder + QLatin1Char('/') + m_lessons[index].cluster);
    if (!file.open(QIODevice::ReadOnly)) {
        m_error = tr("%1: %2").arg(file.fileName(), file.errorString());
        Q_EMIT lessonsChanged();
        return false;
    }
    m_lesson = index;
    m_step = 0;
    m_seek = Seek::Load;
    m_loadBusySeen = false;
    m_ticks = 0;
    m_session->loadText(file.readAll(), m_lessons[index].cluster);
    m_loadBusySeen = m_session->busy();  // a fast load may be over before the first tick
    m_timer.start();
    Q_EMIT changed();
    return true;
}

void LessonController::next() {
    if (!active() || seeking() || m_step + 1 >= stepCount()) return;
    showStep(m_step + 1, false);
}

void LessonController::previous() {
    if (!active() || seeking() || m_step <= 0) return;
    showStep(m_step - 1, true);
}

void LessonController::close() {
    m_timer.stop();
    const bool was = active();
    m_lesson = -1;
    m_step = -1;
    m_seek = Seek::None;
    if (was) Q_EMIT changed();
}

void LessonController::showStep(int index, bool fromStart) {
    m_step = index;
    m_ticks = 0;
    if (fromStart) {
        m_seek = Seek::Restart;
        m_playback->restart();
    } else {
        m_seek = Seek::Pod;
    }
    m_timer.start();
    Q_EMIT changed();
}

bool LessonController::onStage() const {
    const LessonStep* s = currentStep();
    if (!s || s->pod.isEmpty()) return true;
    const CyclePlayback* cycle = m_playback->cycle();
    const QByteArray phase = s->phase.isEmpty() ? QByteArrayLiteral("Pop") : s->phase.toLatin1();
    bool known = false;
    const int wanted = QMetaEnum::fromType<CyclePlayback::Phase>().keyToValue(phase.constData(), &known);
    // A step that names its attempt waits for that one: Previous replays from t = 0, where
    // the pod's earlier attempts come first.
    const bool attempt = s->attempt == 0 || cycle->trace().attempt == s->attempt;
    return known && cycle->active() && cycle->pod() == s->pod && cycle->phase() == wanted && attempt;
}

void LessonController::settle() {
    m_timer.stop();
    m_seek = Seek::None;
    Q_EMIT changed();
    Q_EMIT stepReady();
}

void LessonController::tick() {
    if (!active() || !m_playback || !m_session) return m_timer.stop();
    if (++m_ticks > kMaxTicks) {
        m_error = tr("The lesson's pod %1 never came on stage.").arg(currentStep() ? currentStep()->pod : QString());
        Q_EMIT lessonsChanged();
        return settle();
    }
    switch (m_seek) {
        case Seek::None: return m_timer.stop();
        case Seek::Load:
            // The cluster is loaded once the session was busy loading it and is no longer.
            if (m_session->busy()) m_loadBusySeen = true;
            if (!m_loadBusySeen || m_session->busy() || !m_playback->loaded()) return;
            m_seek = Seek::Pod;
            return;
        case Seek::Restart:
            if (m_playback->position() != 0 || m_playback->cycle()->active()) return;
            m_seek = Seek::Pod;
            return;
        case Seek::Pod:
            if (onStage()) return settle();
            m_playback->stepPhase();  // ignored while the previous step is still on its way
            return;
    }
}

}  // namespace berth::app
