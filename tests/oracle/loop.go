package main

// Whole-loop mode: scheduler.New + Run on a fake API (binding subresource, resourceVersions,
// deletions), backoff 1 s, the queue on a fake clock and each cycle after the earlier cycles'
// asynchronous work has landed (loop_gate.go), until nothing changes any more; the final state
// in the format of tests/conformance/loop/README.md.

import (
	"context"
	"fmt"
	"io"
	"os"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	v1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	utilfeature "k8s.io/apiserver/pkg/util/feature"
	clienttesting "k8s.io/client-go/testing"
	"k8s.io/client-go/tools/cache"
	"k8s.io/klog/v2"
	fwk "k8s.io/kube-scheduler/framework"
	podutil "k8s.io/kubernetes/pkg/api/v1/pod"
	"k8s.io/kubernetes/pkg/controller/disruption"
	"k8s.io/kubernetes/pkg/controller/replicaset"
	"k8s.io/kubernetes/pkg/features"
	"k8s.io/kubernetes/pkg/scheduler"
	"k8s.io/kubernetes/pkg/scheduler/framework"
)

var podsGVR = v1.SchemeGroupVersion.WithResource("pods")

type loopPod struct {
	Pod       string  `json:"pod"`
	Node      string  `json:"node"`
	State     string  `json:"state"`
	Nominated string  `json:"nominated"`
	Message   *string `json:"message,omitempty"`
	// A pod a controller created during the run: its generateName (the differential compares
	// such pods by it; their names end in a suffix the API server draws at random).
	GenerateName string `json:"generateName,omitempty"`
}

type loopOptions struct {
	maxRun      time.Duration // bound on the whole run
	settle      time.Duration // how long nothing may change before the run counts as settled
	sequential  bool          // the disruption controller and a kubelet that starts bound pods (below)
	replicaSets bool          // with sequential: the ReplicaSet controller too (replicaset.go)
}

// sequentialQuiet is how long the informers must deliver nothing before the next cycle starts
// in a sequential run (the disruption controller's budget updates follow the pods' events).
const sequentialQuiet = 15 * time.Millisecond

