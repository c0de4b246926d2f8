#pragma once
/// A file replaced whole or not at all: the text goes to a temporary file beside the target,
/// is flushed to disk, and is renamed over it, so a reader (or a crash mid-write) never sees
/// half a file. (The app has its own, Qt-based, writer: app/session/atomic_file.h.)

#include <string>
#include <string_view>

namespace berth::io {

/// "" on success, else a message naming the path and the system's reason.
std::string writeFileAtomically(const std::string& path, std::string_view data);

}  // namespace berth::io
