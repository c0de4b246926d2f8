package main

// The seeded generator of random scenarios for the differential test: a small cluster (nodes with
// zones, capacities, extended resources and hugepages, taints, images, some cordoned), pods already
// running on it, and pending pods that draw on every default plugin (requests and limits, init and
// sidecar containers, overhead, pod-level resources, node selectors and affinity with every
// operator, tolerations,
// inter-pod (anti-)affinity with namespaces, namespace selectors and matchLabelKeys, topology
// spread with every option, host ports, images, priorities, scheduling gates), plus
// PriorityClasses, PodDisruptionBudgets and sometimes a KubeSchedulerConfiguration.
//
// It lives in the oracle's module because it is useless without the oracle, and it writes the
// objects with the same API types the oracle decodes them with. math/rand/v2's PCG is specified
// bit for bit, so a seed names the same scenario on every machine and every Go release.
//
// Left out because Berth does not model them (see tests/oracle/README.md): volumes and claims,
// DRA, NodeDeclaredFeatures.

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"sigs.k8s.io/yaml"
)

// obj is one Kubernetes object as a JSON-like tree; sigs.k8s.io/yaml writes it.
type obj = map[string]any

type gen struct {
	r *rand.Rand
	// The cluster drawn so far, for pods that refer to it.
	nodes       []string
	zones       []string
	namespaces  []string
	images      []string
	extended    bool           // nodes may offer example.com/gpu
	hugepages   bool           // nodes may offer hugepages-2Mi
	loop        bool           // the scenario is for the whole loop (priorities matter, preemption)
	replicaSets []string       // apps with a ReplicaSet rs-APP in default
	owned       map[string]int // app -> pods its ReplicaSet owns
	mediumNever bool           // PriorityClass medium has preemptionPolicy Never
}

func (g *gen) chance(p float64) bool { return g.r.Float64() < p }
func (g *gen) intn(lo, hi int) int   { return lo + g.r.IntN(hi-lo+1) } // lo..hi inclusive
func pick[T any](g *gen, xs []T) T   { return xs[g.r.IntN(len(xs))] }

// Label values the selectors draw from: small sets, so that selectors match often.
var (
	appValues     = []string{"web", "db", "cache", "batch"}
	versionValues = []string{"v1", "v2"}
	diskValues    = []string{"ssd", "hdd"}
	imagePool     = []string{"nginx:1.25", "redis:7", "postgres:16", "busybox", "registry.k8s.io/pause:3.9", "example.com/team/app:v2", "gcr.io/proj/big-model:latest"}
	priorityNames = []string{"low", "medium", "high"}
	priorityValue = map[string]int{"low": 100, "medium": 1000, "high": 10000}
)

// genOptions selects the flavour of a scenario.
type genOptions struct {
	loop  bool // the whole loop: every pod names a PriorityClass, distinct start times, budgets
	scale int  // node and pending pod counts times this (1: 5-30 nodes, 10-60 pending pods)
}

func (o genOptions) flags() string {
	f := ""
	if o.loop {
		f += " --loop"
	}
	if o.scale > 1 {
		f += fmt.Sprintf(" --scale %d", o.scale)
	}
	return f
}

