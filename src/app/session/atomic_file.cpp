#include "app/session/atomic_file.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QSaveFile>

namespace berth::app {

QString writeFileAtomically(const QString& path, const QByteArray& data, bool overwrite) {
    if (path.isEmpty()) return QCoreApplication::translate("berth", "no file name");
    if (!overwrite && QFileInfo::exists(path))
        return QCoreApplication::translate("berth", "%1 already exists").arg(path);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return QCoreApplication::translate("berth", "cannot write %1: %2").arg(path, file.errorString());
    if (file.write(data) != data.size() || !file.commit())
        return QCoreApplication::translate("berth", "cannot write %1: %2").arg(path, file.errorString());
    return {};
}

}  // namespace berth::app
