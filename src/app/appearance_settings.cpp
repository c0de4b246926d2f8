#include "app/appearance_settings.h"

#include <QGuiApplication>
#include <QPalette>
#include <QSettings>

namespace berth::app {
namespace {

const QString kThemeKey = QStringLiteral("appearance/theme");
const QString kGroupByKey = QStringLiteral("appearance/groupBy");
const QString kDefaultGroupBy = QStringLiteral("topology.kubernetes.io/zone");
const QString kThemeNames[] = {QStringLiteral("light"), QStringLiteral("dark"), QStringLiteral("system")};

}  // namespace

AppearanceSettings::AppearanceSettings(QObject* parent) : QObject(parent) {
    const QSettings settings;
    m_theme = themeNamed(settings.value(kThemeKey).toString()).value_or(System);
    m_groupBy = settings.value(kGroupByKey, kDefaultGroupBy).toString();
}

std::optional<AppearanceSettings::Theme> AppearanceSettings::themeNamed(const QString& name) {
    for (const Theme t : {Light, Dark, System})
        if (name == kThemeNames[t]) return t;
    return std::nullopt;
}

bool AppearanceSettings::dark() const {
    if (m_theme != System) return m_theme == Dark;
    // Qt 6.4 has no QStyleHints::colorScheme (6.5): a dark system palette has a dark window.
    return QGuiApplication::palette().color(QPalette::Window).lightness() < 128;
}

void AppearanceSettings::setTheme(Theme theme) {
    if (theme < Light || theme > System) return;  // an int from QML that names no theme
    QSettings().setValue(kThemeKey, kThemeNames[theme]);
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
    if (const auto t = themeNamed(theme); t && *t != m_theme) {
        m_theme = *t;
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
