// The scheduler configuration as planner state: the SetSchedulerConfig edit (checked by
// apply, in effect from step 0 on replay), the panel's settings read from and written back
// to a KubeSchedulerConfiguration, upstream's validation of them, and the diff of two runs'
// placements ("what moved").

#include <QTest>

#include "plan/placement_diff.h"
#include "plan/plan.h"
#include "plan/scheduler_settings.h"

using namespace berth;
using plan::EditKind;
using plan::PlacementChange;
using plan::PlacementChangeKind;
using plan::Placements;
using plan::PlanEdit;

Q_DECLARE_METATYPE(plan::Placements)
Q_DECLARE_METATYPE(std::vector<plan::PlacementChange>)

namespace {

// Two equal nodes and three 1-cpu pods: LeastAllocated spreads them, MostAllocated packs
// them onto one node.
const char* kCluster = R"(apiVersion: v1
kind: Node
metadata: {name: n1, labels: {kubernetes.io/hostname: n1}}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Node
metadata: {name: n2, labels: {kubernetes.io/hostname: n2}}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Pod
metadata: {name: p1}
spec: {containers: [{name: c, resources: {requests: {cpu: "1", memory: 1Gi}}}]}
---
apiVersion: v1
kind: Pod
metadata: {name: p2}
spec: {containers: [{name: c, resources: {requests: {cpu: "1", memory: 1Gi}}}]}
---
apiVersion: v1
kind: Pod
metadata: {name: p3}
spec: {containers: [{name: c, resources: {requests: {cpu: "1", memory: 1Gi}}}]}
)";

plan::PlanInput input() {
    plan::PlanInput in;
    in.manifests.push_back({"cluster.yaml", kCluster});
    in.seed = 5;
    in.tieBreak = core::TieBreak::Name;
    return in;
}

plan::SchedulerSettings defaults() {
    plan::SchedulerSettings s;
    std::string error;
    if (!plan::settingsFromConfig(core::SchedulerConfiguration{}, core::KubeVersion::newest(), s, error))
        qFatal("%s", error.c_str());
    return s;
}

PlanEdit configEdit(const std::string& yaml) {
    PlanEdit e;
    e.kind = EditKind::SetSchedulerConfig;
    e.yaml = yaml;
    e.fileName = "panel.yaml";
    return e;
}

std::string mostAllocated() {
    plan::SchedulerSettings s = defaults();
    s.strategy = core::ScoringStrategyType::MostAllocated;
    return plan::settingsToYaml(s);
}

Placements run(const std::vector<PlanEdit>& edits) {
    std::string error;
    auto p = plan::finalPlacements(std::make_shared<const plan::PlanInput>(input()), edits, error);
    if (!p) qFatal("%s", error.c_str());
    return *p;
}

int podsOn(const Placements& p, const std::string& node) {
    int n = 0;
    for (const auto& [pod, on] : p) n += on == node ? 1 : 0;
    return n;
}

}  // namespace

