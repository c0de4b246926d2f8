#include "app/capacity/compare_controller.h"

#include <QFile>
#include <QFileInfo>

#include "app/capacity/report_file.h"
#include "app/models/operation_list_model.h"
#include "app/plan_host.h"
#include "app/session/plan_session.h"
#include "core/api/quantity.h"
#include "plan/capacity/compare_report.h"

namespace berth::app {
namespace {

QString qs(const std::string& s) { return QString::fromStdString(s); }

/// How the panel names a group: the label value, "(none)" for nodes without the label.
QString groupName(const std::string& g) { return g.empty() ? QStringLiteral("(none)") : qs(g); }

}  // namespace

CompareController::CompareController(PlanHost& host, QObject* parent) : QObject(parent), m_host(host) {}

CompareController::~CompareController() {
    if (m_progress) m_progress->cancel();
}

QStringList CompareController::configs() const {
    QStringList out;
    for (const auto& c : m_configs) out << qs(c.name);
    return out;
}

QString CompareController::addConfigFile(const QUrl& file) {
    const QString path = file.isLocalFile() ? file.toLocalFile() : file.toString();
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return tr("%1: cannot read: %2").arg(path, f.errorString());
    QString name = QFileInfo(path).completeBaseName();
    // Two files of one name stay apart in the answer.
    for (int n = 2; configs().contains(name); ++n) name = QStringLiteral("%1-%2").arg(QFileInfo(path).completeBaseName()).arg(n);
    m_configs.push_back({name.toStdString(), path.toStdString(), f.readAll().toStdString()});
    Q_EMIT configsChanged();
    return {};
}

void CompareController::removeConfig(int index) {
    if (index < 0 || index >= static_cast<int>(m_configs.size())) return;
    m_configs.erase(m_configs.begin() + index);
    Q_EMIT configsChanged();
}

QStringList CompareController::groups() const {
    QStringList out;
    if (!m_answer) return out;
    for (const auto& c : m_answer->configs)
        for (const auto& [resource, byGroup] : c.utilization)
            for (const auto& kv : byGroup)
                if (!out.contains(groupName(kv.first))) out << groupName(kv.first);
    out.sort();
    return out;
}

QVariantList CompareController::outcomes() const {
    QVariantList out;
    if (!m_answer) return out;
    for (const auto& c : m_answer->configs)
        out << QVariantMap{{QStringLiteral("name"), qs(c.name)},
                           {QStringLiteral("pending"), qint64(c.pending)},
                           {QStringLiteral("placed"), qint64(c.placed)},
                           {QStringLiteral("nodesUsed"), qint64(c.nodesUsed)},
                           {QStringLiteral("nodesEmpty"), qint64(c.nodesEmpty)},
                           {QStringLiteral("stranded"), tr("%1 cpu, %2 memory").arg(qs(core::formatMilliCpu(c.strandedMilliCpu)),
                                                                              qs(core::formatBytes(c.strandedMemory)))}};
    return out;
}

QVariantList CompareController::moved() const {
    QVariantList out;
    if (!m_answer) return out;
    const QString pending = tr("pending");
    for (const auto& m : m_answer->moved)
        out << QVariantMap{{QStringLiteral("pod"), qs(m.pod)},
                           {QStringLiteral("config"), qs(m.config)},
                           {QStringLiteral("from"), m.from.empty() ? pending : qs(m.from)},
                           {QStringLiteral("to"), m.to.empty() ? pending : qs(m.to)}};
    return out;
}

QVariantList CompareController::utilization(const QString& resource) const {
    QVariantList out;
    if (!m_answer) return out;
    const QStringList names = groups();
    for (const auto& c : m_answer->configs) {
        QVariantList values;
        const auto r = c.utilization.find(resource.toStdString());
        for (const QString& g : names) {
            double percent = 0;
            if (r != c.utilization.end())
                for (const auto& [group, usage] : r->second)
                    if (groupName(group) == g) percent = 100.0 * usage.ratio();
            values << percent;
        }
        out << QVariantMap{{QStringLiteral("name"), qs(c.name)}, {QStringLiteral("values"), values}};
    }
    return out;
}

void CompareController::compare(const QString& groupBy) {
    dropComparison();
    if (!m_host.planLoaded()) return showError(tr("no cluster is loaded"));
    if (m_configs.size() < 2) return showError(tr("add two or more KubeSchedulerConfiguration files to compare"));
    plan::capacity::CompareRequest request;
    request.configs = m_configs;
    if (!groupBy.trimmed().isEmpty()) request.groupBy = groupBy.trimmed().toStdString();
    const auto input = m_host.planSession().input();
    std::vector<plan::PlanEdit> edits = m_host.planSession().history()->appliedEdits();
    const quint64 serial = ++m_serial;
    m_progress = std::make_shared<core::Progress>();
    m_host.operationList().begin(tr("Comparing %n configuration(s)", nullptr, static_cast<int>(m_configs.size())),
                                 m_progress);
    m_error.clear();
    Q_EMIT changed();
    m_jobs.start([this, input, edits = std::move(edits), request, serial, progress = m_progress] {
        const core::FinishOnExit finish(progress.get());
        io::Diagnostics diags;
        auto answer = plan::capacity::compareConfigurations(input, edits, request, diags, progress.get());
        const QString error = answer || progress->cancelled() ? QString() : qs(diags.firstErrors(3));
        QMetaObject::invokeMethod(
            this,
            [this, serial, error, answer = std::move(answer)]() mutable {
                if (serial != m_serial) return;  // a newer comparison is on its way
                if (answer)
                    show(std::move(*answer));
                else if (!error.isEmpty())
                    showError(error);
                else {  // cancelled
                    m_progress.reset();
                    Q_EMIT changed();
                }
            },
            Qt::QueuedConnection);
    });
}

void CompareController::cancel() {
    if (!m_progress) return;
    dropComparison();
    Q_EMIT changed();
}

QString CompareController::markdown() const {
    return m_answer ? qs(plan::capacity::compareReport(*m_answer, plan::capacity::ReportFormat::Markdown)) : QString();
}

QString CompareController::exportMarkdown(const QUrl& file, bool overwrite) {
    if (!m_answer) return tr("no comparison yet");
    return writeReportFile(m_host, file, markdown(), overwrite, tr("Comparison report"));
}

void CompareController::show(plan::capacity::CompareAnswer answer) {
    m_progress.reset();
    m_error.clear();
    m_answer = std::move(answer);
    Q_EMIT changed();
}

void CompareController::showError(const QString& error) {
    m_progress.reset();
    m_answer.reset();
    m_error = error;
    Q_EMIT changed();
}

void CompareController::dropComparison() {
    if (m_progress) m_progress->cancel();
    m_progress.reset();
    ++m_serial;
}

}  // namespace berth::app
