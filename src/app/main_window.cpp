#include "app/main_window.h"

#include <QQmlApplicationEngine>
#include <QQuickWindow>

#include "app/simulation_controller.h"

namespace berth::app {

void configureQuickWindows() { QQuickWindow::setTextRenderType(QQuickWindow::NativeTextRendering); }

QQuickWindow* loadMainWindow(QQmlApplicationEngine& engine, SimulationController& controller, QVariantMap initial) {
    configureQuickWindows();
    engine.addImportPath(QStringLiteral("qrc:/qt/qml"));  // not a default import path on Qt 6.4
    initial.insert(QStringLiteral("controller"), QVariant::fromValue(&controller));
    engine.setInitialProperties(initial);
    engine.load(QUrl(QStringLiteral("qrc:/qt/qml/Berth/qml/Main.qml")));
    if (engine.rootObjects().isEmpty()) return nullptr;
    return qobject_cast<QQuickWindow*>(engine.rootObjects().constFirst());
}

}  // namespace berth::app
