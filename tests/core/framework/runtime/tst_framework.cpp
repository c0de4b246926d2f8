// The framework runtime and the default profile: default plugin lists per extension point
// (UPSTREAM 3.1-3.3), user config merge and multiPoint expansion with score weights
// (UPSTREAM 3.4), configuration errors, runFilterPlugins stopping at the first failing plugin,
// PreFilter rejections and PreFilterResult intersection (UPSTREAM 2.1), and DefaultNormalizeScore
// (UPSTREAM 5.0).

#include <QtTest/QtTest>

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/framework/plugins/helper/normalize_score.h"
#include "core/framework/runtime/framework.h"
#include "core/framework/runtime/registry.h"
#include "core/profile/default_plugins.h"
#include "testlib/builders.h"
#include "testlib/plugin_rows.h"

using namespace berth::core;
using namespace berth::testlib;

namespace {

ExtensionPoint pointOf(const QString& name) {
    for (int i = 0; i < static_cast<int>(ExtensionPoint::Count); ++i)
        if (name == extensionPointName(static_cast<ExtensionPoint>(i))) return static_cast<ExtensionPoint>(i);
    qFatal("bad extension point in test row: %s", qPrintable(name));
    return ExtensionPoint::Count;
}

/// Code from a row: "ok", "U", "UU", "Error", "Skip".
Code codeOf(const QString& c) {
    if (c == "U") return Code::Unschedulable;
    if (c == "UU") return Code::UnschedulableAndUnresolvable;
    if (c == "Error") return Code::Error;
    if (c == "Skip") return Code::Skip;
    return Code::Success;
}

/// A PreFilter + Filter plugin whose answers come from the test row, counting its calls.
struct FakeBehaviour {
    Code preFilter = Code::Success;
    std::optional<std::vector<std::string>> nodes;  // PreFilterResult
    Code filter = Code::Success;
};

struct Calls {
    std::map<std::string, int> preFilter;
    std::map<std::string, int> filter;
};

class FakePlugin final : public PreFilterPlugin, public FilterPlugin {
public:
    FakePlugin(std::string name, FakeBehaviour b, Handle& h, Calls& calls)
        : m_name(std::move(name)), m_b(std::move(b)), m_handle(h), m_calls(calls) {}
    std::string_view name() const override { return m_name; }
    Status preFilter(CycleState&, const Pod&, PreFilterResult& result) override {
        ++m_calls.preFilter[m_name];
        if (m_b.nodes) {
            std::vector<Sym> syms;
            for (const auto& n : *m_b.nodes) syms.push_back(m_handle.intern(n));
            result.nodeNames = std::move(syms);
        }
        return answer(m_b.preFilter, "prefilter");
    }
    Status filter(const CycleState&, const Pod&, const NodeInfo&) const override {
        ++m_calls.filter[m_name];
        return answer(m_b.filter, "filter");
    }

private:
    Status answer(Code c, const std::string& what) const {
        if (c == Code::Success) return {};
        if (c == Code::Error) return Status::error(m_name + " " + what + " broke");
        if (c == Code::Skip) return Status(Code::Skip);
        return Status(c, m_handle.intern(m_name + " " + what + " says no"));
    }
    std::string m_name;
    FakeBehaviour m_b;
    Handle& m_handle;
    Calls& m_calls;
};

/// "A:preFilterCode:filterCode:n1+n2" ("*" = all nodes), e.g. "Zeta:ok:U:n1".
struct FakeRow {
    std::string name;
    FakeBehaviour b;
};

FakeRow fakeOf(const QString& spec) {
    const QStringList f = spec.split(':');
    FakeRow r;
    r.name = f.value(0).toStdString();
    r.b.preFilter = codeOf(f.value(1));
    r.b.filter = codeOf(f.value(2));
    const QString nodes = f.value(3, "*");
    if (nodes != "*") {
        r.b.nodes.emplace();
        for (const QString& n : nodes.split('+', Qt::SkipEmptyParts)) r.b.nodes->push_back(n.toStdString());
    }
    return r;
}

/// A minimal profile (PrioritySort + DefaultBinder) whose PreFilter and Filter points hold the
/// fakes, in row order.
std::unique_ptr<Framework> fakeFramework(TestCluster& tc, const QStringList& fakes, Calls& calls, Registry& registry) {
    registry = inTreeRegistry();
    ProfileConfig profile;
    profile.plugins.multiPoint.enabled = {{"PrioritySort", 0}, {"DefaultBinder", 0}};
    for (const QString& s : fakes) {
        FakeRow row = fakeOf(s);
        registry.add(row.name, [row, &calls](const PluginArgs&, Handle& h) -> std::unique_ptr<Plugin> {
            return std::make_unique<FakePlugin>(row.name, row.b, h, calls);
        });
        profile.plugins.at(ExtensionPoint::PreFilter).enabled.push_back({row.name, 0});
        profile.plugins.at(ExtensionPoint::Filter).enabled.push_back({row.name, 0});
    }
    std::string error;
    auto fw = Framework::create(profile, registry, tc.handle, error);
    if (!fw) qFatal("fake profile failed: %s", error.c_str());
    return fw;
}

QString join(const std::vector<std::string>& v) {
    QStringList l;
    for (const auto& s : v) l << QString::fromStdString(s);
    return l.join(',');
}

/// Score plugins with weights: "NodeResourcesFit:5,TaintToleration:1".
QString scoreList(const Framework& fw) {
    QStringList l;
    for (const auto& name : fw.pluginNames(ExtensionPoint::Score)) {
        Plugin* p = fw.plugin(name);
        l << QString::fromStdString(name) + ":" + QString::number(fw.scoreWeight(p->slot()));
    }
    return l.join(',');
}

/// "name" or "name:weight" entries.
std::vector<PluginRef> refsOf(const QStringList& l) {
    std::vector<PluginRef> out;
    for (const QString& s : l) {
        const QStringList f = s.split(':');
        out.push_back({f.value(0).toStdString(), f.value(1, "0").toInt()});
    }
    return out;
}

}  // namespace

