#include "app/capacity/report_file.h"

#include <QFileInfo>
#include <QObject>

#include "app/plan_host.h"
#include "app/session/atomic_file.h"

namespace berth::app {

QString writeReportFile(PlanHost& host, const QUrl& file, const QString& text, bool overwrite, const QString& what) {
    const QString path = file.isLocalFile() ? file.toLocalFile() : file.toString();
    if (path.isEmpty()) return QObject::tr("no file name");
    const QString error = writeFileAtomically(path, text.toUtf8(), overwrite);
    if (error.isEmpty()) host.showStatus(QObject::tr("%1 written to %2").arg(what, QFileInfo(path).fileName()));
    return error;
}

}  // namespace berth::app
