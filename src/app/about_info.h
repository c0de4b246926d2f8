#pragma once
/// What Help > About says: Berth's version (CMake's project VERSION, the one `berth
/// --version` and `berthctl --version` print), the kube-scheduler release Berth follows by
/// default (the one berthctl names), and the licence. Constants; created by AboutDialog.qml.
/// Also the text of Help > Concepts: the README's "Concepts" section, which the build cuts
/// out of README.md into the resource :/berth/help/concepts.md (qml/CMakeLists.txt).

#include <QObject>
#include <QString>
#include <QtQml/qqmlregistration.h>

namespace berth::app {

class AboutInfo : public QObject {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(QString version READ version CONSTANT)
    /// "1.37": core::KubeVersion::newest(), the default of --kube-version.
    Q_PROPERTY(QString kubeRelease READ kubeRelease CONSTANT)
    /// An SPDX identifier, as packaging/dev.berth.Berth.metainfo.xml's project_license.
    Q_PROPERTY(QString license READ license CONSTANT)
    /// Markdown: the README's "## Concepts" section, heading included.
    Q_PROPERTY(QString concepts READ concepts CONSTANT)
public:
    explicit AboutInfo(QObject* parent = nullptr) : QObject(parent) {}

    static QString version();
    static QString kubeRelease();
    static QString license();
    static QString concepts();
};

}  // namespace berth::app
