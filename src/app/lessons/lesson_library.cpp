#include "app/lessons/lesson_library.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStringList>

namespace berth::app {

namespace {

/// The step, or why not ("" when it is complete).
QString readStep(const QJsonObject& o, LessonStep& step) {
    step.text = o.value(QStringLiteral("text")).toString();
    step.pod = o.value(QStringLiteral("pod")).toString();
    step.phase = o.value(QStringLiteral("phase")).toString();
    step.question = o.value(QStringLiteral("question")).toString();
    step.expect = o.value(QStringLiteral("expect")).toString();
    step.attempt = o.value(QStringLiteral("attempt")).toInt(0);
    step.seconds = o.value(QStringLiteral("seconds")).toDouble(-1);
    const QJsonObject queue = o.value(QStringLiteral("queue")).toObject();
    for (auto it = queue.begin(); it != queue.end(); ++it) step.queue.insert(it.key(), it.value().toString());
    if (step.text.isEmpty()) return QStringLiteral("has no text");
    if (!step.phase.isEmpty() && step.pod.isEmpty()) return QStringLiteral("names a phase but no pod");
    if ((step.attempt != 0 || step.seconds >= 0) && step.pod.isEmpty())
        return QStringLiteral("has a checkpoint but no pod");
    static const QStringList kQueues{"active", "backoff", "unschedulable", "none"};
    for (auto it = step.queue.cbegin(); it != step.queue.cend(); ++it)
        if (!kQueues.contains(it.value()))
            return QStringLiteral("puts %1 in the queue \"%2\" (active, backoff, unschedulable or none)")
                .arg(it.key(), it.value());
    return {};
}

QString readLesson(const QJsonObject& o, Lesson& lesson) {
    lesson.id = o.value(QStringLiteral("id")).toString();
    lesson.title = o.value(QStringLiteral("title")).toString();
    lesson.summary = o.value(QStringLiteral("summary")).toString();
    lesson.cluster = o.value(QStringLiteral("cluster")).toString();
    if (lesson.id.isEmpty() || lesson.title.isEmpty() || lesson.cluster.isEmpty())
        return QStringLiteral("needs an id, a title and a cluster");
    const QJsonArray steps = o.value(QStringLiteral("steps")).toArray();
    if (steps.isEmpty()) return QStringLiteral("has no steps");
    for (qsizetype i = 0; i < steps.size(); ++i) {
        LessonStep step;
        if (const QString why = readStep(steps[i].toObject(), step); !why.isEmpty())
            return QStringLiteral("step %1 %2").arg(i + 1).arg(why);
        lesson.steps << step;
    }
    return {};
}

}  // namespace

std::optional<QList<Lesson>> readLessons(const QString& folder, QString& error) {
    const QString path = folder + QStringLiteral("/lessons.json");
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        error = QStringLiteral("%1: %2").arg(path, file.errorString());
        return std::nullopt;
    }
    QJsonParseError parse;
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &parse);
    if (parse.error != QJsonParseError::NoError) {
        error = QStringLiteral("%1: offset %2: %3").arg(path).arg(parse.offset).arg(parse.errorString());
        return std::nullopt;
    }
    QList<Lesson> lessons;
    const QJsonArray all = doc.object().value(QStringLiteral("lessons")).toArray();
    for (qsizetype i = 0; i < all.size(); ++i) {
        Lesson lesson;
        if (const QString why = readLesson(all[i].toObject(), lesson); !why.isEmpty()) {
            error = QStringLiteral("%1: lesson %2 (%3): %4").arg(path).arg(i + 1).arg(lesson.id, why);
            return std::nullopt;
        }
        lessons << lesson;
    }
    if (lessons.isEmpty()) {
        error = QStringLiteral("%1: no lessons").arg(path);
        return std::nullopt;
    }
    return lessons;
}

}  // namespace berth::app
