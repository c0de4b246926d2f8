#pragma once
/// Writes a capacity answer's report (Markdown text) to a file the user chose, whole or not at
/// all, and says so on the status line.

#include <QString>
#include <QUrl>

namespace berth::app {

class PlanHost;

/// Empty, or why nothing was written. `what` names the report on the status line ("Drain
/// report"). An existing file is replaced only with `overwrite`.
QString writeReportFile(PlanHost& host, const QUrl& file, const QString& text, bool overwrite, const QString& what);

}  // namespace berth::app
