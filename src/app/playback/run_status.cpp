#include "app/playback/run_status.h"

namespace berth::app {

QString RunStatus::simTimeText() const {
    const double s = simTime();
    if (s < 60) return QStringLiteral("%1 s").arg(s, 0, 'f', 3);
    const qint64 whole = static_cast<qint64>(s);
    return QStringLiteral("%1:%2.%3")
        .arg(whole / 60)
        .arg(whole % 60, 2, 10, QLatin1Char('0'))
        .arg(static_cast<int>((s - static_cast<double>(whole)) * 1000), 3, 10, QLatin1Char('0'));
}

void RunStatus::setLoaded(bool loaded, const QString& source, const SimStats& stats) {
    m_loaded = loaded;
    m_source = source;
    m_stats = stats;
    Q_EMIT loadedChanged();
    Q_EMIT statsChanged();
}

void RunStatus::setStatusText(const QString& text) {
    if (text == m_statusText) return;
    m_statusText = text;
    Q_EMIT statusTextChanged();
}

void RunStatus::setStats(const SimStats& stats) {
    m_stats = stats;
    Q_EMIT statsChanged();
}

}  // namespace berth::app
