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
    /// Light, Dark or System (the default).
    Q_PROPERTY(Theme theme READ theme WRITE setTheme NOTIFY themeChanged)
    /// The theme in effect: dark, or "system" with a dark system palette.
    Q_PROPERTY(bool dark READ dark NOTIFY themeChanged)
    /// A node label key; "" groups nothing. Default: topology.kubernetes.io/zone.
    Q_PROPERTY(QString groupBy READ groupBy WRITE setGroupBy NOTIFY groupByChanged)
public:
    /// Saved as its name in lower case ("light", "dark", "system"), as --theme takes it.
    enum Theme { Light, Dark, System };
    Q_ENUM(Theme)

    explicit AppearanceSettings(QObject* parent = nullptr);

    Theme theme() const { return m_theme; }
    void setTheme(Theme theme);
    bool dark() const;
    QString groupBy() const { return m_groupBy; }
    void setGroupBy(const QString& key);
    /// Whether `theme` is one of light, dark, system.
    static bool validTheme(const QString& theme) { return themeNamed(theme).has_value(); }
    /// The theme of a name (light, dark, system), if it is one.
    static std::optional<Theme> themeNamed(const QString& name);
    /// For this run only (not saved): a theme and/or a group-by key; empty leaves it.
    Q_INVOKABLE void applyOverrides(const QString& theme, const QString& groupBy);

Q_SIGNALS:
    void themeChanged();
    void groupByChanged();

private:
    Theme m_theme = System;
    QString m_groupBy;
};

}  // namespace berth::app
