// Registration of plugins still being written; replaced as each lands.

#include "core/framework/runtime/registry.h"

namespace berth::core {
namespace {

class NoopFilter final : public PreFilterPlugin, public FilterPlugin, public PreScorePlugin, public ScorePlugin {
public:
    explicit NoopFilter(std::string n) : m_name(std::move(n)) {}
    std::string_view name() const override { return m_name; }
    Status preFilter(CycleState&, const Pod&, PreFilterResult&) override { return {}; }
    Status filter(const CycleState&, const Pod&, const NodeInfo&) const override { return {}; }
    Status preScore(CycleState&, const Pod&, std::span<NodeInfo* const>) override { return {}; }
    Status score(const CycleState&, const Pod&, const NodeInfo&, std::int64_t& s) const override { s = 0; return {}; }
private:
    std::string m_name;
};

}  // namespace

void registerScoringSpreadPlugins(Registry& r) {
    for (const char* name : {"PodTopologySpread", "InterPodAffinity"})
        r.add(name, [n = std::string(name)](const PluginArgs&, Handle&) -> std::unique_ptr<Plugin> {
            return std::make_unique<NoopFilter>(n);
        });
}


}  // namespace berth::core
