package main

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"

	v1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/watch"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes/fake"
	clientscheme "k8s.io/client-go/kubernetes/scheme"
	clienttesting "k8s.io/client-go/testing"
	"k8s.io/client-go/tools/events"
	"k8s.io/klog/v2"
	"k8s.io/kubernetes/pkg/scheduler"
	internalcache "k8s.io/kubernetes/pkg/scheduler/backend/cache"
)

// stampingTracker gives every stored object a new, increasing resourceVersion, as the API
// server does: the scheduling queue ignores pod updates whose resourceVersion did not change.
type stampingTracker struct {
	clienttesting.ObjectTracker
	rv atomic.Int64
}

func (t *stampingTracker) stamp(obj runtime.Object) {
	if a, err := meta.Accessor(obj); err == nil {
		a.SetResourceVersion(fmt.Sprint(t.rv.Add(1)))
	}
}

func (t *stampingTracker) Add(obj runtime.Object) error {
	t.stamp(obj)
	return t.ObjectTracker.Add(obj)
}

func (t *stampingTracker) Create(gvr schema.GroupVersionResource, obj runtime.Object, ns string, opts ...metav1.CreateOptions) error {
	t.stamp(obj)
	return t.ObjectTracker.Create(gvr, obj, ns, opts...)
}

func (t *stampingTracker) Update(gvr schema.GroupVersionResource, obj runtime.Object, ns string, opts ...metav1.UpdateOptions) error {
	t.stamp(obj)
	return t.ObjectTracker.Update(gvr, obj, ns, opts...)
}

func (t *stampingTracker) Patch(gvr schema.GroupVersionResource, obj runtime.Object, ns string, opts ...metav1.PatchOptions) error {
	t.stamp(obj)
	return t.ObjectTracker.Patch(gvr, obj, ns, opts...)
}

// newClientset is a fake clientset whose reaction chains go through a stampingTracker;
// extra reactors run before the object reaction.
func newClientset(extra ...clienttesting.ReactionFunc) (*fake.Clientset, *stampingTracker) {
	cs := fake.NewSimpleClientset()
	tr := &stampingTracker{ObjectTracker: clienttesting.NewObjectTracker(clientscheme.Scheme, clientscheme.Codecs.UniversalDecoder())}
	cs.ReactionChain = nil
	cs.WatchReactionChain = nil
	for _, r := range extra {
		cs.AddReactor("*", "*", r)
	}
	cs.AddReactor("*", "*", clienttesting.ObjectReaction(tr))
	cs.AddWatchReactor("*", func(action clienttesting.Action) (bool, watch.Interface, error) {
		var opts metav1.ListOptions
		if wa, ok := action.(clienttesting.WatchActionImpl); ok {
			opts = wa.ListOptions
		}
		w, err := tr.Watch(action.GetResource(), action.GetNamespace(), opts)
		if err != nil {
			return false, nil, err
		}
		return true, w, nil
	})
	return cs, tr
}

// recordedEvent is one event the scheduler emitted.
type recordedEvent struct {
	regarding string // namespace/name
	eventType string
	reason    string
	note      string
}

// recorder keeps every event (FailedScheduling messages, Preempted, Scheduled).
type recorder struct {
	mu     sync.Mutex
	events []recordedEvent
}

func (r *recorder) Eventf(regarding runtime.Object, _ runtime.Object, eventtype, reason, _ string, note string, args ...interface{}) {
	key := ""
	if a, err := meta.Accessor(regarding); err == nil {
		key = a.GetNamespace() + "/" + a.GetName()
	}
	msg := note
	if len(args) > 0 {
		msg = fmt.Sprintf(note, args...)
	}
	r.mu.Lock()
	r.events = append(r.events, recordedEvent{regarding: key, eventType: eventtype, reason: reason, note: msg})
	r.mu.Unlock()
}

func (r *recorder) WithLogger(klog.Logger) events.EventRecorderLogger { return r }

func (r *recorder) count() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.events)
}

func (r *recorder) snapshot() []recordedEvent {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]recordedEvent(nil), r.events...)
}

// harness is a scheduler built from a scenario's configuration.
type harness struct {
	sched    *scheduler.Scheduler
	client   *fake.Clientset
	tracker  *stampingTracker
	factory  informers.SharedInformerFactory
	snapshot *internalcache.Snapshot
	rec      *recorder
}

// loop is the whole loop's queue clock (loop_gate.go), nil for the single pass.
func newHarness(ctx context.Context, sc *scenario, loop *loopClock, extra ...clienttesting.ReactionFunc) (*harness, error) {
	cs, tr := newClientset(extra...)
	h := &harness{client: cs, tracker: tr, rec: &recorder{}, snapshot: internalcache.NewEmptySnapshot()}
	h.factory = scheduler.NewInformerFactory(cs, 0, nil)

	cfg := sc.config.DeepCopy()
	hundred := int32(100)
	for i := range cfg.Profiles {
		cfg.Profiles[i].PercentageOfNodesToScore = nil // every node evaluated: the global 100 below
	}
	opts := []scheduler.Option{
		scheduler.WithComponentConfigVersion(cfg.TypeMeta.APIVersion),
		scheduler.WithProfiles(cfg.Profiles...),
		scheduler.WithParallelism(cfg.Parallelism),
		scheduler.WithPercentageOfNodesToScore(&hundred),
		scheduler.WithExtenders(cfg.Extenders...),
		scheduler.WithNodeInfoSnapshot(h.snapshot),
	}
	if loop != nil {
		// The smallest valid backoff, so that runs settle quickly.
		opts = append(opts, scheduler.WithPodInitialBackoffSeconds(1), scheduler.WithPodMaxBackoffSeconds(1),
			scheduler.WithClock(loop))
	} else {
		opts = append(opts, scheduler.WithPodInitialBackoffSeconds(cfg.PodInitialBackoffSeconds),
			scheduler.WithPodMaxBackoffSeconds(cfg.PodMaxBackoffSeconds))
	}
	rf := func(string) events.EventRecorderLogger { return h.rec }
	sched, err := scheduler.New(ctx, cs, h.factory, nil, rf, opts...)
	if err != nil {
		return nil, fmt.Errorf("scheduler.New: %w", err)
	}
	h.sched = sched
	bindThroughAPI(sched.Extenders, cs)
	return h, nil
}

// podKey is namespace/name.
func podKey(p *v1.Pod) string { return p.Namespace + "/" + p.Name }
