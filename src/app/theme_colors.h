#pragma once
/// The panels' semantic colours (muted text, good/bad, table cells, the narration note...)
/// in the light and the dark theme: `Theme` in QML, one instance per engine. Main.qml sets
/// `dark` from AppearanceSettings; the controls themselves follow the window's palette.
/// UI colours only, no engine state.

#include <QColor>
#include <QObject>
#include <QtQml/qqmlregistration.h>

namespace berth::app {

class ThemeColors : public QObject {
    Q_OBJECT
    QML_NAMED_ELEMENT(Theme)
    QML_SINGLETON
    Q_PROPERTY(bool dark READ dark WRITE setDark NOTIFY changed)
    Q_PROPERTY(QColor text READ text NOTIFY changed)
    Q_PROPERTY(QColor muted READ muted NOTIFY changed)
    Q_PROPERTY(QColor good READ good NOTIFY changed)
    Q_PROPERTY(QColor bad READ bad NOTIFY changed)
    Q_PROPERTY(QColor warn READ warn NOTIFY changed)
    Q_PROPERTY(QColor error READ error NOTIFY changed)
    Q_PROPERTY(QColor panel READ panel NOTIFY changed)
    Q_PROPERTY(QColor border READ border NOTIFY changed)
    Q_PROPERTY(QColor header READ header NOTIFY changed)
    Q_PROPERTY(QColor note READ note NOTIFY changed)
    Q_PROPERTY(QColor noteBorder READ noteBorder NOTIFY changed)
    Q_PROPERTY(QColor noteTitle READ noteTitle NOTIFY changed)
    Q_PROPERTY(QColor pass READ pass NOTIFY changed)
    Q_PROPERTY(QColor fail READ fail NOTIFY changed)
    Q_PROPERTY(QColor skip READ skip NOTIFY changed)
    Q_PROPERTY(QColor cell READ cell NOTIFY changed)
    Q_PROPERTY(QColor cellBorder READ cellBorder NOTIFY changed)
    Q_PROPERTY(QColor track READ track NOTIFY changed)
public:
    using QObject::QObject;

    bool dark() const { return m_dark; }
    void setDark(bool dark) {
        if (dark == m_dark) return;
        m_dark = dark;
        Q_EMIT changed();
    }
    QColor text() const { return pick("#222222", "#e6e9ee"); }
    QColor muted() const { return pick("#666677", "#9aa3ae"); }
    QColor good() const { return pick("#1b6e2e", "#5fd47f"); }
    QColor bad() const { return pick("#a12b2b", "#ff8080"); }
    QColor warn() const { return pick("#9a6a00", "#f0b429"); }
    QColor error() const { return pick("#b3261e", "#ff8a80"); }
    QColor panel() const { return pick("#fafbfc", "#24272c"); }
    QColor border() const { return pick("#d5d9df", "#3d424a"); }
    QColor header() const { return pick("#e8ebf0", "#30343b"); }
    QColor note() const { return pick("#fffdf3", "#2e2b22"); }
    QColor noteBorder() const { return pick("#e2d9b4", "#5a5237"); }
    QColor noteTitle() const { return pick("#7a5b00", "#f0c75e"); }
    QColor pass() const { return pick("#e4f4e7", "#22442d"); }
    QColor fail() const { return pick("#fae3e3", "#4d262a"); }
    QColor skip() const { return pick("#f1f2f4", "#2c3036"); }
    QColor cell() const { return pick("#ffffff", "#1f2227"); }
    QColor cellBorder() const { return pick("#e3e6ea", "#353a41"); }
    QColor track() const { return pick("#e6e9ee", "#3a3f47"); }

Q_SIGNALS:
    void changed();

private:
    QColor pick(const char* light, const char* dark) const { return QColor(QLatin1String(m_dark ? dark : light)); }
    bool m_dark = false;
};

}  // namespace berth::app
