#include "plan/checkpoint_shelf.h"

#include <algorithm>

#include "core/events.h"
#include "core/progress.h"

namespace berth::plan {
namespace {

/// The edits a checkpoint at `step` holds: those made at or before it (the list is in step order).
std::vector<PlanEdit> editsUpTo(const std::vector<PlanEdit>& edits, std::uint64_t step) {
    std::vector<PlanEdit> prefix;
    for (const PlanEdit& e : edits) {
        if (e.atStep > step) break;
        prefix.push_back(e);
    }
    return prefix;
}

}  // namespace

CheckpointShelf::CheckpointShelf(Limits limits) : m_limits(limits) {
    m_thread = std::thread([this] { buildLoop(); });
}

CheckpointShelf::~CheckpointShelf() {
    {
        std::lock_guard lock(m_mutex);
        m_stop = true;
        m_todo.clear();
        if (m_building) m_building->cancel();
    }
    m_wake.notify_all();
    m_thread.join();
}

void CheckpointShelf::cancelBuild() {
    ++m_generation;
    m_todo.clear();
    if (m_building) m_building->cancel();
}

void CheckpointShelf::reset(std::shared_ptr<const PlanInput> input, std::vector<PlanEdit> edits) {
    std::map<std::uint64_t, Checkpoint> dropped;  // destroyed outside the lock
    {
        std::lock_guard lock(m_mutex);
        cancelBuild();
        m_input = std::move(input);
        m_edits = std::move(edits);
        dropped.swap(m_plans);
    }
}

void CheckpointShelf::truncate(std::uint64_t step, std::vector<PlanEdit> edits) {
    std::vector<Checkpoint> dropped;
    {
        std::lock_guard lock(m_mutex);
        // The build under way is dropped too, whatever its step: fill() asks again.
        cancelBuild();
        m_edits = std::move(edits);
        for (auto it = m_plans.upper_bound(step); it != m_plans.end();) {
            dropped.push_back(std::move(it->second));
            it = m_plans.erase(it);
        }
    }
}

void CheckpointShelf::fill(std::uint64_t newest) {
    {
        std::lock_guard lock(m_mutex);
        if (!m_input) return;
        const std::uint64_t perCheckpoint = (newest + m_limits.built - 1) / std::max<std::size_t>(m_limits.built, 1);
        const std::uint64_t spacing = std::max(m_limits.minSpacing, std::max<std::uint64_t>(perCheckpoint, 1));
        m_todo.clear();
        for (std::uint64_t slot = 0; slot <= newest; slot += spacing) {
            // A plan within half a spacing above the slot serves it as well.
            auto near = m_plans.lower_bound(slot);
            if (near != m_plans.end() && near->first <= slot + spacing / 2) continue;
            m_todo.push_back(slot);
        }
    }
    m_wake.notify_all();
}

void CheckpointShelf::park(Checkpoint checkpoint) {
    if (!checkpoint.plan || !checkpoint.plan->ok()) return;
    std::vector<std::unique_ptr<Plan>> dropped;
    {
        std::lock_guard lock(m_mutex);
        const std::uint64_t step = checkpoint.plan->steps();
        m_plans[step] = std::move(checkpoint);
        dropped = evictOverflow();
    }
}

std::optional<CheckpointShelf::Checkpoint> CheckpointShelf::take(std::uint64_t target, std::uint64_t minSteps) {
    std::lock_guard lock(m_mutex);
    auto it = m_plans.upper_bound(target);
    if (it == m_plans.begin()) return std::nullopt;
    --it;
    if (it->first < minSteps) return std::nullopt;
    Checkpoint taken = std::move(it->second);
    m_plans.erase(it);
    return taken;
}

std::vector<std::uint64_t> CheckpointShelf::steps() const {
    std::lock_guard lock(m_mutex);
    std::vector<std::uint64_t> out;
    for (const auto& [step, cp] : m_plans) out.push_back(step);
    return out;
}

void CheckpointShelf::waitUntilBuilt() {
    std::unique_lock lock(m_mutex);
    m_idle.wait(lock, [this] { return m_stop || (m_todo.empty() && !m_busy); });
}

std::vector<std::unique_ptr<Plan>> CheckpointShelf::evictOverflow() {
    std::vector<std::unique_ptr<Plan>> dropped;
    while (m_plans.size() > std::max<std::size_t>(m_limits.kept, 1)) {
        // The plan closest to the one before it adds the least: a jump near it costs at most
        // that gap more. Step 0's plan (Home) is never the one dropped.
        auto victim = m_plans.end();
        std::uint64_t smallestGap = ~std::uint64_t{0};
        for (auto it = std::next(m_plans.begin()); it != m_plans.end(); ++it) {
            const std::uint64_t gap = it->first - std::prev(it)->first;
            if (gap < smallestGap) {
                smallestGap = gap;
                victim = it;
            }
        }
        if (victim == m_plans.end()) break;
        dropped.push_back(std::move(victim->second.plan));
        m_plans.erase(victim);
    }
    return dropped;
}

void CheckpointShelf::buildLoop() {
    std::unique_lock lock(m_mutex);
    for (;;) {
        m_wake.wait(lock, [this] { return m_stop || !m_todo.empty(); });
        if (m_stop) break;
        const std::uint64_t step = m_todo.front();
        m_todo.erase(m_todo.begin());
        const std::uint64_t generation = m_generation;
        const std::shared_ptr<const PlanInput> input = m_input;
        const std::vector<PlanEdit> edits = editsUpTo(m_edits, step);
        auto progress = std::make_shared<core::Progress>();
        m_building = progress;
        m_busy = true;
        lock.unlock();

        // The replay the worker's travel would make from step 0, untraced. Listened to (by
        // nobody) so that its events are numbered as those of the plan on show, which is.
        auto plan = std::make_unique<Plan>(input, progress.get());
        bool ok = plan->ok() && !plan->cancelled();
        if (ok) plan->sim().setEventListener([](const core::SimEvent&) {});
        if (ok) ok = plan->replay(edits, step).empty() && plan->steps() == step;
        plan->setProgress(nullptr);

        std::vector<std::unique_ptr<Plan>> dropped;
        lock.lock();
        m_building.reset();
        if (ok && generation == m_generation && !progress->cancelled()) {
            m_plans[step] = Checkpoint{std::move(plan), edits.size()};
            dropped = evictOverflow();
        }
        m_busy = false;
        if (m_todo.empty()) m_idle.notify_all();
        lock.unlock();
        dropped.clear();
        plan.reset();
        lock.lock();
    }
    m_idle.notify_all();
}

}  // namespace berth::plan
