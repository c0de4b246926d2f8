#pragma once
/// "How many more fit?" on a pod of the canvas or the inspector: plan::capacity::howManyMoreFit
/// for that pod's workload (or a copy of a pod no workload controls), on a plan of its own run
/// to the end (plan::runPlanToEnd: the plan on show is never changed), off the GUI thread and
/// listed with the long operations (progress, Cancel). The answer: how many fit, per zone and
/// per node, and why the next replica finds no node; the canvas draws the replicas as ghost
/// chips on their nodes (`ghosts`) until the plan changes (an edit, undo, redo, a load) or
/// clear() is called. The app only shows the answer: the scheduling is the plan layer's.

#include <QObject>
#include <QVariantList>
#include <QtQml/qqmlregistration.h>

#include <memory>
#include <optional>
#include <vector>

#include "app/capacity/plan_question.h"
#include "plan/capacity/fit.h"

namespace berth::app {

class PlanHost;

class FitController : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Owned by SimulationController (controller.fit)")
    Q_PROPERTY(bool computing READ computing NOTIFY changed)
    /// An answer is on show.
    Q_PROPERTY(bool valid READ valid NOTIFY changed)
    Q_PROPERTY(QString error READ error NOTIFY changed)
    /// The pod the question was asked of ("" when none).
    Q_PROPERTY(QString pod READ pod NOTIFY changed)
    /// "Deployment default/web: 20 more fit (6 running)".
    Q_PROPERTY(QString summary READ summary NOTIFY changed)
    Q_PROPERTY(int fits READ fits NOTIFY changed)
    /// Why the answer stops: "the next replica finds no node" or "the limit of N".
    Q_PROPERTY(QString stoppedBy READ stoppedBy NOTIFY changed)
    /// The next replica's FitError ("" when stopped by the limit).
    Q_PROPERTY(QString nextMessage READ nextMessage NOTIFY changed)
    /// [{zone, count}] by zone name ("" for nodes without one).
    Q_PROPERTY(QVariantList byZone READ byZone NOTIFY changed)
    /// [{node, count}] by node name: the ghost chips the canvas draws.
    Q_PROPERTY(QVariantList byNode READ byNode NOTIFY changed)
public:
    /// The most replicas one question from the GUI adds: enough for any cluster the canvas
    /// shows chip by chip, and an answer in a few seconds on a large one.
    static constexpr std::int64_t kMaxReplicas = 100'000;

    explicit FitController(PlanHost& host, QObject* parent = nullptr);
    /// A question still running is of no use any more: it stops at its next check.
    ~FitController() override;

    bool computing() const { return m_question.running(); }
    bool valid() const { return m_answer.has_value(); }
    QString error() const { return m_error; }
    QString pod() const { return m_pod; }
    QString summary() const;
    int fits() const { return m_answer ? static_cast<int>(m_answer->fits) : 0; }
    QString stoppedBy() const;
    QString nextMessage() const { return m_answer ? QString::fromStdString(m_answer->nextMessage) : QString(); }
    QVariantList byZone() const;
    QVariantList byNode() const;

    /// Asks how many more of `podKey` (namespace/name) fit the plan with the applied edits; the
    /// answer arrives later. A newer question replaces one under way.
    Q_INVOKABLE void ask(const QString& podKey);
    /// Forgets the answer (and the ghosts) and stops a question under way.
    Q_INVOKABLE void clear();
    /// The plan changed (an edit, undo, redo, a load): an answer about another plan is cleared.
    void planChanged();

    /// Shows `answer` for `podKey`: what a finished question does; tests and the QML stubs
    /// call it directly.
    void show(const QString& podKey, plan::capacity::FitAnswer answer);
    void showError(const QString& podKey, const QString& error);

Q_SIGNALS:
    void changed();

private:
    PlanHost& m_host;
    std::optional<plan::capacity::FitAnswer> m_answer;
    QString m_pod;
    QString m_error;
    /// The plan the answer on show (or the one under way) is about: its input and edits.
    std::shared_ptr<const plan::PlanInput> m_askedInput;
    std::vector<plan::PlanEdit> m_askedEdits;
    PlanQuestion m_question{this};  // the question under way; last: destroyed (waited for) first
};

}  // namespace berth::app