class TstFramework : public QObject {
    Q_OBJECT

private slots:
    void defaultMultiPoint_data();
    void defaultMultiPoint();
    void defaultPluginsPerPoint_data();
    void defaultPluginsPerPoint();
    void mergeAndExpand_data();
    void mergeAndExpand();
    void configErrors_data();
    void configErrors();
    void runFilterPlugins_data();
    void runFilterPlugins();
    void runPreFilterPlugins_data();
    void runPreFilterPlugins();
    void defaultNormalizeScore_data();
    void defaultNormalizeScore();
};

void TstFramework::defaultMultiPoint_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    QTest::addColumn<QString>("version");
    QTest::addColumn<QString>("expected");
    // UPSTREAM 3.1
    QTest::newRow("1.26") << "1.26"
                          << "PrioritySort,NodeUnschedulable,NodeName,TaintToleration:3,NodeAffinity:2,NodePorts,"
                             "NodeResourcesFit:1,VolumeRestrictions,EBSLimits,GCEPDLimits,NodeVolumeLimits,AzureDiskLimits,"
                             "VolumeBinding,VolumeZone,PodTopologySpread:2,InterPodAffinity:2,DefaultPreemption,"
                             "NodeResourcesBalancedAllocation:1,ImageLocality:1,DefaultBinder";
    // UPSTREAM 3.2 (Berth's 1.34-1.36 leave DynamicResources out, docs/versions.md #25)
    QTest::newRow("1.35") << "1.35"
                            << "SchedulingGates,PrioritySort,NodeUnschedulable,NodeName,TaintToleration:3,NodeAffinity:2,"
                               "NodePorts,NodeResourcesFit:1,VolumeRestrictions,NodeVolumeLimits,VolumeBinding,VolumeZone,"
                               "PodTopologySpread:2,InterPodAffinity:2,DefaultPreemption,NodeResourcesBalancedAllocation:1,"
                               "ImageLocality:1,DefaultBinder";
    // 1.36: NodeDeclaredFeatures appended (gate beta, on)
    QTest::newRow("1.36") << "1.36"
                          << "SchedulingGates,PrioritySort,NodeUnschedulable,NodeName,TaintToleration:3,NodeAffinity:2,"
                             "NodePorts,NodeResourcesFit:1,VolumeRestrictions,NodeVolumeLimits,VolumeBinding,VolumeZone,"
                             "PodTopologySpread:2,InterPodAffinity:2,DefaultPreemption,NodeResourcesBalancedAllocation:1,"
                             "ImageLocality:1,DefaultBinder,NodeDeclaredFeatures";
    // v1.37.2 pkg/scheduler/apis/config/v1/default_plugins.go getDefaultPlugins + applyFeatureGates
    // with default gates: NodeName first, DynamicResources (2) before DefaultPreemption
    QTest::newRow("newest") << ""
                            << "SchedulingGates,PrioritySort,NodeName,NodeUnschedulable,TaintToleration:3,NodeAffinity:2,"
                               "NodePorts,NodeResourcesFit:1,VolumeRestrictions,NodeVolumeLimits,VolumeBinding,VolumeZone,"
                               "PodTopologySpread:2,InterPodAffinity:2,DynamicResources:2,DefaultPreemption,"
                               "NodeResourcesBalancedAllocation:1,ImageLocality:1,DefaultBinder,NodeDeclaredFeatures";
    // clang-format on
}