// generateScenario returns a multi-document YAML scenario for the seed.
func generateScenario(seed uint64, opt genOptions) ([]byte, error) {
	loop := opt.loop
	scale := max(opt.scale, 1)
	g := &gen{r: rand.New(rand.NewPCG(seed, 0x6265727468)), loop: loop}
	var docs []obj
	nNodes := g.intn(5, 30) * scale
	nPending := g.intn(10, 60) * scale
	nBound := g.intn(0, nNodes*2)
	g.zones = []string{"zone-a", "zone-b", "zone-c"}[:g.intn(1, 3)]
	g.extended = g.chance(0.5)
	g.hugepages = g.chance(0.3)
	g.namespaces = []string{"default", "team-a", "team-b"}
	for i := 0; i < g.intn(3, len(imagePool)); i++ {
		g.images = append(g.images, imagePool[i])
	}

	if g.chance(0.2) {
		docs = append(docs, g.config())
	}
	for i, ns := range g.namespaces {
		labels := obj{"kubernetes.io/metadata.name": ns, "team": []string{"core", "a", "b"}[i]}
		if g.chance(0.5) {
			labels["env"] = pick(g, []string{"prod", "dev"})
		}
		docs = append(docs, obj{"apiVersion": "v1", "kind": "Namespace", "metadata": obj{"name": ns, "labels": labels}})
	}
	for _, name := range priorityNames {
		pc := obj{"apiVersion": "scheduling.k8s.io/v1", "kind": "PriorityClass", "metadata": obj{"name": name},
			"value": priorityValue[name]}
		if name == "medium" && g.chance(0.3) {
			pc["preemptionPolicy"] = "Never"
			g.mediumNever = true
		}
		docs = append(docs, pc)
	}
	for i := 0; i < nNodes; i++ {
		name := fmt.Sprintf("node-%02d", i)
		g.nodes = append(g.nodes, name)
		docs = append(docs, g.node(name))
	}
	// Services and ReplicaSets select pods: PodTopologySpread's system default constraints apply
	// to a pod without constraints of its own that one of them selects (helper.DefaultSelector).
	for _, app := range appValues {
		if g.chance(0.3) {
			docs = append(docs, obj{"apiVersion": "v1", "kind": "Service", "metadata": obj{"name": "svc-" + app, "namespace": "default"},
				"spec": obj{"selector": obj{"app": app}, "ports": []any{obj{"port": 80}}}})
		}
		if g.chance(0.3) {
			g.replicaSets = append(g.replicaSets, app)
		}
	}
	g.owned = map[string]int{}
	for i := 0; i < nBound; i++ {
		docs = append(docs, g.pod(fmt.Sprintf("run-%02d", i), pick(g, g.nodes), i))
	}
	for i := 0; i < nPending; i++ {
		docs = append(docs, g.pod(fmt.Sprintf("pod-%02d", i), "", nBound+i))
	}
	// Each ReplicaSet wants exactly the pods it owns, so that Berth's ReplicaSet controller
	// creates none (the oracle runs no controllers).
	for _, app := range g.replicaSets {
		docs = append(docs, obj{"apiVersion": "apps/v1", "kind": "ReplicaSet", "metadata": obj{"name": "rs-" + app, "namespace": "default", "uid": "uid-rs-" + app},
			"spec": obj{"replicas": g.owned[app], "selector": obj{"matchLabels": obj{"app": app}},
				"template": obj{"metadata": obj{"labels": obj{"app": app}}, "spec": obj{"containers": []any{obj{"name": "c", "image": "busybox"}}}}}})
	}
	if loop {
		for i := 0; i < g.intn(0, 3); i++ {
			docs = append(docs, g.pdb(i))
		}
		docs = withLoopBackoff(docs)
	}

	var b strings.Builder
	fmt.Fprintf(&b, "# berth-oracle gen --seed %d%s\n", seed, opt.flags())
	for _, d := range docs {
		y, err := yaml.Marshal(d)
		if err != nil {
			return nil, err
		}
		b.WriteString("---\n")
		b.Write(y)
	}
	return []byte(b.String()), nil
}

// withLoopBackoff gives berthctl the backoff the oracle's loop runs with (1 s initial and
// maximum, setup.go): the scenario's configuration carries it, or one with only that is added.
// No random draw: a seed names the same cluster and workload as before.
func withLoopBackoff(docs []obj) []obj {
	for _, d := range docs {
		if d["kind"] == "KubeSchedulerConfiguration" {
			d["podInitialBackoffSeconds"] = 1
			d["podMaxBackoffSeconds"] = 1
			return docs
		}
	}
	cfg := obj{"apiVersion": "kubescheduler.config.k8s.io/v1", "kind": "KubeSchedulerConfiguration",
		"podInitialBackoffSeconds": 1, "podMaxBackoffSeconds": 1}
	return append([]obj{cfg}, docs...)
}

