// SimulationController: the planner's edits, undo/redo, session files and export. The
// edits are applied by the worker (plan::Plan::apply); undo and redo rebuild the plan from
// the session's input and replay the history, so they are exactly as deterministic as a load.

#include "app/simulation_controller.h"

#include <QFileInfo>
#include <QThread>

#include <algorithm>
#include <limits>

#include "app/engine/simulation_worker.h"
#include "app/session/atomic_file.h"
#include "plan/plan_export.h"

namespace berth::app {
namespace {

QString localPath(const QUrl& url) { return url.isLocalFile() ? url.toLocalFile() : url.toString(); }

plan::PlanEdit nodeEdit(plan::EditKind kind, const QString& node) {
    plan::PlanEdit e;
    e.kind = kind;
    e.node = node.toStdString();
    return e;
}

/// "namespace/name" -> (namespace, name); a bare name is in "default", as kubectl reads it.
std::pair<std::string, std::string> splitKey(const QString& key) {
    const qsizetype slash = key.indexOf(QLatin1Char('/'));
    if (slash < 0) return {"default", key.toStdString()};
    return {key.left(slash).toStdString(), key.mid(slash + 1).toStdString()};
}

QString sourceOf(const plan::PlanInput& input) {
    QStringList names;
    for (const auto& m : input.manifests) names << QString::fromStdString(m.name);
    return names.join(QStringLiteral(", "));
}

}  // namespace

void SimulationController::cordonNode(const QString& node) { applyEdit(nodeEdit(plan::EditKind::Cordon, node)); }
void SimulationController::uncordonNode(const QString& node) { applyEdit(nodeEdit(plan::EditKind::Uncordon, node)); }
void SimulationController::drainNode(const QString& node) { applyEdit(nodeEdit(plan::EditKind::Drain, node)); }
void SimulationController::deleteNode(const QString& node) { applyEdit(nodeEdit(plan::EditKind::DeleteNode, node)); }

void SimulationController::addNodePool(const QString& templateNode, int count, const QString& zone,
                                       const QString& namePrefix) {
    plan::PlanEdit e = nodeEdit(plan::EditKind::AddNodePool, templateNode);
    e.count = count;
    e.zone = zone.toStdString();
    e.namePrefix = namePrefix.toStdString();
    applyEdit(e);
}

void SimulationController::setNodeLabels(const QString& node, const QVariantMap& labels) {
    plan::PlanEdit e = nodeEdit(plan::EditKind::SetNodeLabels, node);
    // QVariantMap iterates in key order: the edit (and the session file) is canonical.
    for (auto it = labels.begin(); it != labels.end(); ++it) e.labels.emplace_back(it.key().toStdString(), it.value().toString().toStdString());
    applyEdit(e);
}

void SimulationController::setNodeTaints(const QString& node, const QVariantList& taints) {
    plan::PlanEdit e = nodeEdit(plan::EditKind::SetNodeTaints, node);
    for (const QVariant& t : taints) {
        const QVariantMap m = t.toMap();
        e.taints.push_back({m.value(QStringLiteral("key")).toString().toStdString(),
                            m.value(QStringLiteral("value")).toString().toStdString(),
                            m.value(QStringLiteral("effect")).toString().toStdString()});
    }
    applyEdit(e);
}

void SimulationController::scaleWorkload(const QString& kind, const QString& ns, const QString& name, int replicas) {
    plan::PlanEdit e;
    e.kind = plan::EditKind::ScaleWorkload;
    const auto wk = plan::parseWorkloadKind(kind.toStdString());
    if (!wk) return Q_EMIT editFailed(tr("Scale %1 %2/%3").arg(kind, ns, name), tr("unknown workload kind"));
    e.workloadKind = *wk;
    e.ns = ns.toStdString();
    e.name = name.toStdString();
    e.replicas = replicas;
    applyEdit(e);
}

void SimulationController::deleteWorkload(const QString& kind, const QString& ns, const QString& name) {
    plan::PlanEdit e;
    e.kind = plan::EditKind::DeleteWorkload;
    const auto wk = plan::parseWorkloadKind(kind.toStdString());
    if (!wk) return Q_EMIT editFailed(tr("Delete %1 %2/%3").arg(kind, ns, name), tr("unknown workload kind"));
    e.workloadKind = *wk;
    e.ns = ns.toStdString();
    e.name = name.toStdString();
    applyEdit(e);
}

void SimulationController::submitYaml(const QString& yaml) {
    plan::PlanEdit e;
    e.kind = plan::EditKind::SubmitYaml;
    e.yaml = yaml.toStdString();
    // Unique among the session's texts (also after undo: the name stays taken).
    int n = std::max(m_submitted, static_cast<int>(m_session.history()->edits().size())) + 1;
    e.fileName = "submitted-" + std::to_string(n) + ".yaml";
    m_submitted = n;
    applyEdit(e);
}

QStringList SimulationController::validateYaml(const QString& yaml) const {
    core::Cluster scratch;
    io::LoadResult result;
    io::loadManifestText(yaml.toStdString(), "editor", scratch, result);
    QStringList out;
    for (const auto& d : result.diagnostics.items) out << QString::fromStdString(d.toString());
    return out;
}

void SimulationController::pinPod(const QString& podKey, const QString& node) {
    plan::PlanEdit e = nodeEdit(plan::EditKind::PinPod, node);
    std::tie(e.ns, e.name) = splitKey(podKey);
    applyEdit(e);
}

void SimulationController::applyEdit(const plan::PlanEdit& edit) {
    if (!m_replays.isEmpty()) {
        Q_EMIT editFailed(QString::fromStdString(plan::describeEdit(edit)), tr("the plan is being rebuilt; try again"));
        return;
    }
    // Playing on while the edit is recorded would move the step it is recorded at.
    const quint64 serial = ++m_editSerial;
    const bool wasBusy = busy();
    ++m_pendingEdits;
    notifyBusy(wasBusy);
    QMetaObject::invokeMethod(m_worker, [w = m_worker, edit, serial] { w->applyEdit(edit, serial); }, Qt::QueuedConnection);
}

void SimulationController::onEditDone(const EditOutcome& outcome) {
    const QString description = QString::fromStdString(plan::describeEdit(outcome.edit));
    if (outcome.error.isEmpty()) {
        m_session.history()->push(outcome.edit);
        m_session.markChanged();
        if (outcome.edit.kind == plan::EditKind::SetSchedulerConfig) {
            // Part of the starting state: compare, and re-run the plan from its start.
            const int applied = m_session.history()->appliedCount();
            const auto& all = m_session.history()->edits();
            comparePlacements({all.begin(), all.begin() + applied - 1}, {all.begin(), all.begin() + applied});
            ReplayRequest r = sessionReplay(applied, outcome.edit.atStep, tr("Applying the scheduler configuration"));
            // Cancelled: the plan on show is the one before the change, so the history says
            // so too (the change stays as a redo) and the comparison is dropped.
            r.rollback = [this, applied] {
                m_session.history()->setApplied(applied - 1);
                if (m_diffProgress) m_diffProgress->cancel();
                ++m_diffSerial;
                m_placementDiff.clear();
            };
            startReplay(std::move(r));
        }
    }
    const bool wasBusy = busy();
    m_pendingEdits = std::max(0, m_pendingEdits - 1);
    notifyBusy(wasBusy);
    if (outcome.error.isEmpty()) {
        setStatusText(description);
        Q_EMIT editApplied(description);
    } else {
        setStatusText(tr("%1 refused: %2").arg(description, outcome.error));
        Q_EMIT editFailed(description, outcome.error);
    }
}

void SimulationController::undo() { revertTo(m_session.history()->appliedCount() - 1); }
void SimulationController::redo() { revertTo(m_session.history()->appliedCount() + 1); }

void SimulationController::revertTo(int applied) {
    EditHistoryModel* h = m_session.history();
    if (busy() || applied < 0 || applied > h->rowCount() || applied == h->appliedCount()) return;
    // Undo shows the plan just before the first edit taken back; redo just after the last
    // edit brought back: each at the step it was made at.
    const auto& edits = h->edits();
    const quint64 stopAt = applied < h->appliedCount() ? edits[static_cast<std::size_t>(applied)].atStep
                                                       : edits[static_cast<std::size_t>(applied - 1)].atStep;
    const int was = h->appliedCount();
    ReplayRequest r = sessionReplay(applied, stopAt, applied < was ? tr("Undo") : tr("Redo"));
    // The history moves once the plan it describes is on show.
    r.commit = [this, was, applied] {
        EditHistoryModel* history = m_session.history();
        const auto& all = history->edits();
        if (configChangeBetween(std::min(was, applied), std::max(was, applied)))
            comparePlacements({all.begin(), all.begin() + was}, {all.begin(), all.begin() + applied});
        history->setApplied(applied);
        m_session.markChanged();
    };
    startReplay(std::move(r));
}

SimulationController::ReplayRequest SimulationController::replayOf(std::shared_ptr<const plan::PlanInput> input,
                                                                   std::vector<plan::PlanEdit> edits, quint64 stopAtStep,
                                                                   const QString& title) {
    ReplayRequest r;
    r.input = std::move(input);
    r.edits = std::move(edits);
    // A configuration change re-runs the plan to the end (its atStep is where it was made,
    // not how far it ran): shown so whenever the plan stops at it.
    if (!r.edits.empty() && r.edits.back().kind == plan::EditKind::SetSchedulerConfig && stopAtStep == r.edits.back().atStep)
        stopAtStep = plan::Plan::kToEnd;
    r.stopAtStep = stopAtStep;
    r.title = title;
    return r;
}

SimulationController::ReplayRequest SimulationController::sessionReplay(int applied, quint64 stopAtStep,
                                                                        const QString& title) const {
    const auto& all = m_session.history()->edits();
    return replayOf(m_session.input(), {all.begin(), all.begin() + applied}, stopAtStep, title);
}

SimulationController::ReplayRequest SimulationController::documentReplay(const SessionDocument& doc, const QString& title) {
    const quint64 stopAt = doc.applied > 0 ? doc.edits[static_cast<std::size_t>(doc.applied - 1)].atStep : 0;
    return replayOf(std::make_shared<const plan::PlanInput>(doc.input), doc.appliedEdits(), stopAt, title);
}

void SimulationController::startReplay(ReplayRequest request) {
    // An older request still with the worker is superseded: it stops at its next check.
    for (const ReplayRequest& older : std::as_const(m_replays)) older.progress->cancel();
    request.serial = ++m_replaySerial;
    request.progress = std::make_shared<core::Progress>();
    m_operations.begin(request.title, request.progress);
    QMetaObject::invokeMethod(
        m_worker,
        [w = m_worker, input = request.input, edits = request.edits, stopAt = request.stopAtStep,
         source = sourceOf(*request.input), serial = request.serial, progress = request.progress,
         refuse = request.refuseBadInput] { w->replay(input, edits, stopAt, source, serial, progress, refuse); },
        Qt::QueuedConnection);
    const bool wasBusy = busy();
    m_replays.append(std::move(request));
    notifyBusy(wasBusy);
}

std::optional<SimulationController::ReplayRequest> SimulationController::takeReplay(quint64 serial) {
    const bool wasBusy = busy();
    std::optional<ReplayRequest> out;
    for (qsizetype i = 0; i < m_replays.size(); ++i)
        if (m_replays[i].serial == serial) {
            out = m_replays.takeAt(i);
            break;
        }
    notifyBusy(wasBusy);
    return out;
}

void SimulationController::onReplayCancelled(quint64 serial) {
    const auto request = takeReplay(serial);
    if (!request) return;
    if (request->rollback) request->rollback();
    // A superseded request is not news: the newer one reports.
    if (m_replays.isEmpty()) setStatusText(tr("Cancelled: %1; the plan on show is unchanged").arg(request->title));
}

void SimulationController::onOpenRefused(quint64 serial, const QStringList& problems) {
    const auto request = takeReplay(serial);
    if (!request) return;
    if (request->rollback) request->rollback();
    refuseOpen(tr("Not opened: %1").arg(sourceOf(*request->input)), problems);
}

void SimulationController::notifyBusy(bool wasBusy) {
    if (wasBusy != busy()) {
        Q_EMIT busyChanged();
        Q_EMIT historyChanged();  // canUndo/canRedo follow busy
    }
}

QString SimulationController::saveSession(const QUrl& file, bool overwrite) {
    const QString err = m_session.save(localPath(file), overwrite);
    setStatusText(err.isEmpty() ? tr("Saved %1").arg(localPath(file)) : err);
    return err;
}

QString SimulationController::openSession(const QUrl& file) {
    if (busy()) return tr("the plan is being rebuilt; try again");
    SessionDocument doc;
    const QString path = localPath(file);
    if (QString err = PlanSession::read(path, doc); !err.isEmpty()) return tr("%1: %2").arg(path, err);
    ReplayRequest r = documentReplay(doc, tr("Opening %1").arg(QFileInfo(path).fileName()));
    r.commit = [this, doc, path] {
        m_session.begin(doc, path);
        m_recent.add(RecentFiles::Session, {path});
        m_submitted = static_cast<int>(doc.edits.size());
    };
    startReplay(std::move(r));
    return {};
}

QString SimulationController::exportPlacements(const QUrl& file, const QString& format, const QString& ns, bool overwrite) {
    const QString path = localPath(file);
    const auto fmt = plan::parseExportFormat(format.toStdString());
    if (!fmt) return tr("unknown export format '%1' (pods, bindings, json, csv, workloads)").arg(format);
    if (path.isEmpty()) return tr("no file name");
    if (!overwrite && QFileInfo::exists(path)) return tr("%1 already exists").arg(path);
    // "workloads": the YAML, and the per-pod placement report beside it (<name>.placements.csv).
    const bool workloads = *fmt == plan::ExportFormat::WorkloadsYaml;
    const QString csvPath = workloads ? QString::fromStdString(plan::placementsCsvPathFor(path.toStdString())) : QString();
    if (workloads && !overwrite && QFileInfo::exists(csvPath)) return tr("%1 already exists").arg(csvPath);
    const auto input = m_session.input();
    const std::vector<plan::PlanEdit> edits = m_session.history()->appliedEdits();
    const std::string nsFilter = ns.toStdString();
    // A fresh plan, run to the end off the GUI thread: the export does not depend on how far
    // the on-screen simulation has got, and equals berthctl's output for the same session.
    auto progress = std::make_shared<core::Progress>();
    m_operations.begin(tr("Exporting %1").arg(QFileInfo(path).fileName()), progress);
    QThread* thread = QThread::create([this, input, edits, fmt, nsFilter, path, overwrite, csvPath, progress] {
        const core::FinishOnExit finish(progress.get());
        std::string error;
        std::vector<plan::ExportFormat> formats{*fmt};
        if (!csvPath.isEmpty()) formats.push_back(plan::ExportFormat::ReportCsv);
        const auto texts = plan::exportPlanTexts(input, edits, formats, nsFilter, error, progress.get());
        QString err = texts ? writeFileAtomically(path, QByteArray::fromStdString(texts->front()), overwrite)
                            : QString::fromStdString(error);
        if (err.isEmpty() && !csvPath.isEmpty())
            err = writeFileAtomically(csvPath, QByteArray::fromStdString(texts->back()), overwrite);
        QMetaObject::invokeMethod(
            this,
            [this, path, err] {
                if (err.isEmpty()) setStatusText(tr("Exported %1").arg(path));
                else if (err == QLatin1String(plan::Plan::kCancelled)) setStatusText(tr("Export cancelled; %1 was not written").arg(path));
                else setStatusText(tr("Export to %1 failed: %2").arg(path, err));
                Q_EMIT exportFinished(path, err);
            },
            Qt::QueuedConnection);
    });
    m_exports << thread;
    // Deleted here, not by deleteLater: a controller destroyed before the event loop runs
    // again would leak it (the destructor deletes those still listed).
    connect(thread, &QThread::finished, this, [this, thread] {
        if (!m_exports.removeOne(thread)) return;
        thread->wait();
        delete thread;
    });
    setStatusText(tr("Exporting %1…").arg(path));
    thread->start();
    return {};
}

bool SimulationController::enableAutosave(const QString& dir) { return m_session.enableAutosave(dir); }

QString SimulationController::restoreSession() {
    if (!m_session.restoreAvailable()) return tr("no session to restore");
    if (busy()) return tr("the plan is being rebuilt; try again");
    SessionDocument doc;
    if (QString err = PlanSession::read(m_session.recoveredPath(), doc); !err.isEmpty()) return err;
    ReplayRequest r = documentReplay(doc, tr("Restoring the previous session"));
    // Cancelled: the autosave stays, and so does the offer to restore it.
    r.commit = [this, doc] {
        m_session.begin(doc, QString());  // unsaved: it will be autosaved again
        m_session.discardRecovered();
        m_submitted = static_cast<int>(doc.edits.size());
    };
    startReplay(std::move(r));
    return {};
}

void SimulationController::discardRestore() { m_session.discardRecovered(); }

}  // namespace berth::app
