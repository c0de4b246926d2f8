#pragma once
/// The Capacity panel's "Configurations side by side": two or more KubeSchedulerConfiguration
/// files, and plan::capacity::compareConfigurations on fresh plans of the session's input and
/// applied edits, one per configuration (never the plan on show), off the GUI thread and
/// listed with the long operations (progress, Cancel). Shown: pending, nodes used and empty
/// per configuration, cpu and memory utilization per group of nodes per configuration (the
/// panel's grouped bars), and the pods placed differently from the first configuration; the
/// Markdown report is `berthctl capacity compare -o markdown`'s (the same code).

#include <QObject>
#include <QStringList>
#include <QUrl>
#include <QVariantList>
#include <QtQml/qqmlregistration.h>

#include <memory>
#include <optional>
#include <vector>

#include "app/capacity/plan_question.h"
#include "plan/capacity/compare.h"

namespace berth::app {

class PlanHost;

class CompareController : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Owned by SimulationController (controller.compare)")
    /// The configurations picked, by name (the file name without folder and extension).
    Q_PROPERTY(QStringList configs READ configs NOTIFY configsChanged)
    Q_PROPERTY(bool computing READ computing NOTIFY changed)
    Q_PROPERTY(bool valid READ valid NOTIFY changed)
    Q_PROPERTY(QString error READ error NOTIFY changed)
    /// The groups of nodes (the node label `groupBy`'s values; "(none)" without it), in order.
    Q_PROPERTY(QStringList groups READ groups NOTIFY changed)
    /// [{name, pending, placed, nodesUsed, nodesEmpty, stranded}], one per configuration.
    Q_PROPERTY(QVariantList outcomes READ outcomes NOTIFY changed)
    /// [{pod, config, from, to}] ("pending" where a configuration leaves the pod pending).
    Q_PROPERTY(QVariantList moved READ moved NOTIFY changed)
public:
    explicit CompareController(PlanHost& host, QObject* parent = nullptr);
    ~CompareController() override;

    QStringList configs() const;
    bool computing() const { return m_question.running(); }
    bool valid() const { return m_answer.has_value(); }
    QString error() const { return m_error; }
    QStringList groups() const;
    QVariantList outcomes() const;
    QVariantList moved() const;

    /// Adds a KubeSchedulerConfiguration file; empty, or why not (it is checked when compared,
    /// as berthctl checks it).
    Q_INVOKABLE QString addConfigFile(const QUrl& file);
    Q_INVOKABLE void removeConfig(int index);
    /// Per configuration, requested/allocatable of `resource` ("cpu", "memory") per group, as
    /// percentages in `groups` order: the grouped bars.
    Q_INVOKABLE QVariantList utilization(const QString& resource) const;
    /// Runs the plan under each configuration, nodes grouped by `groupBy`; the answer arrives later.
    Q_INVOKABLE void compare(const QString& groupBy);
    Q_INVOKABLE void cancel();
    /// The answer as a Markdown report; empty when there is none.
    Q_INVOKABLE QString markdown() const;
    Q_INVOKABLE QString exportMarkdown(const QUrl& file, bool overwrite);

    /// Shows `answer`: what a finished comparison does; tests and the QML stubs call it.
    void show(plan::capacity::CompareAnswer answer);
    void showError(const QString& error);

Q_SIGNALS:
    void changed();
    void configsChanged();

private:
    PlanHost& m_host;
    std::vector<plan::capacity::NamedConfig> m_configs;
    std::optional<plan::capacity::CompareAnswer> m_answer;
    QString m_error;
    PlanQuestion m_question{this};  // the comparison under way; last: destroyed (waited for) first
};

}  // namespace berth::app
