// PlanInput::extenders: a plan asks it once for the configuration's extenders and hands what it
// builds to the scheduler (SchedulerOptions::extenders), so berthctl's live, recorded or
// replayed extenders reach the scheduling cycle; without it a plan has none.

#include <QtTest/QtTest>

#include "core/framework/extender.h"
#include "plan/plan.h"

using namespace berth;

namespace {

const char* kCluster = R"(apiVersion: v1
kind: Node
metadata: {name: n1}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "10"}}
)";

/// An extender that is never called: the test only follows where it goes.
class InertExtender final : public core::Extender {
public:
    const std::string& name() const override { return m_name; }
    bool isIgnorable() const override { return false; }
    bool isFilter() const override { return false; }
    bool isPrioritizer() const override { return false; }
    bool isBinder() const override { return false; }
    bool supportsPreemption() const override { return false; }
    bool isInterested(const core::Pod&) const override { return false; }
    core::ExtenderFilterOutcome filter(const core::Pod&, std::span<const core::NodeInfo* const>) override { return {}; }
    core::ExtenderPrioritizeOutcome prioritize(const core::Pod&, std::span<const core::NodeInfo* const>) override {
        return {};
    }
    std::optional<core::ExtenderError> bind(const core::Pod&, core::Sym) override { return std::nullopt; }
    core::ExtenderPreemptionOutcome processPreemption(const core::Pod&,
                                                      const std::map<core::Sym, core::ExtenderVictims>&) override {
        return {};
    }

private:
    std::string m_name = "http://inert";
};

}  // namespace

class TestPlanExtenders : public QObject {
    Q_OBJECT
private slots:
    void builtExtendersReachTheScheduler() {
        plan::PlanInput input;
        input.manifests.push_back({"cluster.yaml", kCluster});
        int asked = 0;
        const auto inert = std::make_shared<InertExtender>();
        input.extenders = [&](const std::vector<core::ExtenderConfig>& configs, const core::StringPool& pool) {
            ++asked;
            // The configuration has no extenders, and the pool is the cluster's.
            std::vector<std::shared_ptr<core::Extender>> built;
            if (configs.empty() && pool.find("n1") != core::kNoSym) built.push_back(inert);
            return built;
        };
        plan::Plan p(input);
        QVERIFY2(p.ok(), p.error().c_str());
        QCOMPARE(asked, 1);
        QCOMPARE(p.sim().scheduler().options().extenders.size(), std::size_t{1});
        QCOMPARE(p.sim().scheduler().options().extenders[0].get(), static_cast<core::Extender*>(inert.get()));
    }

    void noFactoryNoExtenders() {
        plan::PlanInput input;
        input.manifests.push_back({"cluster.yaml", kCluster});
        plan::Plan p(input);
        QVERIFY2(p.ok(), p.error().c_str());
        QVERIFY(p.sim().scheduler().options().extenders.empty());
    }
};

QTEST_APPLESS_MAIN(TestPlanExtenders)
#include "tst_plan_extenders.moc"
