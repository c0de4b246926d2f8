#pragma once
/// How the planner looks, kept across runs in QSettings: the theme (light, dark, or the
/// system's) and the node label the canvas groups by. Created in Main.qml; the window's
/// palette and the canvas follow `dark`. The command line (--theme, --group-by) overrides
/// the saved values for one run without saving them.

#include <QObject>
#include <QString>
#include <QtQml/qqmlregistration.h>

#include <optional>

namespace berth::app {

class AppearanceSettings : public QObject {
    Q_OBJECT
    QML_ELEMENT
    /// Light, Dark, System (the default) or HighContrast.
    Q_PROPERTY(Theme theme READ theme WRITE setTheme NOTIFY themeChanged)
    /// The theme in effect: dark, or "system" with a dark system palette (high contrast is
    /// dark too: white on black).
    Q_PROPERTY(bool dark READ dark NOTIFY themeChanged)
    /// The high-contrast colours (AppPalette, the canvas) are in effect.
    Q_PROPERTY(bool highContrast READ highContrast NOTIFY themeChanged)
    /// A node label key; "" groups nothing. Default: topology.kubernetes.io/zone.
    Q_PROPERTY(QString groupBy READ groupBy WRITE setGroupBy NOTIFY groupByChanged)
    /// One scale for the panels' text, the narration and the canvas labels (UiScale.qml),
    /// one of kUiScales; 1 by default. Kept across runs.
    Q_PROPERTY(double uiScale READ uiScale WRITE setUiScale NOTIFY uiScaleChanged)
public:
    /// The text sizes Ctrl+plus and Ctrl+minus step through (a projector wants 1.5 to 2).
    static constexpr double kUiScales[] = {0.8, 0.9, 1.0, 1.1, 1.25, 1.5, 1.75, 2.0, 2.5, 3.0};
    /// Saved as its name in lower case ("light", "dark", "system", "high-contrast"), as
    /// --theme takes it.
    enum Theme { Light, Dark, System, HighContrast };
    Q_ENUM(Theme)

    explicit AppearanceSettings(QObject* parent = nullptr);

    Theme theme() const { return m_theme; }
    void setTheme(Theme theme);
    bool dark() const;
    bool highContrast() const { return m_theme == HighContrast; }
    QString groupBy() const { return m_groupBy; }
    void setGroupBy(const QString& key);
    double uiScale() const { return m_uiScale; }
    /// The nearest of kUiScales to `scale`.
    void setUiScale(double scale);
    /// Ctrl+plus, Ctrl+minus, Ctrl+0: the next larger or smaller of kUiScales, or 1.
    Q_INVOKABLE void zoomIn();
    Q_INVOKABLE void zoomOut();
    Q_INVOKABLE void resetZoom() { setUiScale(1.0); }
    /// Whether `theme` is one of light, dark, system, high-contrast.
    static bool validTheme(const QString& theme) { return themeNamed(theme).has_value(); }
    /// The theme of a name (light, dark, system, high-contrast), if it is one.
    static std::optional<Theme> themeNamed(const QString& name);
    /// For this run only (not saved): a theme and/or a group-by key; empty leaves it.
    Q_INVOKABLE void applyOverrides(const QString& theme, const QString& groupBy);

Q_SIGNALS:
    void themeChanged();
    void groupByChanged();
    void uiScaleChanged();

private:
    Theme m_theme = System;
    QString m_groupBy;
    double m_uiScale = 1.0;
};

}  // namespace berth::app
