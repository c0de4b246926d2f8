#pragma once
/// Edit > Find (Ctrl+F): the nodes, pods, workloads and namespaces a query names, as a list
/// model for the search bar and as sets for the canvas to mark. A query is either
///  - a label selector, as kubectl -l takes it (`app=web`, `tier!=db,zone in (a,b)`, `!gpu`):
///    when it holds '=', '!' or an " in (" / " notin (" set; it selects the nodes and pods
///    whose labels it matches (io::parseSelectorText, core::LabelSelector::matches); or
///  - a name: every node, pod (namespace/name), workload (Kind/name) and namespace whose name
///    contains it, case-insensitively.
/// The answer follows the cluster: it is computed again (once per event loop turn) after the
/// node or pod model changes.

#include <QAbstractListModel>
#include <QPointer>
#include <QSet>
#include <QStringList>
#include <QtQml/qqmlregistration.h>

#include "app/models/node_list_model.h"
#include "app/models/pod_list_model.h"

namespace berth::app {

class SearchModel : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(berth::app::NodeListModel* nodes READ nodes WRITE setNodes NOTIFY modelsChanged)
    Q_PROPERTY(berth::app::PodListModel* pods READ pods WRITE setPods NOTIFY modelsChanged)
    Q_PROPERTY(QString query READ query WRITE setQuery NOTIFY queryChanged)
    /// The query reads as a label selector (rather than a name).
    Q_PROPERTY(bool selector READ selector NOTIFY resultsChanged)
    /// Why the selector does not parse ("" when it does, or for a name).
    Q_PROPERTY(QString error READ error NOTIFY resultsChanged)
    /// Every match (rows lists at most kMaxRows of them).
    Q_PROPERTY(int count READ count NOTIFY resultsChanged)
    /// The nodes and pods (namespace/name) to mark on the canvas: the matches, and the pods
    /// of a matched workload or namespace.
    Q_PROPERTY(QStringList markedNodes READ markedNodes NOTIFY resultsChanged)
    Q_PROPERTY(QStringList markedPods READ markedPods NOTIFY resultsChanged)
public:
    enum class Kind { Node, Pod, Workload, Namespace };
    Q_ENUM(Kind)
    enum Role { KindRole = Qt::UserRole + 1, NameRole, DetailRole, NodeRole, PodRole };
    Q_ENUM(Role)
    /// The list stops here (the count and the canvas marks do not).
    static constexpr int kMaxRows = 500;

    struct Row {
        Kind kind = Kind::Node;
        QString name;    // what matched: node, namespace/name, Kind/name (+ namespace), namespace
        QString detail;  // where it is: the pod's node, a workload's or namespace's pod count
        QString node;    // what a pick selects: the node, and the pod ("" for none)
        QString pod;
        bool operator==(const Row&) const = default;
    };

    explicit SearchModel(QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

    NodeListModel* nodes() const { return m_nodes; }
    void setNodes(NodeListModel* nodes);
    PodListModel* pods() const { return m_pods; }
    void setPods(PodListModel* pods);
    QString query() const { return m_query; }
    void setQuery(const QString& query);
    bool selector() const { return m_selector; }
    QString error() const { return m_error; }
    int count() const { return m_count; }
    QStringList markedNodes() const { return m_markedNodes; }
    QStringList markedPods() const { return m_markedPods; }
    const QList<Row>& rows() const { return m_rows; }

    /// The row's {node, pod} to select (what Enter and a click pick); {} out of range.
    Q_INVOKABLE QVariantMap pick(int row) const;
    /// Whether `query` reads as a label selector rather than a name.
    static bool looksLikeSelector(const QString& query);

Q_SIGNALS:
    void modelsChanged();
    void queryChanged();
    void resultsChanged();

private:
    /// Recomputes once the event loop turns (model updates come in batches).
    void scheduleUpdate();
    void update();
    void matchSelector(QList<Row>& rows, QSet<QString>& nodes, QSet<QString>& pods);
    void matchName(QList<Row>& rows, QSet<QString>& nodes, QSet<QString>& pods);

    QPointer<NodeListModel> m_nodes;
    QPointer<PodListModel> m_pods;
    QString m_query;
    bool m_selector = false;
    QString m_error;
    int m_count = 0;
    QList<Row> m_rows;
    QStringList m_markedNodes, m_markedPods;
    bool m_updatePending = false;
};

}  // namespace berth::app
