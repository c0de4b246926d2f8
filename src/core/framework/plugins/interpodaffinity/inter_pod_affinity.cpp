#include "core/framework/plugins/interpodaffinity/inter_pod_affinity.h"

namespace berth::core {

// plugin.go New; the reasons are filtering.go's ErrReason* constants.
InterPodAffinity::InterPodAffinity(const PluginArgs& args, Handle& handle)
    : m_handle(handle),
      m_args(args.interPodAffinity),
      m_reasonAffinity(handle.intern("node(s) didn't match pod affinity rules")),
      m_reasonAntiAffinity(handle.intern("node(s) didn't match pod anti-affinity rules")),
      m_reasonExistingAntiAffinity(handle.intern("node(s) didn't satisfy existing pods anti-affinity rules")),
      m_reasonParse(handle.intern("parsing pod: invalid label selector in a pod (anti-)affinity term")) {
    if (handle.fastPaths) {
        m_existingCounts = std::make_unique<KeptPerQuery<interpodaffinity::ExistingCountCache>>();
        m_scoreCounts = std::make_unique<KeptPerQuery<interpodaffinity::ScoreCountCache>>();
    }
}

}  // namespace berth::core
