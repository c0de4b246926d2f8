#pragma once
/// The File > Open Recent list: the last kMaxEntries manifest sets and session files opened,
/// newest first, as a list model for the menu. Kept in memory until persistence is enabled
/// (main.cpp: QSettings with the application's organisation and name; tests give a file of
/// their own), then read from and written to the settings on every change. With it, the
/// folder the file dialogs last chose a file in.

#include <QAbstractListModel>
#include <QString>
#include <QStringList>
#include <QUrl>
#include <QtQml/qqmlregistration.h>

namespace berth::app {

class RecentFiles : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Owned by the SimulationController")
    Q_PROPERTY(int count READ count NOTIFY countChanged)
    /// The folder the file dialogs open in (a file URL): the last one a file was chosen in,
    /// or the home folder when there is none yet or it is gone.
    Q_PROPERTY(QUrl lastFolder READ lastFolder WRITE setLastFolder NOTIFY lastFolderChanged)
public:
    static constexpr int kMaxEntries = 8;
    enum Kind { Manifests, Session };
    Q_ENUM(Kind)
    enum Role { LabelRole = Qt::UserRole + 1, PathsRole, KindRole, ExistsRole, FullPathsRole };
    Q_ENUM(Role)
    struct Entry {
        Kind kind = Manifests;
        QStringList paths;  // absolute, clean
        bool operator==(const Entry&) const = default;
    };

    using QAbstractListModel::QAbstractListModel;

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QHash<int, QByteArray> roleNames() const override;
    int count() const { return static_cast<int>(m_entries.size()); }
    const QList<Entry>& entries() const { return m_entries; }

    /// Reads the list from QSettings and writes every change back: the default settings
    /// (organisation/application name) when `settingsFile` is empty, else that INI file.
    void enablePersistence(const QString& settingsFile = {});
    /// Puts `paths` of `kind` at the top (moved there if already listed); the oldest entry
    /// beyond kMaxEntries drops off.
    void add(Kind kind, const QStringList& paths);
    Q_INVOKABLE void remove(int row);
    Q_INVOKABLE void clear();
    /// Re-checks which files still exist (the menu calls it as it opens).
    Q_INVOKABLE void refresh();
    /// The paths of `row` that no longer exist.
    Q_INVOKABLE QStringList missingPaths(int row) const;
    Q_INVOKABLE bool isSession(int row) const;
    /// Whether a file exists at `file` (a file URL): a save dialog asks before replacing it.
    Q_INVOKABLE bool fileExists(const QUrl& file) const;
    QUrl lastFolder() const;
    void setLastFolder(const QUrl& folder);

Q_SIGNALS:
    void countChanged();
    void lastFolderChanged();

private:
    void load();
    void save() const;
    QList<Entry> m_entries;
    QList<bool> m_exists;  // parallel to m_entries: every path of the entry exists
    bool m_persistent = false;
    QString m_settingsFile;
    QString m_lastFolder;  // a local path; empty: none chosen yet
};

}  // namespace berth::app
