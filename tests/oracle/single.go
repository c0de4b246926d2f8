package main

// Single-pass mode: each pending pod once, in file order, through the profile's own PreFilter,
// Filter, PreScore and Score, with every node evaluated and ties going to the smallest node name;
// each placement is assumed (AssumePod, Reserve, Permit) before the next pod. One line per pod in
// the format of tests/conformance/scenarios/README.md.

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	v1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/klog/v2"
	fwk "k8s.io/kube-scheduler/framework"
	"k8s.io/kubernetes/pkg/scheduler/framework"
)

const preFilterResultLabel = "PreFilterResult: node not in PreFilter node set"

type singleLine struct {
	Pod      string                      `json:"pod"`
	Feasible []string                    `json:"feasible"`
	Filtered map[string]string           `json:"filtered"`
	Scores   map[string]map[string]int64 `json:"scores"`
	Chosen   string                      `json:"chosen"`
	Message  string                      `json:"message"`
}

// verdict is one pod's decision plus what the cross-check needs.
type verdict struct {
	line      singleLine
	fitErr    bool     // message is a FitError text
	schedErr  bool     // message is a scheduler error
	topNodes  []string // nodes with the highest total (when scored)
	state     fwk.CycleState
	nFeasible int
}

func statusText(s *fwk.Status) string {
	plugin := s.Plugin()
	if plugin == "" {
		return preFilterResultLabel
	}
	return plugin + ": " + strings.Join(s.Reasons(), "; ")
}

func newCycleState() *framework.CycleState {
	state := framework.NewCycleState()
	state.SetRecordPluginMetrics(false)
	state.Write(framework.PodsToActivateKey, framework.NewPodsToActivate())
	return state
}

// runSingle prints one line per pending pod. followPath, when set, names a conformance file whose
// "chosen" nodes are assumed instead of the oracle's own choices (each line still shows the
// oracle's decision): the differences that remain are the direct ones, not those that follow
// from an earlier pod landing elsewhere.
func runSingle(path string, out io.Writer, crossCheck bool, followPath string) error {
	sc, err := loadScenario(path)
	if err != nil {
		return err
	}
	follow, err := readFollow(followPath)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	logger := klog.FromContext(ctx)

	h, err := newHarness(ctx, sc, nil)
	if err != nil {
		return err
	}
	// Everything but nodes and pods goes to the API (the plugins' listers read it); nodes and bound
	// pods go straight into the scheduler's cache.
	for _, o := range sc.others {
		if err := h.tracker.Add(o.DeepCopyObject()); err != nil {
			return fmt.Errorf("adding %T: %w", o, err)
		}
	}
	h.factory.Start(ctx.Done())
	h.factory.WaitForCacheSync(ctx.Done())
	if err := h.sched.WaitForHandlersSync(ctx); err != nil {
		return err
	}
	cache := h.sched.Cache
	for _, n := range sc.nodes {
		cache.AddNode(logger, n.DeepCopy())
	}
	// A running cluster: every node has reported status since the last one joined.
	for _, n := range sc.nodes {
		cache.UpdateNode(logger, n.DeepCopy(), n.DeepCopy())
	}
	for _, p := range sc.bound {
		if err := cache.AddPod(logger, p.DeepCopy()); err != nil {
			return fmt.Errorf("adding bound pod %s: %w", podKey(p), err)
		}
	}

	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	for _, p := range sc.pending {
		pod := p.DeepCopy()
		schedFwk, ok := h.sched.Profiles[pod.Spec.SchedulerName]
		if !ok {
			fmt.Fprintf(os.Stderr, "berth-oracle: %s: no profile for schedulerName %q; not scheduled\n", podKey(pod), pod.Spec.SchedulerName)
			continue
		}
		if gated(ctx, schedFwk, pod) {
			continue // PreEnqueue keeps it out of the queue: never scheduled, no line
		}
		if err := cache.UpdateSnapshot(logger, h.snapshot); err != nil {
			return fmt.Errorf("UpdateSnapshot: %w", err)
		}
		v := h.decide(ctx, schedFwk, pod)
		if crossCheck {
			if err := h.crossCheck(ctx, schedFwk, pod, v); err != nil {
				return fmt.Errorf("%s: cross-check with Scheduler.SchedulePod failed: %w", podKey(pod), err)
			}
		}
		if follow != nil {
			node, ok := follow[podKey(pod)]
			if !ok {
				return fmt.Errorf("%s: %s has no line for %s", path, followPath, podKey(pod))
			}
			if node != "" {
				// Assume on the followed node whatever the oracle decided (the state evolves as
				// in the followed file); Reserve and Permit run after a PreFilter of their own.
				state := newCycleState()
				schedFwk.RunPreFilterPlugins(ctx, state, pod)
				if msg := h.assume(ctx, schedFwk, state, pod, node); msg != "" {
					fmt.Fprintf(os.Stderr, "berth-oracle: %s: following %s: %s\n", podKey(pod), node, msg)
				}
			}
		} else if v.line.Chosen != "" {
			if msg := h.assume(ctx, schedFwk, v.state, pod, v.line.Chosen); msg != "" {
				v.line.Chosen = ""
				v.line.Message = msg
			}
		}
		if err := enc.Encode(v.line); err != nil {
			return err
		}
	}
	return nil
}

