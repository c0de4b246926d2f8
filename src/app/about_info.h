#pragma once
/// What Help > About says: Berth's version (CMake's project VERSION, the one `berth
/// --version` and `berthctl --version` print), the kube-scheduler release Berth follows by
/// default (the one berthctl names), and the licence. Constants; created by AboutDialog.qml.

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
public:
    explicit AboutInfo(QObject* parent = nullptr) : QObject(parent) {}

    static QString version();
    static QString kubeRelease();
    static QString license();
};

}  // namespace berth::app