func (g *gen) config() obj {
	fit := obj{"name": "NodeResourcesFit", "args": obj{"scoringStrategy": g.scoringStrategy()}}
	pluginConfig := []any{fit}
	if g.chance(0.4) {
		pts := obj{"defaultingType": pick(g, []string{"System", "List"})}
		if pts["defaultingType"] == "List" && g.chance(0.7) {
			pts["defaultConstraints"] = []any{obj{"maxSkew": g.intn(1, 3), "topologyKey": pick(g, []string{"topology.kubernetes.io/zone", "kubernetes.io/hostname"}),
				"whenUnsatisfiable": pick(g, []string{"ScheduleAnyway", "DoNotSchedule"})}}
		}
		pluginConfig = append(pluginConfig, obj{"name": "PodTopologySpread", "args": pts})
	}
	if g.chance(0.3) {
		pluginConfig = append(pluginConfig, obj{"name": "InterPodAffinity", "args": obj{"hardPodAffinityWeight": g.intn(0, 100),
			"ignorePreferredTermsOfExistingPods": g.chance(0.5)}})
	}
	if g.chance(0.2) {
		pluginConfig = append(pluginConfig, obj{"name": "NodeAffinity", "args": obj{"addedAffinity": obj{
			"requiredDuringSchedulingIgnoredDuringExecution": obj{"nodeSelectorTerms": []any{obj{"matchExpressions": []any{g.nodeSelectorRequirement()}}}}}}})
	}
	if g.chance(0.2) {
		if args, ok := fit["args"].(obj); ok {
			if g.chance(0.5) {
				args["ignoredResources"] = []any{"example.com/gpu"}
			} else {
				args["ignoredResourceGroups"] = []any{"example.com"}
			}
		}
	}
	if g.hugepages && g.chance(0.5) {
		// BalancedAllocation's scorer reads pod-level hugepages (docs/versions.md row 30).
		pluginConfig = append(pluginConfig, obj{"name": "NodeResourcesBalancedAllocation", "args": obj{"resources": []any{
			obj{"name": "cpu", "weight": 1}, obj{"name": "memory", "weight": 1}, obj{"name": "hugepages-2Mi", "weight": 1}}}})
	}
	profile := obj{"schedulerName": "default-scheduler", "pluginConfig": pluginConfig}
	if g.chance(0.5) {
		// Reweigh or disable a score plugin.
		p := pick(g, []string{"NodeResourcesBalancedAllocation", "ImageLocality", "InterPodAffinity", "NodeAffinity", "PodTopologySpread", "TaintToleration", "NodeResourcesFit"})
		if g.chance(0.5) {
			profile["plugins"] = obj{"score": obj{"disabled": []any{obj{"name": p}}}}
		} else {
			profile["plugins"] = obj{"score": obj{"enabled": []any{obj{"name": p, "weight": g.intn(1, 5)}}}}
		}
	}
	return obj{"apiVersion": "kubescheduler.config.k8s.io/v1", "kind": "KubeSchedulerConfiguration",
		"percentageOfNodesToScore": 100, "profiles": []any{profile}}
}

func (g *gen) scoringStrategy() obj {
	resources := []any{obj{"name": "cpu", "weight": g.intn(1, 3)}, obj{"name": "memory", "weight": g.intn(1, 3)}}
	if g.extended && g.chance(0.5) {
		resources = append(resources, obj{"name": "example.com/gpu", "weight": g.intn(1, 3)})
	}
	if g.hugepages && g.chance(0.5) {
		// NodeResourcesFit's scorer reads the containers' hugepages, never pod-level ones
		// (docs/versions.md row 30).
		resources = append(resources, obj{"name": "hugepages-2Mi", "weight": g.intn(1, 3)})
	}
	switch g.intn(0, 2) {
	case 0:
		return obj{"type": "LeastAllocated", "resources": resources}
	case 1:
		return obj{"type": "MostAllocated", "resources": resources}
	}
	return obj{"type": "RequestedToCapacityRatio", "resources": resources,
		"requestedToCapacityRatio": obj{"shape": []any{obj{"utilization": 0, "score": g.intn(0, 10)}, obj{"utilization": g.intn(20, 80), "score": g.intn(0, 10)}, obj{"utilization": 100, "score": g.intn(0, 10)}}}}
}

