#include "core/framework/plugins/podtopologyspread/pod_topology_spread.h"

namespace berth::core {

// plugin.go New / the ErrReason* constants.
PodTopologySpread::PodTopologySpread(const PluginArgs& args, Handle& handle)
    : m_handle(handle),
      m_builder(args.podTopologySpread, handle.version, *handle.pool),
      m_reasonConstraintsNotMatch(handle.intern("node(s) didn't match pod topology spread constraints")),
      m_reasonNodeLabelNotMatch(
          handle.intern("node(s) didn't match pod topology spread constraints (missing required label)")) {
    if (handle.fastPaths) {
        m_preFilterCounts = std::make_unique<podtopologyspread::KeptDomainCounts>(true);
        m_preScoreCounts = std::make_unique<podtopologyspread::KeptDomainCounts>(false);
    }
}

}  // namespace berth::core
