#pragma once
/// A timeline file (berthctl --timeline's format, io/timeline_reader.h) read for the GUI:
/// File > Open timeline… and `berth --timeline FILE`. The text is read here, once, and the
/// session keeps the timed edits (session_document.h), as it keeps the manifests' texts.

#include <QString>
#include <QStringList>

#include <vector>

#include "plan/timed_edits.h"

namespace berth::app {

struct TimelineOpen {
    std::vector<plan::TimedEdit> edits;  // none when `problems` has any
    QStringList problems;                // file:line:col lines, for the open-error dialog
};

/// The timed edits of the file at `path`, named by its file name in messages and sources
/// ("outage.yaml:4"). A file that cannot be read, has an error, or holds no event is a problem.
TimelineOpen readTimelineForSession(const QString& path);

}  // namespace berth::app