void TstFramework::defaultMultiPoint() {
    QFETCH(QString, version);
    QFETCH(QString, expected);
    QStringList got;
    for (const auto& p : berth::core::defaultMultiPoint(versionOf(version)).enabled)
        got << QString::fromStdString(p.name) + (p.weight ? ":" + QString::number(p.weight) : QString());
    QCOMPARE(got.join(','), expected);
}

void TstFramework::defaultPluginsPerPoint_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    QTest::addColumn<QString>("version");
    QTest::addColumn<QString>("point");
    QTest::addColumn<QString>("expected");

    // UPSTREAM 3.3, v1.26.15
    QTest::newRow("1.26 PreEnqueue") << "1.26" << "PreEnqueue" << "";
    QTest::newRow("1.26 QueueSort") << "1.26" << "QueueSort" << "PrioritySort";
    QTest::newRow("1.26 PreFilter") << "1.26" << "PreFilter"
                                    << "NodeAffinity,NodePorts,NodeResourcesFit,VolumeRestrictions,VolumeBinding,"
                                       "PodTopologySpread,InterPodAffinity";
    QTest::newRow("1.26 Filter") << "1.26" << "Filter"
                                 << "NodeUnschedulable,NodeName,TaintToleration,NodeAffinity,NodePorts,NodeResourcesFit,"
                                    "VolumeRestrictions,EBSLimits,GCEPDLimits,NodeVolumeLimits,AzureDiskLimits,VolumeBinding,"
                                    "VolumeZone,PodTopologySpread,InterPodAffinity";
    QTest::newRow("1.26 PostFilter") << "1.26" << "PostFilter" << "DefaultPreemption";
    QTest::newRow("1.26 PreScore") << "1.26" << "PreScore" << "TaintToleration,NodeAffinity,PodTopologySpread,InterPodAffinity";
    QTest::newRow("1.26 Score") << "1.26" << "Score"
                                << "TaintToleration,NodeAffinity,NodeResourcesFit,VolumeBinding,PodTopologySpread,"
                                   "InterPodAffinity,NodeResourcesBalancedAllocation,ImageLocality";
    QTest::newRow("1.26 Reserve") << "1.26" << "Reserve" << "VolumeBinding";
    QTest::newRow("1.26 Permit") << "1.26" << "Permit" << "";
    QTest::newRow("1.26 PreBind") << "1.26" << "PreBind" << "VolumeBinding";
    QTest::newRow("1.26 Bind") << "1.26" << "Bind" << "DefaultBinder";
    QTest::newRow("1.26 PostBind") << "1.26" << "PostBind" << "";
    // UPSTREAM 3.3, 1.35 (the cloud volume-limit plugins gone; no DynamicResources in Berth's 1.35)
    QTest::newRow("1.35 PreEnqueue") << "1.35" << "PreEnqueue" << "SchedulingGates";
    QTest::newRow("1.35 QueueSort") << "1.35" << "QueueSort" << "PrioritySort";
    QTest::newRow("1.35 PreFilter") << "1.35" << "PreFilter"
                                      << "NodeAffinity,NodePorts,NodeResourcesFit,VolumeRestrictions,NodeVolumeLimits,"
                                         "VolumeBinding,VolumeZone,PodTopologySpread,InterPodAffinity";
    QTest::newRow("1.35 Filter") << "1.35" << "Filter"
                                   << "NodeUnschedulable,NodeName,TaintToleration,NodeAffinity,NodePorts,NodeResourcesFit,"
                                      "VolumeRestrictions,NodeVolumeLimits,VolumeBinding,VolumeZone,PodTopologySpread,"
                                      "InterPodAffinity";
    QTest::newRow("1.35 PostFilter") << "1.35" << "PostFilter" << "DefaultPreemption";
    QTest::newRow("1.35 PreScore") << "1.35" << "PreScore"
                                     << "TaintToleration,NodeAffinity,NodeResourcesFit,VolumeBinding,PodTopologySpread,"
                                        "InterPodAffinity,NodeResourcesBalancedAllocation";
    QTest::newRow("1.35 Score") << "1.35" << "Score"
                                  << "TaintToleration,NodeAffinity,NodeResourcesFit,VolumeBinding,PodTopologySpread,"
                                     "InterPodAffinity,NodeResourcesBalancedAllocation,ImageLocality";
    QTest::newRow("1.35 Reserve") << "1.35" << "Reserve" << "VolumeBinding";
    QTest::newRow("1.35 PreBind") << "1.35" << "PreBind" << "VolumeBinding";
    QTest::newRow("1.35 Bind") << "1.35" << "Bind" << "DefaultBinder";
    // v1.37.2, default gates: each plugin of the default profile at the points it implements
    // (PreFilter of NodeName, NodeUnschedulable, TaintToleration from PR #140000; DynamicResources
    // everywhere but PreScore; NodeDeclaredFeatures PreFilter and Filter)
    QTest::newRow("newest PreEnqueue") << "" << "PreEnqueue" << "SchedulingGates,DynamicResources";
    QTest::newRow("newest QueueSort") << "" << "QueueSort" << "PrioritySort";
    QTest::newRow("newest PreFilter") << "" << "PreFilter"
                                      << "NodeName,NodeUnschedulable,TaintToleration,NodeAffinity,NodePorts,NodeResourcesFit,"
                                         "VolumeRestrictions,NodeVolumeLimits,VolumeBinding,VolumeZone,PodTopologySpread,"
                                         "InterPodAffinity,DynamicResources,NodeDeclaredFeatures";
    QTest::newRow("newest Filter") << "" << "Filter"
                                   << "NodeName,NodeUnschedulable,TaintToleration,NodeAffinity,NodePorts,NodeResourcesFit,"
                                      "VolumeRestrictions,NodeVolumeLimits,VolumeBinding,VolumeZone,PodTopologySpread,"
                                      "InterPodAffinity,DynamicResources,NodeDeclaredFeatures";
    QTest::newRow("newest PostFilter") << "" << "PostFilter" << "DynamicResources,DefaultPreemption";
    QTest::newRow("newest PreScore") << "" << "PreScore"
                                     << "TaintToleration,NodeAffinity,NodeResourcesFit,VolumeBinding,PodTopologySpread,"
                                        "InterPodAffinity,NodeResourcesBalancedAllocation";
    QTest::newRow("newest Score") << "" << "Score"
                                  << "TaintToleration,NodeAffinity,NodeResourcesFit,VolumeBinding,PodTopologySpread,"
                                     "InterPodAffinity,DynamicResources,NodeResourcesBalancedAllocation,ImageLocality";
    QTest::newRow("newest Reserve") << "" << "Reserve" << "VolumeBinding,DynamicResources";
    QTest::newRow("newest PreBind") << "" << "PreBind" << "VolumeBinding,DynamicResources";
    QTest::newRow("newest Bind") << "" << "Bind" << "DefaultBinder";
    // version boundaries of single extension points (UPSTREAM 3.3 notes): NodeResourcesFit and
    // BalancedAllocation PreScore and the VolumeZone / NodeVolumeLimits PreFilter from 1.27,
    // VolumeBinding PreScore from 1.30
    QTest::newRow("1.27 PreFilter") << "1.27" << "PreFilter"
                                    << "NodeAffinity,NodePorts,NodeResourcesFit,VolumeRestrictions,NodeVolumeLimits,"
                                       "VolumeBinding,VolumeZone,PodTopologySpread,InterPodAffinity";
    QTest::newRow("1.29 PreScore") << "1.29" << "PreScore"
                                   << "TaintToleration,NodeAffinity,NodeResourcesFit,PodTopologySpread,InterPodAffinity,"
                                      "NodeResourcesBalancedAllocation";
    QTest::newRow("1.30 PreScore") << "1.30" << "PreScore"
                                   << "TaintToleration,NodeAffinity,NodeResourcesFit,VolumeBinding,PodTopologySpread,"
                                      "InterPodAffinity,NodeResourcesBalancedAllocation";
    QTest::newRow("1.29 PreEnqueue") << "1.29" << "PreEnqueue" << "";
    QTest::newRow("1.30 PreEnqueue") << "1.30" << "PreEnqueue" << "SchedulingGates";
    // clang-format on
}

