#include "core/framework/handle.h"

#include "core/parallel/worker_pool.h"

namespace berth::core {

bool Handle::concurrent() const { return workers && workers->running(); }

Sym Handle::internFromTask(std::string_view s) const { return concurrent() ? pool->find(s) : pool->intern(s); }

}  // namespace berth::core
