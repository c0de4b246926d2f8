#pragma once
/// Writes a whole file or nothing: a temporary file in the same folder, then a rename
/// (QSaveFile), so a crash or a full disk never leaves half a session or export behind.

#include <QByteArray>
#include <QString>

namespace berth::app {

/// Returns an empty string on success, else the reason. With `overwrite` false an existing
/// file is refused (exports and saves never overwrite silently).
QString writeFileAtomically(const QString& path, const QByteArray& data, bool overwrite);

}  // namespace berth::app
