package main

// What makes the whole loop's final state independent of real time and machine load:
//
//   - loopClock, the scheduling queue's clock (scheduler.WithClock): a fake clock that moves only
//     when the driver steps it, between cycles, once everything else has settled. Backoff
//     expiries and the backoffQ flush (a ticker on this clock) cannot fall in the middle of a
//     burst of cycles at a moment that depends on how fast the machine ran them.
//   - loopGate, before every cycle: the asynchronous work of the earlier cycles has landed. The
//     binding goroutine's API call is confirmed in the cache, an asynchronous preemption
//     (SchedulerAsyncPreemption, preemption/executor.go prepareCandidateAsync) has deleted its
//     victims, no API call is in progress, and the informers have delivered every write: the
//     listers, the scheduler's cache and its queue hold the resourceVersion the API holds for
//     every pod and budget; in a sequential run every ReplicaSet also has the pods it wants (its
//     controller replaced what preemption deleted). Upstream races these against the next
//     cycle; the gate picks one order, the one an idle API server and a fast scheduler mostly
//     give.

import (
	"fmt"
	"sync/atomic"
	"time"

	v1 "k8s.io/api/core/v1"
	policyv1 "k8s.io/api/policy/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/kubernetes/pkg/scheduler/framework/plugins/defaultpreemption"
	testingclock "k8s.io/utils/clock/testing"
)

// loopEpoch is the fake clock's start: a whole second, so that its 1-second backoff windows
// begin where the run begins, as Berth's simulated time does.
var loopEpoch = time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)

// loopHorizon is the most fake time the driver steps through: before the first flush of the
// unschedulable pool (podMaxInUnschedulablePodsDuration, 5 minutes) could retry a pod, the
// horizon of berthctl's --until 290s in the differential.
const loopHorizon = 290 * time.Second

// loopClock is a fake clock whose Now() still moves forward by a nanosecond per call, so that
// pods queued one after the other get increasing timestamps (the queue orders equal priorities
// by them) as on the real clock; timers and tickers fire only when the driver steps it.
type loopClock struct {
	*testingclock.FakeClock
	ticks atomic.Int64
}

func newLoopClock() *loopClock { return &loopClock{FakeClock: testingclock.NewFakeClock(loopEpoch)} }

func (c *loopClock) Now() time.Time { return c.FakeClock.Now().Add(time.Duration(c.ticks.Add(1))) }

func (c *loopClock) Since(t time.Time) time.Duration { return c.Now().Sub(t) }

// elapsed is the fake time stepped through since the start (the per-call nanoseconds aside).
func (c *loopClock) elapsed() time.Duration { return c.FakeClock.Now().Sub(loopEpoch) }

// loopGate decides when the asynchronous work of earlier cycles has landed (above).
type loopGate struct {
	h          *harness
	apiCalls   *atomic.Int64 // API calls made
	apiActive  *atomic.Int64 // API calls in progress
	preemption []*defaultpreemption.DefaultPreemption
	// The ReplicaSet controller runs (sequential runs): every ReplicaSet must have its replicas.
	replicaSets bool
}

func newLoopGate(h *harness, apiCalls, apiActive *atomic.Int64, replicaSets bool) *loopGate {
	g := &loopGate{h: h, apiCalls: apiCalls, apiActive: apiActive, replicaSets: replicaSets}
	for _, f := range h.sched.Profiles {
		for _, pl := range f.PreEnqueuePlugins() {
			if dp, ok := pl.(*defaultpreemption.DefaultPreemption); ok {
				g.preemption = append(g.preemption, dp)
			}
		}
	}
	return g
}

// landed says whether every write made so far has reached the scheduler and no asynchronous
// work is under way; when it has, it also returns a fingerprint of the state, so that a caller
// can ask for the same answer twice in a row.
func (g *loopGate) landed() (string, bool) {
	if g.apiActive.Load() != 0 {
		return "", false
	}
	q := g.h.sched.SchedulingQueue
	if len(q.InFlightPods()) != 0 || g.h.sched.Cache.Dump().AssumedPods.Len() != 0 {
		return "", false
	}
	obj, err := g.h.tracker.List(podsGVR, v1.SchemeGroupVersion.WithKind("Pod"), "")
	if err != nil {
		return "", false
	}
	apiPods := obj.(*v1.PodList).Items
	for i := range apiPods {
		for _, dp := range g.preemption {
			if dp.Executor.IsPodRunningPreemption(apiPods[i].UID) {
				return "", false
			}
		}
	}
	if g.replicaSets && !replicaSetsSettled(g.h.tracker, apiPods) {
		return "", false
	}
	if !g.listersAgree(apiPods) || !g.cacheAgrees(apiPods) || !g.queueAgrees(apiPods) {
		return "", false
	}
	active, backoff, unsched := len(q.PodsInActiveQ()), len(q.PodsInBackoffQ()), len(q.UnschedulablePods())
	return fmt.Sprintf("%d/%d/%d/%d/%d", active, backoff, unsched, g.apiCalls.Load(), g.h.rec.count()), true
}