func runLoop(path string, out io.Writer, opt loopOptions) error {
	sc, err := loadScenario(path)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	logger := klog.FromContext(ctx)

	var calls, active atomic.Int64 // API calls made, and in progress (the gate waits for none)
	var delMu sync.Mutex
	deletedFrom := map[string]string{} // namespace/name -> node it was on when deleted
	var tracker *stampingTracker       // set below, before anything can call a reactor
	names := newGeneratedNames(loopEpoch)

	// What the API server's pods/binding subresource does (pkg/registry/core/pod/storage).
	bind := func(action clienttesting.Action) (bool, runtime.Object, error) {
		create, ok := action.(clienttesting.CreateActionImpl)
		if !ok || action.GetResource() != podsGVR || action.GetSubresource() != "binding" {
			return false, nil, nil
		}
		binding, ok := create.GetObject().(*v1.Binding)
		if !ok {
			return true, nil, fmt.Errorf("binding: unexpected object %T", create.GetObject())
		}
		ns := action.GetNamespace()
		obj, err := tracker.Get(podsGVR, ns, binding.Name)
		if err != nil {
			return true, nil, err
		}
		pod := obj.(*v1.Pod).DeepCopy()
		conflict := func(format string, args ...any) (bool, runtime.Object, error) {
			return true, nil, apierrors.NewConflict(schema.GroupResource{Resource: "pods/binding"}, binding.Name, fmt.Errorf(format, args...))
		}
		if binding.UID != "" && binding.UID != pod.UID {
			return conflict("Precondition failed: UID in precondition: %v, UID in object meta: %v", binding.UID, pod.UID)
		}
		if pod.DeletionTimestamp != nil {
			return conflict("pod %s is being deleted, cannot be assigned to a host", pod.Name)
		}
		if pod.Spec.NodeName != "" {
			return conflict("pod %v is already assigned to node %q", pod.Name, pod.Spec.NodeName)
		}
		if len(pod.Spec.SchedulingGates) != 0 {
			return conflict("pod %v has non-empty .spec.schedulingGates", pod.Name)
		}
		pod.Spec.NodeName = binding.Target.Name
		if utilfeature.DefaultFeatureGate.Enabled(features.ClearingNominatedNodeNameAfterBinding) {
			pod.Status.NominatedNodeName = ""
		}
		if len(binding.Annotations) > 0 && pod.Annotations == nil {
			pod.Annotations = map[string]string{}
		}
		for k, val := range binding.Annotations {
			pod.Annotations[k] = val
		}
		podutil.UpdatePodCondition(&pod.Status, &v1.PodCondition{Type: v1.PodScheduled, Status: v1.ConditionTrue})
		if opt.sequential {
			// The kubelet starts the pod at once and reports it ready, as berthctl assumes (its
			// disruption controller counts a bound pod healthy).
			pod.Status.Phase = v1.PodRunning
			podutil.UpdatePodCondition(&pod.Status, &v1.PodCondition{Type: v1.PodReady, Status: v1.ConditionTrue})
		}
		if err := tracker.Update(podsGVR, pod, ns); err != nil {
			return true, nil, err
		}
		return true, binding, nil
	}
	rememberDeletion := func(action clienttesting.Action) (bool, runtime.Object, error) {
		if _, ok := action.(clienttesting.DeleteActionImpl); !ok || action.GetResource() != podsGVR || action.GetSubresource() != "" {
			return false, nil, nil
		}
		del := action.(clienttesting.DeleteActionImpl)
		if obj, err := tracker.Get(podsGVR, del.GetNamespace(), del.GetName()); err == nil {
			delMu.Lock()
			deletedFrom[del.GetNamespace()+"/"+del.GetName()] = obj.(*v1.Pod).Spec.NodeName
			delMu.Unlock()
		}
		return false, nil, nil
	}

	// Every API call goes through here: counted, and in progress until the object reaction is done.
	var objectReaction clienttesting.ReactionFunc
	apiCall := func(action clienttesting.Action) (bool, runtime.Object, error) {
		calls.Add(1)
		active.Add(1)
		defer active.Add(-1)
		if named, err := names.create(action); err != nil {
			return true, nil, err
		} else if named != nil {
			action = named
		}
		if handled, obj, err := bind(action); handled {
			return handled, obj, err
		}
		rememberDeletion(action)
		return objectReaction(action)
	}
	clk := newLoopClock()
	h, err := newHarness(ctx, sc, clk, apiCall)
	if err != nil {
		return err
	}
	tracker = h.tracker
	objectReaction = clienttesting.ObjectReaction(tracker)

	// Existing objects are in the API before the informers start.
	for _, o := range sc.others {
		if err := tracker.Add(o.DeepCopyObject()); err != nil {
			return fmt.Errorf("adding %T: %w", o, err)
		}
	}
	for _, n := range sc.nodes {
		if err := tracker.Add(n.DeepCopy()); err != nil {
			return err
		}
	}
	for _, p := range sc.bound {
		if err := tracker.Add(p.DeepCopy()); err != nil {
			return err
		}
	}
	var dc *disruption.DisruptionController
	var rsc *replicaset.ReplicaSetController
	if opt.sequential {
		dc = newDisruptionController(ctx, h)
	}
	if opt.sequential && opt.replicaSets {
		rsc = newReplicaSetController(ctx, h)
	}
	h.factory.Start(ctx.Done())
	h.factory.WaitForCacheSync(ctx.Done())
	if dc != nil {
		go dc.Run(ctx, 1)
	}
	if err := h.sched.WaitForHandlersSync(ctx); err != nil {
		return err
	}
	if err := waitFor(ctx, 10*time.Second, func() bool {
		return h.sched.Cache.NodeCount() == len(sc.nodes)
	}); err != nil {
		return fmt.Errorf("nodes did not reach the cache: %w", err)
	}

	// The pending pods are created through the API, in file order; all are queued before the loop
	// starts, so they pop by priority, then by file order.
	queued := 0
	for _, p := range sc.pending {
		if _, err := h.client.CoreV1().Pods(p.Namespace).Create(ctx, p.DeepCopy(), metav1.CreateOptions{}); err != nil {
			return fmt.Errorf("creating %s: %w", podKey(p), err)
		}
		if _, ok := h.sched.Profiles[p.Spec.SchedulerName]; ok {
			queued++
		}
	}
	if err := waitFor(ctx, 10*time.Second, func() bool {
		pending, _ := h.sched.SchedulingQueue.PendingPods() // activeQ, or unschedulable when gated
		return len(pending) == queued
	}); err != nil {
		return fmt.Errorf("pending pods did not all reach the scheduling queue: %w", err)
	}

	// The ReplicaSet controller starts once the input's pending pods exist: before, it would
	// count them missing and create pods in their place.
	if rsc != nil {
		go rsc.Run(ctx, 1)
	}

	// Before the next pod is popped, the asynchronous work of earlier cycles has landed
	// (loop_gate.go). Sequential runs also start upstream's disruption controller, which acts on
	// the informers' events in its own goroutine: there the informers must also have been quiet
	// for sequentialQuiet, so that its budget updates land before the next cycle too.
	var lastDelivery atomic.Int64
	if opt.sequential {
		note := func(any) { lastDelivery.Store(time.Now().UnixNano()) }
		handler := cache.ResourceEventHandlerFuncs{AddFunc: note, UpdateFunc: func(_, n any) { note(n) }, DeleteFunc: note}
		if _, err := h.factory.Core().V1().Pods().Informer().AddEventHandler(handler); err != nil {
			return err
		}
		if _, err := h.factory.Policy().V1().PodDisruptionBudgets().Informer().AddEventHandler(handler); err != nil {
			return err
		}
	}
	quiet := func() bool {
		return !opt.sequential || time.Since(time.Unix(0, lastDelivery.Load())) >= sequentialQuiet
	}
	gate := newLoopGate(h, &calls, &active, rsc != nil)
	stopped := func() bool { return ctx.Err() != nil }
	// A cycle is running from the moment NextEntity hands out a pod until ScheduleOne asks again.
	var cycleRunning atomic.Bool
	next := h.sched.NextEntity
	h.sched.NextEntity = func(l klog.Logger) (framework.QueuedEntityInfo, error) {
		cycleRunning.Store(false)
		gate.wait(quiet, stopped)
		e, err := next(l)
		if err == nil && e != nil {
			cycleRunning.Store(true)
		}
		return e, err
	}
	h.deterministicHost()
	go h.sched.Run(ctx)

	// The driver: the run is settled once everything has landed, no cycle runs, activeQ and
	// backoffQ are empty, and that state has not changed for opt.settle. Pods left in backoffQ
	// then (Pop takes them when activeQ is empty, so only ones it missed while waiting) wait
	// for the fake clock: it steps one backoff window, up to loopHorizon.
	q := h.sched.SchedulingQueue
	state := func() (fp string, idle bool, backoff int) {
		fp, ok := gate.landed()
		active, backoff := len(q.PodsInActiveQ()), len(q.PodsInBackoffQ())
		fp = fmt.Sprintf("%s/%v/%v", fp, cycleRunning.Load(), clk.elapsed())
		return fp, ok && quiet() && !cycleRunning.Load() && active == 0, backoff
	}
	start := time.Now()
	lastFP, stableSince := "", time.Now()
	settled := false
	for time.Since(start) < opt.maxRun {
		time.Sleep(20 * time.Millisecond)
		fp, idle, backoff := state()
		if fp != lastFP || !idle {
			lastFP, stableSince = fp, time.Now()
			continue
		}
		if time.Since(stableSince) < opt.settle {
			continue
		}
		if backoff > 0 && clk.elapsed()+time.Second <= loopHorizon {
			clk.Step(time.Second)
			lastFP = ""
			continue
		}
		settled = true
		break
	}
	fp, _, _ := state()
	cancel()
	if !settled {
		fmt.Fprintf(os.Stderr, "berth-oracle: %s did not settle within %v (last state %s)\n", path, opt.maxRun, fp)
	}
	logger.V(2).Info("loop finished", "settled", settled, "elapsed", time.Since(start), "fakeTime", clk.elapsed())

	// The final state.
	lastMessage := map[string]string{}
	for _, e := range h.rec.snapshot() {
		if e.reason == "FailedScheduling" {
			lastMessage[e.regarding] = e.note
		}
	}
	wasBound := map[string]bool{}
	var inputPods []*v1.Pod
	for _, p := range sc.bound {
		wasBound[podKey(p)] = true
		inputPods = append(inputPods, p)
	}
	inputPods = append(inputPods, sc.pending...)
	keys := make([]string, 0, len(inputPods))
	for _, p := range inputPods {
		keys = append(keys, podKey(p))
	}
	keys = append(keys, names.keys()...)
	sort.Strings(keys)

	var pods []loopPod
	evicted := []string{}
	for _, key := range keys {
		lp := loopPod{Pod: key, GenerateName: names.generated(key)}
		ns, name, _ := strings.Cut(key, "/")
		obj, err := tracker.Get(podsGVR, ns, name)
		if err != nil {
			delMu.Lock()
			node, deleted := deletedFrom[key]
			delMu.Unlock()
			if !deleted {
				return fmt.Errorf("%s vanished without a delete call: %v", key, err)
			}
			lp.Node = node
			if node != "" {
				lp.State = "evicted"
				evicted = append(evicted, key)
			} else {
				lp.State = "deleted"
			}
			pods = append(pods, lp)
			continue
		}
		cur := obj.(*v1.Pod)
		lp.Node = cur.Spec.NodeName
		lp.Nominated = cur.Status.NominatedNodeName
		switch {
		case wasBound[key]:
			lp.State = "preexisting"
		case cur.Spec.NodeName != "":
			lp.State = "bound"
		default:
			lp.State = "pending"
			msg := lastMessage[key]
			lp.Message = &msg
		}
		pods = append(pods, lp)
	}
	if err := writeLoopJSON(out, pods, evicted); err != nil {
		return err
	}
	if !settled {
		return fmt.Errorf("run did not settle within %v", opt.maxRun)
	}
	return nil
}

