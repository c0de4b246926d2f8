#pragma once
/// HTTPExtender of pkg/scheduler/extender.go: a core::Extender that asks a scheduler extender
/// over HTTP, built from one `extenders:` entry of the configuration. Requests are upstream's
/// JSON (extender_json.h), answers are read as Go reads them (go_json.h), and every failure is
/// an ExtenderError whose text is upstream's, so the pod's message reads as it would in a
/// cluster. The transport (libcurl, a recording, a replay) is given, so the same decoding runs
/// live and offline.
///
/// Where Berth differs from upstream, because its model has no place for it:
///  - a filter answer that returns whole Nodes (not nodeCacheCapable) may only name nodes it
///    was sent (upstream would schedule onto the node object the extender returned); another
///    name is the error upstream gives a nodeCacheCapable extender;
///  - preemption victims are looked up among the victims offered for that node, not among all
///    pods of the node;
///  - failed-node names the cluster has never seen are dropped (they name no node to explain);
///  - isInterested sees requests (limits of extended resources default them, so those count).

#include <memory>
#include <set>
#include <string>

#include "core/api/string_pool.h"
#include "core/framework/extender.h"
#include "core/profile/config.h"
#include "extender/transport.h"

namespace berth::extender {

class HttpExtender final : public core::Extender {
public:
    /// `pool` is the cluster's (node names to symbols); it outlives the extender.
    HttpExtender(core::ExtenderConfig config, const core::StringPool& pool, std::shared_ptr<Transport> transport);

    const std::string& name() const override { return m_config.urlPrefix; }
    bool isIgnorable() const override { return m_config.ignorable; }
    bool isFilter() const override { return !m_config.filterVerb.empty(); }
    bool isPrioritizer() const override { return !m_config.prioritizeVerb.empty(); }
    bool isBinder() const override { return !m_config.bindVerb.empty(); }
    bool supportsPreemption() const override { return !m_config.preemptVerb.empty(); }
    bool isInterested(const core::Pod& pod) const override;

    core::ExtenderFilterOutcome filter(const core::Pod& pod, std::span<const core::NodeInfo* const> nodes) override;
    core::ExtenderPrioritizeOutcome prioritize(const core::Pod& pod,
                                               std::span<const core::NodeInfo* const> nodes) override;
    std::optional<core::ExtenderError> bind(const core::Pod& pod, core::Sym node) override;
    core::ExtenderPreemptionOutcome processPreemption(
        const core::Pod& pod, const std::map<core::Sym, core::ExtenderVictims>& nodeToVictims) override;

    const core::ExtenderConfig& config() const { return m_config; }

private:
    /// POSTs `body` to the verb; the answer's body, or the call's error (transport, status).
    std::optional<core::ExtenderError> send(const std::string& verb, const core::Pod& pod, std::string body,
                                            std::string& answer);
    bool containersManaged(const std::vector<core::Container>& containers) const;

    core::ExtenderConfig m_config;
    const core::StringPool& m_pool;
    std::shared_ptr<Transport> m_transport;
    std::set<std::string, std::less<>> m_managed;
};

/// Go's %q of a string (strconv.Quote for the ASCII this meets): "name" with \" \\ and
/// control characters escaped.
std::string goQuote(std::string_view s);

}  // namespace berth::extender