func (g *gen) node(name string) obj {
	labels := obj{"kubernetes.io/hostname": name, "kubernetes.io/os": "linux"}
	if !g.chance(0.1) { // a few nodes lack the zone label
		labels["topology.kubernetes.io/zone"] = pick(g, g.zones)
	}
	if g.chance(0.6) {
		labels["disktype"] = pick(g, diskValues)
	}
	if g.chance(0.6) {
		labels["tier"] = fmt.Sprint(g.intn(1, 5))
		if g.chance(0.05) {
			labels["tier"] = "x" // Gt and Lt fail to parse it: no match
		}
	}
	cpu := pick(g, []int{2, 4, 8, 16})
	memGi := pick(g, []int{4, 8, 16, 32})
	capacity := obj{"cpu": fmt.Sprint(cpu), "memory": fmt.Sprintf("%dGi", memGi),
		"pods": fmt.Sprint(pick(g, []int{4, 10, 20, 110})), "ephemeral-storage": pick(g, []string{"20Gi", "100Gi", "50G"})}
	if g.chance(0.1) {
		delete(capacity, "ephemeral-storage") // a node that reports none
	}
	if g.extended && g.chance(0.5) {
		capacity["example.com/gpu"] = fmt.Sprint(g.intn(1, 4))
		labels["accelerator"] = "gpu"
	}
	if g.hugepages && g.chance(0.5) {
		capacity["hugepages-2Mi"] = pick(g, []string{"256Mi", "1Gi"})
	}
	status := obj{"capacity": capacity}
	if g.chance(0.7) {
		alloc := obj{}
		for k, v := range capacity {
			alloc[k] = v
		}
		alloc["cpu"] = fmt.Sprintf("%dm", cpu*1000-pick(g, []int{0, 100, 250}))
		alloc["memory"] = fmt.Sprintf("%dMi", memGi*1024-pick(g, []int{0, 256, 512}))
		status["allocatable"] = alloc
	}
	if g.chance(0.7) {
		var imgs []any
		for _, img := range g.images {
			if g.chance(0.4) {
				imgs = append(imgs, obj{"names": imageNames(img), "sizeBytes": g.intn(1, 2000) * 1000 * 1000})
			}
		}
		if len(imgs) > 0 {
			status["images"] = imgs
		}
	}
	spec := obj{}
	if g.chance(0.25) {
		var taints []any
		for i := 0; i < g.intn(1, 2); i++ {
			taints = append(taints, g.taint())
		}
		spec["taints"] = dedupTaints(taints)
	}
	if g.chance(0.05) {
		spec["unschedulable"] = true
		if g.chance(0.5) { // as kubectl cordon leaves it once the node lifecycle controller ran
			taints, _ := spec["taints"].([]any)
			spec["taints"] = append(taints, obj{"key": "node.kubernetes.io/unschedulable", "effect": "NoSchedule"})
		}
	}
	return obj{"apiVersion": "v1", "kind": "Node", "metadata": obj{"name": name, "labels": labels}, "spec": spec, "status": status}
}

// imageNames is how a kubelet reports an image: the tagged name (docker.io/library/ made explicit
// for short names) and a digest form.
func imageNames(img string) []any {
	full := img
	if !strings.Contains(strings.SplitN(img, "/", 2)[0], ".") {
		if !strings.Contains(img, "/") {
			full = "docker.io/library/" + img
		} else {
			full = "docker.io/" + img
		}
	}
	if !strings.Contains(full[strings.LastIndex(full, "/")+1:], ":") {
		full += ":latest"
	}
	repo := full[:strings.LastIndex(full, ":")]
	return []any{full, repo + "@sha256:" + strings.Repeat(fmt.Sprintf("%x", len(img)%16), 64)}
}

func dedupTaints(ts []any) []any {
	seen := map[string]bool{}
	var out []any
	for _, t := range ts {
		m := t.(obj)
		k := fmt.Sprint(m["key"], m["effect"])
		if !seen[k] {
			seen[k] = true
			out = append(out, t)
		}
	}
	return out
}

func (g *gen) taint() obj {
	switch g.intn(0, 3) {
	case 0:
		return obj{"key": "dedicated", "value": pick(g, []string{"gpu", "db"}), "effect": "NoSchedule"}
	case 1:
		return obj{"key": "spot", "effect": "PreferNoSchedule"}
	case 2:
		return obj{"key": "maintenance", "value": "true", "effect": "NoExecute"}
	}
	return obj{"key": "example.com/flaky", "effect": pick(g, []string{"PreferNoSchedule", "NoSchedule"})}
}

