#include "app/capacity/capacity_group_model.h"

#include <algorithm>

#include "core/api/quantity.h"

namespace berth::app {
namespace {

constexpr double kBytesPerGiB = 1024.0 * 1024.0 * 1024.0;

double cores(std::int64_t milli) { return static_cast<double>(milli) / 1000.0; }
double gib(std::int64_t bytes) { return static_cast<double>(bytes) / kBytesPerGiB; }
std::int64_t headroom(const plan::capacity::ConfigOutcome::Usage& u) {
    return std::max<std::int64_t>(0, u.allocatable - u.requested);
}
QString percent(double ratio) { return QString::number(ratio * 100.0, 'f', 1) + QLatin1Char('%'); }

}  // namespace

CapacityGroupModel::CapacityGroupModel(QObject* parent) : QAbstractListModel(parent) {}

int CapacityGroupModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

QVariant CapacityGroupModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const Row& r = m_rows[index.row()];
    switch (role) {
        case Qt::DisplayRole:
        case GroupRole: return r.group;
        case CpuRequestedRole: return cores(r.cpu.requested);
        case CpuAllocatableRole: return cores(r.cpu.allocatable);
        case CpuHeadroomRole: return cores(headroom(r.cpu));
        case MemoryRequestedRole: return gib(r.memory.requested);
        case MemoryAllocatableRole: return gib(r.memory.allocatable);
        case MemoryHeadroomRole: return gib(headroom(r.memory));
        case CpuTextRole:
            return QStringLiteral("%1 / %2 (%3)")
                .arg(QString::fromStdString(core::formatMilliCpu(r.cpu.requested)),
                     QString::fromStdString(core::formatMilliCpu(r.cpu.allocatable)), percent(r.cpu.ratio()));
        case MemoryTextRole:
            return QStringLiteral("%1 / %2 (%3)")
                .arg(QString::fromStdString(core::formatBytes(r.memory.requested)),
                     QString::fromStdString(core::formatBytes(r.memory.allocatable)), percent(r.memory.ratio()));
        default: return {};
    }
}

QHash<int, QByteArray> CapacityGroupModel::roleNames() const {
    return {{GroupRole, "group"},
            {CpuRequestedRole, "cpuRequested"},
            {CpuAllocatableRole, "cpuAllocatable"},
            {CpuHeadroomRole, "cpuHeadroom"},
            {MemoryRequestedRole, "memoryRequested"},
            {MemoryAllocatableRole, "memoryAllocatable"},
            {MemoryHeadroomRole, "memoryHeadroom"},
            {CpuTextRole, "cpuText"},
            {MemoryTextRole, "memoryText"}};
}

QVariantList CapacityGroupModel::values(const QString& roleName) const {
    const int role = roleNames().key(roleName.toUtf8(), -1);
    QVariantList out;
    if (role < 0) return out;
    for (int row = 0; row < rowCount(); ++row) out << data(index(row), role);
    return out;
}

void CapacityGroupModel::setOutcome(const plan::capacity::ConfigOutcome& outcome) {
    QList<Row> rows;
    const auto cpu = outcome.utilization.find("cpu");
    const auto memory = outcome.utilization.find("memory");
    if (cpu != outcome.utilization.end())
        for (const auto& [group, usage] : cpu->second) {
            Row r;
            r.group = group.empty() ? tr("(none)") : QString::fromStdString(group);
            r.cpu = usage;
            if (memory != outcome.utilization.end())
                if (const auto it = memory->second.find(group); it != memory->second.end()) r.memory = it->second;
            rows << r;
        }
    beginResetModel();
    m_rows = std::move(rows);
    endResetModel();
    Q_EMIT changed();
}

void CapacityGroupModel::clear() {
    beginResetModel();
    m_rows.clear();
    endResetModel();
    Q_EMIT changed();
}

}  // namespace berth::app