void TstFramework::defaultPluginsPerPoint() {
    QFETCH(QString, version);
    QFETCH(QString, point);
    QFETCH(QString, expected);
    TestCluster tc(versionOf(version));
    const SchedulerConfiguration config = applyDefaults(SchedulerConfiguration{}, tc.version);
    QCOMPARE(config.profiles.size(), std::size_t{1});
    QCOMPARE(QString::fromStdString(config.profiles[0].schedulerName), QString("default-scheduler"));
    std::string error;
    auto fw = Framework::create(config.profiles[0], inTreeRegistry(), tc.handle, error);
    QVERIFY2(fw, error.c_str());
    QCOMPARE(join(fw->pluginNames(pointOf(point))), expected);
    // default weights whatever the version; DynamicResources (2) from 1.37
    const QString dra = tc.version.atLeast(37) ? "DynamicResources:2," : "";
    QCOMPARE(scoreList(*fw), QString("TaintToleration:3,NodeAffinity:2,NodeResourcesFit:1,VolumeBinding:1,"
                                     "PodTopologySpread:2,InterPodAffinity:2," +
                                     dra +
                                     "NodeResourcesBalancedAllocation:1,"
                                     "ImageLocality:1"));
}

void TstFramework::mergeAndExpand_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    QTest::addColumn<QString>("version");
    QTest::addColumn<QStringList>("multiPointEnabled");
    QTest::addColumn<QStringList>("multiPointDisabled");
    QTest::addColumn<QString>("point");  // the specific point the next two columns configure
    QTest::addColumn<QStringList>("enabled");
    QTest::addColumn<QStringList>("disabled");
    QTest::addColumn<QString>("checkPoint");
    QTest::addColumn<QString>("expected");  // Score: "name:weight,..."; other points: names

    // UPSTREAM 3.4 example (conformance config-mostallocated): overrides first in score.enabled
    // order with their weights, then the remaining multiPoint Score plugins minus the disabled
    QTest::newRow("UPSTREAM 3.4 example")
        << "1.26" << QStringList{} << QStringList{} << "Score"
        << QStringList{"NodeResourcesFit:5", "TaintToleration:1", "InterPodAffinity:4"}
        << QStringList{"NodeResourcesBalancedAllocation", "ImageLocality"} << "Score"
        << "NodeResourcesFit:5,TaintToleration:1,InterPodAffinity:4,NodeAffinity:2,VolumeBinding:1,PodTopologySpread:2";
    // score.enabled weight 0 -> 1 (and it wins over the multiPoint weight 3)
    QTest::newRow("weight 0 means 1") << "" << QStringList{} << QStringList{} << "Score" << QStringList{"TaintToleration:0"}
                                      << QStringList{} << "Score"
                                      << "TaintToleration:1,NodeAffinity:2,NodeResourcesFit:1,VolumeBinding:1,"
                                         "PodTopologySpread:2,InterPodAffinity:2,DynamicResources:2,"
                                         "NodeResourcesBalancedAllocation:1,ImageLocality:1";
    // a multiPoint entry naming a default replaces it in place (order kept, weight changed)
    QTest::newRow("multiPoint re-configures a default")
        << "" << QStringList{"TaintToleration:7"} << QStringList{} << "Score" << QStringList{} << QStringList{} << "Score"
        << "TaintToleration:7,NodeAffinity:2,NodeResourcesFit:1,VolumeBinding:1,PodTopologySpread:2,InterPodAffinity:2,"
           "DynamicResources:2,NodeResourcesBalancedAllocation:1,ImageLocality:1";
    // multiPoint.disabled removes a default from every point
    QTest::newRow("multiPoint disabled") << "" << QStringList{} << QStringList{"NodeAffinity", "ImageLocality"} << "Score"
                                         << QStringList{} << QStringList{} << "Score"
                                         << "TaintToleration:3,NodeResourcesFit:1,VolumeBinding:1,PodTopologySpread:2,"
                                            "InterPodAffinity:2,DynamicResources:2,NodeResourcesBalancedAllocation:1";
    QTest::newRow("multiPoint disabled, filter") << "1.26" << QStringList{} << QStringList{"NodeAffinity"} << "Filter"
                                                 << QStringList{} << QStringList{} << "PreFilter"
                                                 << "NodePorts,NodeResourcesFit,VolumeRestrictions,VolumeBinding,"
                                                    "PodTopologySpread,InterPodAffinity";
    // disabled "*" at one point: only that point's own enabled plugins remain
    QTest::newRow("disabled * at Filter") << "" << QStringList{} << QStringList{} << "Filter" << QStringList{"NodeName"}
                                          << QStringList{"*"} << "Filter" << "NodeName";
    QTest::newRow("disabled * at Filter leaves PreFilter") << "1.26" << QStringList{} << QStringList{} << "Filter"
                                                           << QStringList{"NodeName"} << QStringList{"*"} << "PreFilter"
                                                           << "NodeAffinity,NodePorts,NodeResourcesFit,VolumeRestrictions,"
                                                              "VolumeBinding,PodTopologySpread,InterPodAffinity";
    QTest::newRow("disabled * at Score") << "" << QStringList{} << QStringList{} << "Score"
                                         << QStringList{"ImageLocality:4"} << QStringList{"*"} << "Score" << "ImageLocality:4";
    // part 1 overrides (the point's own order), part 2 the other multiPoint plugins
    QTest::newRow("override order at Filter")
        << "1.26" << QStringList{} << QStringList{} << "Filter" << QStringList{"NodeAffinity", "TaintToleration"}
        << QStringList{} << "Filter"
        << "NodeAffinity,TaintToleration,NodeUnschedulable,NodeName,NodePorts,NodeResourcesFit,VolumeRestrictions,"
           "EBSLimits,GCEPDLimits,NodeVolumeLimits,AzureDiskLimits,VolumeBinding,VolumeZone,PodTopologySpread,"
           "InterPodAffinity";
    // a point-specific disable of a multiPoint plugin only affects that point
    QTest::newRow("disable one plugin at Score only") << "" << QStringList{} << QStringList{} << "Score" << QStringList{}
                                                      << QStringList{"TaintToleration"} << "PreScore"
                                                      << "TaintToleration,NodeAffinity,NodeResourcesFit,VolumeBinding,"
                                                         "PodTopologySpread,InterPodAffinity,"
                                                         "NodeResourcesBalancedAllocation";
    // clang-format on
}