// writeLoopJSON writes the layout of the expected files: one pod per line.
func writeLoopJSON(out io.Writer, pods []loopPod, evicted []string) error {
	var b strings.Builder
	b.WriteString("{\"pods\":[\n")
	for i, p := range pods {
		line, err := marshalNoEscape(p)
		if err != nil {
			return err
		}
		b.WriteString(line)
		if i+1 < len(pods) {
			b.WriteString(",")
		}
		b.WriteString("\n")
	}
	ev, err := marshalNoEscape(evicted)
	if err != nil {
		return err
	}
	b.WriteString("],\n\"evicted\":" + ev + "}\n")
	_, err = io.WriteString(out, b.String())
	return err
}

func waitFor(ctx context.Context, limit time.Duration, cond func() bool) error {
	deadline := time.Now().Add(limit)
	for !cond() {
		if time.Now().After(deadline) {
			return fmt.Errorf("timed out after %v", limit)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(10 * time.Millisecond):
		}
	}
	return nil
}

// deterministicHost makes the loop's choice among equal top scores the smallest node name, as in
// the single pass and berthctl's --tie-break name: upstream's schedulePod picks at random among
// them (framework.NewSortedScoredNodes with a random tie-breaker), and opportunistic batching
// (on by default since 1.35) reuses the previous pod's random order through its node hint.
// Upstream still runs the cycle (its PreFilter and PreScore state is what Reserve, Permit and
// PreBind see, and is the same for any node); only the host is replaced by the full evaluation's,
// which must be one of upstream's equally scored top nodes, or the hint upstream took must pass
// every filter and score as high: anything else is reported.
func (h *harness) deterministicHost() {
	orig := h.sched.SchedulePod
	h.sched.SchedulePod = func(ctx context.Context, f framework.Framework, state fwk.CycleState, pi *framework.QueuedPodInfo) (scheduler.ScheduleResult, error) {
		res, err := orig(ctx, f, state, pi)
		if err != nil {
			return res, err
		}
		v := h.decide(ctx, f, pi.Pod)
		if v.line.Chosen == "" {
			fmt.Fprintf(os.Stderr, "berth-oracle: %s: SchedulePod chose %q, the full evaluation none (%s)\n", podKey(pi.Pod), res.SuggestedHost, v.line.Message)
			return res, err
		}
		if res.SuggestedHost != v.line.Chosen && len(v.topNodes) > 0 && !slices.Contains(v.topNodes, res.SuggestedHost) {
			fmt.Fprintf(os.Stderr, "berth-oracle: %s: SchedulePod chose %q, not among the full evaluation's top nodes %v\n", podKey(pi.Pod), res.SuggestedHost, v.topNodes)
		}
		res.SuggestedHost = v.line.Chosen
		return res, nil
	}
}
