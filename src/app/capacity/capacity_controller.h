#pragma once
/// The Capacity panel's controller: measures the plan on show, run to the end, with
/// plan::capacity::measurePlanCapacity (requested/allocatable per group of nodes, headroom,
/// fragmentation against a reference pod) off the GUI thread, listed with the long
/// operations (progress, Cancel), and writes it as the Markdown report `berthctl capacity
/// compare -o markdown` writes (compareReport, the same code). The app only shows the
/// answer: the arithmetic is the plan layer's.

#include <QObject>
#include <QUrl>
#include <QtQuick/QQuickItem>
#include <QtQml/qqmlregistration.h>

#include <memory>
#include <optional>
#include <vector>

#include "app/capacity/capacity_group_model.h"
#include "app/capacity/fragmentation_model.h"
#include "app/capacity/plan_question.h"
#include "plan/capacity/compare.h"

namespace berth::app {

class PlanHost;

class CapacityController : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Owned by SimulationController (controller.capacity)")
    Q_PROPERTY(berth::app::CapacityGroupModel* groups READ groups CONSTANT)
    Q_PROPERTY(berth::app::FragmentationModel* fragmentation READ fragmentation CONSTANT)
    /// The node label the groups are the values of (default: the zone).
    Q_PROPERTY(QString groupBy READ groupBy WRITE setGroupBy NOTIFY groupByChanged)
    Q_PROPERTY(bool computing READ computing NOTIFY changed)
    /// An answer is on show.
    Q_PROPERTY(bool valid READ valid NOTIFY changed)
    Q_PROPERTY(QString error READ error NOTIFY changed)
    /// "12 placed, 1 pending · 3 nodes used, 1 empty".
    Q_PROPERTY(QString summary READ summary NOTIFY changed)
    /// "500m cpu, 1Gi memory": the pod fragmentation is measured with.
    Q_PROPERTY(QString referencePod READ referencePod NOTIFY changed)
    /// "500m cpu, 8Gi memory": free on nodes where the reference pod fits no more.
    Q_PROPERTY(QString stranded READ stranded NOTIFY changed)
public:
    static constexpr const char* kDefaultGroupBy = "topology.kubernetes.io/zone";

    explicit CapacityController(PlanHost& host, QObject* parent = nullptr);
    /// A measurement still running is of no use any more: it stops at its next check.
    ~CapacityController() override;

    CapacityGroupModel* groups() { return &m_groups; }
    FragmentationModel* fragmentation() { return &m_fragmentation; }
    QString groupBy() const { return m_groupBy; }
    void setGroupBy(const QString& key);
    bool computing() const { return m_question.running(); }
    bool valid() const { return m_answer.has_value(); }
    QString error() const { return m_error; }
    QString summary() const;
    QString referencePod() const;
    QString stranded() const;

    /// Measures the plan with the applied edits (nothing when no plan is loaded). A newer
    /// request replaces one under way.
    Q_INVOKABLE void refresh();
    /// refresh() when the plan's input, its applied edits or groupBy changed since the answer
    /// on show (or the one under way) was asked for: what the panel calls when it is shown.
    Q_INVOKABLE void refreshIfStale();
    /// The answer on show as a Markdown report; empty when there is none.
    Q_INVOKABLE QString markdown() const;
    /// Writes markdown() to `file`; an empty string, or why nothing was written.
    Q_INVOKABLE QString exportMarkdown(const QUrl& file, bool overwrite);
    /// Saves what `chart` shows as a PNG file (QQuickItem::grabToImage), written when the
    /// grab is ready; an empty string, or why nothing will be written.
    Q_INVOKABLE QString saveChart(QQuickItem* chart, const QUrl& file, bool overwrite);

    /// Shows `answer` (its first configuration): what a finished measurement does; tests and
    /// the QML stubs call it directly.
    void show(plan::capacity::CompareAnswer answer);
    /// Shows that the measurement failed.
    void showError(const QString& error);

Q_SIGNALS:
    void changed();
    void groupByChanged();
    /// A saveChart() finished: `error` is empty when the PNG was written to `path`.
    void chartSaved(const QString& path, const QString& error);

private:
    PlanHost& m_host;
    CapacityGroupModel m_groups{this};
    FragmentationModel m_fragmentation{this};
    QString m_groupBy = QString::fromLatin1(kDefaultGroupBy);
    std::optional<plan::capacity::CompareAnswer> m_answer;
    QString m_error;
    /// What the answer on show (or the one under way) measured: the plan's input and edits, and
    /// groupBy.
    std::shared_ptr<const plan::PlanInput> m_measuredInput;
    std::vector<plan::PlanEdit> m_measuredEdits;
    QString m_measuredGroupBy;
    PlanQuestion m_question{this};  // the measurement under way; last: destroyed (waited for) first
};

}  // namespace berth::app