class TestSchedulerConfig : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void diff_data() {
        // clang-format off
    // (table rows keep their hand alignment)
        QTest::addColumn<Placements>("before");
        QTest::addColumn<Placements>("after");
        QTest::addColumn<std::vector<PlacementChange>>("expected");
        QTest::newRow("same") << Placements{{"d/a", "n1"}, {"d/b", ""}} << Placements{{"d/a", "n1"}, {"d/b", ""}}
                              << std::vector<PlacementChange>{};
        // n1 -> n2 is a move; a pod that lost its node became pending; one that got a node
        // was scheduled.
        QTest::newRow("kinds") << Placements{{"d/a", "n1"}, {"d/b", "n1"}, {"d/c", ""}}
                               << Placements{{"d/a", "n2"}, {"d/b", ""}, {"d/c", "n3"}}
                               << std::vector<PlacementChange>{{"d/a", PlacementChangeKind::Moved, "n1", "n2"},
                                                               {"d/b", PlacementChangeKind::Unscheduled, "n1", ""},
                                                               {"d/c", PlacementChangeKind::Scheduled, "", "n3"}};
        // In one run only: absent counts as pending; pending in both is no change.
        QTest::newRow("one side") << Placements{{"d/gone", "n1"}, {"d/idle", ""}}
                                  << Placements{{"d/new", "n2"}, {"d/new-pending", ""}}
                                  << std::vector<PlacementChange>{{"d/gone", PlacementChangeKind::Unscheduled, "n1", ""},
                                                                  {"d/new", PlacementChangeKind::Scheduled, "", "n2"}};
        QTest::newRow("empty") << Placements{} << Placements{} << std::vector<PlacementChange>{};
    }
    void diff() {
        QFETCH(Placements, before);
        QFETCH(Placements, after);
        QFETCH(std::vector<PlacementChange>, expected);
        QVERIFY(plan::diffPlacements(before, after) == expected);
    }

    void defaultSettings() {
        const plan::SchedulerSettings s = defaults();
        QCOMPARE(s.profile, std::string("default-scheduler"));
        auto weight = [&](const char* name) {
            for (const auto& p : s.score)
                if (p.name == name) return p.enabled ? p.weight : -1;
            return -2;
        };
        // UPSTREAM 3.2 default weights.
        QCOMPARE(weight("TaintToleration"), 3);
        QCOMPARE(weight("NodeAffinity"), 2);
        QCOMPARE(weight("PodTopologySpread"), 2);
        QCOMPARE(weight("InterPodAffinity"), 2);
        QCOMPARE(weight("NodeResourcesFit"), 1);
        QCOMPARE(weight("NodeResourcesBalancedAllocation"), 1);
        QCOMPARE(weight("ImageLocality"), 1);
        QVERIFY(std::any_of(s.filter.begin(), s.filter.end(), [](const auto& p) { return p.name == "NodeResourcesFit"; }));
        QVERIFY(std::all_of(s.filter.begin(), s.filter.end(), [](const auto& p) { return p.enabled && p.weight == 0; }));
        QCOMPARE(s.strategy, core::ScoringStrategyType::LeastAllocated);
        QCOMPARE(s.percentageOfNodesToScore, 0);
        QVERIFY(plan::validateSettings(s).empty());
    }

    void settingsRoundTrip() {
        // Edited settings -> YAML -> loaded again: the same settings, disabled ones listed after.
        plan::SchedulerSettings s = defaults();
        s.score[0].weight = 7;
        auto balanced = std::find_if(s.score.begin(), s.score.end(),
                                     [](const auto& p) { return p.name == "NodeResourcesBalancedAllocation"; });
        QVERIFY(balanced != s.score.end());
        balanced->enabled = false;
        auto ports = std::find_if(s.filter.begin(), s.filter.end(), [](const auto& p) { return p.name == "NodePorts"; });
        QVERIFY(ports != s.filter.end());
        ports->enabled = false;
        s.strategy = core::ScoringStrategyType::RequestedToCapacityRatio;
        s.resources = {{"cpu", 3}, {"memory", 1}};
        s.shape = {{0, 0}, {100, 10}};
        s.percentageOfNodesToScore = 50;
        const std::string yaml = plan::settingsToYaml(s);
        QCOMPARE(plan::checkSchedulerConfig(yaml, "panel.yaml", core::KubeVersion::newest()), std::string());

        core::SchedulerConfiguration config;
        std::string text, error;
        QVERIFY(plan::effectiveSchedulerConfig(input(), {configEdit(yaml)}, config, text, error));
        QCOMPARE(text, yaml);
        plan::SchedulerSettings back;
        QVERIFY2(plan::settingsFromConfig(config, core::KubeVersion::newest(), back, error), error.c_str());
        // Disabled plugins move behind the enabled ones; otherwise the order is kept.
        plan::SchedulerSettings expected = s;
        std::stable_partition(expected.score.begin(), expected.score.end(), [](const auto& p) { return p.enabled; });
        std::stable_partition(expected.filter.begin(), expected.filter.end(), [](const auto& p) { return p.enabled; });
        QVERIFY(back == expected);
        // Writing the same settings into the text they came from changes nothing.
        QCOMPARE(plan::settingsToYaml(back, yaml), plan::settingsToYaml(expected));
    }

    void settingsKeepTheRestOfTheFile() {
        // Other profiles and other plugins' arguments survive an edit.
        const std::string base = R"(apiVersion: kubescheduler.config.k8s.io/v1
kind: KubeSchedulerConfiguration
profiles:
- schedulerName: default-scheduler
  pluginConfig:
  - name: InterPodAffinity
    args: {hardPodAffinityWeight: 5}
- schedulerName: batch
)";
        plan::SchedulerSettings s = defaults();
        s.strategy = core::ScoringStrategyType::MostAllocated;
        const std::string yaml = plan::settingsToYaml(s, base);
        QCOMPARE(plan::checkSchedulerConfig(yaml, "x.yaml", core::KubeVersion::newest()), std::string());
        QVERIFY(yaml.find("hardPodAffinityWeight: 5") != std::string::npos);
        QVERIFY(yaml.find("schedulerName: batch") != std::string::npos);
        QVERIFY(yaml.find("MostAllocated") != std::string::npos);
    }

    void validation_data() {
        QTest::addColumn<QString>("plugin");
        QTest::addColumn<bool>("enabled");
        QTest::addColumn<int>("weight");
        QTest::addColumn<QString>("error");
        QTest::newRow("weight 0 enabled") << "ImageLocality" << true << 0 << "weight 0 not in valid range [1, 100]";
        QTest::newRow("weight 101") << "ImageLocality" << true << 101 << "weight 101 not in valid range [1, 100]";
        QTest::newRow("weight 0 disabled") << "ImageLocality" << false << 0 << "";
        QTest::newRow("weight 100") << "ImageLocality" << true << 100 << "";
        QTest::newRow("unknown") << "NoSuchPlugin" << true << 1 << "score plugin \"NoSuchPlugin\" does not exist";
    }
    void validation() {
        QFETCH(QString, plugin);
        QFETCH(bool, enabled);
        QFETCH(int, weight);
        QFETCH(QString, error);
        plan::SchedulerSettings s = defaults();
        std::erase_if(s.score, [&](const auto& p) { return p.name == plugin.toStdString(); });
        s.score.push_back({plugin.toStdString(), enabled, weight});
        const auto errors = plan::validateSettings(s);
        if (error.isEmpty()) {
            QVERIFY(errors.empty());
        } else {
            QCOMPARE(errors.size(), std::size_t{1});
            QVERIFY2(errors[0].find(error.toStdString()) != std::string::npos, errors[0].c_str());
        }
    }

    void badConfigNamesFileAndLine() {
        const std::string bad = "apiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\n"
                                "profiles:\n- plugins:\n    score:\n      enabled:\n      - {name: ImageLocality, weight: 300}\n";
        const std::string err = plan::checkSchedulerConfig(bad, "bad.yaml", core::KubeVersion::newest());
        QVERIFY2(err.find("bad.yaml:7") != std::string::npos, err.c_str());
        const std::string unknown = "apiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\n"
                                    "profiles:\n- plugins:\n    score:\n      enabled:\n      - {name: Nope}\n";
        const std::string err2 = plan::checkSchedulerConfig(unknown, "u.yaml", core::KubeVersion::newest());
        QVERIFY2(err2.find("u.yaml") != std::string::npos && err2.find("Nope") != std::string::npos, err2.c_str());
        QVERIFY(!plan::checkSchedulerConfig("apiVersion: v1\nkind: Namespace\nmetadata: {name: x}\n", "ns.yaml",
                                          core::KubeVersion::newest())
                     .empty());
        // A plan refuses it and stays as it was.
        plan::Plan plan(input());
        QVERIFY(!plan.apply(configEdit(bad)).empty());
        QCOMPARE(plan.apply(configEdit(mostAllocated())), std::string());
        QCOMPARE(plan.apply(configEdit("")), std::string());  // empty: the defaults
    }

    void replayRunsWithTheLastConfiguration() {
        const Placements least = run({});
        QCOMPARE(podsOn(least, "n1") + podsOn(least, "n2"), 3);
        QVERIFY(podsOn(least, "n1") > 0 && podsOn(least, "n2") > 0);  // spread
        const Placements most = run({configEdit(mostAllocated())});
        QVERIFY(podsOn(most, "n1") == 3 || podsOn(most, "n2") == 3);  // packed
        QVERIFY(!plan::diffPlacements(least, most).empty());
        // The last one wins; an empty one is the defaults again.
        QCOMPARE(run({configEdit(mostAllocated()), configEdit("")}), least);
        // The same as a plan started from that configuration (berthctl --config).
        plan::PlanInput in = input();
        in.configText = mostAllocated();
        std::string error;
        QCOMPARE(*plan::finalPlacements(std::make_shared<const plan::PlanInput>(in), {}, error), most);
        // A configuration edit recorded late in the run still applies from step 0; other
        // edits replay at their steps.
        PlanEdit late = configEdit(mostAllocated());
        late.atStep = 40;
        PlanEdit cordon;
        cordon.kind = EditKind::Cordon;
        cordon.node = "n2";
        QCOMPARE(run({late, cordon}), (Placements{{"default/p1", "n1"}, {"default/p2", "n1"}, {"default/p3", "n1"}}));
    }
};

QTEST_GUILESS_MAIN(TestSchedulerConfig)
#include "tst_scheduler_config.moc"