void TstFramework::mergeAndExpand() {
    QFETCH(QString, version);
    QFETCH(QStringList, multiPointEnabled);
    QFETCH(QStringList, multiPointDisabled);
    QFETCH(QString, point);
    QFETCH(QStringList, enabled);
    QFETCH(QStringList, disabled);
    QFETCH(QString, checkPoint);
    QFETCH(QString, expected);

    TestCluster tc(versionOf(version));
    PluginsConfig user;
    user.multiPoint.enabled = refsOf(multiPointEnabled);
    user.multiPoint.disabled = refsOf(multiPointDisabled);
    user.at(pointOf(point)).enabled = refsOf(enabled);
    user.at(pointOf(point)).disabled = refsOf(disabled);
    ProfileConfig profile;
    profile.plugins = mergeWithDefaults(user, tc.version);
    std::string error;
    auto fw = Framework::create(profile, inTreeRegistry(), tc.handle, error);
    QVERIFY2(fw, error.c_str());
    if (checkPoint == "Score")
        QCOMPARE(scoreList(*fw), expected);
    else
        QCOMPARE(join(fw->pluginNames(pointOf(checkPoint))), expected);
}

void TstFramework::configErrors_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    QTest::addColumn<QString>("point");
    QTest::addColumn<QStringList>("enabled");
    QTest::addColumn<QString>("errorContains");

    QTest::newRow("unknown plugin") << "Score" << QStringList{"NoSuchPlugin"} << "\"NoSuchPlugin\" does not exist";
    QTest::newRow("unknown plugin at multiPoint") << "MultiPoint" << QStringList{"NoSuchPlugin"}
                                                  << "\"NoSuchPlugin\" does not exist";
    // ImageLocality has no Filter
    QTest::newRow("plugin without that extension point") << "Filter" << QStringList{"ImageLocality"}
                                                         << "\"ImageLocality\" does not extend Filter";
    // QueueSort disabled with "*": no queue sort plugin left
    QTest::newRow("no queue sort") << "QueueSortOnly" << QStringList{} << "queue sort plugin";
    // clang-format on
}

