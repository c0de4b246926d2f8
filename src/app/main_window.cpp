#include "app/main_window.h"

#include <QQmlApplicationEngine>
#include <QQuickWindow>

#include "app/simulation_controller.h"

namespace berth::app {

void setApplicationDefaults() {
    if (qEnvironmentVariableIsEmpty("QT_QUICK_CONTROLS_STYLE")) qputenv("QT_QUICK_CONTROLS_STYLE", "Fusion");
    if (!qEnvironmentVariableIsSet("QT_QPA_UPDATE_IDLE_TIME")) qputenv("QT_QPA_UPDATE_IDLE_TIME", "0");
}

void configureQuickWindows() { QQuickWindow::setTextRenderType(QQuickWindow::NativeTextRendering); }

QQuickWindow* loadMainWindow(QQmlApplicationEngine& engine, SimulationController& controller, QVariantMap initial) {
    configureQuickWindows();
    engine.addImportPath(QStringLiteral("qrc:/qt/qml"));  // not a default import path on Qt 6.4
    initial.insert(QStringLiteral("controller"), QVariant::fromValue(&controller));
    engine.setInitialProperties(initial);
    engine.load(QUrl(QStringLiteral("qrc:/qt/qml/Berth/Main.qml")));
    if (engine.rootObjects().isEmpty()) return nullptr;
    return qobject_cast<QQuickWindow*>(engine.rootObjects().constFirst());
}

}  // namespace berth::app
