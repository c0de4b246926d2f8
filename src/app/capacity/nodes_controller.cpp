#include "app/capacity/nodes_controller.h"

#include <QFile>
#include <QFileInfo>

#include "app/models/node_list_model.h"
#include "app/models/operation_list_model.h"
#include "app/plan_host.h"
#include "app/session/plan_session.h"
#include "plan/capacity/node_pool.h"
#include "plan/capacity/nodes_manifest.h"

namespace berth::app {
namespace {

QString qs(const std::string& s) { return QString::fromStdString(s); }

/// A search's answer with the manifest that applies it.
struct Found {
    plan::capacity::NodesAnswer answer;
    std::string manifest;
};

}  // namespace

NodesController::NodesController(PlanHost& host, QObject* parent) : QObject(parent), m_host(host) {}

NodesController::~NodesController() = default;

QStringList NodesController::templates() const {
    QStringList out;
    for (const Template& t : m_templates) out << t.label;
    return out;
}

void NodesController::setStrategy(const QString& s) {
    if (s == m_strategy) return;
    m_strategy = s;
    Q_EMIT templatesChanged();
}

void NodesController::setMaxNodes(int n) {
    if (n == m_maxNodes) return;
    m_maxNodes = std::max(0, n);
    Q_EMIT templatesChanged();
}

QStringList NodesController::strategies() {
    return {QStringLiteral("least-waste"), QStringLiteral("most-pods"), QStringLiteral("least-nodes"),
            QStringLiteral("price")};
}

QString NodesController::addNodeModel(const QString& node) {
    if (m_host.nodeRows().indexOf(node) < 0) return tr("no node %1 is on show").arg(node);
    for (const Template& t : m_templates)
        if (t.modelNode == node.toStdString()) return tr("%1 is a template already").arg(node);
    m_templates.push_back({tr("%1 (a copy of the node)").arg(node), node.toStdString(), {}, {}});
    Q_EMIT templatesChanged();
    return {};
}

QString NodesController::addTemplateFile(const QUrl& file) {
    const QString path = file.isLocalFile() ? file.toLocalFile() : file.toString();
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return tr("%1: cannot read: %2").arg(path, f.errorString());
    const std::string text = f.readAll().toStdString();
    // Checked now, as berthctl reads a --node-template, so the dialog says what is wrong.
    core::Cluster scratch;
    io::Diagnostics diags;
    const auto version = m_host.planSession().input() ? m_host.planSession().input()->version
                                                      : core::KubeVersion::newest();
    if (!plan::capacity::readNodePool(scratch, text, path.toStdString(), version, diags))
        return qs(diags.firstErrors(3));
    m_templates.push_back({QFileInfo(path).fileName(), {}, path.toStdString(), text});
    Q_EMIT templatesChanged();
    return {};
}

void NodesController::removeTemplate(int index) {
    if (index < 0 || index >= static_cast<int>(m_templates.size())) return;
    m_templates.erase(m_templates.begin() + index);
    Q_EMIT templatesChanged();
}

void NodesController::clearTemplates() {
    m_templates.clear();
    Q_EMIT templatesChanged();
}

QString NodesController::summary() const {
    if (!m_answer) return {};
    const plan::capacity::NodesAnswer& a = *m_answer;
    QString s = tr("Add %n node(s) (%1)", nullptr, static_cast<int>(a.nodesAdded()))
                    .arg(QString::fromLatin1(plan::capacity::strategyName(a.strategy)));
    if (const auto cost = a.totalCostPerHour(); cost && a.nodesAdded() > 0)
        s += tr(", %1 per hour").arg(*cost, 0, 'f', 2);
    s += tr(": %1 pending before, %2 left").arg(a.pendingBefore).arg(a.unplaceable.size());
    s += a.verified ? tr(" · verified by a full run") : tr(" · not verified");
    if (!a.stoppedBy.empty()) s += tr(" · stopped: %1").arg(qs(a.stoppedBy));
    if (a.smallerMix)
        s += tr(" · %1 finds a mix of %2 node(s) that places every pod too")
                 .arg(QString::fromLatin1(plan::capacity::strategyName(a.smallerMix->strategy)))
                 .arg(a.smallerMix->nodes);
    return s;
}

QVariantList NodesController::pools() const {
    QVariantList out;
    if (!m_answer) return out;
    for (const auto& p : m_answer->pools) {
        const auto cost = p.costPerHour();
        out << QVariantMap{{QStringLiteral("pool"), qs(p.name)},
                           {QStringLiteral("count"), qint64(p.count)},
                           {QStringLiteral("cost"), cost ? QString::number(*cost, 'f', 2) : QString()},
                           {QStringLiteral("unusable"), qs(p.unusable)},
                           {QStringLiteral("oneFewer"), qint64(p.pendingWithOneFewer)}};
    }
    return out;
}

QVariantList NodesController::unplaceable() const {
    QVariantList out;
    if (!m_answer) return out;
    for (const auto& u : m_answer->unplaceable)
        out << QVariantMap{{QStringLiteral("pod"), qs(u.pod)}, {QStringLiteral("message"), qs(u.message)}};
    return out;
}

bool NodesController::applicable() const {
    return m_answer && !m_manifest.empty() && m_host.planLoaded() && m_askedInput == m_host.planSession().input() &&
           m_askedEdits == m_host.planSession().history()->appliedEdits();
}

void NodesController::search() {
    m_question.drop();
    m_answer.reset();
    if (!m_host.planLoaded()) return showError(tr("no cluster is loaded"));
    if (m_templates.empty()) return showError(tr("pick a node or a Node file as a template first"));
    if (!plan::capacity::parseStrategy(m_strategy.toStdString()))
        return showError(tr("unknown strategy %1 (least-waste, most-pods, least-nodes or price)").arg(m_strategy));
    m_askedInput = m_host.planSession().input();
    m_askedEdits = m_host.planSession().history()->appliedEdits();
    plan::capacity::NodesRequest request;
    request.strategy = m_strategy.toStdString();
    if (m_maxNodes > 0) request.maxNodes = m_maxNodes;
    m_error.clear();
    // Fresh plans of the input and edits, as berthctl runs them: the plan on show is untouched
    // until the answer is applied.
    m_question.ask<Found>(
        m_host.operationList(), tr("Searching for the nodes to add"),
        [input = m_askedInput, edits = m_askedEdits, templates = m_templates, request](
            core::Progress& progress, std::string& error) mutable -> std::optional<Found> {
            std::unique_ptr<plan::Plan> model;  // the plan, for the nodes picked as models
            for (const Template& t : templates) {
                if (t.modelNode.empty()) {
                    request.templates.push_back({t.file, t.text});
                    continue;
                }
                if (!model && !(model = plan::runPlanToEnd(input, edits, error, &progress))) break;
                const auto text = plan::capacity::nodeTemplateOf(model->cluster(), t.modelNode);
                if (!text) {
                    error = "the plan has no node " + t.modelNode;
                    break;
                }
                request.templates.push_back({t.modelNode, *text});
            }
            if (!error.empty() || progress.cancelled()) return std::nullopt;
            io::Diagnostics diags;
            auto answer = plan::capacity::howManyNodes(input, edits, request, diags, &progress);
            const auto nodes =
                answer ? plan::capacity::addedNodesManifest(request, *answer, input->version, diags) : std::nullopt;
            if (answer && nodes) return Found{std::move(*answer), *nodes};
            error = diags.firstErrors(3);
            return std::nullopt;
        },
        [this](Found found) { show(std::move(found.answer), std::move(found.manifest)); },
        [this](const QString& error) { showError(error); }, [this] { Q_EMIT changed(); });
    Q_EMIT changed();
}

void NodesController::cancel() {
    if (!m_question.running()) return;
    m_question.drop();
    Q_EMIT changed();
}

QString NodesController::apply() {
    if (!m_answer) return tr("no answer to apply");
    if (m_manifest.empty()) return tr("the answer adds no node");
    if (!applicable()) return tr("the plan changed since the search: search again");
    if (m_host.planBusy()) return tr("the plan is being rebuilt; try again");
    plan::PlanEdit e;
    e.kind = plan::EditKind::SubmitYaml;
    e.yaml = m_manifest;
    e.fileName = "added-nodes-" + std::to_string(m_host.planSession().nextSubmittedNumber()) + ".yaml";
    m_host.applyEdit(e);
    m_manifest.clear();  // applied once
    Q_EMIT changed();
    return {};
}

void NodesController::show(plan::capacity::NodesAnswer answer, std::string manifest) {
    if (!m_question.running()) {  // handed over directly (the QML stubs): about the plan on show
        m_askedInput = m_host.planSession().input();
        m_askedEdits = m_host.planSession().history()->appliedEdits();
    }
    m_question.finished();
    m_error.clear();
    m_answer = std::move(answer);
    m_manifest = std::move(manifest);
    Q_EMIT changed();
}

void NodesController::showError(const QString& error) {
    m_question.finished();
    m_answer.reset();
    m_manifest.clear();
    m_error = error;
    Q_EMIT changed();
}

}  // namespace berth::app