void TstFramework::configErrors() {
    QFETCH(QString, point);
    QFETCH(QStringList, enabled);
    QFETCH(QString, errorContains);

    TestCluster tc;
    ProfileConfig profile;
    if (point == "QueueSortOnly") {
        PluginsConfig user;
        user.at(ExtensionPoint::QueueSort).disabled = {{"*", 0}};
        profile.plugins = mergeWithDefaults(user, tc.version);
    } else {
        PluginsConfig user;
        if (point == "MultiPoint")
            user.multiPoint.enabled = refsOf(enabled);
        else
            user.at(pointOf(point)).enabled = refsOf(enabled);
        profile.plugins = mergeWithDefaults(user, tc.version);
    }
    std::string error;
    auto fw = Framework::create(profile, inTreeRegistry(), tc.handle, error);
    QVERIFY(!fw);
    QVERIFY2(QString::fromStdString(error).contains(errorContains), error.c_str());
}

void TstFramework::runFilterPlugins_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    QTest::addColumn<QStringList>("fakes");     // "Name:preFilter:filter"
    QTest::addColumn<QString>("expected");      // describe() of the node's status
    QTest::addColumn<QString>("plugin");        // plugin set on the status
    QTest::addColumn<QString>("filterCalls");   // "A=1 B=1 C=0"

    QTest::newRow("all pass") << QStringList{"A:ok:ok", "B:ok:ok", "C:ok:ok"} << "ok" << "" << "A=1 B=1 C=1";
    // the first failing plugin decides; later plugins are not run
    QTest::newRow("second rejects") << QStringList{"A:ok:ok", "B:ok:U", "C:ok:UU"} << "U: B filter says no" << "B"
                                    << "A=1 B=1 C=0";
    QTest::newRow("first rejects UU") << QStringList{"A:ok:UU", "B:ok:U", "C:ok:ok"} << "UU: A filter says no" << "A"
                                      << "A=1 B=0 C=0";
    // an error aborts with the plugin named
    QTest::newRow("error") << QStringList{"A:ok:ok", "B:ok:Error", "C:ok:ok"}
                           << "Error: running \"B\" filter plugin: B filter broke" << "B" << "A=1 B=1 C=0";
    // a PreFilter Skip (>= 1.27) skips that plugin's Filter
    QTest::newRow("PreFilter Skip skips Filter") << QStringList{"A:Skip:U", "B:ok:ok"} << "ok" << "" << "A=0 B=1";
    // clang-format on
}

