// SessionController. Undo and redo rebuild the plan from the session's input and replay the
// history, so they are exactly as deterministic as a load. Opening from the recent list and
// from files dropped on the window end in the ordinary paths (loadFiles, openSession), so a
// dropped or recent file is checked, refused and reported exactly as one picked in File > Open.

#include "app/session/session_controller.h"

#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <utility>

#include "app/config/config_controller.h"
#include "app/models/operation_list_model.h"
#include "app/plan_host.h"
#include "app/session/atomic_file.h"
#include "app/session/timeline_open.h"

namespace berth::app {
namespace {

QString localPath(const QUrl& url) { return url.isLocalFile() ? url.toLocalFile() : url.toString(); }

bool manifestSuffix(const QString& path) {
    const QString suffix = QFileInfo(path).suffix().toLower();
    return suffix == QLatin1String("yaml") || suffix == QLatin1String("yml") || suffix == QLatin1String("json");
}

/// A session file's extenders: its recording replayed, offline, when it has one; `doc`'s plans
/// go through them.
std::shared_ptr<SessionExtenders> extendersOf(SessionDocument& doc) {
    const auto mode = doc.extenderCalls.empty() ? SessionExtenders::Mode::Live : SessionExtenders::Mode::Replay;
    auto extenders = std::make_shared<SessionExtenders>(doc.extenderCalls, mode);
    SessionExtenders::attach(extenders, doc.input);
    return extenders;
}

}  // namespace

SessionController::SessionController(PlanHost& host, ConfigController& config, QObject* parent)
    : QObject(parent), m_host(host), m_config(config) {
    connect(history(), &EditHistoryModel::changed, this, &SessionController::historyChanged);
    connect(this, &SessionController::stateChanged, this,
            &SessionController::historyChanged);  // canUndo/canRedo follow busy
}

PlanSession* SessionController::planSession() { return &m_host.planSession(); }
EditHistoryModel* SessionController::history() { return m_host.planSession().history(); }
bool SessionController::canUndo() const { return !busy() && m_host.planSession().history()->canUndo(); }
bool SessionController::canRedo() const { return !busy() && m_host.planSession().history()->canRedo(); }
bool SessionController::loaded() const { return m_host.planLoaded(); }
bool SessionController::busy() const { return m_host.planBusy(); }

void SessionController::load(const QList<QUrl>& urls) {
    QStringList paths;
    for (const QUrl& u : urls) paths << localPath(u);
    loadFiles(paths);
}

void SessionController::loadFiles(const QStringList& paths) {
    // The texts are read here, once: the session keeps them, so undo, save and export never
    // depend on the files still being there (or unchanged).
    plan::PlanInput input;
    QStringList names;
    for (const QString& path : paths) {
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            return m_host.refuseOpen(tr("Cannot read %1").arg(path), {tr("%1: %2").arg(path, file.errorString())});
        QString name = QFileInfo(path).fileName();
        // Names key the kept texts (exports find documents by file name): keep them distinct.
        for (int n = 2; names.contains(name); ++n)
            name = QStringLiteral("%1 (%2)").arg(QFileInfo(path).fileName()).arg(n);
        names << name;
        const QByteArray text = file.readAll();
        input.manifests.push_back({name.toStdString(), text.toStdString()});
    }
    startLoad(std::move(input), names.join(QStringLiteral(", ")), paths);
}

void SessionController::loadText(const QByteArray& text, const QString& name) {
    plan::PlanInput input;
    input.manifests.push_back({name.toStdString(), text.toStdString()});
    startLoad(std::move(input), name, {});
}

void SessionController::startLoad(plan::PlanInput input, const QString& source, const QStringList& recentPaths) {
    input.seed = m_seed;
    if (!m_launchTimeline.isEmpty()) {
        const QString path = std::exchange(m_launchTimeline, QString());
        TimelineOpen timeline = readTimelineForSession(path);
        if (!timeline.problems.isEmpty()) return m_host.refuseOpen(tr("Not opened: %1").arg(path), timeline.problems);
        input.timeline = std::move(timeline.edits);
    }
    m_host.showStatus(tr("Loading %1…").arg(source));
    auto extenders = std::make_shared<SessionExtenders>();  // live, recorded into the session
    SessionExtenders::attach(extenders, input);
    ReplayRequest r;
    r.input = std::make_shared<const plan::PlanInput>(std::move(input));
    r.title = tr("Loading %1").arg(source);
    // A bad file never replaces the session on show (manifest_check.h): the worker checks
    // the files as it loads them, and only a plan that loaded becomes the session.
    r.refuseBadInput = true;
    r.commit = [this, input = r.input, recentPaths, extenders] {
        m_host.planSession().begin(input, extenders);
        m_config.placementDiff()->clear();  // compared within one cluster only
        if (!recentPaths.isEmpty()) m_recent.add(RecentFiles::Manifests, recentPaths);
    };
    m_host.startReplay(std::move(r));
}

void SessionController::openSessionOrRefuse(const QString& path) {
    if (const QString err = openSession(QUrl::fromLocalFile(path)); !err.isEmpty())
        m_host.refuseOpen(tr("Not opened: %1").arg(path), {err});
}

void SessionController::openRecent(int row) {
    if (row < 0 || row >= m_recent.count()) return;
    const RecentFiles::Entry entry = m_recent.entries()[row];
    if (const QStringList missing = m_recent.missingPaths(row); !missing.isEmpty()) {
        m_recent.remove(row);
        return m_host.refuseOpen(
            tr("Removed from the recent files: %1 no longer exists").arg(missing.join(QStringLiteral(", "))), {});
    }
    if (entry.kind == RecentFiles::Session) return openSessionOrRefuse(entry.paths.value(0));
    loadFiles(entry.paths);
}

void SessionController::openDropped(const QList<QUrl>& urls) {
    QStringList paths, refused;
    for (const QUrl& u : urls) {
        const QString path = localPath(u);
        (u.isLocalFile() && manifestSuffix(path) ? paths : refused) << path;
    }
    if (!refused.isEmpty())
        return m_host.refuseOpen(tr("Not opened: only .yaml, .yml and .json files can be dropped"), refused);
    if (!paths.isEmpty()) openFiles(paths);
}

void SessionController::openFiles(const QStringList& paths) {
    // A session file is JSON (any suffix: .berth, .json): one that reads as a session opens
    // as one. YAML files are not read twice to find out.
    const QString suffix = paths.size() == 1 ? QFileInfo(paths.first()).suffix().toLower() : QString();
    if (paths.size() == 1 && suffix != QLatin1String("yaml") && suffix != QLatin1String("yml")) {
        SessionDocument doc;
        if (PlanSession::read(paths.first(), doc).isEmpty()) return openSessionOrRefuse(paths.first());
    }
    loadFiles(paths);
}

void SessionController::undo() { revertTo(history()->appliedCount() - 1); }
void SessionController::redo() { revertTo(history()->appliedCount() + 1); }

void SessionController::revertTo(int applied) {
    EditHistoryModel* h = history();
    if (busy() || applied < 0 || applied > h->rowCount() || applied == h->appliedCount()) return;
    // Undo shows the plan just before the first edit taken back; redo just after the last
    // edit brought back: each at the step it was made at.
    const auto& edits = h->edits();
    const quint64 stopAt = applied < h->appliedCount() ? edits[static_cast<std::size_t>(applied)].atStep
                                                       : edits[static_cast<std::size_t>(applied - 1)].atStep;
    const int was = h->appliedCount();
    ReplayRequest r = sessionReplay(m_host.planSession(), applied, stopAt, applied < was ? tr("Undo") : tr("Redo"));
    // The history moves once the plan it describes is on show.
    r.commit = [this, was, applied] {
        m_config.historyMoving(was, applied);
        history()->setApplied(applied);
        m_host.planSession().markChanged();
    };
    m_host.startReplay(std::move(r));
}

QString SessionController::saveSession(const QUrl& file, bool overwrite) {
    const QString err = m_host.planSession().save(localPath(file), overwrite);
    m_host.showStatus(err.isEmpty() ? tr("Saved %1").arg(localPath(file)) : err);
    return err;
}

QString SessionController::openSession(const QUrl& file) {
    if (busy()) return tr("the plan is being rebuilt; try again");
    SessionDocument doc;
    const QString path = localPath(file);
    if (QString err = PlanSession::read(path, doc); !err.isEmpty()) return tr("%1: %2").arg(path, err);
    auto extenders = extendersOf(doc);
    ReplayRequest r = documentReplay(doc, tr("Opening %1").arg(QFileInfo(path).fileName()));
    r.commit = [this, doc, path, extenders] {
        m_host.planSession().begin(doc, path, extenders);
        m_recent.add(RecentFiles::Session, {path});
    };
    m_host.startReplay(std::move(r));
    return {};
}

QString SessionController::openTimeline(const QUrl& file) {
    if (!loaded()) return tr("open a cluster first: a timeline plays on the cluster on show");
    if (busy()) return tr("the plan is being rebuilt; try again");
    const QString path = localPath(file);
    TimelineOpen timeline = readTimelineForSession(path);
    if (!timeline.problems.isEmpty()) {
        m_host.refuseOpen(tr("Not opened: %1").arg(path), timeline.problems);
        return {};  // the open-error dialog tells
    }
    PlanSession& session = m_host.planSession();
    auto input = std::make_shared<plan::PlanInput>(*session.input());  // its extenders too
    input->timeline = std::move(timeline.edits);
    // The timed edits change the run from t = 0: rebuilt with the edits in effect, shown
    // where the last of them was made (as a session opens).
    const std::vector<plan::PlanEdit> edits = history()->appliedEdits();
    const quint64 stopAt = edits.empty() ? 0 : edits.back().atStep;
    ReplayRequest r = replayOf(input, edits, stopAt, tr("Opening %1").arg(QFileInfo(path).fileName()));
    r.commit = [this, input] { m_host.planSession().setInput(input); };
    m_host.startReplay(std::move(r));
    return {};
}

QString SessionController::exportPlacements(const QUrl& file, const QString& format, const QString& ns,
                                            bool overwrite) {
    const QString path = localPath(file);
    const auto fmt = plan::parseExportFormat(format.toStdString());
    if (!fmt) return tr("unknown export format '%1' (pods, bindings, json, csv, workloads)").arg(format);
    if (path.isEmpty()) return tr("no file name");
    if (!overwrite && QFileInfo::exists(path)) return tr("%1 already exists").arg(path);
    // "workloads": the YAML, and the per-pod placement report beside it (<name>.placements.csv).
    const bool workloads = *fmt == plan::ExportFormat::WorkloadsYaml;
    const QString csvPath =
        workloads ? QString::fromStdString(plan::placementsCsvPathFor(path.toStdString())) : QString();
    if (workloads && !overwrite && QFileInfo::exists(csvPath)) return tr("%1 already exists").arg(csvPath);
    startExport(*fmt, ns, path, csvPath, overwrite);
    return {};
}

QString SessionController::exportFormatFor(const QUrl& file, const QString& chosen) const {
    const auto format = plan::parseExportFormat(chosen.toStdString());
    if (!format) return chosen;  // exportPlacements names the mistake
    const auto inferred = plan::exportFormatForFile(localPath(file).toStdString(), *format);
    return QString::fromStdString(std::string(plan::exportFormatName(inferred)));
}

void SessionController::startExport(plan::ExportFormat format, const QString& ns, const QString& path,
                                    const QString& csvPath, bool overwrite) {
    const auto input = m_host.planSession().input();
    const std::vector<plan::PlanEdit> edits = history()->appliedEdits();
    const std::string nsFilter = ns.toStdString();
    // A fresh plan, run to the end off the GUI thread: the export does not depend on how far
    // the on-screen simulation has got, and equals berthctl's output for the same session.
    auto progress = std::make_shared<core::Progress>();
    m_host.operationList().begin(tr("Exporting %1").arg(QFileInfo(path).fileName()), progress);
    m_jobs.start([this, input, edits, format, nsFilter, path, overwrite, csvPath, progress] {
        const core::FinishOnExit finish(progress.get());
        std::string error;
        std::vector<plan::ExportFormat> formats{format};
        if (!csvPath.isEmpty()) formats.push_back(plan::ExportFormat::ReportCsv);
        const auto texts = plan::exportPlanTexts(input, edits, formats, nsFilter, error, progress.get());
        QString err = texts ? writeFileAtomically(path, QByteArray::fromStdString(texts->front()), overwrite)
                            : QString::fromStdString(error);
        if (err.isEmpty() && !csvPath.isEmpty())
            err = writeFileAtomically(csvPath, QByteArray::fromStdString(texts->back()), overwrite);
        QMetaObject::invokeMethod(
            this,
            [this, path, err] {
                if (err.isEmpty())
                    m_host.showStatus(tr("Exported %1").arg(path));
                else if (err == QLatin1String(plan::Plan::kCancelled))
                    m_host.showStatus(tr("Export cancelled; %1 was not written").arg(path));
                else
                    m_host.showStatus(tr("Export to %1 failed: %2").arg(path, err));
                Q_EMIT exportFinished(path, err);
            },
            Qt::QueuedConnection);
    });
    m_host.showStatus(tr("Exporting %1…").arg(path));
}

bool SessionController::enableAutosave(const QString& dir) { return m_host.planSession().enableAutosave(dir); }

QString SessionController::restoreSession() {
    PlanSession& session = m_host.planSession();
    if (!session.restoreAvailable()) return tr("no session to restore");
    if (busy()) return tr("the plan is being rebuilt; try again");
    SessionDocument doc;
    if (QString err = PlanSession::read(session.recoveredPath(), doc); !err.isEmpty()) return err;
    auto extenders = extendersOf(doc);
    ReplayRequest r = documentReplay(doc, tr("Restoring the previous session"));
    // Cancelled: the autosave stays, and so does the offer to restore it.
    r.commit = [this, doc, extenders] {
        m_host.planSession().begin(doc, QString(), extenders);  // unsaved: it will be autosaved again
        m_host.planSession().discardRecovered();
    };
    m_host.startReplay(std::move(r));
    return {};
}

void SessionController::discardRestore() { m_host.planSession().discardRecovered(); }

}  // namespace berth::app
