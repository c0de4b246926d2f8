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

CompareController::~CompareController() = default;

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
    m_question.drop();
    if (!m_host.planLoaded()) return showError(tr("no cluster is loaded"));
    if (m_configs.size() < 2) return showError(tr("add two or more KubeSchedulerConfiguration files to compare"));
    plan::capacity::CompareRequest request;
    request.configs = m_configs;
    if (!groupBy.trimmed().isEmpty()) request.groupBy = groupBy.trimmed().toStdString();
    const auto input = m_host.planSession().input();
    std::vector<plan::PlanEdit> edits = m_host.planSession().history()->appliedEdits();
    m_error.clear();
    m_question.ask<plan::capacity::CompareAnswer>(
        m_host.operationList(), tr("Comparing %n configuration(s)", nullptr, static_cast<int>(m_configs.size())),
        [input, edits = std::move(edits), request](core::Progress& progress, std::string& error) {
            io::Diagnostics diags;
            auto answer = plan::capacity::compareConfigurations(input, edits, request, diags, &progress);
            if (!answer) error = diags.firstErrors(3);
            return answer;
        },
        [this](plan::capacity::CompareAnswer answer) { show(std::move(answer)); },
        [this](const QString& error) { showError(error); }, [this] { Q_EMIT changed(); });
    Q_EMIT changed();
}

void CompareController::cancel() {
    if (!m_question.running()) return;
    m_question.drop();
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
    m_question.finished();
    m_error.clear();
    m_answer = std::move(answer);
    Q_EMIT changed();
}

void CompareController::showError(const QString& error) {
    m_question.finished();
    m_answer.reset();
    m_error = error;
    Q_EMIT changed();
}

}  // namespace berth::app