void TstFramework::runFilterPlugins() {
    QFETCH(QStringList, fakes);
    QFETCH(QString, expected);
    QFETCH(QString, plugin);
    QFETCH(QString, filterCalls);

    TestCluster tc;
    tc.node("n1").capacity("cpu=1").add();
    const Pod& pod = tc.pod("p").add();
    tc.refresh();
    Calls calls;
    Registry registry;
    auto fw = fakeFramework(tc, fakes, calls, registry);
    CycleState state = fw->newCycleState();
    PreFilterResult r;
    std::vector<std::string> rejectors;
    QVERIFY(fw->runPreFilterPlugins(state, pod, r, rejectors).isSuccess());
    const Status s = fw->runFilterPlugins(state, pod, tc.nodeInfo("n1"));
    QCOMPARE(QString::fromStdString(describe(s, tc.cluster.pool)), expected);
    QCOMPARE(s.plugin() >= 0 ? QString::fromStdString(std::string(fw->pluginName(s.plugin()))) : QString(), plugin);
    QStringList got;
    for (const QString& f : fakes) {
        const std::string name = f.split(':').value(0).toStdString();
        got << QString::fromStdString(name) + "=" + QString::number(calls.filter[name]);
    }
    QCOMPARE(got.join(' '), filterCalls);
}

void TstFramework::runPreFilterPlugins_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    QTest::addColumn<QString>("version");
    QTest::addColumn<QStringList>("fakes");  // "Name:preFilter:filter:nodes" ("*" = all)
    QTest::addColumn<QString>("expected");   // status
    QTest::addColumn<QString>("nodes");      // "all" or the intersection, sorted
    QTest::addColumn<QString>("calls");      // PreFilter calls per plugin

    // nil results mean "all nodes"; results intersect
    QTest::newRow("no results") << "" << QStringList{"Zeta:ok:ok:*", "Alpha:ok:ok:*"} << "ok" << "all" << "Zeta=1 Alpha=1";
    QTest::newRow("one result") << "" << QStringList{"Zeta:ok:ok:n1+n2", "Alpha:ok:ok:*"} << "ok" << "n1,n2"
                                << "Zeta=1 Alpha=1";
    QTest::newRow("intersection") << "" << QStringList{"Zeta:ok:ok:n1+n2", "Alpha:ok:ok:n2+n3"} << "ok" << "n2"
                                  << "Zeta=1 Alpha=1";
    // empty intersection: names in PreFilter order and Unschedulable in v1.26; sorted and UU >= 1.30
    QTest::newRow("empty intersection, 1.26") << "1.26" << QStringList{"Zeta:ok:ok:n1", "Alpha:ok:ok:n2", "Mid:ok:ok:*"}
                                              << "U: node(s) didn't satisfy plugin(s) [Zeta Alpha] simultaneously"
                                              << "all" << "Zeta=1 Alpha=1 Mid=0";
    QTest::newRow("empty intersection, newest") << "" << QStringList{"Zeta:ok:ok:n1", "Alpha:ok:ok:n2", "Mid:ok:ok:*"}
                                                << "UU: node(s) didn't satisfy plugin(s) [Alpha Zeta] simultaneously"
                                                << "all" << "Zeta=1 Alpha=1 Mid=0";
    QTest::newRow("empty result from one plugin, 1.26") << "1.26" << QStringList{"Zeta:ok:ok:", "Alpha:ok:ok:*"}
                                                        << "U: node(s) didn't satisfy plugin Zeta" << "all"
                                                        << "Zeta=1 Alpha=0";
    QTest::newRow("empty result from one plugin, newest") << "" << QStringList{"Zeta:ok:ok:", "Alpha:ok:ok:*"}
                                                          << "UU: node(s) didn't satisfy plugin Zeta" << "all"
                                                          << "Zeta=1 Alpha=0";
    // 1.29 still Unschedulable, names sorted only from 1.30
    QTest::newRow("empty intersection, 1.29") << "1.29" << QStringList{"Zeta:ok:ok:n1", "Alpha:ok:ok:n2"}
                                              << "U: node(s) didn't satisfy plugin(s) [Zeta Alpha] simultaneously"
                                              << "all" << "Zeta=1 Alpha=1";
    // rejection: v1.26 stops at the first; >= 1.30 runs the rest after Unschedulable (issue
    // #119770) and reports the last Unschedulable status; UU always stops at once
    QTest::newRow("Unschedulable, 1.26") << "1.26" << QStringList{"A:U:ok:*", "B:U:ok:*", "C:ok:ok:*"}
                                         << "U: A prefilter says no" << "all" << "A=1 B=0 C=0";
    QTest::newRow("Unschedulable, newest") << "" << QStringList{"A:U:ok:*", "B:U:ok:*", "C:ok:ok:*"}
                                           << "U: B prefilter says no" << "all" << "A=1 B=1 C=1";
    QTest::newRow("UU stops at once, newest") << "" << QStringList{"A:UU:ok:*", "B:U:ok:*"} << "UU: A prefilter says no"
                                              << "all" << "A=1 B=0";
    QTest::newRow("UU after Unschedulable, newest") << "" << QStringList{"A:U:ok:*", "B:UU:ok:*", "C:ok:ok:*"}
                                                    << "UU: B prefilter says no" << "all" << "A=1 B=1 C=0";
    QTest::newRow("error") << "" << QStringList{"A:Error:ok:*", "B:ok:ok:*"}
                           << "Error: running PreFilter plugin \"A\": A prefilter broke" << "all" << "A=1 B=0";
    // Skip: its (empty) result is ignored >= 1.27
    QTest::newRow("Skip ignores the result") << "" << QStringList{"A:Skip:ok:", "B:ok:ok:n1"} << "ok" << "n1" << "A=1 B=1";
    // clang-format on
}

