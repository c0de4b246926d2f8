package main

// The generator's timelines (`gen --loop --timeline FILE`, `differential --loop --timelines`):
// a few timed edits on a generated loop scenario whose events reach the scheduler's
// QueueingHints (the 1.37 queue asks the rejecting plugins whether an event may help a pooled
// pod): a node uncordoned (NodeUnschedulable's hint; the node is cordoned first by the timeline
// when the scenario has no cordoned node), a node pool added (NodeAdd: every filter's hint), a
// bound pod deleted (AssignedPodDelete: NodeResourcesFit, InterPodAffinity, PodTopologySpread),
// a ReplicaSet scaled up (pods created; InterPodAffinity and PodTopologySpread see AssignedPodAdd
// when they bind; never down: upstream's controller deletes one of equally ranked pending pods
// at random, controller_utils.go ActivePodsWithRanks, and bound ones by ready time), and in
// some scenarios a node deleted (its pods with it). The times fall half-way between two of the
// 1-second backoff windows, so that no edit coincides with a backoff expiry (the order of two
// things at one instant would be each side's own). A separate random stream: the scenario of a
// seed stays the same file with or without a timeline.

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"sigs.k8s.io/yaml"
)

func generateTimeline(seed uint64, opt genOptions) ([]byte, error) {
	g, docs := scenarioDocs(seed, opt)
	r := &gen{r: rand.New(rand.NewPCG(seed, 0x74696d656c696e65))}
	var cordoned, schedulable, boundPods []string
	for _, d := range docs {
		spec, _ := d["spec"].(obj)
		meta, _ := d["metadata"].(obj)
		switch d["kind"] {
		case "Node":
			if spec["unschedulable"] == true {
				cordoned = append(cordoned, meta["name"].(string))
			} else {
				schedulable = append(schedulable, meta["name"].(string))
			}
		case "Pod":
			status, _ := d["status"].(obj)
			if n, _ := spec["nodeName"].(string); n != "" && status["phase"] != "Succeeded" && status["phase"] != "Failed" {
				boundPods = append(boundPods, meta["namespace"].(string)+"/"+meta["name"].(string))
			}
		}
	}
	// at: a whole second from 1 to 40, plus half a second; distinct times.
	used := map[int]bool{}
	at := func(lo int) time.Duration {
		for {
			s := r.intn(lo, 40)
			if !used[s] {
				used[s] = true
				return time.Duration(s)*time.Second + 500*time.Millisecond
			}
		}
	}
	var events []obj
	if len(cordoned) > 0 {
		events = append(events, obj{"at": at(1).String(), "uncordon": pick(r, cordoned)})
	} else if len(schedulable) > 1 {
		node := pick(r, schedulable)
		t := at(1)
		events = append(events, obj{"at": t.String(), "cordon": node},
			obj{"at": at(int(t/time.Second) + 1).String(), "uncordon": node})
	}
	if len(schedulable) > 0 && r.chance(0.7) {
		pool := obj{"template": pick(r, schedulable), "namePrefix": "pool", "count": r.intn(1, 2)}
		if r.chance(0.5) {
			pool["zone"] = pick(r, g.zones)
		}
		events = append(events, obj{"at": at(1).String(), "addNodePool": pool})
	}
	if len(boundPods) > 0 && r.chance(0.8) {
		ns, name, _ := strings.Cut(pick(r, boundPods), "/")
		events = append(events, obj{"at": at(1).String(), "deletePod": obj{"namespace": ns, "name": name}})
	}
	if len(g.replicaSets) > 0 && r.chance(0.8) {
		app := pick(r, g.replicaSets)
		events = append(events, obj{"at": at(1).String(), "scale": obj{"kind": "ReplicaSet", "namespace": "default", "name": "rs-" + app,
			"replicas": g.owned[app] + r.intn(1, 3)}})
	}
	if len(schedulable) > 2 && r.chance(0.15) {
		events = append(events, obj{"at": at(1).String(), "deleteNode": pick(r, schedulable)})
	}
	slices.SortStableFunc(events, func(a, b obj) int {
		da, _ := time.ParseDuration(a["at"].(string))
		db, _ := time.ParseDuration(b["at"].(string))
		return int(da - db)
	})
	y, err := yaml.Marshal(obj{"apiVersion": "berth.dev/v1alpha1", "kind": "Timeline", "events": events})
	if err != nil {
		return nil, err
	}
	return []byte(fmt.Sprintf("# berth-oracle gen --seed %d%s --timeline\n%s", seed, opt.flags(), y)), nil
}