// gated says whether a PreEnqueue plugin (SchedulingGates) keeps the pod out of the queue.
func gated(ctx context.Context, schedFwk framework.Framework, pod *v1.Pod) bool {
	for _, pl := range schedFwk.PreEnqueuePlugins() {
		if st := pl.PreEnqueue(ctx, pod); !st.IsSuccess() {
			return true
		}
	}
	return false
}

// readFollow reads pod -> chosen from a conformance .jsonl file (nil when path is empty).
func readFollow(path string) (map[string]string, error) {
	if path == "" {
		return nil, nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	follow := map[string]string{}
	for i, l := range strings.Split(string(data), "\n") {
		if strings.TrimSpace(l) == "" {
			continue
		}
		var line singleLine
		if err := json.Unmarshal([]byte(l), &line); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", path, i+1, err)
		}
		follow[line.Pod] = line.Chosen
	}
	return follow, nil
}

// decide runs the scheduling algorithm of schedule_one.go (schedulePod, findNodesThatFitPod,
// findNodesThatPassFilters, prioritizeNodes) sequentially and with every node evaluated.
func (h *harness) decide(ctx context.Context, schedFwk framework.Framework, pod *v1.Pod) verdict {
	v := verdict{line: singleLine{Pod: podKey(pod), Feasible: []string{}, Filtered: map[string]string{},
		Scores: map[string]map[string]int64{}}}
	state := newCycleState()
	v.state = state
	schedulerError := func(err error) verdict {
		v.line.Message = "SchedulerError: " + err.Error()
		v.schedErr = true
		return v
	}

	numAll := h.snapshot.NumNodesInPlacement()
	if numAll == 0 {
		v.line.Message = "no nodes available to schedule pods"
		v.schedErr = true
		return v
	}
	allNodes, err := h.snapshot.ListNodesInPlacement()
	if err != nil {
		return schedulerError(err)
	}
	diagnosis := framework.Diagnosis{NodeToStatus: framework.NewDefaultNodeToStatus()}
	fitError := func() verdict {
		fe := &framework.FitError{Pod: pod, NumAllNodes: numAll, Diagnosis: diagnosis}
		v.line.Message = fe.Error()
		v.fitErr = true
		return v
	}

	preRes, s, unschedulablePlugins := schedFwk.RunPreFilterPlugins(ctx, state, pod)
	diagnosis.UnschedulablePlugins = unschedulablePlugins
	if !s.IsSuccess() {
		if !s.IsRejected() {
			return schedulerError(s.AsError())
		}
		diagnosis.NodeToStatus.SetAbsentNodesStatus(s)
		diagnosis.PreFilterMsg = s.Message()
		diagnosis.AddPluginStatus(s)
		for _, ni := range allNodes {
			v.line.Filtered[ni.Node().Name] = statusText(s)
		}
		return fitError()
	}

	var feasible []fwk.NodeInfo
	filterOne := func(ni fwk.NodeInfo) error {
		st := schedFwk.RunFilterPluginsWithNominatedPods(ctx, state, pod, ni)
		if st.Code() == fwk.Error {
			return st.AsError()
		}
		if st.IsSuccess() {
			feasible = append(feasible, ni)
			return nil
		}
		diagnosis.NodeToStatus.Set(ni.Node().Name, st)
		diagnosis.AddPluginStatus(st)
		v.line.Filtered[ni.Node().Name] = statusText(st)
		return nil
	}

	// A nominated node is tried first; when it passes, no other node is evaluated.
	if nnn := pod.Status.NominatedNodeName; nnn != "" {
		if ni, err := h.snapshot.GetNodeInPlacement(nnn); err == nil {
			probe := framework.Diagnosis{NodeToStatus: framework.NewDefaultNodeToStatus()}
			saved := diagnosis
			diagnosis = probe
			if err := filterOne(ni); err != nil {
				return schedulerError(err)
			}
			diagnosis = saved
			if len(feasible) == 1 {
				if feasible, err = passExtenders(h.sched.Extenders, pod, feasible, &probe, map[string]string{}); err != nil {
					return schedulerError(err)
				}
			}
			if len(feasible) == 1 {
				v.line.Filtered = map[string]string{}
				v.line.Feasible = []string{nnn}
				v.line.Chosen = nnn
				v.nFeasible = 1
				return v
			}
			v.line.Filtered = map[string]string{}
		}
	}

	nodes := allNodes
	if !preRes.AllNodes() {
		nodes = nil
		for _, ni := range allNodes {
			if preRes.NodeNames.Has(ni.Node().Name) {
				nodes = append(nodes, ni)
			} else {
				v.line.Filtered[ni.Node().Name] = preFilterResultLabel
			}
		}
		diagnosis.NodeToStatus.SetAbsentNodesStatus(fwk.NewStatus(fwk.UnschedulableAndUnresolvable,
			fmt.Sprintf("node(s) didn't satisfy plugin(s) %v", sets.List(unschedulablePlugins))))
	}
	if schedFwk.HasFilterPlugins() {
		for _, ni := range nodes {
			if err := filterOne(ni); err != nil {
				return schedulerError(err)
			}
		}
	} else {
		feasible = append(feasible, nodes...)
	}
	if feasible, err = passExtenders(h.sched.Extenders, pod, feasible, &diagnosis, v.line.Filtered); err != nil {
		return schedulerError(err)
	}
	for _, ni := range feasible {
		v.line.Feasible = append(v.line.Feasible, ni.Node().Name)
	}
	sort.Strings(v.line.Feasible)
	v.nFeasible = len(feasible)

	switch len(feasible) {
	case 0:
		return fitError()
	case 1:
		v.line.Chosen = feasible[0].Node().Name
		return v
	}

	// prioritizeNodes
	var scored []fwk.NodePluginScores
	if !schedFwk.HasScorePlugins() && len(h.sched.Extenders) == 0 {
		for _, ni := range feasible {
			scored = append(scored, fwk.NodePluginScores{Name: ni.Node().Name, TotalScore: 1})
		}
	} else {
		if st := schedFwk.RunPreScorePlugins(ctx, state, pod, feasible); !st.IsSuccess() {
			return schedulerError(st.AsError())
		}
		var st *fwk.Status
		scored, st = schedFwk.RunScorePlugins(ctx, state, pod, feasible)
		if !st.IsSuccess() {
			return schedulerError(st.AsError())
		}
		addExtenderScores(h.sched.Extenders, pod, feasible, scored)
	}
	var best int64
	for i, ns := range scored {
		m := map[string]int64{"total": ns.TotalScore}
		for _, ps := range ns.Scores {
			m[ps.Name] = ps.Score
		}
		v.line.Scores[ns.Name] = m
		if i == 0 || ns.TotalScore > best {
			best = ns.TotalScore
		}
	}
	for _, ns := range scored {
		if ns.TotalScore == best {
			v.topNodes = append(v.topNodes, ns.Name)
		}
	}
	sort.Strings(v.topNodes)
	v.line.Chosen = v.topNodes[0] // ties go to the smallest node name
	return v
}

