#pragma once
/// The colours of the cluster canvas, one set per theme (light, dark, high contrast). The canvas draws with
/// whichever its `dark` property picks; the QML chrome around it (background, legend, tooltip)
/// reads the same set through the canvas's colour properties, so they never disagree.
/// qml/AppPalette.qml is the window's one colour table; its `canvas` part holds these same
/// colours, and tests/qml/tst_app_palette.qml compares the two by name (byName()). They stay
/// in C++ because the canvas colours its quads in C++ and runs headless in its tests.

#include <QColor>
#include <QString>
#include <QVariantMap>

#include <utility>

namespace berth::app {

struct CanvasPalette {
    QColor background;  // behind everything (drawn by the QML view)
    QColor card, cardBorder, cordonedCard, selectedBorder, zone, tray, barTrack;
    QColor cpuBar, memBar, overBar;
    // Step-mode highlights: Filter verdicts, score heat (low -> high), the winner, the pod on show.
    QColor passCard, passBorder, failCard, failBorder, skipBorder, heatLow, heatHigh, winnerBorder, cyclePod;
    // Edit > Find: the ring around each match.
    QColor searchMark;
    // Text drawn by the label layer (QML colour strings).
    QString trayInk, groupInk, nodeInk, scoreInk, failInk;
    // The chrome: legend text, tooltip.
    QColor legendInk, tipBackground, tipBorder, tipInk;

    /// Every colour by its field name (QML colour strings as colours).
    QVariantMap byName() const {
        QVariantMap m;
        const std::pair<const char*, const QColor*> colors[] = {{"background", &background},
                                                                {"card", &card},
                                                                {"cardBorder", &cardBorder},
                                                                {"cordonedCard", &cordonedCard},
                                                                {"selectedBorder", &selectedBorder},
                                                                {"zone", &zone},
                                                                {"tray", &tray},
                                                                {"barTrack", &barTrack},
                                                                {"cpuBar", &cpuBar},
                                                                {"memBar", &memBar},
                                                                {"overBar", &overBar},
                                                                {"passCard", &passCard},
                                                                {"passBorder", &passBorder},
                                                                {"failCard", &failCard},
                                                                {"failBorder", &failBorder},
                                                                {"skipBorder", &skipBorder},
                                                                {"heatLow", &heatLow},
                                                                {"heatHigh", &heatHigh},
                                                                {"winnerBorder", &winnerBorder},
                                                                {"cyclePod", &cyclePod},
                                                                {"searchMark", &searchMark},
                                                                {"legendInk", &legendInk},
                                                                {"tipBackground", &tipBackground},
                                                                {"tipBorder", &tipBorder},
                                                                {"tipInk", &tipInk}};
        for (const auto& [name, color] : colors) m.insert(QString::fromLatin1(name), *color);
        const std::pair<const char*, const QString*> inks[] = {{"trayInk", &trayInk},
                                                               {"groupInk", &groupInk},
                                                               {"nodeInk", &nodeInk},
                                                               {"scoreInk", &scoreInk},
                                                               {"failInk", &failInk}};
        for (const auto& [name, ink] : inks) m.insert(QString::fromLatin1(name), QColor(*ink));
        return m;
    }

    static const CanvasPalette& light() {
        static const CanvasPalette p{
            QColor(0xf3, 0xf5, 0xf8),  QColor(0xff, 0xff, 0xff),  QColor(0xc5, 0xcc, 0xd6),  QColor(0xfb, 0xec, 0xd9),
            QColor(0x1f, 0x6f, 0xeb),  QColor(0xe2, 0xe7, 0xee),  QColor(0xf6, 0xe9, 0xe9),  QColor(0xe6, 0xe9, 0xee),
            QColor(0x2f, 0x80, 0xd1),  QColor(0x8a, 0x5c, 0xd6),  QColor(0xd6, 0x45, 0x45),  QColor(0xe4, 0xf4, 0xe7),
            QColor(0x3c, 0x9a, 0x52),  QColor(0xfa, 0xe3, 0xe3),  QColor(0xc9, 0x4a, 0x4a),  QColor(0xa0, 0xa6, 0xb0),
            QColor(0xff, 0xf4, 0xc8),  QColor(0xf5, 0x9b, 0x42),  QColor(0x0f, 0x7b, 0x2f),  QColor(0xf0, 0x8c, 0x00),
            QColor(0xd6, 0x33, 0x6c),
            QStringLiteral("#7a2e2e"), QStringLiteral("#333344"), QStringLiteral("#222222"), QStringLiteral("#7a3b00"),
            QStringLiteral("#a12b2b"), QColor(0x44, 0x44, 0x55),  QColor(0xff, 0xff, 0xf4),  QColor(0xa0, 0xa0, 0x90),
            QColor(0x22, 0x22, 0x22)};
        return p;
    }

