#include "app/session/timeline_open.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>

#include "plan/timeline_file.h"

namespace berth::app {

TimelineOpen readTimelineForSession(const QString& path) {
    TimelineOpen out;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        out.problems << QStringLiteral("%1: %2").arg(path, file.errorString());
        return out;
    }
    const QString name = QFileInfo(path).fileName();
    io::Diagnostics diagnostics;
    std::vector<plan::TimedEdit> edits =
        plan::readTimelineFile(file.readAll().toStdString(), name.toStdString(), diagnostics);
    for (const io::Diagnostic& d : diagnostics.items)
        if (d.severity == io::Severity::Error) out.problems << QString::fromStdString(d.toString());
    if (out.problems.isEmpty() && edits.empty())
        out.problems << QCoreApplication::translate("berth", "%1: no timed events (a Timeline document's events)")
                            .arg(name);
    if (out.problems.isEmpty()) out.edits = std::move(edits);
    return out;
}

}  // namespace berth::app
