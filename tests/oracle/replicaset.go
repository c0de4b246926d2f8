package main

// Sequential loop runs also run upstream's ReplicaSet controller (pkg/controller/replicaset) on
// the fake API: a preempted pod that a ReplicaSet owns is replaced, as in a cluster (and as
// berthctl's controller does), instead of leaving its ReplicaSet one pod short all run long.
// The fake API then has to do what the API server does on a create the controller makes: a name
// from generateName, a UID, a creation time, the defaulting and the create-time mutations.

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	v1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	clienttesting "k8s.io/client-go/testing"
	"k8s.io/kubernetes/pkg/api/legacyscheme"
	"k8s.io/kubernetes/pkg/controller/replicaset"
)

var replicaSetsGVR = appsv1.SchemeGroupVersion.WithResource("replicasets")

// newReplicaSetController registers the controller's informers on the harness's factory: call
// it before the factory starts, and Run it after.
func newReplicaSetController(ctx context.Context, h *harness) *replicaset.ReplicaSetController {
	return replicaset.NewReplicaSetController(ctx, h.factory.Apps().V1().ReplicaSets(), h.factory.Core().V1().Pods(),
		h.client, replicaset.BurstReplicas)
}

// generatedNames gives pods created with only a generateName the name the API server would
// (names.SimpleNameGenerator: the prefix and five characters of its alphabet), drawn from a
// counter instead of at random so that a run names its pods the same way every time. It keeps
// the prefix of every pod it named: the run's report lists them, and the differential compares
// them with berthctl's by prefix (their suffixes are random on both sides).
type generatedNames struct {
	mu       sync.Mutex
	next     int
	prefixOf map[string]string // namespace/name -> generateName
	epoch    time.Time
}

func newGeneratedNames(epoch time.Time) *generatedNames {
	return &generatedNames{prefixOf: map[string]string{}, epoch: epoch}
}

// The API server's generator draws from these (k8s.io/apiserver storage/names, utilrand.String).
const nameAlphabet = "bcdfghjklmnpqrstvwxz2456789"

func (g *generatedNames) name(prefix string) string {
	n := g.next
	g.next++
	var b strings.Builder
	b.WriteString(prefix)
	suffix := make([]byte, 5)
	for i := 4; i >= 0; i-- {
		suffix[i] = nameAlphabet[n%len(nameAlphabet)]
		n /= len(nameAlphabet)
	}
	b.Write(suffix)
	return b.String()
}

// create is the part of the API server's pod create that the object tracker lacks. It returns the
// action to store instead (nil when the pod has a name of its own: the tracker stores it as is).
func (g *generatedNames) create(action clienttesting.Action) (clienttesting.Action, error) {
	create, ok := action.(clienttesting.CreateActionImpl)
	if !ok || action.GetResource() != podsGVR || action.GetSubresource() != "" {
		return nil, nil
	}
	pod, ok := create.GetObject().(*v1.Pod)
	if !ok || pod.Name != "" || pod.GenerateName == "" {
		return nil, nil
	}
	pod = pod.DeepCopy()
	ns := action.GetNamespace()
	if pod.Namespace == "" {
		pod.Namespace = ns
	}
	g.mu.Lock()
	pod.Name = g.name(pod.GenerateName)
	g.prefixOf[podKey(pod)] = pod.GenerateName
	// A creation time after every object of the input, increasing per create.
	pod.CreationTimestamp = metav1.NewTime(g.epoch.Add(time.Duration(g.next) * time.Millisecond))
	g.mu.Unlock()
	pod.UID = types.UID(fmt.Sprintf("uid-created-%s-%s", pod.Namespace, pod.Name))
	// Defaulting and the create-time mutations, as load.go gives every pod of the input.
	var obj runtime.Object = pod
	legacyscheme.Scheme.Default(obj)
	applyCreateMutations(pod)
	return clienttesting.NewCreateAction(podsGVR, ns, pod), nil
}

// generated returns the prefix of a pod this run named ("" for the input's pods).
func (g *generatedNames) generated(key string) string {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.prefixOf[key]
}

// keys lists the pods this run named.
func (g *generatedNames) keys() []string {
	g.mu.Lock()
	defer g.mu.Unlock()
	out := make([]string, 0, len(g.prefixOf))
	for k := range g.prefixOf {
		out = append(out, k)
	}
	return out
}

// replicaSetsSettled: every ReplicaSet has as many active pods (not terminal, not being
// deleted, controlled by it) as it wants, so its controller has nothing left to create or delete.
func replicaSetsSettled(tracker *stampingTracker, apiPods []v1.Pod) bool {
	obj, err := tracker.List(replicaSetsGVR, appsv1.SchemeGroupVersion.WithKind("ReplicaSet"), "")
	if err != nil {
		return false
	}
	sets := obj.(*appsv1.ReplicaSetList).Items
	if len(sets) == 0 {
		return true
	}
	active := map[types.UID]int32{}
	for i := range apiPods {
		p := &apiPods[i]
		if p.DeletionTimestamp != nil || p.Status.Phase == v1.PodSucceeded || p.Status.Phase == v1.PodFailed {
			continue
		}
		if ref := metav1.GetControllerOf(p); ref != nil {
			active[ref.UID]++
		}
	}
	for i := range sets {
		want := int32(1)
		if sets[i].Spec.Replicas != nil {
			want = *sets[i].Spec.Replicas
		}
		if active[sets[i].UID] != want {
			return false
		}
	}
	return true
}
