#include "app/session/recent_files.h"

#include <QDir>
#include <QFileInfo>
#include <QSettings>

#include <memory>

namespace berth::app {
namespace {

constexpr auto kGroup = "recentFiles";
constexpr auto kLastFolderKey = "fileDialogs/lastFolder";

bool allExist(const QStringList& paths) {
    for (const QString& p : paths)
        if (!QFileInfo::exists(p)) return false;
    return !paths.isEmpty();
}

QString cleanPath(const QString& path) { return QDir::cleanPath(QFileInfo(path).absoluteFilePath()); }

}  // namespace

int RecentFiles::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : count(); }

QVariant RecentFiles::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid)) return {};
    const Entry& e = m_entries[index.row()];
    switch (role) {
        case Qt::DisplayRole:
        case LabelRole: {
            QStringList names;
            for (const QString& p : e.paths) names << QFileInfo(p).fileName();
            return names.join(QStringLiteral(", "));
        }
        case PathsRole: return e.paths;
        case KindRole: return static_cast<int>(e.kind);  // a Kind: RecentFiles.Session in QML
        case ExistsRole: return m_exists[index.row()];
        case FullPathsRole: return e.paths.join(QLatin1Char('\n'));
        default: return {};
    }
}

QHash<int, QByteArray> RecentFiles::roleNames() const {
    return {{LabelRole, "label"},
            {PathsRole, "paths"},
            {KindRole, "kind"},
            {ExistsRole, "exists"},
            {FullPathsRole, "fullPaths"}};
}

void RecentFiles::enablePersistence(const QString& settingsFile) {
    m_persistent = true;
    m_settingsFile = settingsFile;
    load();
}

namespace {

std::unique_ptr<QSettings> openSettings(const QString& file) {
    return file.isEmpty() ? std::make_unique<QSettings>() : std::make_unique<QSettings>(file, QSettings::IniFormat);
}

}  // namespace

void RecentFiles::load() {
    const auto settings = openSettings(m_settingsFile);
    QList<Entry> entries;
    const int n = settings->beginReadArray(QLatin1String(kGroup));
    for (int i = 0; i < n && entries.size() < kMaxEntries; ++i) {
        settings->setArrayIndex(i);
        Entry e;
        e.kind = settings->value(QStringLiteral("kind")).toString() == QLatin1String("session") ? Session : Manifests;
        e.paths = settings->value(QStringLiteral("paths")).toStringList();
        if (!e.paths.isEmpty() && !entries.contains(e)) entries << e;
    }
    settings->endArray();
    const QString folder = settings->value(QLatin1String(kLastFolderKey)).toString();
    if (folder != m_lastFolder) {
        m_lastFolder = folder;
        Q_EMIT lastFolderChanged();
    }
    beginResetModel();
    m_entries = entries;
    m_exists.clear();
    for (const Entry& e : std::as_const(m_entries)) m_exists << allExist(e.paths);
    endResetModel();
    Q_EMIT countChanged();
}

void RecentFiles::save() const {
    if (!m_persistent) return;
    const auto settings = openSettings(m_settingsFile);
    settings->remove(QLatin1String(kGroup));
    settings->beginWriteArray(QLatin1String(kGroup), count());
    for (int i = 0; i < count(); ++i) {
        settings->setArrayIndex(i);
        settings->setValue(QStringLiteral("kind"),
                           m_entries[i].kind == Session ? QStringLiteral("session") : QStringLiteral("manifests"));
        settings->setValue(QStringLiteral("paths"), m_entries[i].paths);
    }
    settings->endArray();
    if (!m_lastFolder.isEmpty()) settings->setValue(QLatin1String(kLastFolderKey), m_lastFolder);
    settings->sync();
}

bool RecentFiles::fileExists(const QUrl& file) const {
    return file.isLocalFile() && QFileInfo::exists(file.toLocalFile());
}

QUrl RecentFiles::lastFolder() const {
    if (!m_lastFolder.isEmpty() && QFileInfo(m_lastFolder).isDir()) return QUrl::fromLocalFile(m_lastFolder);
    return QUrl::fromLocalFile(QDir::homePath());
}

void RecentFiles::setLastFolder(const QUrl& folder) {
    if (!folder.isLocalFile()) return;
    const QString path = cleanPath(folder.toLocalFile());
    if (path == m_lastFolder) return;
    m_lastFolder = path;
    Q_EMIT lastFolderChanged();
    save();
}

void RecentFiles::add(Kind kind, const QStringList& paths) {
    if (paths.isEmpty()) return;
    Entry e{kind, {}};
    for (const QString& p : paths) e.paths << cleanPath(p);
    if (const qsizetype at = m_entries.indexOf(e); at >= 0) {
        if (at == 0) {
            m_exists[0] = allExist(e.paths);
            Q_EMIT dataChanged(index(0), index(0), {ExistsRole});
            return save();
        }
        beginMoveRows({}, static_cast<int>(at), static_cast<int>(at), {}, 0);
        m_entries.move(at, 0);
        m_exists.move(at, 0);
        endMoveRows();
        m_exists[0] = allExist(e.paths);
        Q_EMIT dataChanged(index(0), index(0), {ExistsRole});
        return save();
    }
    beginInsertRows({}, 0, 0);
    m_entries.prepend(e);
    m_exists.prepend(allExist(e.paths));
    endInsertRows();
    if (count() > kMaxEntries) {
        beginRemoveRows({}, kMaxEntries, count() - 1);
        m_entries.resize(kMaxEntries);
        m_exists.resize(kMaxEntries);
        endRemoveRows();
    }
    Q_EMIT countChanged();
    save();
}

void RecentFiles::remove(int row) {
    if (row < 0 || row >= count()) return;
    beginRemoveRows({}, row, row);
    m_entries.removeAt(row);
    m_exists.removeAt(row);
    endRemoveRows();
    Q_EMIT countChanged();
    save();
}

void RecentFiles::clear() {
    if (m_entries.isEmpty()) return;
    beginResetModel();
    m_entries.clear();
    m_exists.clear();
    endResetModel();
    Q_EMIT countChanged();
    save();
}

void RecentFiles::refresh() {
    for (int i = 0; i < count(); ++i) {
        const bool exists = allExist(m_entries[i].paths);
        if (exists == m_exists[i]) continue;
        m_exists[i] = exists;
        Q_EMIT dataChanged(index(i), index(i), {ExistsRole});
    }
}

QStringList RecentFiles::missingPaths(int row) const {
    QStringList missing;
    if (row < 0 || row >= count()) return missing;
    for (const QString& p : m_entries[row].paths)
        if (!QFileInfo::exists(p)) missing << p;
    return missing;
}

bool RecentFiles::isSession(int row) const { return row >= 0 && row < count() && m_entries[row].kind == Session; }

}  // namespace berth::app
