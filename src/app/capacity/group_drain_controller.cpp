#include "app/capacity/group_drain_controller.h"

#include "app/models/node_list_model.h"
#include "app/models/operation_list_model.h"
#include "app/plan_host.h"
#include "app/capacity/report_file.h"
#include "app/session/plan_session.h"
#include "plan/capacity/drain_report.h"

namespace berth::app {
namespace {

QString labelOf(const NodeRow& row, const QString& key) {
    for (const auto& [k, v] : row.labels)
        if (k == key) return v;
    return {};
}

bool hasLabel(const NodeRow& row, const QString& key) {
    for (const auto& kv : row.labels)
        if (kv.first == key) return true;
    return false;
}

}  // namespace

GroupDrainController::GroupDrainController(PlanHost& host, QObject* parent) : QObject(parent), m_host(host) {}

GroupDrainController::~GroupDrainController() = default;

QString GroupDrainController::summary() const {
    if (!m_answer) return {};
    return tr("%1: %2 nodes drained, %3 pods evicted, %4 blocked; %5 pending after")
        .arg(m_group)
        .arg(m_answer->drained.size())
        .arg(m_answer->evicted.size())
        .arg(m_answer->blocked.size())
        .arg(m_answer->pendingAfter);
}

QStringList GroupDrainController::labelValues(const QString& key) const {
    QStringList out;
    for (const NodeRow& r : m_host.nodeRows().rows())
        if (!r.removed && hasLabel(r, key) && !out.contains(labelOf(r, key))) out << labelOf(r, key);
    out.sort();
    return out;
}

QStringList GroupDrainController::nodesOf(const QString& key, const QString& value) const {
    QStringList out;
    for (const NodeRow& r : m_host.nodeRows().rows())
        if (!r.removed && hasLabel(r, key) && labelOf(r, key) == value) out << r.name;
    out.sort();
    return out;
}

QString GroupDrainController::cordonGroup(const QString& key, const QString& value, bool uncordon) {
    if (!m_host.planLoaded()) return tr("no cluster is loaded");
    if (m_host.planBusy()) return tr("the plan is being rebuilt; try again");
    const QStringList nodes = nodesOf(key, value);
    if (nodes.isEmpty()) return tr("no node has %1=%2").arg(key, value);
    // The nodes that change, as ONE edit of the history (a Group: one undo step).
    std::vector<plan::PlanEdit> parts;
    for (const NodeRow& r : m_host.nodeRows().rows()) {
        if (!nodes.contains(r.name) || r.cordoned != uncordon) continue;
        plan::PlanEdit e;
        e.kind = uncordon ? plan::EditKind::Uncordon : plan::EditKind::Cordon;
        e.node = r.name.toStdString();
        parts.push_back(std::move(e));
    }
    if (parts.empty())
        return uncordon ? tr("every node of %1=%2 is schedulable already").arg(key, value)
                        : tr("every node of %1=%2 is cordoned already").arg(key, value);
    if (parts.size() == 1) {
        m_host.applyEdit(parts.front());
        return {};
    }
    const int n = static_cast<int>(parts.size());
    const QString title =
        (uncordon ? tr("Uncordon %1=%2 (%3 nodes)") : tr("Cordon %1=%2 (%3 nodes)")).arg(key, value).arg(n);
    m_host.applyEdit(plan::groupEdit(std::move(parts), title.toStdString()));
    return {};
}

void GroupDrainController::simulateDrain(const QString& key, const QString& value, bool force,
                                         bool deleteEmptyDirData) {
    m_question.drop();
    if (!m_host.planLoaded()) return showError(tr("no cluster is loaded"));
    const QString group = QStringLiteral("%1=%2").arg(key, value);
    plan::capacity::DrainRequest request;
    request.selector = group.toStdString();
    request.force = force;
    request.deleteEmptyDirData = deleteEmptyDirData;
    const auto input = m_host.planSession().input();
    std::vector<plan::PlanEdit> edits = m_host.planSession().history()->appliedEdits();
    m_error.clear();
    // A plan of its own, run to the end as berthctl runs it: the drain changes that plan, never
    // the one on show.
    m_question.ask<plan::capacity::DrainAnswer>(
        m_host.operationList(), tr("Simulating a drain of %1").arg(group),
        [input, edits = std::move(edits), request](core::Progress& progress, std::string& error) {
            std::optional<plan::capacity::DrainAnswer> answer;
            if (auto plan = plan::runPlanToEnd(input, edits, error, &progress)) {
                io::Diagnostics diags;
                answer = plan::capacity::simulateDrain(*plan, request, diags);
                if (!answer) error = diags.firstErrors(3);
            }
            return answer;
        },
        [this, group](plan::capacity::DrainAnswer answer) { show(group, std::move(answer)); },
        [this](const QString& error) { showError(error); }, [this] { Q_EMIT changed(); });
    Q_EMIT changed();
}

void GroupDrainController::show(const QString& group, plan::capacity::DrainAnswer answer) {
    m_question.finished();
    m_error.clear();
    m_group = group;
    m_answer = std::move(answer);
    m_report.setAnswer(*m_answer);
    Q_EMIT changed();
}

void GroupDrainController::showError(const QString& error) {
    m_question.finished();
    m_answer.reset();
    m_report.clear();
    m_error = error;
    Q_EMIT changed();
}

QString GroupDrainController::markdown() const {
    return m_answer
               ? QString::fromStdString(plan::capacity::drainReport(*m_answer, plan::capacity::ReportFormat::Markdown))
               : QString();
}

QString GroupDrainController::exportMarkdown(const QUrl& file, bool overwrite) {
    if (!m_answer) return tr("no drain simulated yet");
    return writeReportFile(m_host, file, markdown(), overwrite, tr("Drain report"));
}

}  // namespace berth::app
