// SimulationController: opening from the recent list and from files dropped on the window.
// Both end in the ordinary paths (loadFiles, openSession), so a dropped or recent file is
// checked, refused and reported exactly as one picked in File > Open.

#include "app/simulation_controller.h"

#include <QFileInfo>

namespace berth::app {
namespace {

bool manifestSuffix(const QString& path) {
    const QString suffix = QFileInfo(path).suffix().toLower();
    return suffix == QLatin1String("yaml") || suffix == QLatin1String("yml") || suffix == QLatin1String("json");
}

}  // namespace

void SimulationController::refuseOpen(const QString& what, const QStringList& problems) {
    QString text = what;
    if (!problems.isEmpty()) text += QStringLiteral(" — ") + problems.first();
    if (problems.size() > 1) text += tr(" (and %n more)", nullptr, static_cast<int>(problems.size() - 1));
    setStatusText(text);
    Q_EMIT openFailed(what, problems);
}

void SimulationController::openRecent(int row) {
    if (row < 0 || row >= m_recent.count()) return;
    const RecentFiles::Entry entry = m_recent.entries()[row];
    if (const QStringList missing = m_recent.missingPaths(row); !missing.isEmpty()) {
        m_recent.remove(row);
        return refuseOpen(tr("Removed from the recent files: %1 no longer exists").arg(missing.join(QStringLiteral(", "))), {});
    }
    if (entry.kind == RecentFiles::Session) {
        if (const QString err = openSession(QUrl::fromLocalFile(entry.paths.value(0))); !err.isEmpty())
            refuseOpen(tr("Not opened: %1").arg(entry.paths.value(0)), {err});
        return;
    }
    loadFiles(entry.paths);
}

void SimulationController::openDropped(const QList<QUrl>& urls) {
    QStringList paths, refused;
    for (const QUrl& u : urls) {
        const QString path = u.isLocalFile() ? u.toLocalFile() : u.toString();
        (u.isLocalFile() && manifestSuffix(path) ? paths : refused) << path;
    }
    if (!refused.isEmpty())
        return refuseOpen(tr("Not opened: only .yaml, .yml and .json files can be dropped"), refused);
    if (paths.isEmpty()) return;
    // A session file is JSON too: one that reads as a session opens as one.
    if (paths.size() == 1 && QFileInfo(paths.first()).suffix().toLower() == QLatin1String("json")) {
        SessionDocument doc;
        if (PlanSession::read(paths.first(), doc).isEmpty()) {
            if (const QString err = openSession(QUrl::fromLocalFile(paths.first())); !err.isEmpty())
                refuseOpen(tr("Not opened: %1").arg(paths.first()), {err});
            return;
        }
    }
    loadFiles(paths);
}

}  // namespace berth::app
