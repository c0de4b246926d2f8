// WorkloadTemplate (the template palette's YAML): every kind and preset is read back through
// the manifest loader, which must load it without a diagnostic and build the objects asked for.

#include <QtTest/QtTest>

#include <memory>

#include "app/workload_template.h"
#include "core/api/cluster.h"
#include "io/manifest_loader.h"

using namespace berth;
using berth::app::WorkloadTemplate;

namespace {

struct Loaded {
    std::unique_ptr<core::Cluster> cluster = std::make_unique<core::Cluster>();
    io::LoadResult result;
    QString problems() const {
        QStringList out;
        for (const auto& d : result.diagnostics.items) out << QString::fromStdString(d.toString());
        return out.join('\n');
    }
    const core::Pod* templatePod() const {
        if (!cluster->workloads.empty()) return &cluster->workloads.front().podTemplate;
        return cluster->pods.empty() ? nullptr : &cluster->pods.front();
    }
    std::string sym(core::Sym s) const { return std::string(cluster->pool.str(s)); }
    std::string label(const core::Labels& labels, const char* key) const {
        const core::Sym k = cluster->pool.find(key);
        if (k == core::kNoSym) return {};
        const core::Sym v = labels.get(k);
        return v == core::kNoSym ? std::string() : sym(v);
    }
};

Loaded load(const QString& yaml) {
    Loaded l;
    io::loadManifestText(yaml.toStdString(), "palette.yaml", *l.cluster, l.result);
    return l;
}

QVariantMap base(const QString& kind) {
    return {{"kind", kind},  {"name", "web"}, {"namespace", "shop"},
            {"replicas", 3}, {"cpu", "250m"}, {"memory", "512Mi"}};
}

}  // namespace

