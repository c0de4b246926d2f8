package main

// The unschedulable pool's flush past the loop's horizon (loop --to-end; the differential's
// timeline runs, where berthctl runs without --until, which its timelines need): upstream's
// queue moves every pod that sat in the unschedulable pool for podMaxInUnschedulablePodsDuration
// (5 minutes) back to activeQ or backoffQ every 30 s (scheduling_queue.go
// flushUnschedulableEntitiesLeftover, a wait.Until on the real clock, which the fake clock's
// minutes never reach). The driver does it instead at each 30-s mark of fake time through the
// exported MoveAllToActiveOrBackoffQueue with the same event (EventUnschedulableTimeout) and a
// pre-check that picks the same pods. The run ends as berthctl's does
// (Simulation::retryCouldChangeAnything): once every pod in the pool failed against the
// scheduler's cache as it is now (no node or assigned pod changed since its last attempt).

import (
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	v1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/klog/v2"
	"k8s.io/kubernetes/pkg/scheduler/framework"
)

const (
	unschedulableFlushAfter = 5 * time.Minute  // podMaxInUnschedulablePodsDuration
	unschedulableFlushEvery = 30 * time.Second // the flush's period, from the run's start
	loopEndHorizon          = time.Hour        // a bound on fake time in a run to the end
)

type flushTracker struct {
	h     *harness
	clk   *loopClock
	mu    sync.Mutex
	last  types.UID                   // the pod of the cycle under way
	at    map[types.UID]time.Duration // fake time of each pod's last attempt
	cache map[types.UID]string        // the cache's signature after it
}

func newFlushTracker(h *harness, clk *loopClock) *flushTracker {
	return &flushTracker{h: h, clk: clk, at: map[types.UID]time.Duration{}, cache: map[types.UID]string{}}
}

// cacheSignature changes whenever a node or an assigned pod of the scheduler's cache does.
func (f *flushTracker) cacheSignature() string {
	nodes := f.h.sched.Cache.Dump().Nodes
	parts := make([]string, 0, len(nodes))
	for name, ni := range nodes {
		parts = append(parts, fmt.Sprintf("%s=%d", name, ni.Generation))
	}
	sort.Strings(parts)
	return strings.Join(parts, ",")
}

func (f *flushTracker) popped(e framework.QueuedEntityInfo) {
	pi, ok := e.(*framework.QueuedPodInfo)
	if !ok || pi.Pod == nil {
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.last = pi.Pod.UID
	f.at[f.last] = f.clk.elapsed()
}

// cycleEnded: the last cycle's work has landed (the gate passed): what it failed against.
func (f *flushTracker) cycleEnded() {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.last != "" {
		f.cache[f.last] = f.cacheSignature()
		f.last = ""
	}
}

// couldChange: a pod in the pool failed against an older cache than today's.
func (f *flushTracker) couldChange() bool {
	now := f.cacheSignature()
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, p := range f.h.sched.SchedulingQueue.UnschedulablePods() {
		if sig, ok := f.cache[p.UID]; ok && sig != now {
			return true
		}
	}
	return false
}

// nextFlush is the first 30-s mark at which a pod of the pool has sat there over 5 minutes.
func (f *flushTracker) nextFlush() (time.Duration, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	earliest, found := time.Duration(0), false
	for _, p := range f.h.sched.SchedulingQueue.UnschedulablePods() {
		if at, ok := f.at[p.UID]; ok && (!found || at < earliest) {
			earliest, found = at, true
		}
	}
	if !found {
		return 0, false
	}
	mark := (earliest+unschedulableFlushAfter)/unschedulableFlushEvery*unschedulableFlushEvery + unschedulableFlushEvery
	return max(mark, f.clk.elapsed()), true
}

// flush moves the pods that sat in the pool over 5 minutes, as flushUnschedulableEntitiesLeftover.
func (f *flushTracker) flush(logger klog.Logger) {
	now := f.clk.elapsed()
	f.mu.Lock()
	due := map[types.UID]bool{}
	for uid, at := range f.at {
		if now-at > unschedulableFlushAfter {
			due[uid] = true
		}
	}
	f.mu.Unlock()
	f.h.sched.SchedulingQueue.MoveAllToActiveOrBackoffQueue(logger, framework.EventUnschedulableTimeout, nil, nil,
		func(p *v1.Pod) bool { return due[p.UID] })
}
