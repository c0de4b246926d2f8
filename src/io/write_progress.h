#pragma once
/// Counts the objects an export writer has written into a Progress (Phase::Writing) and tells
/// the writer when the user cancelled. Without a Progress it counts nothing and never stops.

#include <cstddef>

#include "core/progress.h"

namespace berth::io {

class WriteProgress {
public:
    WriteProgress(core::Progress* progress, std::size_t total) : m_progress(progress) {
        if (m_progress) m_progress->start(core::Progress::Phase::Writing, total);
    }
    /// One more object written; false once the export was cancelled.
    bool next() {
        if (!m_progress) return true;
        m_progress->add(1);
        return !m_progress->cancelled();
    }

private:
    core::Progress* m_progress;
};

}  // namespace berth::io