// assume does what the scheduling cycle does after choosing a node: AssumePod on a copy with the
// node set, then Reserve and Permit. A non-empty return is the failure message.
func (h *harness) assume(ctx context.Context, schedFwk framework.Framework, state fwk.CycleState, pod *v1.Pod, node string) string {
	logger := klog.FromContext(ctx)
	assumed := pod.DeepCopy()
	assumed.Spec.NodeName = node
	if err := h.sched.Cache.AssumePod(logger, assumed); err != nil {
		return "SchedulerError: " + err.Error()
	}
	if st := schedFwk.RunReservePluginsReserve(ctx, state, assumed, node); !st.IsSuccess() {
		schedFwk.RunReservePluginsUnreserve(ctx, state, assumed, node)
		_ = h.sched.Cache.ForgetPod(logger, assumed)
		return reserveOrPermitFailure(pod, node, st)
	}
	if _, st := schedFwk.RunPermitPlugins(ctx, state, assumed, node); !st.IsSuccess() && !st.IsWait() {
		schedFwk.RunReservePluginsUnreserve(ctx, state, assumed, node)
		_ = h.sched.Cache.ForgetPod(logger, assumed)
		return reserveOrPermitFailure(pod, node, st)
	}
	return ""
}

// reserveOrPermitFailure is the message of prepareForBindingCycle / assumeAndReserve.
func reserveOrPermitFailure(pod *v1.Pod, node string, st *fwk.Status) string {
	if st.IsRejected() {
		fe := &framework.FitError{NumAllNodes: 1, Pod: pod, Diagnosis: framework.Diagnosis{NodeToStatus: framework.NewDefaultNodeToStatus()}}
		fe.Diagnosis.NodeToStatus.Set(node, st)
		fe.Diagnosis.AddPluginStatus(st)
		return fe.Error()
	}
	return "SchedulerError: " + st.Message()
}