func (g *gen) toleration() obj {
	switch g.intn(0, 5) {
	case 0:
		return obj{"key": "dedicated", "operator": "Equal", "value": pick(g, []string{"gpu", "db"}), "effect": "NoSchedule"}
	case 1:
		return obj{"key": "dedicated", "operator": "Exists"}
	case 2:
		return obj{"key": "spot", "operator": "Exists", "effect": "PreferNoSchedule"}
	case 3:
		return obj{"key": "maintenance", "operator": "Equal", "value": "true", "effect": "NoExecute", "tolerationSeconds": 60}
	case 4:
		if g.chance(0.5) {
			return obj{"key": "node.kubernetes.io/unschedulable", "operator": "Exists", "effect": "NoSchedule"}
		}
		return obj{"operator": "Exists"}
	}
	return obj{"key": "example.com/flaky", "operator": "Exists", "effect": pick(g, []string{"PreferNoSchedule", "NoSchedule"})}
}

// quantity draws a request in one of the spellings the API accepts.
func (g *gen) cpu() string {
	m := pick(g, []int{0, 50, 100, 250, 500, 1000, 1500, 2000, 3000})
	if m%1000 == 0 && m > 0 && g.chance(0.5) {
		return fmt.Sprint(m / 1000)
	}
	if m == 1500 && g.chance(0.5) {
		return "1.5"
	}
	return fmt.Sprintf("%dm", m)
}

func (g *gen) memory() string {
	mi := pick(g, []int{0, 64, 128, 256, 512, 1024, 2048, 4096, 8192})
	switch {
	case mi >= 1024 && g.chance(0.5):
		return fmt.Sprintf("%dGi", mi/1024)
	case g.chance(0.2):
		return fmt.Sprint(mi * 1024 * 1024)
	case g.chance(0.2):
		return fmt.Sprintf("%dM", mi)
	}
	return fmt.Sprintf("%dMi", mi)
}

func (g *gen) resources() obj {
	requests, limits := obj{}, obj{}
	if g.chance(0.8) {
		requests["cpu"] = g.cpu()
	}
	if g.chance(0.8) {
		requests["memory"] = g.memory()
	}
	if g.chance(0.1) {
		requests["ephemeral-storage"] = pick(g, []string{"1Gi", "10Gi", "40Gi"})
	}
	if g.extended && g.chance(0.2) {
		n := fmt.Sprint(g.intn(1, 2))
		requests["example.com/gpu"], limits["example.com/gpu"] = n, n
	}
	if g.hugepages && g.chance(0.15) {
		h := pick(g, []string{"128Mi", "512Mi"})
		requests["hugepages-2Mi"], limits["hugepages-2Mi"] = h, h
		if _, ok := requests["memory"]; !ok {
			requests["memory"] = "64Mi"
		}
	}
	if g.chance(0.15) { // limits only: requests default to them
		delete(requests, "cpu")
		limits["cpu"] = g.cpu()
	}
	if g.chance(0.1) {
		limits["memory"] = "16Gi"
	}
	res := obj{}
	if len(requests) > 0 {
		res["requests"] = requests
	}
	if len(limits) > 0 {
		res["limits"] = limits
	}
	return res
}

func (g *gen) container(name string) obj {
	img := pick(g, append(append([]string{}, g.images...), "quay.io/other/tool:1"))
	if g.chance(0.15) {
		// The same image as the node reports it, spelled in full or without a tag.
		if n := imageNames(img)[0].(string); g.chance(0.5) {
			img = n
		} else if strings.HasSuffix(n, ":latest") {
			img = strings.TrimSuffix(img, ":latest")
		}
	}
	c := obj{"name": name, "image": img, "resources": g.resources()}
	if g.chance(0.12) {
		port := obj{"containerPort": 8080, "hostPort": pick(g, []int{80, 443, 8080})}
		if g.chance(0.3) {
			port["protocol"] = "UDP"
		}
		if g.chance(0.2) {
			port["hostIP"] = "10.0.0.1"
		}
		c["ports"] = []any{port}
	}
	return c
}

