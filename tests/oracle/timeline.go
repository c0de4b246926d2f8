package main

// Timelines in the whole loop (`loop --timeline F`, `differential --loop --timeline`): Berth's
// `kind: Timeline` file (README "berthctl", src/io/timeline_reader.cpp) read here, and each
// timed edit applied through the fake API at its time on the loop's fake clock, as the API
// server would take it from kubectl or a controller:
//
//	cordon / uncordon   the node's spec.unschedulable updated (kubectl cordon; no taint added)
//	deleteNode          the pods bound to it deleted, then the node (the pod garbage collector
//	                    deletes a gone node's pods; berthctl's Simulation::removeNode evicts them
//	                    first, in the same step); their ReplicaSets replace them
//	deletePod           the pod deleted (kubectl delete pod); a ReplicaSet replaces its own
//	scale               a ReplicaSet's spec.replicas updated; upstream's ReplicaSet controller
//	                    (replicaset.go, on by default with --sequential) creates or deletes pods
//	addNodePool         COUNT nodes NAMEPREFIX-1.. created from a copy of the template node:
//	                    not cordoned, kubernetes.io/hostname set to the name, the zone label to
//	                    ZONE when given (berthctl's Plan::addNodePool)
//
// drain, deleteWorkload and scale of another kind than ReplicaSet are not played: such a
// timeline is refused before the run starts. An edit that cannot be applied at its time (a pod
// or node already gone) is reported on standard error and the run goes on, as berthctl does.

import (
	"context"
	"fmt"
	"os"
	"sort"
	"sync/atomic"
	"time"

	v1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/yaml"
)

type namespacedRef struct {
	Kind      string `json:"kind,omitempty"`
	Namespace string `json:"namespace,omitempty"`
	Name      string `json:"name"`
	Replicas  *int32 `json:"replicas,omitempty"`
}

type nodePoolRef struct {
	Template   string `json:"template"`
	NamePrefix string `json:"namePrefix"`
	Count      int32  `json:"count"`
	Zone       string `json:"zone,omitempty"`
}

type timelineEventYAML struct {
	At             string         `json:"at"`
	Cordon         *string        `json:"cordon,omitempty"`
	Uncordon       *string        `json:"uncordon,omitempty"`
	Drain          *string        `json:"drain,omitempty"`
	DeleteNode     *string        `json:"deleteNode,omitempty"`
	Scale          *namespacedRef `json:"scale,omitempty"`
	DeleteWorkload *namespacedRef `json:"deleteWorkload,omitempty"`
	AddNodePool    *nodePoolRef   `json:"addNodePool,omitempty"`
	DeletePod      *namespacedRef `json:"deletePod,omitempty"`
}

type timelineYAML struct {
	APIVersion string              `json:"apiVersion"`
	Kind       string              `json:"kind"`
	Metadata   map[string]any      `json:"metadata,omitempty"`
	Events     []timelineEventYAML `json:"events"`
}

// timedEdit is one event of the file, in the order it is played (by time, then file order).
type timedEdit struct {
	at     time.Duration
	index  int    // 1-based position in the file
	action string // the YAML key
	node   string // cordon, uncordon, deleteNode
	ref    namespacedRef
	pool   nodePoolRef
}

func (e timedEdit) String() string {
	return fmt.Sprintf("event %d (at %v, %s)", e.index, e.at, e.action)
}

// loadTimeline reads the file strictly (an unknown field is an error) and refuses what the
// oracle cannot play; replicaSets says whether the ReplicaSet controller runs.
func loadTimeline(path string, replicaSets bool) ([]timedEdit, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var doc timelineYAML
	if err := yaml.UnmarshalStrict(data, &doc); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if doc.APIVersion != "berth.dev/v1alpha1" || doc.Kind != "Timeline" {
		return nil, fmt.Errorf("%s: not a berth.dev/v1alpha1 Timeline", path)
	}
	var out []timedEdit
	for i, ev := range doc.Events {
		e := timedEdit{index: i + 1}
		fail := func(format string, args ...any) error {
			return fmt.Errorf("%s: event %d: %s", path, e.index, fmt.Sprintf(format, args...))
		}
		if e.at, err = time.ParseDuration(ev.At); err != nil || e.at < 0 {
			return nil, fail("at: %q is not a duration of 0 or more", ev.At)
		}
		actions := 0
		node := func(name string, p *string) {
			if p != nil {
				actions++
				e.action, e.node = name, *p
			}
		}
		node("cordon", ev.Cordon)
		node("uncordon", ev.Uncordon)
		node("drain", ev.Drain)
		node("deleteNode", ev.DeleteNode)
		ref := func(name string, p *namespacedRef) {
			if p != nil {
				actions++
				e.action, e.ref = name, *p
				if e.ref.Namespace == "" {
					e.ref.Namespace = "default"
				}
			}
		}
		ref("scale", ev.Scale)
		ref("deleteWorkload", ev.DeleteWorkload)
		ref("deletePod", ev.DeletePod)
		if ev.AddNodePool != nil {
			actions++
			e.action, e.pool = "addNodePool", *ev.AddNodePool
		}
		if actions != 1 {
			return nil, fail("an event has exactly one action besides at")
		}
		switch e.action {
		case "drain", "deleteWorkload":
			return nil, fail("%s is not played by the oracle (its evictions and garbage collection are not modelled): leave it out", e.action)
		case "scale":
			if e.ref.Kind != "ReplicaSet" {
				return nil, fail("scale of a %s is not played by the oracle (it runs upstream's ReplicaSet controller only)", e.ref.Kind)
			}
			if !replicaSets {
				return nil, fail("scale needs upstream's ReplicaSet controller (--sequential, --replicasets)")
			}
			if e.ref.Replicas == nil || *e.ref.Replicas < 0 {
				return nil, fail("scale needs replicas, 0 or more")
			}
		case "addNodePool":
			if e.pool.Template == "" || e.pool.NamePrefix == "" || e.pool.Count < 1 {
				return nil, fail("addNodePool needs template, namePrefix and a count of 1 or more")
			}
		}
		out = append(out, e)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].at < out[j].at })
	return out, nil
}