// crossCheck runs the scheduler's own SchedulePod on the same snapshot: it must find the same
// FitError text, or the same number of feasible nodes and a host among the top-scoring ones.
func (h *harness) crossCheck(ctx context.Context, schedFwk framework.Framework, pod *v1.Pod, v verdict) error {
	pi, err := framework.NewPodInfo(pod)
	if err != nil {
		return err
	}
	res, err := h.sched.SchedulePod(ctx, schedFwk, newCycleState(), &framework.QueuedPodInfo{PodInfo: pi})
	switch {
	case v.fitErr:
		fe, ok := err.(*framework.FitError)
		if !ok {
			return fmt.Errorf("oracle found a FitError %q, SchedulePod returned %v (host %q)", v.line.Message, err, res.SuggestedHost)
		}
		if fe.Error() != v.line.Message {
			return fmt.Errorf("FitError text differs:\n  oracle:       %s\n  SchedulePod:  %s", v.line.Message, fe.Error())
		}
	case v.schedErr:
		if err == nil {
			return fmt.Errorf("oracle found an error %q, SchedulePod chose %q", v.line.Message, res.SuggestedHost)
		}
	default:
		if err != nil {
			return fmt.Errorf("oracle chose %q, SchedulePod returned %v", v.line.Chosen, err)
		}
		if res.FeasibleNodes != v.nFeasible {
			return fmt.Errorf("feasible nodes: oracle %d, SchedulePod %d", v.nFeasible, res.FeasibleNodes)
		}
		if len(v.topNodes) > 0 {
			found := false
			for _, n := range v.topNodes {
				found = found || n == res.SuggestedHost
			}
			if !found {
				return fmt.Errorf("SchedulePod chose %q, not among the oracle's top nodes %v", res.SuggestedHost, v.topNodes)
			}
		} else if res.SuggestedHost != v.line.Chosen {
			return fmt.Errorf("SchedulePod chose %q, oracle %q", res.SuggestedHost, v.line.Chosen)
		}
	}
	return nil
}