void TstFramework::runPreFilterPlugins() {
    QFETCH(QString, version);
    QFETCH(QStringList, fakes);
    QFETCH(QString, expected);
    QFETCH(QString, nodes);
    QFETCH(QString, calls);

    TestCluster tc(versionOf(version));
    const Pod& pod = tc.pod("p").add();
    Calls counted;
    Registry registry;
    auto fw = fakeFramework(tc, fakes, counted, registry);
    CycleState state = fw->newCycleState();
    PreFilterResult r;
    std::vector<std::string> rejectors;
    const Status s = fw->runPreFilterPlugins(state, pod, r, rejectors);
    QCOMPARE(QString::fromStdString(describe(s, tc.cluster.pool)), expected);
    if (s.isSuccess()) {
        QString got = "all";
        if (!r.allNodes()) {
            QStringList names;
            for (Sym n : *r.nodeNames) names << QString::fromStdString(std::string(tc.cluster.pool.str(n)));
            names.sort();
            got = names.join(',');
        }
        QCOMPARE(got, nodes);
    }
    QStringList got;
    for (const QString& f : fakes) {
        const std::string name = f.split(':').value(0).toStdString();
        got << QString::fromStdString(name) + "=" + QString::number(counted.preFilter[name]);
    }
    QCOMPARE(got.join(' '), calls);
}

void TstFramework::defaultNormalizeScore_data() {
    // clang-format off
    // (table rows keep their hand alignment)
    QTest::addColumn<qint64>("maxPriority");
    QTest::addColumn<bool>("reverse");
    QTest::addColumn<QList<qint64>>("scores");
    QTest::addColumn<QList<qint64>>("expected");

    // s' = max * s / maxScore (integer); reverse: max - s'
    // {0,1,2,3}: 0, 33, 66, 100 -> reversed 100, 67, 34, 0 (UPSTREAM 5.9)
    QTest::newRow("reverse 0..3") << qint64(100) << true << QList<qint64>{0, 1, 2, 3} << QList<qint64>{100, 67, 34, 0};
    // {0,3,50}: 0, 300/50 = 6, 100 (UPSTREAM 5.8)
    QTest::newRow("forward 0,3,50") << qint64(100) << false << QList<qint64>{0, 3, 50} << QList<qint64>{0, 6, 100};
    // all zero: forward stays 0, reverse gives max to everyone
    QTest::newRow("all zero forward") << qint64(100) << false << QList<qint64>{0, 0} << QList<qint64>{0, 0};
    QTest::newRow("all zero reverse") << qint64(100) << true << QList<qint64>{0, 0} << QList<qint64>{100, 100};
    QTest::newRow("single") << qint64(100) << false << QList<qint64>{7} << QList<qint64>{100};
    // max priority 10: 10*1/3 = 3, 10*2/3 = 6, 10
    QTest::newRow("max priority 10") << qint64(10) << false << QList<qint64>{1, 2, 3} << QList<qint64>{3, 6, 10};
    QTest::newRow("empty") << qint64(100) << true << QList<qint64>{} << QList<qint64>{};
    // clang-format on
}

void TstFramework::defaultNormalizeScore() {
    QFETCH(qint64, maxPriority);
    QFETCH(bool, reverse);
    QFETCH(QList<qint64>, scores);
    QFETCH(QList<qint64>, expected);
    std::vector<NodeScore> v;
    for (qsizetype i = 0; i < scores.size(); ++i) v.push_back(NodeScore{static_cast<int>(i), scores[i]});
    berth::core::defaultNormalizeScore(maxPriority, reverse, v);
    QList<qint64> got;
    for (const auto& s : v) got << s.score;
    QCOMPARE(got, expected);
}

QTEST_GUILESS_MAIN(TstFramework)
#include "tst_framework.moc"