    static const CanvasPalette& dark() {
        // Cards a step above the groups, the groups a step above the background; bars and
        // highlights a little brighter than in the light set so they hold on dark cards.
        static const CanvasPalette p{
            QColor(0x1b, 0x1e, 0x23),  QColor(0x32, 0x37, 0x40),  QColor(0x4b, 0x52, 0x5d),  QColor(0x4d, 0x3d, 0x29),
            QColor(0x4f, 0x9d, 0xff),  QColor(0x26, 0x2a, 0x31),  QColor(0x3b, 0x2a, 0x2e),  QColor(0x46, 0x4c, 0x56),
            QColor(0x4a, 0x9a, 0xe8),  QColor(0xa5, 0x7f, 0xf0),  QColor(0xe3, 0x5d, 0x5d),  QColor(0x22, 0x44, 0x2d),
            QColor(0x4f, 0xbf, 0x6a),  QColor(0x4d, 0x26, 0x2a),  QColor(0xe0, 0x60, 0x60),  QColor(0x6b, 0x71, 0x7c),
            QColor(0x4d, 0x46, 0x24),  QColor(0xc9, 0x77, 0x2a),  QColor(0x5f, 0xd4, 0x7f),  QColor(0xff, 0xa3, 0x1a),
            QColor(0xff, 0x6f, 0xa8),
            QStringLiteral("#f0b4b4"), QStringLiteral("#c8d0dc"), QStringLiteral("#e6e9ee"), QStringLiteral("#ffd199"),
            QStringLiteral("#ff8a8a"), QColor(0xc0, 0xc6, 0xd0),  QColor(0x2b, 0x2f, 0x36),  QColor(0x5a, 0x61, 0x6c),
            QColor(0xe6, 0xe9, 0xee)};
        return p;
    }
    static const CanvasPalette& highContrast() {
        // View > Theme > High contrast, for projectors and low vision: black ground, white
        // ink and borders, saturated verdicts (green pass, red fail, amber heat and the pod on
        // stage), so every mark holds on a washed-out screen.
        static const CanvasPalette p{
            QColor(0x00, 0x00, 0x00),  QColor(0x10, 0x10, 0x10),  QColor(0xff, 0xff, 0xff),  QColor(0x3d, 0x26, 0x00),
            QColor(0x00, 0xe5, 0xff),  QColor(0x1a, 0x1a, 0x1a),  QColor(0x2a, 0x00, 0x10),  QColor(0x33, 0x33, 0x33),
            QColor(0x3f, 0xa9, 0xff),  QColor(0xd5, 0x8c, 0xff),  QColor(0xff, 0x40, 0x40),  QColor(0x00, 0x3d, 0x14),
            QColor(0x00, 0xff, 0x66),  QColor(0x4a, 0x00, 0x00),  QColor(0xff, 0x40, 0x40),  QColor(0x9e, 0x9e, 0x9e),
            QColor(0x3d, 0x33, 0x00),  QColor(0xff, 0xb0, 0x00),  QColor(0x00, 0xff, 0x66),  QColor(0xff, 0xd4, 0x00),
            QColor(0xff, 0x4f, 0xd8),
            QStringLiteral("#ffb3b3"), QStringLiteral("#ffffff"), QStringLiteral("#ffffff"), QStringLiteral("#ffd400"),
            QStringLiteral("#ff6b6b"), QColor(0xff, 0xff, 0xff),  QColor(0x00, 0x00, 0x00),  QColor(0xff, 0xff, 0xff),
            QColor(0xff, 0xff, 0xff)};
        return p;
    }
};

}  // namespace berth::app
