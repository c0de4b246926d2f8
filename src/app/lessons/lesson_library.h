#pragma once
/// Built-in lessons (Help > Lessons): each a cluster file and a script of steps, read from a
/// folder's lessons.json (resources/lessons, embedded as :/berth/lessons). A step says what
/// to explain, which pod to put on stage (and at which phase), what to ask the class, and,
/// for the tests, its checkpoint: where the pod is expected to land, and what the text says
/// of its attempt, of the simulated time and of where it waits in the queue.

#include <QList>
#include <QMap>
#include <QString>

#include <optional>

namespace berth::app {

struct LessonStep {
    QString text;      // the explanation shown above the narration
    QString pod;       // namespace/name to put on stage ("" : the step shows only text)
    QString phase;     // the CyclePlayback phase to stop at ("Pop" when empty)
    QString question;  // for the class ("" : none)
    QString expect;    // the node the pod's cycle chooses or nominates (checked by the tests)
    // The rest of the checkpoint, each checked by the tests when given:
    int attempt = 0;        // the cycle's attempt number (0: not checked)
    double seconds = -1;    // the simulated time of the cycle, in seconds (< 0: not checked)
    // Where pods wait once the step is on show, by namespace/name: active, backoff,
    // unschedulable, or none (not queued: in flight, placed or gone).
    QMap<QString, QString> queue;
};

struct Lesson {
    QString id;
    QString title;
    QString summary;
    QString cluster;  // file name within the lessons folder
    QList<LessonStep> steps;
};

/// Reads `folder`/lessons.json. nullopt and `error` ("lessons.json: lesson 2 (taints): step 3
/// has no text") when it cannot be read or a lesson is incomplete.
std::optional<QList<Lesson>> readLessons(const QString& folder, QString& error);

}  // namespace berth::app
