#include "app/config/scheduler_config_model.h"

#include <algorithm>

namespace berth::app {
namespace {

QString resourcesToText(const std::vector<core::ResourceSpec>& resources) {
    QStringList parts;
    for (const auto& r : resources) parts << QStringLiteral("%1=%2").arg(QString::fromStdString(r.name)).arg(r.weight);
    return parts.join(QStringLiteral(", "));
}

QString shapeToText(const std::vector<core::UtilizationShapePoint>& shape) {
    QStringList parts;
    for (const auto& p : shape) parts << QStringLiteral("%1=%2").arg(p.utilization).arg(p.score);
    return parts.join(QStringLiteral(", "));
}

/// "a=1, b=2" -> pairs; false on a part that is not name=integer.
bool parsePairs(const QString& text, QList<QPair<QString, qint64>>& out) {
    for (const QString& part : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const QStringList kv = part.trimmed().split(QLatin1Char('='));
        bool ok = false;
        const qint64 v = kv.size() == 2 ? kv[1].trimmed().toLongLong(&ok) : 0;
        if (!ok || kv[0].trimmed().isEmpty()) return false;
        out.append({kv[0].trimmed(), v});
    }
    return true;
}

}  // namespace

SchedulerConfigModel::SchedulerConfigModel(QObject* parent) : QAbstractListModel(parent) {
    std::string error;
    plan::SchedulerSettings defaults;
    if (plan::settingsFromConfig(core::SchedulerConfiguration{}, core::KubeVersion::newest(), defaults, error))
        setActive(defaults, {}, tr("upstream defaults"));
}

int SchedulerConfigModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_draft.score.size() + m_draft.filter.size());
}

plan::PluginToggle& SchedulerConfigModel::toggle(int row) {
    const auto r = static_cast<std::size_t>(row);
    return r < m_draft.score.size() ? m_draft.score[r] : m_draft.filter[r - m_draft.score.size()];
}

const plan::PluginToggle& SchedulerConfigModel::toggle(int row) const {
    return const_cast<SchedulerConfigModel*>(this)->toggle(row);
}

QVariant SchedulerConfigModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const plan::PluginToggle& t = toggle(index.row());
    const bool score = static_cast<std::size_t>(index.row()) < m_draft.score.size();
    switch (role) {
        case Qt::DisplayRole:
        case NameRole: return QString::fromStdString(t.name);
        case PointRole: return static_cast<int>(score ? ScorePoint : FilterPoint);
        case EnabledRole: return t.enabled;
        case WeightRole: return score ? t.weight : 0;
        case FirstRole: return index.row() == 0 || static_cast<std::size_t>(index.row()) == m_draft.score.size();
        default: return {};
    }
}

bool SchedulerConfigModel::setData(const QModelIndex& index, const QVariant& value, int role) {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return false;
    if (role == EnabledRole) {
        setEnabled(index.row(), value.toBool());
        return true;
    }
    if (role == WeightRole && static_cast<std::size_t>(index.row()) < m_draft.score.size()) {
        setWeight(index.row(), value.toInt());
        return true;
    }
    return false;
}

Qt::ItemFlags SchedulerConfigModel::flags(const QModelIndex& index) const {
    return QAbstractListModel::flags(index) | (index.isValid() ? Qt::ItemIsEditable : Qt::NoItemFlags);
}

QHash<int, QByteArray> SchedulerConfigModel::roleNames() const {
    return {{NameRole, "name"},
            {PointRole, "point"},
            {EnabledRole, "enabled"},
            {WeightRole, "weight"},
            {FirstRole, "first"}};
}

void SchedulerConfigModel::setEnabled(int row, bool enabled) {
    if (row < 0 || row >= rowCount() || toggle(row).enabled == enabled) return;
    plan::PluginToggle& t = toggle(row);
    t.enabled = enabled;
    // Turning a Score plugin on with no weight gives it upstream's "unset" weight, 1.
    if (enabled && static_cast<std::size_t>(row) < m_draft.score.size() && t.weight == 0) {
        t.weight = 1;
        Q_EMIT dataChanged(index(row), index(row), {EnabledRole, WeightRole});
    } else {
        Q_EMIT dataChanged(index(row), index(row), {EnabledRole});
    }
    Q_EMIT draftChanged();
}

