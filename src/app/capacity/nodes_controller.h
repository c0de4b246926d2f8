#pragma once
/// Node > "Add nodes until everything fits…": the templates (a node of the plan as the model,
/// or a Node manifest file), a strategy and a limit, then plan::capacity::howManyNodes on
/// fresh plans of the session's input and applied edits (never the plan on show), off the
/// GUI thread and listed with the long operations (progress, Cancel). The answer (nodes per
/// pool, the pods no pool can take) is applied as ONE edit: the nodes of every pool
/// submitted as one manifest (plan::capacity::addedNodesManifest), so one undo takes them
/// all back.

#include <QObject>
#include <QStringList>
#include <QUrl>
#include <QVariantList>
#include <QtQml/qqmlregistration.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/capacity/plan_question.h"
#include "plan/capacity/nodes.h"

namespace berth::app {

class PlanHost;

class NodesController : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Owned by SimulationController (controller.nodeSearch)")
    /// The templates picked, for display: "node-b1 (a copy of the node)", "big.yaml".
    Q_PROPERTY(QStringList templates READ templates NOTIFY templatesChanged)
    Q_PROPERTY(QString strategy READ strategy WRITE setStrategy NOTIFY templatesChanged)
    /// The most nodes added in all; 0: plan::capacity::kMaxAddedNodes.
    Q_PROPERTY(int maxNodes READ maxNodes WRITE setMaxNodes NOTIFY templatesChanged)
    Q_PROPERTY(bool computing READ computing NOTIFY changed)
    Q_PROPERTY(bool valid READ valid NOTIFY changed)
    Q_PROPERTY(QString error READ error NOTIFY changed)
    /// "Add 3 nodes (least-waste): 12 pending pods placed; verified".
    Q_PROPERTY(QString summary READ summary NOTIFY changed)
    /// [{pool, count, cost ("" without a price), unusable, oneFewer}], the templates' order.
    Q_PROPERTY(QVariantList pools READ pools NOTIFY changed)
    /// [{pod, message}]: the pods no pool can take.
    Q_PROPERTY(QVariantList unplaceable READ unplaceable NOTIFY changed)
    /// The answer adds nodes and is still about the plan on show.
    Q_PROPERTY(bool applicable READ applicable NOTIFY changed)
public:
    explicit NodesController(PlanHost& host, QObject* parent = nullptr);
    ~NodesController() override;

    QStringList templates() const;
    QString strategy() const { return m_strategy; }
    void setStrategy(const QString& s);
    int maxNodes() const { return m_maxNodes; }
    void setMaxNodes(int n);
    bool computing() const { return m_question.running(); }
    bool valid() const { return m_answer.has_value(); }
    QString error() const { return m_error; }
    QString summary() const;
    QVariantList pools() const;
    QVariantList unplaceable() const;
    bool applicable() const;

    /// The strategies, named after Cluster Autoscaler's expanders.
    Q_INVOKABLE static QStringList strategies();
    /// Adds the live node `node` as a template (its pool is named after it). Empty, or why not.
    Q_INVOKABLE QString addNodeModel(const QString& node);
    /// Adds a Node manifest file as a template, read as berthctl reads it. Empty, or why not
    /// (file:line: Node name: message).
    Q_INVOKABLE QString addTemplateFile(const QUrl& file);
    Q_INVOKABLE void removeTemplate(int index);
    Q_INVOKABLE void clearTemplates();
    /// Searches for the nodes to add; the answer arrives later.
    Q_INVOKABLE void search();
    /// Stops a search under way.
    Q_INVOKABLE void cancel();
    /// Applies the answer as one edit. Empty, or why nothing was done.
    Q_INVOKABLE QString apply();

    /// The plan changed (an edit, undo, redo, a load): `applicable` may have.
    void planChanged() {
        if (m_answer) Q_EMIT changed();
    }

    /// Shows `answer` with the manifest that applies it: what a finished search does (handed
    /// over with no search under way, as the QML stubs do, it is about the plan on show).
    void show(plan::capacity::NodesAnswer answer, std::string manifest);
    void showError(const QString& error);

Q_SIGNALS:
    void changed();
    void templatesChanged();

private:
    struct Template {
        QString label;
        std::string modelNode;  // a node of the plan, read in the search's own run
        std::string file;       // or a file, with its text
        std::string text;
    };

    PlanHost& m_host;
    std::vector<Template> m_templates;
    QString m_strategy = QStringLiteral("least-waste");
    int m_maxNodes = 0;
    std::optional<plan::capacity::NodesAnswer> m_answer;
    std::string m_manifest;  // the answer's nodes, as the edit submits them
    QString m_error;
    std::shared_ptr<const plan::PlanInput> m_askedInput;
    std::vector<plan::PlanEdit> m_askedEdits;
    PlanQuestion m_question{this};  // the search under way; last: destroyed (waited for) first
};

}  // namespace berth::app
