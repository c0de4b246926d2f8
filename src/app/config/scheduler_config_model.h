#pragma once
/// The scheduler configuration panel's state: the configuration in effect (plan::SchedulerSettings
/// of the session's first profile) and the draft the user edits: one row per Score plugin
/// (on/off, weight) then per Filter plugin (on/off), NodeResourcesFit's scoring strategy with
/// its resources (and shape for RequestedToCapacityRatio), percentageOfNodesToScore. The
/// draft is checked as upstream validates a configuration; the controller turns it into a
/// SetSchedulerConfig edit. No scheduling here: the settings are plain values.

#include <QAbstractListModel>
#include <QStringList>
#include <QtQml/qqmlregistration.h>

#include <string>

#include "plan/scheduler_settings.h"

namespace berth::app {

class SchedulerConfigModel : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Owned by SimulationController")
    Q_PROPERTY(QString profile READ profile NOTIFY activeChanged)
    Q_PROPERTY(QString source READ source NOTIFY activeChanged)
    Q_PROPERTY(QString strategy READ strategy WRITE setStrategy NOTIFY draftChanged)
    Q_PROPERTY(QStringList strategies READ strategies CONSTANT)
    Q_PROPERTY(int strategyIndex READ strategyIndex WRITE setStrategyIndex NOTIFY draftChanged)
    Q_PROPERTY(int percentageOfNodesToScore READ percentageOfNodesToScore WRITE setPercentageOfNodesToScore NOTIFY
                   draftChanged)
    Q_PROPERTY(QString resourcesText READ resourcesText WRITE setResourcesText NOTIFY draftChanged)
    Q_PROPERTY(QString shapeText READ shapeText WRITE setShapeText NOTIFY draftChanged)
    Q_PROPERTY(bool dirty READ dirty NOTIFY draftChanged)
    Q_PROPERTY(QStringList errors READ errors NOTIFY draftChanged)
    Q_PROPERTY(QString errorText READ errorText NOTIFY draftChanged)
public:
    /// point: an ExtensionPoint. first: the row starts its point's list (a heading goes above it).
    enum Role { NameRole = Qt::UserRole + 1, PointRole, EnabledRole, WeightRole, FirstRole };
    /// The list a row belongs to: the Score plugins (with weights) come first, then Filter.
    enum ExtensionPoint { ScorePoint, FilterPoint };
    Q_ENUM(ExtensionPoint)
    explicit SchedulerConfigModel(QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role) override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    QHash<int, QByteArray> roleNames() const override;

    QString profile() const { return QString::fromStdString(m_active.profile); }
    QString source() const { return m_source; }
    QString strategy() const { return QLatin1String(io::scoringStrategyName(m_draft.strategy)); }
    void setStrategy(const QString& strategy);
    static QStringList strategies();
    /// The strategy as an index of strategies() (for a combo box).
    int strategyIndex() const { return static_cast<int>(strategies().indexOf(strategy())); }
    void setStrategyIndex(int index) { setStrategy(strategies().value(index)); }
    int percentageOfNodesToScore() const { return m_draft.percentageOfNodesToScore; }
    void setPercentageOfNodesToScore(int percentage);
    /// "cpu=1, memory=1": the resources the strategy scores and their weights.
    QString resourcesText() const { return m_resourcesText; }
    void setResourcesText(const QString& text);
    /// "0=0, 100=10": RequestedToCapacityRatio's shape, utilization=score points.
    QString shapeText() const { return m_shapeText; }
    void setShapeText(const QString& text);
    bool dirty() const;
    /// What upstream's validation would say about the draft; empty when it can be applied.
    QStringList errors() const;
    QString errorText() const { return errors().join(QLatin1Char('\n')); }

    Q_INVOKABLE void setEnabled(int row, bool enabled);
    Q_INVOKABLE void setWeight(int row, int weight);
    /// The draft back to the configuration in effect.
    Q_INVOKABLE void revert();
    /// The draft set to upstream's defaults (applied by the controller's reset).
    void setDraft(const plan::SchedulerSettings& settings);

    /// The configuration now in effect; `baseText` is its own text (empty when it came from
    /// the manifests or is the default), `source` where it came from. Resets the draft.
    void setActive(const plan::SchedulerSettings& settings, std::string baseText, const QString& source);
    const plan::SchedulerSettings& active() const { return m_active; }
    const std::string& baseText() const { return m_baseText; }
    /// The draft with the texts parsed; `problems` gets what does not parse.
    plan::SchedulerSettings draft(QStringList* problems = nullptr) const;

Q_SIGNALS:
    void activeChanged();
    void draftChanged();

private:
    plan::PluginToggle& toggle(int row);
    const plan::PluginToggle& toggle(int row) const;
    void loadTexts();

    plan::SchedulerSettings m_active;
    plan::SchedulerSettings m_draft;  // resources and shape live in the texts below
    QString m_resourcesText;
    QString m_shapeText;
    std::string m_baseText;
    QString m_source;
};

}  // namespace berth::app
