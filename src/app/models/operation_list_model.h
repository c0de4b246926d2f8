#pragma once
/// The long operations under way — loading a cluster, replaying the history, running to the
/// end, exporting, comparing placements — one row each, with how far each has got and a way
/// to cancel it. Each operation runs off the GUI thread and reports through a core::Progress;
/// this model polls those (a few times a second, only while one is listed), so a busy worker
/// never floods the GUI's event loop with progress messages.

#include <QAbstractListModel>
#include <QTimer>
#include <QtQml/qqmlregistration.h>

#include <memory>

#include "core/progress.h"

namespace berth::app {

class OperationListModel : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Owned by the SimulationController")
    Q_PROPERTY(int count READ count NOTIFY countChanged)
public:
    enum Role { IdRole = Qt::UserRole + 1, TitleRole, DetailRole, FractionRole, CancellingRole };
    Q_ENUM(Role)
    /// How often the listed operations' progress is read.
    static constexpr int kPollMs = 100;

    explicit OperationListModel(QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QHash<int, QByteArray> roleNames() const override;
    int count() const { return static_cast<int>(m_rows.size()); }

    /// Lists an operation (`title`: "Loading demo.yaml") that reports through `progress`;
    /// returns its id.
    int begin(const QString& title, std::shared_ptr<core::Progress> progress);
    /// Takes the operation off the list at once. Operations whose progress says finished()
    /// leave by themselves at the next poll.
    void end(int id);
    /// Asks the operation to stop; it stays listed ("cancelling…") until it has.
    Q_INVOKABLE void cancel(int id);
    Q_INVOKABLE void cancelAll();

    /// A line on how far `p` has got: "reading manifests: 1.2 of 4.0 MB",
    /// "scheduling: 400 of 10,000 pods", ...
    static QString describe(const core::Progress& p);

Q_SIGNALS:
    void countChanged();

private:
    struct Row {
        int id = 0;
        QString title;
        std::shared_ptr<core::Progress> progress;
        QString detail;  // as last shown
        double fraction = -1;
    };
    void poll();
    int rowOf(int id) const;

    QList<Row> m_rows;
    int m_nextId = 1;
    QTimer m_poll;
};

}  // namespace berth::app
