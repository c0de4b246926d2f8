#include "app/appearance_settings.h"

#include <QGuiApplication>
#include <QPalette>
#include <QSettings>

namespace berth::app {
namespace {

const QString kThemeKey = QStringLiteral("appearance/theme");
const QString kGroupByKey = QStringLiteral("appearance/groupBy");
const QString kDefaultGroupBy = QStringLiteral("topology.kubernetes.io/zone");

}  // namespace

AppearanceSettings::AppearanceSettings(QObject* parent) : QObject(parent) {
    const QSettings settings;
    m_theme = settings.value(kThemeKey, QStringLiteral("system")).toString();
    if (!validTheme(m_theme)) m_theme = QStringLiteral("system");
    m_groupBy = settings.value(kGroupByKey, kDefaultGroupBy).toString();
}

bool AppearanceSettings::validTheme(const QString& theme) {
    return theme == QLatin1String("light") || theme == QLatin1String("dark") || theme == QLatin1String("system");
}

bool AppearanceSettings::dark() const {
    if (m_theme == QLatin1String("dark")) return true;
    if (m_theme == QLatin1String("light")) return false;
    // Qt 6.4 has no QStyleHints::colorScheme (6.5): a dark system palette has a dark window.
    return QGuiApplication::palette().color(QPalette::Window).lightness() < 128;
}

void AppearanceSettings::setTheme(const QString& theme) {
    if (!validTheme(theme)) return;
    QSettings().setValue(kThemeKey, theme);
    if (theme == m_theme) return;
    m_theme = theme;
    Q_EMIT themeChanged();
}

void AppearanceSettings::setGroupBy(const QString& key) {
    QSettings().setValue(kGroupByKey, key);
    if (key == m_groupBy) return;
    m_groupBy = key;
    Q_EMIT groupByChanged();
}

void AppearanceSettings::applyOverrides(const QString& theme, const QString& groupBy) {
    if (validTheme(theme) && theme != m_theme) {
        m_theme = theme;
        Q_EMIT themeChanged();
    }
    if (groupBy.isEmpty()) return;
    const QString key = groupBy == QLatin1String("none") ? QString() : groupBy;  // --group-by none
    if (key != m_groupBy) {
        m_groupBy = key;
        Q_EMIT groupByChanged();
    }
}

}  // namespace berth::app
