#include "app/capacity/fit_controller.h"

#include "app/models/operation_list_model.h"
#include "app/plan_host.h"
#include "app/session/plan_session.h"

namespace berth::app {
namespace {

QVariantList counts(const std::map<std::string, std::int64_t>& by, const QString& keyName) {
    QVariantList out;
    for (const auto& [key, n] : by)
        out << QVariantMap{{keyName, QString::fromStdString(key)}, {QStringLiteral("count"), qint64(n)}};
    return out;
}

}  // namespace

FitController::FitController(PlanHost& host, QObject* parent) : QObject(parent), m_host(host) {}

FitController::~FitController() = default;

QString FitController::summary() const {
    if (!m_answer) return {};
    const QString what =
        QStringLiteral("%1 %2").arg(QString::fromStdString(m_answer->templateKind),
                                    QString::fromStdString(m_answer->templateRef));
    const QString fit = tr("%1: %n more fit", nullptr, static_cast<int>(m_answer->fits)).arg(what);
    return m_answer->existingReplicas > 0 ? tr("%1 (%2 replicas now)").arg(fit).arg(m_answer->existingReplicas)
                                          : fit;
}

QString FitController::stoppedBy() const {
    if (!m_answer) return {};
    if (m_answer->stoppedBy == plan::capacity::FitAnswer::Stop::Max) return tr("the limit of %1").arg(kMaxReplicas);
    return tr("the next replica (%1) finds no node").arg(QString::fromStdString(m_answer->nextPod));
}

QVariantList FitController::byZone() const {
    return m_answer ? counts(m_answer->byZone, QStringLiteral("zone")) : QVariantList();
}

QVariantList FitController::byNode() const {
    return m_answer ? counts(m_answer->byNode, QStringLiteral("node")) : QVariantList();
}

void FitController::ask(const QString& podKey) {
    m_question.drop();
    m_answer.reset();
    m_pod = podKey;
    if (!m_host.planLoaded()) return showError(podKey, tr("no cluster is loaded"));
    plan::capacity::FitRequest request;
    request.pod = podKey.toStdString();
    request.max = kMaxReplicas;
    m_askedInput = m_host.planSession().input();
    m_askedEdits = m_host.planSession().history()->appliedEdits();
    m_error.clear();
    // A plan of its own, run to the end as berthctl runs it: the replicas go into that plan,
    // never the one on show.
    m_question.ask<plan::capacity::FitAnswer>(
        m_host.operationList(), tr("How many more of %1 fit").arg(podKey),
        [input = m_askedInput, edits = m_askedEdits, request](core::Progress& progress, std::string& error) {
            std::optional<plan::capacity::FitAnswer> answer;
            if (auto plan = plan::runPlanToEnd(input, edits, error, &progress)) {
                io::Diagnostics diags;
                answer = plan::capacity::howManyMoreFit(*plan, request, diags, &progress);
                if (!answer && !diags.items.empty()) error = diags.items.front().message;
            }
            return answer;
        },
        [this, podKey](plan::capacity::FitAnswer answer) { show(podKey, std::move(answer)); },
        [this, podKey](const QString& error) { showError(podKey, error); }, [this] { Q_EMIT changed(); });
    Q_EMIT changed();
}

void FitController::clear() {
    m_question.drop();
    if (!m_answer && m_error.isEmpty() && m_pod.isEmpty()) return;
    m_answer.reset();
    m_error.clear();
    m_pod.clear();
    Q_EMIT changed();
}

void FitController::planChanged() {
    if (!m_answer && !m_question.running()) return;
    if (m_host.planLoaded() && m_askedInput == m_host.planSession().input() &&
        m_askedEdits == m_host.planSession().history()->appliedEdits())
        return;
    clear();
}

void FitController::show(const QString& podKey, plan::capacity::FitAnswer answer) {
    m_question.finished();
    m_error.clear();
    m_pod = podKey;
    m_answer = std::move(answer);
    Q_EMIT changed();
}

void FitController::showError(const QString& podKey, const QString& error) {
    m_question.finished();
    m_answer.reset();
    m_pod = podKey;
    m_error = error;
    Q_EMIT changed();
}

}  // namespace berth::app
