#include "app/models/search_model.h"

#include <QMap>
#include <QRegularExpression>
#include <QTimer>

#include <string>

#include "core/api/string_pool.h"
#include "io/selector_text.h"

namespace berth::app {

namespace {

/// Labels as the selector sees them: each key and value the selector names, by its symbol in
/// the selector's pool; a value the selector never names becomes `kOther` (it can equal
/// none of the selector's values), and a key it never names is left out (no requirement
/// reads it). So a row's labels are never interned.
constexpr core::Sym kOther = core::kNoSym - 1;

core::Labels selectorView(const QList<QPair<QString, QString>>& labels, const core::StringPool& pool) {
    core::Labels out;
    for (const auto& [key, value] : labels) {
        const core::Sym k = pool.find(key.toStdString());
        if (k == core::kNoSym) continue;
        const core::Sym v = pool.find(value.toStdString());
        out.set(k, v == core::kNoSym ? kOther : v);
    }
    return out;
}

QString podCount(int n) {
    return n == 1 ? SearchModel::tr("1 pod") : SearchModel::tr("%1 pods").arg(n);
}

QString nsOf(const QString& podKey) { return podKey.section(QLatin1Char('/'), 0, 0); }

bool live(const PodRow& p) { return p.phase != PodPhaseUi::Evicted; }

}  // namespace

SearchModel::SearchModel(QObject* parent) : QAbstractListModel(parent) {}

int SearchModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

QVariant SearchModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= m_rows.size()) return {};
    const Row& r = m_rows[index.row()];
    switch (role) {
        case KindRole: return static_cast<int>(r.kind);  // SearchModel.Node, ... in QML
        case Qt::DisplayRole:
        case NameRole: return r.name;
        case DetailRole: return r.detail;
        case NodeRole: return r.node;
        case PodRole: return r.pod;
        default: return {};
    }
}

QHash<int, QByteArray> SearchModel::roleNames() const {
    return {{KindRole, "kind"}, {NameRole, "name"}, {DetailRole, "detail"}, {NodeRole, "node"}, {PodRole, "pod"}};
}

void SearchModel::setNodes(NodeListModel* nodes) {
    if (m_nodes == nodes) return;
    if (m_nodes) disconnect(m_nodes, nullptr, this, nullptr);
    m_nodes = nodes;
    if (nodes) connect(nodes, &IdRowModelBase::contentChanged, this, &SearchModel::scheduleUpdate);
    Q_EMIT modelsChanged();
    scheduleUpdate();
}

void SearchModel::setPods(PodListModel* pods) {
    if (m_pods == pods) return;
    if (m_pods) disconnect(m_pods, nullptr, this, nullptr);
    m_pods = pods;
    if (pods) connect(pods, &IdRowModelBase::contentChanged, this, &SearchModel::scheduleUpdate);
    Q_EMIT modelsChanged();
    scheduleUpdate();
}

void SearchModel::setQuery(const QString& query) {
    if (query == m_query) return;
    m_query = query;
    Q_EMIT queryChanged();
    update();  // at once: the list follows the typing
}

bool SearchModel::looksLikeSelector(const QString& query) {
    static const QRegularExpression set(QStringLiteral("\\s(not)?in\\s*\\("));
    return query.contains(QLatin1Char('=')) || query.trimmed().startsWith(QLatin1Char('!')) ||
           query.contains(QStringLiteral("!=")) || query.contains(set);
}

QVariantMap SearchModel::pick(int row) const {
    if (row < 0 || row >= m_rows.size()) return {};
    return {{QStringLiteral("node"), m_rows[row].node}, {QStringLiteral("pod"), m_rows[row].pod}};
}

void SearchModel::scheduleUpdate() {
    if (m_updatePending || m_query.trimmed().isEmpty()) return;
    m_updatePending = true;
    QTimer::singleShot(0, this, [this] {
        m_updatePending = false;
        update();
    });
}

