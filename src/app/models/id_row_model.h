#pragma once
/// A list model whose row number is its object's id (NodeRow::id, PodRow::id: dense and stable
/// for a load). Reset on load, then updated in batches from the worker: a changed row is
/// replaced, the next id is appended. The node and pod lists share this; each adds its roles.

#include <QAbstractListModel>
#include <QtQml/qqmlregistration.h>

namespace berth::app {

/// The signal half: a class template cannot declare signals (moc), so they live here.
class IdRowModelBase : public QAbstractListModel {
    Q_OBJECT
    QML_ANONYMOUS

public:
    using QAbstractListModel::QAbstractListModel;

Q_SIGNALS:
    /// Emitted after any change (reset or rows), for views that redraw everything at once.
    void contentChanged();
};

template <class Row>
class IdRowModel : public IdRowModelBase {
public:
    using IdRowModelBase::IdRowModelBase;

    int rowCount(const QModelIndex& parent = {}) const override {
        return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
    }

    void reset(QList<Row> rows) {
        beginResetModel();
        m_rows = std::move(rows);
        endResetModel();
        Q_EMIT contentChanged();
    }

    /// Replaces changed rows (by id) and appends new ones; a batch without a change is silent.
    void apply(const QList<Row>& changed) {
        bool any = false;
        for (const Row& r : changed) {
            const auto row = static_cast<int>(r.id);
            if (row < m_rows.size()) {
                if (m_rows[row] == r) continue;
                m_rows[row] = r;
                Q_EMIT dataChanged(index(row), index(row));
                any = true;
            } else if (row == m_rows.size()) {
                beginInsertRows({}, row, row);
                m_rows.append(r);
                endInsertRows();
                any = true;
            }
        }
        if (any) Q_EMIT contentChanged();
    }

    const QList<Row>& rows() const { return m_rows; }

protected:
    /// The row at a checked index, or null (QML and views may ask with stale indexes).
    const Row* rowAt(const QModelIndex& index) const {
        if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return nullptr;
        return &m_rows[index.row()];
    }

    QList<Row> m_rows;
};

}  // namespace berth::app