// listersAgree: the informers' stores hold what the API holds (pods and budgets).
func (g *loopGate) listersAgree(apiPods []v1.Pod) bool {
	listed, err := g.h.factory.Core().V1().Pods().Lister().List(everything())
	if err != nil || len(listed) != len(apiPods) {
		return false
	}
	lister := g.h.factory.Core().V1().Pods().Lister()
	for i := range apiPods {
		p, err := lister.Pods(apiPods[i].Namespace).Get(apiPods[i].Name)
		if err != nil || p.ResourceVersion != apiPods[i].ResourceVersion {
			return false
		}
	}
	obj, err := g.h.tracker.List(pdbsGVR, policyv1.SchemeGroupVersion.WithKind("PodDisruptionBudget"), "")
	if err != nil {
		return false
	}
	apiPDBs := obj.(*policyv1.PodDisruptionBudgetList).Items
	pdbLister := g.h.factory.Policy().V1().PodDisruptionBudgets().Lister()
	if listedPDBs, err := pdbLister.List(everything()); err != nil || len(listedPDBs) != len(apiPDBs) {
		return false
	}
	for i := range apiPDBs {
		b, err := pdbLister.PodDisruptionBudgets(apiPDBs[i].Namespace).Get(apiPDBs[i].Name)
		if err != nil || b.ResourceVersion != apiPDBs[i].ResourceVersion {
			return false
		}
	}
	return true
}

// cacheAgrees: the scheduler's cache holds every assigned pod at the API's version, and no other.
func (g *loopGate) cacheAgrees(apiPods []v1.Pod) bool {
	cached := map[types.UID]string{}
	for _, n := range g.h.sched.Cache.Dump().Nodes {
		for _, pi := range n.GetPods() {
			cached[pi.GetPod().UID] = pi.GetPod().ResourceVersion
		}
	}
	assigned := 0
	for i := range apiPods {
		if apiPods[i].Spec.NodeName == "" {
			continue
		}
		assigned++
		if rv, ok := cached[apiPods[i].UID]; !ok || rv != apiPods[i].ResourceVersion {
			return false
		}
	}
	return assigned == len(cached)
}

// queueAgrees: every unassigned pod of a profile of this scheduler waits in the queue at the
// API's version.
func (g *loopGate) queueAgrees(apiPods []v1.Pod) bool {
	pending, _ := g.h.sched.SchedulingQueue.PendingPods()
	queued := make(map[types.UID]string, len(pending))
	for _, p := range pending {
		queued[p.UID] = p.ResourceVersion
	}
	for i := range apiPods {
		p := &apiPods[i]
		if _, mine := g.h.sched.Profiles[p.Spec.SchedulerName]; !mine || p.Spec.NodeName != "" || p.DeletionTimestamp != nil {
			continue
		}
		if rv, ok := queued[p.UID]; !ok || rv != p.ResourceVersion {
			return false
		}
	}
	return true
}

// wait returns once landed() has held with the same fingerprint for two checks in a row (the
// scheduler's pod handler updates the cache and then the queue: the second check lets the
// queue's part follow), and `quiet` says the run's own conditions hold. Gives up when stop says so.
func (g *loopGate) wait(quiet func() bool, stop func() bool) {
	last := ""
	for !stop() {
		fp, ok := g.landed()
		if ok && fp == last && quiet() {
			return
		}
		if ok {
			last = fp
		} else {
			last = ""
		}
		time.Sleep(time.Millisecond)
	}
}

var pdbsGVR = policyv1.SchemeGroupVersion.WithResource("poddisruptionbudgets")

func everything() labels.Selector { return labels.Everything() }
