#pragma once
/// The Capacity panel's table and charts: requested against allocatable cpu and memory per
/// group of nodes (the values of a label: a zone, a pool), and the headroom left, one row per
/// group, from a plan::capacity::ConfigOutcome. The charts read whole columns (values()).

#include <QAbstractListModel>
#include <QVariantList>
#include <QtQml/qqmlregistration.h>

#include "plan/capacity/utilization.h"

namespace berth::app {

class CapacityGroupModel : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Owned by CapacityController")
    Q_PROPERTY(int count READ count NOTIFY changed)
public:
    enum Role {
        GroupRole = Qt::UserRole + 1,  // "(none)" for nodes without the label
        CpuRequestedRole,              // cores
        CpuAllocatableRole,
        CpuHeadroomRole,      // allocatable less requested, never below 0
        MemoryRequestedRole,  // GiB
        MemoryAllocatableRole,
        MemoryHeadroomRole,
        CpuTextRole,     // "2 / 8500m (23.5%)"
        MemoryTextRole,  // "1Gi / 8Gi (12.5%)"
    };
    Q_ENUM(Role)

    explicit CapacityGroupModel(QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QHash<int, QByteArray> roleNames() const override;
    int count() const { return static_cast<int>(m_rows.size()); }

    /// One role's values down the rows, by its QML name ("group", "cpuRequested", ...): what a
    /// chart's categories or bar set take. Empty for an unknown name.
    Q_INVOKABLE QVariantList values(const QString& roleName) const;

    /// The groups of `outcome`, in the label values' order.
    void setOutcome(const plan::capacity::ConfigOutcome& outcome);
    void clear();

Q_SIGNALS:
    void changed();

private:
    struct Row {
        QString group;
        plan::capacity::ConfigOutcome::Usage cpu, memory;
    };
    QList<Row> m_rows;
};

}  // namespace berth::app
