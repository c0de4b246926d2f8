#include "app/capacity/capacity_controller.h"

#include <QBuffer>
#include <QFileInfo>
#include <QQuickItemGrabResult>

#include "app/models/operation_list_model.h"
#include "app/capacity/report_file.h"
#include "app/plan_host.h"
#include "app/session/atomic_file.h"
#include "app/session/plan_session.h"
#include "core/api/quantity.h"
#include "plan/capacity/compare_report.h"

namespace berth::app {
namespace {

/// The answer's name for the plan on show (the report's column heading).
constexpr const char* kPlanName = "plan";

QString resources(std::int64_t milliCpu, std::int64_t bytes) {
    return QObject::tr("%1 cpu, %2 memory")
        .arg(QString::fromStdString(core::formatMilliCpu(milliCpu)), QString::fromStdString(core::formatBytes(bytes)));
}

}  // namespace

CapacityController::CapacityController(PlanHost& host, QObject* parent) : QObject(parent), m_host(host) {}

CapacityController::~CapacityController() = default;

void CapacityController::setGroupBy(const QString& key) {
    const QString k = key.trimmed();
    if (k == m_groupBy) return;
    m_groupBy = k;
    Q_EMIT groupByChanged();
    if (m_answer || m_question.running()) refresh();
}

QString CapacityController::summary() const {
    if (!m_answer || m_answer->configs.empty()) return {};
    const plan::capacity::ConfigOutcome& c = m_answer->configs.front();
    return tr("%1 placed, %2 pending · %3 nodes used, %4 empty")
        .arg(c.placed)
        .arg(c.pending)
        .arg(c.nodesUsed)
        .arg(c.nodesEmpty);
}

QString CapacityController::referencePod() const {
    return m_answer ? resources(m_answer->referenceMilliCpu, m_answer->referenceMemory) : QString();
}

QString CapacityController::stranded() const {
    if (!m_answer || m_answer->configs.empty()) return {};
    const plan::capacity::ConfigOutcome& c = m_answer->configs.front();
    return resources(c.strandedMilliCpu, c.strandedMemory);
}

void CapacityController::refresh() {
    m_question.drop();
    if (!m_host.planLoaded()) {
        m_answer.reset();
        m_groups.clear();
        m_fragmentation.clear();
        Q_EMIT changed();
        return;
    }
    const auto input = m_host.planSession().input();
    std::vector<plan::PlanEdit> edits = m_host.planSession().history()->appliedEdits();
    m_measuredInput = input;
    m_measuredEdits = edits;
    m_measuredGroupBy = m_groupBy;
    const std::string groupBy = m_groupBy.toStdString();
    // A fresh plan run to the end, as exports run: the answer does not depend on how far
    // the on-screen run has got.
    m_question.ask<plan::capacity::CompareAnswer>(
        m_host.operationList(), tr("Measuring capacity"),
        [input, edits = std::move(edits), groupBy](core::Progress& progress, std::string& error) {
            io::Diagnostics diags;
            auto answer =
                plan::capacity::measurePlanCapacity(input, edits, kPlanName, groupBy, std::nullopt, diags, &progress);
            if (!answer) error = diags.firstErrors(3);
            return answer;
        },
        [this](plan::capacity::CompareAnswer answer) { show(std::move(answer)); },
        [this](const QString& error) { showError(error); },
        [this] { Q_EMIT changed(); });  // cancelled: the last answer stays
    Q_EMIT changed();
}

void CapacityController::refreshIfStale() {
    if (!m_host.planLoaded()) {
        if (m_answer || m_question.running()) refresh();
        return;
    }
    const bool measured = m_answer || m_question.running() || !m_error.isEmpty();
    if (measured && m_measuredInput == m_host.planSession().input() && m_measuredGroupBy == m_groupBy &&
        m_measuredEdits == m_host.planSession().history()->appliedEdits())
        return;
    refresh();
}

void CapacityController::show(plan::capacity::CompareAnswer answer) {
    m_question.finished();
    m_error.clear();
    m_answer = std::move(answer);
    if (m_answer->configs.empty()) {
        m_groups.clear();
        m_fragmentation.clear();
    } else {
        m_groups.setOutcome(m_answer->configs.front());
        m_fragmentation.setOutcome(m_answer->configs.front());
    }
    Q_EMIT changed();
}

void CapacityController::showError(const QString& error) {
    m_question.finished();
    m_answer.reset();
    m_groups.clear();
    m_fragmentation.clear();
    m_error = error;
    Q_EMIT changed();
}

QString CapacityController::markdown() const {
    if (!m_answer) return {};
    return QString::fromStdString(plan::capacity::compareReport(*m_answer, plan::capacity::ReportFormat::Markdown));
}

QString CapacityController::exportMarkdown(const QUrl& file, bool overwrite) {
    if (!m_answer) return tr("nothing measured yet");
    return writeReportFile(m_host, file, markdown(), overwrite, tr("Capacity report"));
}

QString CapacityController::saveChart(QQuickItem* chart, const QUrl& file, bool overwrite) {
    if (!chart) return tr("no chart to save");
    const QString path = file.isLocalFile() ? file.toLocalFile() : file.toString();
    if (path.isEmpty()) return tr("no file name");
    if (!overwrite && QFileInfo::exists(path)) return tr("%1 already exists").arg(path);
    const QSharedPointer<QQuickItemGrabResult> grab = chart->grabToImage();
    if (!grab) return tr("the chart cannot be grabbed (it is not in a window)");
    connect(grab.data(), &QQuickItemGrabResult::ready, this, [this, grab, path, overwrite] {
        QByteArray png;
        QBuffer buffer(&png);
        buffer.open(QIODevice::WriteOnly);
        QString error = grab->image().save(&buffer, "PNG") ? QString() : tr("the chart could not be encoded");
        if (error.isEmpty()) error = writeFileAtomically(path, png, overwrite);
        m_host.showStatus(error.isEmpty() ? tr("Chart saved to %1").arg(QFileInfo(path).fileName())
                                          : tr("Chart not saved: %1").arg(error));
        Q_EMIT chartSaved(path, error);
    });
    return {};
}

}  // namespace berth::app
