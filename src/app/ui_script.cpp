#include "app/ui_script.h"

#include <QFile>
#include <QQmlContext>
#include <QQmlError>
#include <QQmlExpression>

namespace berth::app {

std::optional<UiScript> readUiScript(const QString& path, QString& error) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text)) {
        error = QStringLiteral("%1: %2").arg(path, file.errorString());
        return std::nullopt;
    }
    UiScript script;
    bool afterRun = false;
    for (const QString& raw : QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'))) {
        const QString line = raw.trimmed();
        if (line == QLatin1String("// after run")) {
            afterRun = true;
            continue;
        }
        if (line.isEmpty() || line.startsWith(QLatin1String("//"))) continue;
        (afterRun ? script.afterRun : script.atLoad) << line;
    }
    return script;
}

bool runUiScript(QObject* root, const QStringList& lines, QString& error) {
    QQmlContext* context = qmlContext(root);
    if (!context) {
        error = QStringLiteral("the window has no QML context");
        return false;
    }
    for (const QString& line : lines) {
        QQmlExpression expression(context, root, line);
        expression.evaluate();
        if (expression.hasError()) {
            error = QStringLiteral("%1: %2").arg(line, expression.error().toString());
            return false;
        }
    }
    return true;
}

}  // namespace berth::app
