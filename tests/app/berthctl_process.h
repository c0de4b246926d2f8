#pragma once
// Runs the berthctl binary built beside the tests (BERTHCTL_BINARY), for tests that compare
// the app's output with the CLI's or need a generated cluster.

#include <QByteArray>
#include <QProcess>
#include <QStringList>

/// berthctl's standard output, or "berthctl failed: <stderr>" when it fails.
inline QByteArray berthctl(const QStringList& args) {
    QProcess p;
    p.start(QStringLiteral(BERTHCTL_BINARY), args);
    if (!p.waitForFinished(60000) || p.exitCode() != 0) return "berthctl failed: " + p.readAllStandardError();
    return p.readAllStandardOutput();
}
