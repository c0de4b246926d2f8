#pragma once
/// Node > "Drain or cordon a group…": every node whose label `key` has `value` (a zone, a
/// pool, any label) at once. Cordon is applied as edits, one per node, through the host (so
/// undo takes them back); a drain is simulated the way `berthctl capacity drain --selector`
/// simulates it (plan::capacity::simulateDrain on the plan run to the end, off the GUI thread,
/// listed with the long operations: progress and Cancel) and its report shown: the pods
/// evicted, where their replacements went, and what each PodDisruptionBudget or kubectl rule
/// kept in place.

#include <QObject>
#include <QStringList>
#include <QUrl>
#include <QtQml/qqmlregistration.h>

#include <memory>
#include <optional>

#include "app/capacity/drain_report_model.h"
#include "app/capacity/plan_question.h"
#include "plan/capacity/drain.h"

namespace berth::app {

class PlanHost;

class GroupDrainController : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Owned by SimulationController (controller.groupDrain)")
    Q_PROPERTY(berth::app::DrainReportModel* report READ report CONSTANT)
    Q_PROPERTY(bool computing READ computing NOTIFY changed)
    Q_PROPERTY(bool valid READ valid NOTIFY changed)
    Q_PROPERTY(QString error READ error NOTIFY changed)
    /// "topology.kubernetes.io/zone=zone-b: 2 nodes drained, 5 pods evicted, 1 blocked; 0 pending after".
    Q_PROPERTY(QString summary READ summary NOTIFY changed)
public:
    explicit GroupDrainController(PlanHost& host, QObject* parent = nullptr);
    /// A simulation still running is of no use any more: it stops at its next check.
    ~GroupDrainController() override;

    DrainReportModel* report() { return &m_report; }
    bool computing() const { return m_question.running(); }
    bool valid() const { return m_answer.has_value(); }
    QString error() const { return m_error; }
    QString summary() const;

    /// The values `key` takes on the nodes on show, sorted.
    Q_INVOKABLE QStringList labelValues(const QString& key) const;
    /// The live nodes whose label `key` is `value`, by name.
    Q_INVOKABLE QStringList nodesOf(const QString& key, const QString& value) const;
    /// Cordons (or with `uncordon`, uncordons) every node of the group that is not so
    /// already, one edit per node. Empty, or why nothing was done.
    Q_INVOKABLE QString cordonGroup(const QString& key, const QString& value, bool uncordon = false);
    /// Simulates draining the group on the plan run to the end; the report arrives later.
    Q_INVOKABLE void simulateDrain(const QString& key, const QString& value, bool force, bool deleteEmptyDirData);
    /// The report on show, as `berthctl capacity drain -o markdown` writes it.
    Q_INVOKABLE QString markdown() const;
    Q_INVOKABLE QString exportMarkdown(const QUrl& file, bool overwrite);

    /// Shows `answer` for the group `group` ("key=value"): what a finished simulation does;
    /// tests and the QML stubs call it directly.
    void show(const QString& group, plan::capacity::DrainAnswer answer);
    void showError(const QString& error);

Q_SIGNALS:
    void changed();

private:
    PlanHost& m_host;
    DrainReportModel m_report{this};
    std::optional<plan::capacity::DrainAnswer> m_answer;
    QString m_group;  // "key=value" of the answer on show
    QString m_error;
    PlanQuestion m_question{this};  // the simulation under way; last: destroyed (waited for) first
};

}  // namespace berth::app
