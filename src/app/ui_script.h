#pragma once
/// `berth --script FILE`: JavaScript expressions, one per line, evaluated in the main window's
/// QML context (its ids, e.g. `dropLayer`, `canvasView`, and `controller`), for tests and demos
/// that drive the real window through the same functions its own handlers call (a template
/// dropped on a group of nodes, a cordon, an export). Blank lines and `//` comments are
/// skipped; a line `// after run` splits the file: what follows runs once `--run` has finished.

#include <QString>
#include <QStringList>

#include <optional>

class QObject;

namespace berth::app {

struct UiScript {
    QStringList atLoad;
    QStringList afterRun;
};

/// nullopt (and `error`) when the file cannot be read.
std::optional<UiScript> readUiScript(const QString& path, QString& error);
/// Evaluates each line in `root`'s QML context; false (and `error`: the line and the
/// JavaScript error) at the first line that throws.
bool runUiScript(QObject* root, const QStringList& lines, QString& error);

}  // namespace berth::app