// timelinePlayer applies the edits through the harness's clientset.
type timelinePlayer struct {
	h        *harness
	path     string
	edits    []timedEdit
	next     int
	applying atomic.Bool     // an edit's API calls are under way: no cycle may start
	deleted  map[string]bool // namespace/name of the pods the timeline deleted
}

func (p *timelinePlayer) pending() bool { return p != nil && p.next < len(p.edits) }

func (p *timelinePlayer) nextAt() time.Duration { return p.edits[p.next].at }

// applyNext plays the next edit and waits until the scheduler's cache holds every node the API
// holds at its version. An edit that cannot be applied is reported, not fatal (as berthctl).
func (p *timelinePlayer) applyNext(ctx context.Context) error {
	e := p.edits[p.next]
	p.next++
	p.applying.Store(true)
	defer p.applying.Store(false)
	if err := p.apply(ctx, e); err != nil {
		if apierrors.IsNotFound(err) || apierrors.IsAlreadyExists(err) {
			fmt.Fprintf(os.Stderr, "berth-oracle: timeline: %s: %s: %v\n", p.path, e, err)
		} else {
			return fmt.Errorf("timeline: %s: %s: %w", p.path, e, err)
		}
	}
	return waitFor(ctx, 10*time.Second, p.nodesLanded)
}

func (p *timelinePlayer) apply(ctx context.Context, e timedEdit) error {
	nodes := p.h.client.CoreV1().Nodes()
	switch e.action {
	case "cordon", "uncordon":
		n, err := nodes.Get(ctx, e.node, metav1.GetOptions{})
		if err != nil {
			return err
		}
		n.Spec.Unschedulable = e.action == "cordon"
		_, err = nodes.Update(ctx, n, metav1.UpdateOptions{})
		return err
	case "deleteNode":
		if _, err := nodes.Get(ctx, e.node, metav1.GetOptions{}); err != nil {
			return err
		}
		pods, err := p.h.client.CoreV1().Pods("").List(ctx, metav1.ListOptions{})
		if err != nil {
			return err
		}
		for _, pod := range pods.Items {
			if pod.Spec.NodeName != e.node {
				continue
			}
			if err := p.deletePod(ctx, pod.Namespace, pod.Name); err != nil {
				return err
			}
		}
		return nodes.Delete(ctx, e.node, metav1.DeleteOptions{})
	case "deletePod":
		return p.deletePod(ctx, e.ref.Namespace, e.ref.Name)
	case "scale":
		sets := p.h.client.AppsV1().ReplicaSets(e.ref.Namespace)
		rs, err := sets.Get(ctx, e.ref.Name, metav1.GetOptions{})
		if err != nil {
			return err
		}
		rs.Spec.Replicas = e.ref.Replicas
		_, err = sets.Update(ctx, rs, metav1.UpdateOptions{})
		return err
	case "addNodePool":
		tmpl, err := nodes.Get(ctx, e.pool.Template, metav1.GetOptions{})
		if err != nil {
			return err
		}
		for i := int32(1); i <= e.pool.Count; i++ {
			if _, err := nodes.Get(ctx, fmt.Sprintf("%s-%d", e.pool.NamePrefix, i), metav1.GetOptions{}); err == nil {
				return apierrors.NewAlreadyExists(v1.Resource("nodes"), fmt.Sprintf("%s-%d", e.pool.NamePrefix, i))
			}
		}
		for i := int32(1); i <= e.pool.Count; i++ {
			n := tmpl.DeepCopy()
			n.Name = fmt.Sprintf("%s-%d", e.pool.NamePrefix, i)
			n.UID = types.UID("uid-node-" + n.Name)
			n.ResourceVersion = ""
			n.Spec.Unschedulable = false
			if n.Labels == nil {
				n.Labels = map[string]string{}
			}
			n.Labels[v1.LabelHostname] = n.Name
			if e.pool.Zone != "" {
				n.Labels[v1.LabelTopologyZone] = e.pool.Zone
			}
			if _, err := nodes.Create(ctx, n, metav1.CreateOptions{}); err != nil {
				return err
			}
		}
		return nil
	}
	return fmt.Errorf("unknown action %q", e.action) // loadTimeline refused it: not expected
}

func (p *timelinePlayer) deletePod(ctx context.Context, ns, name string) error {
	if err := p.h.client.CoreV1().Pods(ns).Delete(ctx, name, metav1.DeleteOptions{}); err != nil {
		return err
	}
	p.deleted[ns+"/"+name] = true
	return nil
}

// nodesLanded: the scheduler's cache holds every node of the API at the API's version, and no other.
func (p *timelinePlayer) nodesLanded() bool {
	obj, err := p.h.tracker.List(nodesGVR, v1.SchemeGroupVersion.WithKind("Node"), "")
	if err != nil {
		return false
	}
	apiNodes := obj.(*v1.NodeList).Items
	cached := p.h.sched.Cache.Dump().Nodes
	if len(cached) != len(apiNodes) {
		return false
	}
	for i := range apiNodes {
		ni, ok := cached[apiNodes[i].Name]
		if !ok || ni.Node() == nil || ni.Node().ResourceVersion != apiNodes[i].ResourceVersion {
			return false
		}
	}
	return true
}

var nodesGVR = v1.SchemeGroupVersion.WithResource("nodes")
