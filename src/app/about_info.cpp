#include "app/about_info.h"

#include <QFile>

#include "core/api/version.h"

namespace berth::app {

// BERTH_VERSION: project(Berth VERSION ...) of the top-level CMakeLists.txt (src/app/CMakeLists.txt).
QString AboutInfo::version() { return QStringLiteral(BERTH_VERSION); }

QString AboutInfo::kubeRelease() { return QString::fromStdString(core::KubeVersion::newest().toString()); }

// tests/packaging/check_metadata.sh checks that the metainfo names the same licence.
QString AboutInfo::license() { return QStringLiteral("Apache-2.0"); }

QString AboutInfo::concepts() {
    QFile file(QStringLiteral(":/berth/help/concepts.md"));
    if (!file.open(QIODevice::ReadOnly)) return {};  // the resource is built in: never happens
    return QString::fromUtf8(file.readAll());
}

}  // namespace berth::app
