// berth's command line (src/app/launch_options.cpp): the argv that QGuiApplication is given
// (LaunchArguments keeps --session FILE from Qt's session management) and the options and
// refusals parseLaunchOptions reads from it. The real binary's refusal (exit 2) is checked by
// tests/e2e/tst_app_offscreen.cpp (optionRefusals).

#include <QTest>

#include <string>
#include <vector>

#include "app/launch_options.h"

using berth::app::LaunchArguments;
using berth::app::LaunchOptions;
using berth::app::parseLaunchOptions;

namespace {

/// The words of `words` through LaunchArguments, as QCoreApplication::arguments() lists them.
QStringList throughLaunchArguments(const QStringList& words) {
    std::vector<std::string> storage;
    for (const QString& w : words) storage.push_back(w.toStdString());
    std::vector<char*> argv;
    for (std::string& s : storage) argv.push_back(s.data());
    LaunchArguments arguments(static_cast<int>(argv.size()), argv.data());
    QStringList out;
    for (int i = 0; i < arguments.argc(); ++i) out << QString::fromLocal8Bit(arguments.argv()[i]);
    if (arguments.argv()[arguments.argc()] != nullptr) out << QStringLiteral("<argv not null-terminated>");
    return out;
}

}  // namespace

class TestLaunchOptions : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // What Qt is handed: `--session FILE` (and Qt's own spelling `-session FILE`) joined into one
    // word Qt does not take; everything else as it was.
    void argumentsForQt_data() {
        QTest::addColumn<QStringList>("words");
        QTest::addColumn<QStringList>("expected");
        QTest::newRow("no options") << QStringList{"berth"} << QStringList{"berth"};
        QTest::newRow("--session FILE") << QStringList{"berth", "--session", "a.berth"}
                                        << QStringList{"berth", "--session=a.berth"};
        QTest::newRow("-session FILE") << QStringList{"berth", "-session", "a.berth"}
                                       << QStringList{"berth", "--session=a.berth"};
        QTest::newRow("--session=FILE kept") << QStringList{"berth", "--session=a.berth", "--run"}
                                             << QStringList{"berth", "--session=a.berth", "--run"};
        QTest::newRow("with --timeline") << QStringList{"berth", "--timeline", "t.yaml", "--session", "a.berth"}
                                         << QStringList{"berth", "--timeline", "t.yaml", "--session=a.berth"};
        // The last word: nothing to join (the parser then says the value is missing).
        QTest::newRow("--session last") << QStringList{"berth", "--session"} << QStringList{"berth", "--session"};
    }
    void argumentsForQt() {
        QFETCH(QStringList, words);
        QFETCH(QStringList, expected);
        QCOMPARE(throughLaunchArguments(words), expected);
    }

    // Options and refusals, read from the arguments as Qt is handed them.
    void parse_data() {
        QTest::addColumn<QStringList>("words");
        QTest::addColumn<QString>("session");  // the --session file read ("" for none)
        QTest::addColumn<QString>("error");    // a part of the refusal ("" for accepted)
        QTest::newRow("session") << QStringList{"berth", "--session", "a.berth"} << "a.berth" << "";
        QTest::newRow("timeline on manifests") << QStringList{"berth", "m.yaml", "--timeline", "t.yaml"} << ""
                                               << "";
        QTest::newRow("timeline then session")
            << QStringList{"berth", "--restore-check", "--timeline", "t.yaml", "--session", "a.berth"} << ""
            << "--timeline goes with manifests (or the demo), not with --session";
        QTest::newRow("session then timeline") << QStringList{"berth", "--session", "a.berth", "--timeline", "t.yaml"}
                                               << "" << "not with --session";
        QTest::newRow("bad theme") << QStringList{"berth", "--theme", "sepia"} << ""
                                   << "--theme takes light, dark, system or high-contrast, not 'sepia'";
    }
    void parse() {
        QFETCH(QStringList, words);
        QFETCH(QString, session);
        QFETCH(QString, error);
        QString why;
        const std::optional<LaunchOptions> options = parseLaunchOptions(throughLaunchArguments(words), why);
        if (!error.isEmpty()) {
            QVERIFY(!options);
            QVERIFY2(why.contains(error), qPrintable(why));
            return;
        }
        QVERIFY2(options, qPrintable(why));
        QCOMPARE(options->sessionFile.value_or(QString()), session);
    }
};

QTEST_MAIN(TestLaunchOptions)
#include "tst_launch_options.moc"
