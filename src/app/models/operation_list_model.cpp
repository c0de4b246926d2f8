#include "app/models/operation_list_model.h"

#include <QLocale>

namespace berth::app {

OperationListModel::OperationListModel(QObject* parent) : QAbstractListModel(parent), m_poll(this) {
    m_poll.setInterval(kPollMs);
    connect(&m_poll, &QTimer::timeout, this, &OperationListModel::poll);
}

int OperationListModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : count(); }

QVariant OperationListModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const Row& r = m_rows[index.row()];
    switch (role) {
        case IdRole: return r.id;
        case Qt::DisplayRole:
        case TitleRole: return r.title;
        case DetailRole: return r.detail;
        case FractionRole: return r.fraction;
        case CancellingRole: return r.progress->cancelled();
        default: return {};
    }
}

QHash<int, QByteArray> OperationListModel::roleNames() const {
    return {{IdRole, "operationId"},
            {TitleRole, "title"},
            {DetailRole, "detail"},
            {FractionRole, "fraction"},
            {CancellingRole, "cancelling"}};
}

int OperationListModel::begin(const QString& title, std::shared_ptr<core::Progress> progress) {
    Row r;
    r.id = m_nextId++;
    r.title = title;
    r.progress = std::move(progress);
    r.detail = describe(*r.progress);
    r.fraction = r.progress->fraction();
    beginInsertRows({}, count(), count());
    m_rows.append(std::move(r));
    endInsertRows();
    if (!m_poll.isActive()) m_poll.start();
    Q_EMIT countChanged();
    return m_rows.constLast().id;
}

void OperationListModel::end(int id) {
    const int row = rowOf(id);
    if (row < 0) return;
    beginRemoveRows({}, row, row);
    m_rows.removeAt(row);
    endRemoveRows();
    if (m_rows.isEmpty()) m_poll.stop();
    Q_EMIT countChanged();
}

void OperationListModel::cancel(int id) {
    const int row = rowOf(id);
    if (row < 0 || m_rows[row].progress->cancelled()) return;
    m_rows[row].progress->cancel();
    m_rows[row].detail = describe(*m_rows[row].progress);
    const QModelIndex i = index(row);
    Q_EMIT dataChanged(i, i, {DetailRole, CancellingRole});
}

void OperationListModel::cancelAll() {
    const QList<Row> rows = m_rows;
    for (const Row& r : rows) cancel(r.id);
}

QString OperationListModel::describe(const core::Progress& p) {
    if (p.cancelled()) return tr("cancelling…");
    const QLocale locale;
    const auto n = [&](std::uint64_t v) { return locale.toString(static_cast<qulonglong>(v)); };
    const auto mb = [&](std::uint64_t v) { return locale.toString(static_cast<double>(v) / 1e6, 'f', 1); };
    const std::uint64_t done = std::min(p.done(), p.total());
    switch (p.phase()) {
        case core::Progress::Phase::Waiting: return tr("waiting");
        case core::Progress::Phase::Loading: return tr("reading manifests: %1 of %2 MB").arg(mb(done), mb(p.total()));
        case core::Progress::Phase::Replaying:
            return tr("replaying the history: step %1 of %2").arg(n(done), n(p.total()));
        case core::Progress::Phase::Scheduling:
            return tr("scheduling: %1 of %2 pods settled").arg(n(done), n(p.total()));
        case core::Progress::Phase::Writing:
            return p.total() == 0 ? tr("writing…") : tr("writing: %1 of %2 objects").arg(n(done), n(p.total()));
    }
    return {};
}

void OperationListModel::poll() {
    for (int row = count() - 1; row >= 0; --row)
        if (m_rows[row].progress->finished()) end(m_rows[row].id);
    for (int row = 0; row < count(); ++row) {
        Row& r = m_rows[row];
        QString detail = describe(*r.progress);
        const double fraction = r.progress->fraction();
        if (detail == r.detail && fraction == r.fraction) continue;
        r.detail = std::move(detail);
        r.fraction = fraction;
        const QModelIndex i = index(row);
        Q_EMIT dataChanged(i, i, {DetailRole, FractionRole});
    }
}

int OperationListModel::rowOf(int id) const {
    for (int row = 0; row < count(); ++row)
        if (m_rows[row].id == id) return row;
    return -1;
}

}  // namespace berth::app