class TestWorkloadTemplate : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void kinds_data() {
        // clang-format off
    // (table rows keep their hand alignment)
        QTest::addColumn<QString>("kind");
        QTest::addColumn<int>("workloads");  // objects in cluster.workloads (a Pod is a pod)
        QTest::addColumn<int>("replicas");   // Workload::replicas (Job: parallelism); DaemonSet default 1
        for (const QString& k : WorkloadTemplate::kinds())
            QTest::newRow(qPrintable(k)) << k << (k == "Pod" ? 0 : 1) << (k == "DaemonSet" || k == "Pod" ? 1 : 3);
    }
    void kinds() {
        QFETCH(QString, kind);
        QFETCH(int, workloads);
        QFETCH(int, replicas);
        const QString yaml = WorkloadTemplate::toYaml(base(kind));
        QVERIFY(WorkloadTemplate::formProblems(base(kind)).isEmpty());
        const Loaded l = load(yaml);
        QVERIFY2(l.result.diagnostics.items.empty(), qPrintable(l.problems() + "\n" + yaml));
        QCOMPARE(static_cast<int>(l.cluster->workloads.size()), workloads);
        if (workloads) {
            const core::Workload& w = l.cluster->workloads.front();
            QCOMPARE(QString::fromLatin1(core::workloadKindName(w.kind)), kind);
            QCOMPARE(w.name, std::string("web"));
            QCOMPARE(l.sym(w.ns), std::string("shop"));
            if (kind != "DaemonSet") QCOMPARE(w.replicas, replicas);
            if (kind == "Job") QCOMPARE(w.completions, 3);
            if (kind != "Job") QVERIFY(w.selector.has_value());
        } else {
            QCOMPARE(static_cast<int>(l.cluster->pods.size()), 1);
        }
        const core::Pod* p = l.templatePod();
        QVERIFY(p);
        // The default label app=<name> on the pods (and the selector that must match them).
        QCOMPARE(l.label(p->labels, "app"), std::string("web"));
        QCOMPARE(p->containers.size(), std::size_t(1));
        QCOMPARE(p->containers[0].requests.milliCpu, std::int64_t(250));
        QCOMPARE(p->containers[0].requests.memory, std::int64_t(512) * 1024 * 1024);
        QVERIFY(p->affinity.node.required == std::nullopt);
        QVERIFY(p->tolerations.empty());
        QVERIFY(p->topologySpreadConstraints.empty());
    }

    void presets() {
        QVariantMap form = base("Deployment");
        form["labels"] = "app=api, tier=backend";
        form["priorityClassName"] = "high";
        form["extendedName"] = "example.com/gpu";
        form["extendedCount"] = 2;
        form["tolerations"] = QVariantList{QVariantMap{{"key", "dedicated"}, {"value", "gpu"}, {"effect", "NoSchedule"}},
                                           QVariantMap{{"key", "spot"}, {"effect", "NoExecute"}}};
        form["affinityKey"] = "disk";
        form["affinityValues"] = "ssd, nvme";
        form["groupKey"] = "topology.kubernetes.io/zone";
        form["groupValue"] = "zone-b";
        form["antiAffinity"] = true;
        form["spread"] = true;
        QVERIFY2(WorkloadTemplate::formProblems(form).isEmpty(), qPrintable(WorkloadTemplate::formProblems(form).join('\n')));
        const QString yaml = WorkloadTemplate::toYaml(form);
        const Loaded l = load(yaml);
        QVERIFY2(l.result.diagnostics.items.empty(), qPrintable(l.problems() + "\n" + yaml));
        const core::Pod& p = *l.templatePod();
        QCOMPARE(l.label(p.labels, "app"), std::string("api"));
        QCOMPARE(l.label(p.labels, "tier"), std::string("backend"));
        QCOMPARE(p.priorityClassName, std::string("high"));
        QCOMPARE(p.containers[0].requests.scalar(l.cluster->pool.find("example.com/gpu")), std::int64_t(2));
        // Tolerations: with a value Equal, without one Exists.
        QCOMPARE(p.tolerations.size(), std::size_t(2));
        QCOMPARE(l.sym(p.tolerations[0].key), std::string("dedicated"));
        QCOMPARE(p.tolerations[0].op, core::TolerationOp::Equal);
        QCOMPARE(l.sym(p.tolerations[0].value), std::string("gpu"));
        QCOMPARE(p.tolerations[0].effect, core::TaintEffect::NoSchedule);
        QCOMPARE(p.tolerations[1].op, core::TolerationOp::Exists);
        QCOMPARE(p.tolerations[1].effect, core::TaintEffect::NoExecute);
        // Required node affinity: one term, disk In [ssd, nvme] AND zone In [zone-b].
        QVERIFY(p.affinity.node.required.has_value());
        const auto& terms = p.affinity.node.required->terms;
        QCOMPARE(terms.size(), std::size_t(1));
        QCOMPARE(terms[0].expressions.size(), std::size_t(2));
        QCOMPARE(l.sym(terms[0].expressions[0].key), std::string("disk"));
        QCOMPARE(terms[0].expressions[0].op, core::SelectorOp::In);
        QCOMPARE(terms[0].expressions[0].values.size(), std::size_t(2));
        QCOMPARE(l.sym(terms[0].expressions[0].values[1]), std::string("nvme"));
        QCOMPARE(l.sym(terms[0].expressions[1].key), std::string("topology.kubernetes.io/zone"));
        QCOMPARE(l.sym(terms[0].expressions[1].values[0]), std::string("zone-b"));
        // Anti-affinity to its own pods, per hostname.
        QCOMPARE(p.affinity.podAntiAffinity.required.size(), std::size_t(1));
        const auto& anti = p.affinity.podAntiAffinity.required[0];
        QCOMPARE(l.sym(anti.topologyKey), std::string("kubernetes.io/hostname"));
        QVERIFY(anti.selector.has_value() && anti.selector->matches(p.labels));
        // Spread over zones, maxSkew 1, DoNotSchedule, selecting its own pods.
        QCOMPARE(p.topologySpreadConstraints.size(), std::size_t(1));
        const auto& spread = p.topologySpreadConstraints[0];
        QCOMPARE(spread.maxSkew, 1);
        QCOMPARE(l.sym(spread.topologyKey), std::string("topology.kubernetes.io/zone"));
        QCOMPARE(spread.whenUnsatisfiable, core::UnsatisfiableAction::DoNotSchedule);
        QVERIFY(spread.selector.has_value() && spread.selector->matches(p.labels));
    }

    void problems_data() {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QVariant>("value");
        QTest::addColumn<QString>("expected");  // a part of the message
        QTest::newRow("kind") << "kind" << QVariant("CronJob") << "unknown kind";
        QTest::newRow("no name") << "name" << QVariant("") << "a name is required";
        QTest::newRow("upper-case name") << "name" << QVariant("Web") << "name 'Web'";
        QTest::newRow("namespace") << "namespace" << QVariant("a.b") << "namespace 'a.b'";
        QTest::newRow("replicas") << "replicas" << QVariant(-1) << "negative";
        QTest::newRow("label key") << "labels" << QVariant("-bad=x") << "label key '-bad'";
        QTest::newRow("label value") << "labels" << QVariant("app=a b") << "'a b' is not a valid label value";
        QTest::newRow("extended") << "extendedName" << QVariant("gpu/") << "extended resource";
        QTest::newRow("affinity without values") << "affinityKey" << QVariant("disk") << "at least one value";
        QTest::newRow("toleration effect") << "tolerations" << QVariant(QVariantList{QVariantMap{{"key", "a"}, {"effect", "Never"}}})
                                           << "toleration effect 'Never'";
    }
    void problems() {
        QFETCH(QString, key);
        QFETCH(QVariant, value);
        QFETCH(QString, expected);
        QVariantMap form = base("Deployment");
        form[key] = value;
        const QStringList problems = WorkloadTemplate::formProblems(form);
        QVERIFY2(problems.join('\n').contains(expected), qPrintable(problems.join('\n')));
    }

    void quantitiesAreLeftToTheLoader() {
        // The loader, not the template, judges quantities (SimulationController::validateYaml).
        QVariantMap form = base("Pod");
        form["cpu"] = "lots";
        const Loaded l = load(WorkloadTemplate::toYaml(form));
        QVERIFY(l.problems().contains("lots"));
    }
};

QTEST_APPLESS_MAIN(TestWorkloadTemplate)
#include "tst_workload_template.moc"