// pod draws a pod; node "" makes it pending. index orders the start times.
func (g *gen) pod(name, node string, index int) obj {
	ns := "default"
	if g.chance(0.3) {
		ns = pick(g, g.namespaces)
	}
	labels := obj{"app": pick(g, appValues)}
	if g.chance(0.6) {
		labels["version"] = pick(g, versionValues)
	}
	if g.chance(0.3) {
		labels["pod-template-hash"] = pick(g, []string{"abc", "def"})
	}
	spec := obj{}
	var containers []any
	for i := 0; i < g.intn(1, 2); i++ {
		containers = append(containers, g.container(fmt.Sprintf("c%d", i)))
	}
	spec["containers"] = containers
	if g.chance(0.15) {
		ic := g.container("init")
		if g.chance(0.4) {
			ic["restartPolicy"] = "Always" // a sidecar: its host ports count
		} else {
			delete(ic, "ports")
		}
		spec["initContainers"] = []any{ic}
	}
	if g.chance(0.05) {
		spec["overhead"] = obj{"cpu": "100m", "memory": "64Mi"}
	}
	if g.chance(0.15) {
		g.podResources(spec)
	}
	if g.chance(0.03) {
		// Host network: API defaulting sets each containerPort's hostPort to the containerPort.
		spec["hostNetwork"] = true
		containers[0].(obj)["ports"] = []any{obj{"containerPort": pick(g, []int{80, 9100})}}
	}
	// The single pass decides pending pods in file order, which is queue order only when their
	// priorities are equal: there only running pods carry priorities.
	pc := pick(g, priorityNames)
	if g.loop || (node != "" && g.chance(0.5)) {
		spec["priorityClassName"] = pc
		spec["priority"] = priorityValue[pc]
		if pc == "medium" && g.mediumNever {
			// What the Priority admission plugin stores from the class: the oracle runs no
			// admission, berthctl admits pods without a status, so the file must say it.
			spec["preemptionPolicy"] = "Never"
		}
	}
	status := obj{}
	if node != "" {
		spec["nodeName"] = node
		status["phase"] = "Running"
		if g.chance(0.05) {
			status["phase"] = pick(g, []string{"Succeeded", "Failed"})
		}
		status["startTime"] = fmt.Sprintf("2026-01-01T00:%02d:%02dZ", index/60, index%60)
		if g.loop && status["phase"] == "Running" {
			// Ready, as its kubelet reports it: the disruption controller counts ready pods
			// healthy (berthctl counts every bound running pod).
			status["conditions"] = []any{obj{"type": "Ready", "status": "True"}}
		}
	} else {
		g.pendingConstraints(spec, labels)
	}
	if node != "" && g.chance(0.3) {
		// Running pods carry constraints too: existing anti-affinity and spread matter.
		g.affinity(spec, labels)
	}
	if g.chance(0.03) {
		ns = "team-c" // a namespace without a Namespace object: selectors see no labels
	}
	meta := obj{"name": name, "namespace": ns, "labels": labels}
	terminal := status["phase"] == "Succeeded" || status["phase"] == "Failed"
	// Three in ten matching pods are orphans: upstream's ReplicaSet controller (berth-oracle
	// --replicasets) would adopt them (replica_set.go claimPods) and delete the surplus.
	if ns == "default" && !terminal && slices.Contains(g.replicaSets, labels["app"].(string)) {
		if g.chance(0.7) {
			g.owned[labels["app"].(string)]++
			meta["ownerReferences"] = []any{obj{"apiVersion": "apps/v1", "kind": "ReplicaSet", "name": "rs-" + labels["app"].(string),
				"uid": "uid-rs-" + labels["app"].(string), "controller": true}}
		}
	}
	p := obj{"apiVersion": "v1", "kind": "Pod", "metadata": meta, "spec": spec}
	if len(status) > 0 {
		p["status"] = status
	}
	return p
}

func (g *gen) pendingConstraints(spec, labels obj) {
	if g.chance(0.2) {
		sel := obj{}
		switch g.intn(0, 2) {
		case 0:
			sel["disktype"] = pick(g, diskValues)
		case 1:
			sel["topology.kubernetes.io/zone"] = pick(g, g.zones)
		default:
			sel["kubernetes.io/os"] = "linux"
		}
		spec["nodeSelector"] = sel
	}
	if g.chance(0.3) {
		var tols []any
		for i := 0; i < g.intn(1, 2); i++ {
			tols = append(tols, g.toleration())
		}
		spec["tolerations"] = tols
	}
	g.affinity(spec, labels)
	if g.chance(0.3) {
		var cs []any
		for i := 0; i < g.intn(1, 2); i++ {
			cs = append(cs, g.spread(labels))
		}
		spec["topologySpreadConstraints"] = dedupSpread(cs)
	}
	if g.chance(0.05) {
		spec["schedulingGates"] = []any{obj{"name": "example.com/wait"}}
	}
}

