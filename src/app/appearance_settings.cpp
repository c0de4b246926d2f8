#include "app/appearance_settings.h"

#include <QGuiApplication>

#include <cmath>
#include <iterator>
#include <QPalette>
#include <QSettings>

namespace berth::app {
namespace {

const QString kThemeKey = QStringLiteral("appearance/theme");
const QString kGroupByKey = QStringLiteral("appearance/groupBy");
const QString kUiScaleKey = QStringLiteral("appearance/uiScale");
const QString kDefaultGroupBy = QStringLiteral("topology.kubernetes.io/zone");
const QString kThemeNames[] = {QStringLiteral("light"), QStringLiteral("dark"), QStringLiteral("system"),
                               QStringLiteral("high-contrast")};

}  // namespace

AppearanceSettings::AppearanceSettings(QObject* parent) : QObject(parent) {
    const QSettings settings;
    m_theme = themeNamed(settings.value(kThemeKey).toString()).value_or(System);
    m_groupBy = settings.value(kGroupByKey, kDefaultGroupBy).toString();
    setUiScale(settings.value(kUiScaleKey, 1.0).toDouble());
}

void AppearanceSettings::setUiScale(double scale) {
    double nearest = 1.0;
    for (const double s : kUiScales)
        if (std::abs(s - scale) < std::abs(nearest - scale)) nearest = s;
    if (nearest == m_uiScale) return;
    m_uiScale = nearest;
    QSettings().setValue(kUiScaleKey, m_uiScale);
    Q_EMIT uiScaleChanged();
}

void AppearanceSettings::zoomIn() {
    for (const double s : kUiScales)
        if (s > m_uiScale) return setUiScale(s);
}

void AppearanceSettings::zoomOut() {
    for (auto it = std::rbegin(kUiScales); it != std::rend(kUiScales); ++it)
        if (*it < m_uiScale) return setUiScale(*it);
}

std::optional<AppearanceSettings::Theme> AppearanceSettings::themeNamed(const QString& name) {
    for (const Theme t : {Light, Dark, System, HighContrast})
        if (name == kThemeNames[t]) return t;
    return std::nullopt;
}

bool AppearanceSettings::dark() const {
    if (m_theme != System) return m_theme == Dark || m_theme == HighContrast;
    // Qt 6.4 has no QStyleHints::colorScheme (6.5): a dark system palette has a dark window.
    return QGuiApplication::palette().color(QPalette::Window).lightness() < 128;
}

void AppearanceSettings::setTheme(Theme theme) {
    if (theme < Light || theme > HighContrast) return;  // an int from QML that names no theme
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