void SchedulerConfigModel::setWeight(int row, int weight) {
    if (row < 0 || static_cast<std::size_t>(row) >= m_draft.score.size() || toggle(row).weight == weight) return;
    toggle(row).weight = weight;
    Q_EMIT dataChanged(index(row), index(row), {WeightRole});
    Q_EMIT draftChanged();
}

void SchedulerConfigModel::setStrategy(const QString& strategy) {
    core::ScoringStrategyType t;
    if (!plan::parseScoringStrategy(strategy.toStdString(), t) || t == m_draft.strategy) return;
    m_draft.strategy = t;
    // RequestedToCapacityRatio needs a shape: start from upstream's documented example
    // (0 -> 0, 100 -> 10, i.e. bin packing).
    if (t == core::ScoringStrategyType::RequestedToCapacityRatio && m_shapeText.trimmed().isEmpty())
        m_shapeText = QStringLiteral("0=0, 100=10");
    Q_EMIT draftChanged();
}

QStringList SchedulerConfigModel::strategies() {
    return {QStringLiteral("LeastAllocated"), QStringLiteral("MostAllocated"),
            QStringLiteral("RequestedToCapacityRatio")};
}

void SchedulerConfigModel::setPercentageOfNodesToScore(int percentage) {
    if (percentage == m_draft.percentageOfNodesToScore) return;
    m_draft.percentageOfNodesToScore = percentage;
    Q_EMIT draftChanged();
}

void SchedulerConfigModel::setResourcesText(const QString& text) {
    if (text == m_resourcesText) return;
    m_resourcesText = text;
    Q_EMIT draftChanged();
}

void SchedulerConfigModel::setShapeText(const QString& text) {
    if (text == m_shapeText) return;
    m_shapeText = text;
    Q_EMIT draftChanged();
}

plan::SchedulerSettings SchedulerConfigModel::draft(QStringList* problems) const {
    plan::SchedulerSettings s = m_draft;
    QList<QPair<QString, qint64>> pairs;
    if (!parsePairs(m_resourcesText, pairs)) {
        if (problems) *problems << tr("resources: write name=weight, separated by commas (cpu=1, memory=1)");
    } else {
        s.resources.clear();
        for (const auto& [name, weight] : pairs) s.resources.push_back({name.toStdString(), weight});
    }
    s.shape.clear();
    if (s.strategy == core::ScoringStrategyType::RequestedToCapacityRatio) {
        pairs.clear();
        bool ok = parsePairs(m_shapeText, pairs);
        for (const auto& [u, score] : pairs) {
            bool isInt = false;
            const int utilization = u.toInt(&isInt);
            ok = ok && isInt;
            s.shape.push_back({utilization, static_cast<std::int32_t>(score)});
        }
        if (!ok && problems) *problems << tr("shape: write utilization=score, separated by commas (0=0, 100=10)");
    }
    return s;
}

bool SchedulerConfigModel::dirty() const { return !(draft() == m_active); }

QStringList SchedulerConfigModel::errors() const {
    QStringList out;
    const plan::SchedulerSettings s = draft(&out);
    for (const std::string& e : plan::validateSettings(s)) out << QString::fromStdString(e);
    return out;
}

void SchedulerConfigModel::revert() { setDraft(m_active); }

void SchedulerConfigModel::setDraft(const plan::SchedulerSettings& settings) {
    const bool sameRows =
        settings.score.size() == m_draft.score.size() && settings.filter.size() == m_draft.filter.size();
    if (!sameRows) beginResetModel();
    m_draft = settings;
    loadTexts();
    if (sameRows) {
        if (rowCount() > 0)
            Q_EMIT dataChanged(index(0), index(rowCount() - 1), {NameRole, PointRole, EnabledRole, WeightRole});
    } else {
        endResetModel();
    }
    Q_EMIT draftChanged();
}

void SchedulerConfigModel::setActive(const plan::SchedulerSettings& settings, std::string baseText,
                                     const QString& source) {
    m_active = settings;
    // The shape is only read by RequestedToCapacityRatio (and only then kept by the draft).
    if (m_active.strategy != core::ScoringStrategyType::RequestedToCapacityRatio) m_active.shape.clear();
    m_baseText = std::move(baseText);
    m_source = source;
    Q_EMIT activeChanged();
    setDraft(m_active);
}

void SchedulerConfigModel::loadTexts() {
    m_resourcesText = resourcesToText(m_draft.resources);
    m_shapeText = shapeToText(m_draft.shape);
}

}  // namespace berth::app