// dedupSpread drops a second constraint on the same key and policy (the API rejects those).
func dedupSpread(cs []any) []any {
	seen := map[string]bool{}
	var out []any
	for _, c := range cs {
		m := c.(obj)
		k := fmt.Sprint(m["topologyKey"], m["whenUnsatisfiable"])
		if !seen[k] {
			seen[k] = true
			out = append(out, c)
		}
	}
	return out
}

func (g *gen) affinity(spec, labels obj) {
	aff := obj{}
	if g.chance(0.25) {
		aff["nodeAffinity"] = g.nodeAffinity()
	}
	if g.chance(0.2) {
		aff["podAffinity"] = g.podAffinity(labels, false)
	}
	if g.chance(0.25) {
		aff["podAntiAffinity"] = g.podAffinity(labels, true)
	}
	if len(aff) > 0 {
		spec["affinity"] = aff
	}
}

func (g *gen) nodeSelectorRequirement() obj {
	switch g.intn(0, 6) {
	case 0:
		return obj{"key": "disktype", "operator": "In", "values": []any{pick(g, diskValues)}}
	case 1:
		return obj{"key": "topology.kubernetes.io/zone", "operator": "NotIn", "values": []any{pick(g, g.zones)}}
	case 2:
		return obj{"key": "accelerator", "operator": "Exists"}
	case 3:
		return obj{"key": "accelerator", "operator": "DoesNotExist"}
	case 4:
		return obj{"key": "tier", "operator": "Gt", "values": []any{fmt.Sprint(g.intn(0, 4))}}
	case 5:
		return obj{"key": "tier", "operator": "Lt", "values": []any{fmt.Sprint(g.intn(2, 6))}}
	}
	return obj{"key": "topology.kubernetes.io/zone", "operator": "In", "values": []any{pick(g, g.zones), pick(g, g.zones)}}
}

func (g *gen) nodeSelectorTerm() obj {
	term := obj{}
	if g.chance(0.15) {
		// The API allows exactly one value for metadata.name.
		term["matchFields"] = []any{obj{"key": "metadata.name", "operator": pick(g, []string{"In", "NotIn"}), "values": []any{pick(g, g.nodes)}}}
	}
	if len(term) == 0 || g.chance(0.5) {
		var exprs []any
		for i := 0; i < g.intn(1, 2); i++ {
			exprs = append(exprs, g.nodeSelectorRequirement())
		}
		term["matchExpressions"] = exprs
	}
	return term
}

func (g *gen) nodeAffinity() obj {
	na := obj{}
	if g.chance(0.6) {
		var terms []any
		for i := 0; i < g.intn(1, 2); i++ {
			terms = append(terms, g.nodeSelectorTerm())
		}
		na["requiredDuringSchedulingIgnoredDuringExecution"] = obj{"nodeSelectorTerms": terms}
	}
	if len(na) == 0 || g.chance(0.5) {
		var prefs []any
		for i := 0; i < g.intn(1, 3); i++ {
			t := g.nodeSelectorTerm()
			delete(t, "matchFields") // preferred terms allow only matchExpressions on labels... and fields; keep labels
			if _, ok := t["matchExpressions"]; !ok {
				t["matchExpressions"] = []any{g.nodeSelectorRequirement()}
			}
			prefs = append(prefs, obj{"weight": g.intn(1, 100), "preference": t})
		}
		na["preferredDuringSchedulingIgnoredDuringExecution"] = prefs
	}
	return na
}

func (g *gen) labelSelector() obj {
	if g.chance(0.04) {
		return obj{} // matches every pod
	}
	if g.chance(0.6) {
		return obj{"matchLabels": obj{"app": pick(g, appValues)}}
	}
	switch g.intn(0, 2) {
	case 0:
		return obj{"matchExpressions": []any{obj{"key": "app", "operator": "In", "values": []any{pick(g, appValues), pick(g, appValues)}}}}
	case 1:
		return obj{"matchExpressions": []any{obj{"key": "version", "operator": pick(g, []string{"Exists", "DoesNotExist"})}}}
	}
	return obj{"matchLabels": obj{"app": pick(g, appValues)}, "matchExpressions": []any{obj{"key": "version", "operator": "NotIn", "values": []any{"v1"}}}}
}

