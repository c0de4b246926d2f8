#include "core/framework/handle.h"

#include "core/parallel/worker_pool.h"

namespace berth::core {

bool Handle::deferInterning() const { return (filteringBlock && *filteringBlock) || (workers && workers->running()); }

Sym Handle::internFromTask(std::string_view s) const { return deferInterning() ? pool->find(s) : pool->intern(s); }

}  // namespace berth::core