void SearchModel::update() {
    QList<Row> rows;
    QSet<QString> nodes, pods;
    m_error.clear();
    m_selector = looksLikeSelector(m_query);
    if (!m_query.trimmed().isEmpty() && m_nodes && m_pods) {
        if (m_selector)
            matchSelector(rows, nodes, pods);
        else
            matchName(rows, nodes, pods);
    }
    m_count = static_cast<int>(rows.size());
    if (rows.size() > kMaxRows) rows.resize(kMaxRows);
    if (rows != m_rows) {
        beginResetModel();
        m_rows = std::move(rows);
        endResetModel();
    }
    m_markedNodes = QStringList(nodes.begin(), nodes.end());
    m_markedPods = QStringList(pods.begin(), pods.end());
    m_markedNodes.sort();
    m_markedPods.sort();
    Q_EMIT resultsChanged();
}

void SearchModel::matchSelector(QList<Row>& rows, QSet<QString>& nodes, QSet<QString>& pods) {
    core::StringPool pool;
    std::string error;
    const auto selector = io::parseSelectorText(m_query.trimmed().toStdString(), pool, error);
    if (!selector) {
        m_error = error.empty() ? tr("it does not parse") : QString::fromStdString(error);
        return;
    }
    for (const NodeRow& n : m_nodes->rows()) {
        if (n.removed || !selector->matches(selectorView(n.labels, pool))) continue;
        rows.append({Kind::Node, n.name, podCount(n.podCount), n.name, {}});
        nodes.insert(n.name);
    }
    for (const PodRow& p : m_pods->rows()) {
        if (!live(p) || !selector->matches(selectorView(p.labels, pool))) continue;
        rows.append({Kind::Pod, p.key, p.node.isEmpty() ? tr("pending") : p.node, p.node, p.key});
        pods.insert(p.key);
    }
}

void SearchModel::matchName(QList<Row>& rows, QSet<QString>& nodes, QSet<QString>& pods) {
    const QString needle = m_query.trimmed();
    const auto hit = [&needle](const QString& s) { return s.contains(needle, Qt::CaseInsensitive); };
    for (const NodeRow& n : m_nodes->rows()) {
        if (n.removed || !hit(n.name)) continue;
        rows.append({Kind::Node, n.name, podCount(n.podCount), n.name, {}});
        nodes.insert(n.name);
    }
    // Workloads and namespaces are found through their pods: the first live pod is where a
    // pick goes, every pod is marked.
    struct Group {
        const PodRow* first = nullptr;
        int pods = 0;
    };
    QMap<QPair<QString, QString>, Group> workloads;  // (namespace, Kind/name)
    QMap<QString, Group> namespaces;
    QList<Row> podRows;  // listed last: a workload's or namespace's row stands for many pods
    for (const PodRow& p : m_pods->rows()) {
        if (!live(p)) continue;
        const QString ns = nsOf(p.key);
        const bool podHit = hit(p.key.section(QLatin1Char('/'), 1));
        const bool ownerHit = !p.owner.isEmpty() && hit(p.owner.section(QLatin1Char('/'), 1));
        const bool nsHit = hit(ns);
        if (podHit) podRows.append({Kind::Pod, p.key, p.node.isEmpty() ? tr("pending") : p.node, p.node, p.key});
        if (ownerHit) {
            Group& g = workloads[{ns, p.owner}];
            if (!g.first) g.first = &p;
            ++g.pods;
        }
        if (nsHit) {
            Group& g = namespaces[ns];
            if (!g.first) g.first = &p;
            ++g.pods;
        }
        if (podHit || ownerHit || nsHit) pods.insert(p.key);
    }
    for (auto it = workloads.cbegin(); it != workloads.cend(); ++it)
        rows.append({Kind::Workload, tr("%1 in %2").arg(it.key().second, it.key().first),
                     podCount(it->pods), it->first->node, it->first->key});
    for (auto it = namespaces.cbegin(); it != namespaces.cend(); ++it)
        rows.append({Kind::Namespace, it.key(), podCount(it->pods), it->first->node, it->first->key});
    rows.append(podRows);
}

}  // namespace berth::app