func (g *gen) affinityTerm(labels obj) obj {
	term := obj{"topologyKey": pick(g, []string{"kubernetes.io/hostname", "topology.kubernetes.io/zone"}), "labelSelector": g.labelSelector()}
	if g.chance(0.03) {
		delete(term, "labelSelector") // nil: matches no pod
	}
	switch g.intn(0, 4) {
	case 0:
		term["namespaces"] = []any{pick(g, g.namespaces)}
	case 1:
		term["namespaceSelector"] = obj{"matchLabels": obj{"team": pick(g, []string{"a", "b", "core"})}}
	case 2:
		term["namespaceSelector"] = obj{} // every namespace
	}
	if g.chance(0.2) {
		// matchLabelKeys / mismatchLabelKeys take keys the selector does not already use.
		if _, ok := labels["version"]; ok {
			if ls, ok := term["labelSelector"].(obj); ok && !selectorUsesKey(ls, "version") {
				term[pick(g, []string{"matchLabelKeys", "mismatchLabelKeys"})] = []any{"version"}
			}
		}
	}
	return term
}

func selectorUsesKey(ls obj, key string) bool {
	if ml, ok := ls["matchLabels"].(obj); ok {
		if _, ok := ml[key]; ok {
			return true
		}
	}
	if me, ok := ls["matchExpressions"].([]any); ok {
		for _, e := range me {
			if e.(obj)["key"] == key {
				return true
			}
		}
	}
	return false
}

func (g *gen) podAffinity(labels obj, anti bool) obj {
	pa := obj{}
	if g.chance(0.6) {
		var terms []any
		for i := 0; i < g.intn(1, 2); i++ {
			terms = append(terms, g.affinityTerm(labels))
		}
		pa["requiredDuringSchedulingIgnoredDuringExecution"] = terms
	}
	if len(pa) == 0 || g.chance(0.5) {
		var prefs []any
		for i := 0; i < g.intn(1, 2); i++ {
			prefs = append(prefs, obj{"weight": g.intn(1, 100), "podAffinityTerm": g.affinityTerm(labels)})
		}
		pa["preferredDuringSchedulingIgnoredDuringExecution"] = prefs
	}
	return pa
}

func (g *gen) spread(labels obj) obj {
	c := obj{"maxSkew": g.intn(1, 3), "topologyKey": pick(g, []string{"kubernetes.io/hostname", "topology.kubernetes.io/zone", "disktype"}),
		"whenUnsatisfiable": pick(g, []string{"DoNotSchedule", "ScheduleAnyway"}), "labelSelector": g.labelSelector()}
	if c["whenUnsatisfiable"] == "DoNotSchedule" && g.chance(0.25) {
		c["minDomains"] = g.intn(1, 4)
	}
	if g.chance(0.25) {
		c["nodeAffinityPolicy"] = pick(g, []string{"Honor", "Ignore"})
	}
	if g.chance(0.25) {
		c["nodeTaintsPolicy"] = pick(g, []string{"Honor", "Ignore"})
	}
	if g.chance(0.2) {
		if _, ok := labels["version"]; ok && !selectorUsesKey(c["labelSelector"].(obj), "version") {
			c["matchLabelKeys"] = []any{"version"}
		}
	}
	return c
}

func (g *gen) pdb(i int) obj {
	spec := obj{"selector": obj{"matchLabels": obj{"app": pick(g, appValues)}}}
	if g.chance(0.5) {
		spec["minAvailable"] = g.intn(0, 3)
	} else {
		spec["maxUnavailable"] = g.intn(0, 2)
	}
	return obj{"apiVersion": "policy/v1", "kind": "PodDisruptionBudget",
		"metadata": obj{"name": fmt.Sprintf("pdb-%d", i), "namespace": "default"}, "spec": spec,
		"status": obj{"disruptionsAllowed": g.intn(0, 2), "currentHealthy": 0, "desiredHealthy": 0, "expectedPods": 0}}
}
