package main

// The differential test: generated scenarios (gen.go) decided by the oracle in-process and by
// berthctl, compared decision by decision. Single pass: every line of the conformance format
// (feasible set, first rejecting plugin and reason per node, every weighted score, the chosen
// node, the FitError text). Whole loop: every pod's final node, state, nominated node and last
// message, and the evicted list.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"
)

type diffOptions struct {
	berthctl    string
	seeds       []uint64
	loop        bool   // whole loop instead of single pass
	scale       int    // generator scale (genOptions.scale)
	keep        string // folder for the scenarios that differ ("" = none)
	jobs        int    // scenarios run at once (the loop mostly waits for its backoff)
	settle      time.Duration
	sequential  bool // loop: the disruption controller and ready pods in the oracle (loopOptions)
	replicaSets bool // loop, sequential: the ReplicaSet controller in the oracle too
	timelines   bool // loop: each scenario with its generated timeline (gen_timeline.go), on both sides
	// loop: berthctl's --until ("" = none). berthctl of 38c4731 plays no timed edit with --until
	// (run_command.cpp runs the timeline's plan only without it), so timeline runs go without.
	berthUntil    string
	reportOnly    bool // differences are printed but are no error (failures and unstable runs are)
	allowUnstable bool // loop: unstable oracle runs are printed but are no error
}

// diffResult is one scenario's outcome.
type diffResult struct {
	seed     uint64
	pods     int // pending pods decided (single) or pods in the final state (loop)
	diffs    []string
	failure  string // the oracle or berthctl failed
	cover    coverage
	unstable bool // loop: two oracle runs reached different final states
	livelock bool // loop: the oracle and berthctl both stopped on a preemption livelock
}

// coverage counts what the oracle's decisions exercised, so that a run shows it reached every
// plugin: nodes each filter plugin rejected first, nodes each score plugin gave a non-zero
// weighted score, pods placed and pods unschedulable.
type coverage struct {
	rejected map[string]int
	scored   map[string]int
	placed   int
	failed   int
}

func (c *coverage) add(o coverage) {
	if c.rejected == nil {
		c.rejected, c.scored = map[string]int{}, map[string]int{}
	}
	for k, v := range o.rejected {
		c.rejected[k] += v
	}
	for k, v := range o.scored {
		c.scored[k] += v
	}
	c.placed += o.placed
	c.failed += o.failed
}

func (c coverage) String() string {
	list := func(m map[string]int) string {
		var parts []string
		for _, k := range sortedKeysOf(m) {
			parts = append(parts, fmt.Sprintf("%s %d", k, m[k]))
		}
		return strings.Join(parts, ", ")
	}
	return fmt.Sprintf("  placed %d, unschedulable %d\n  first rejecting filter (nodes): %s\n  non-zero weighted scores (nodes): %s",
		c.placed, c.failed, list(c.rejected), list(c.scored))
}

func sortedKeysOf(m map[string]int) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func singleCoverage(lines []singleLine) coverage {
	c := coverage{rejected: map[string]int{}, scored: map[string]int{}}
	for _, l := range lines {
		if l.Chosen != "" {
			c.placed++
		} else {
			c.failed++
		}
		for _, st := range l.Filtered {
			c.rejected[strings.SplitN(st, ":", 2)[0]]++
		}
		for _, scores := range l.Scores {
			for p, v := range scores {
				if p != "total" && v != 0 {
					c.scored[p]++
				}
			}
		}
	}
	return c
}

func (o diffOptions) gen() genOptions { return genOptions{loop: o.loop, scale: o.scale} }

func runDifferential(opt diffOptions, out io.Writer) error {
	tmp, err := os.MkdirTemp("", "berth-differential.")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	if opt.keep != "" {
		if err := os.MkdirAll(opt.keep, 0o755); err != nil {
			return err
		}
	}
	mode := "single"
	if opt.loop {
		mode = "loop"
	}

	results := make([]diffResult, len(opt.seeds))
	jobs := max(opt.jobs, 1)
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				results[i] = diffOne(opt, tmp, opt.seeds[i])
			}
		}()
	}
	start := time.Now()
	for i := range opt.seeds {
		next <- i
	}
	close(next)
	wg.Wait()

	pods, differing, failed, unstable, livelocks := 0, 0, 0, 0, 0
	var cover coverage
	for _, r := range results {
		pods += r.pods
		cover.add(r.cover)
		if r.livelock {
			livelocks++
			fmt.Fprintf(out, "LIVELOCK %s seed %d: the oracle and berthctl both stop on a preemption livelock (agree)\n", mode, r.seed)
			continue
		}
		if r.unstable {
			unstable++
			fmt.Fprintf(out, "UNSTABLE %s seed %d: two oracle runs reached different final states; not compared\n", mode, r.seed)
			continue
		}
		if r.failure == "" && len(r.diffs) == 0 {
			continue
		}
		replay := fmt.Sprintf("berth-oracle gen --seed %d%s > s.yaml", r.seed, opt.gen().flags())
		if r.failure != "" {
			failed++
			fmt.Fprintf(out, "FAIL %s seed %d: %s\n    replay: %s\n", mode, r.seed, r.failure, replay)
		} else {
			differing++
			fmt.Fprintf(out, "DIFF %s seed %d: %d differences (replay: %s)\n", mode, r.seed, len(r.diffs), replay)
			for i, d := range r.diffs {
				if i == 30 {
					fmt.Fprintf(out, "    ... %d more\n", len(r.diffs)-i)
					break
				}
				fmt.Fprintf(out, "    %s\n", d)
			}
		}
		if opt.keep != "" {
			if y, err := generateScenario(r.seed, opt.gen()); err == nil {
				_ = os.WriteFile(filepath.Join(opt.keep, fmt.Sprintf("%s-%d.yaml", mode, r.seed)), y, 0o644)
			}
		}
	}
	fmt.Fprintf(out, "differential %s: %d scenarios, %d pods, %d with differences, %d failed, %d unstable, %d livelocks on both sides (%.1f s)\n",
		mode, len(opt.seeds), pods, differing, failed, unstable, livelocks, time.Since(start).Seconds())
	if !opt.loop {
		fmt.Fprintln(out, cover)
	}
	// An unstable scenario is a race the loop's gate (loop_gate.go) missed: the oracle's final
	// state must not depend on real time.
	if (differing > 0 && !opt.reportOnly) || failed > 0 || (unstable > 0 && !opt.allowUnstable) {
		return fmt.Errorf("%d of %d scenarios differ, %d failed, %d unstable", differing, len(opt.seeds), failed, unstable)
	}
	return nil
}

func diffOne(opt diffOptions, tmp string, seed uint64) diffResult {
	res := diffResult{seed: seed}
	y, err := generateScenario(seed, opt.gen())
	if err != nil {
		res.failure = "generating: " + err.Error()
		return res
	}
	mode := map[bool]string{true: "loop", false: "single"}[opt.loop]
	path := filepath.Join(tmp, fmt.Sprintf("%s-%d.yaml", mode, seed))
	if err := os.WriteFile(path, y, 0o644); err != nil {
		res.failure = err.Error()
		return res
	}
	// The timeline, when asked for: both sides play it (berthctl schedule --timeline).
	// berthctl without --until runs through the unschedulable pool's flush: the oracle too.
	lopt := loopOptions{maxRun: 180 * time.Second, settle: opt.settle, sequential: opt.sequential, replicaSets: opt.replicaSets,
		toEnd: opt.timelines || opt.berthUntil == ""}
	var timelineArgs []string
	if opt.timelines {
		t, err := generateTimeline(seed, opt.gen())
		if err == nil {
			lopt.timeline = strings.TrimSuffix(path, ".yaml") + ".timeline.yaml"
			err = os.WriteFile(lopt.timeline, t, 0o644)
		}
		if err != nil {
			res.failure = "generating the timeline: " + err.Error()
			return res
		}
		timelineArgs = []string{"--timeline", lopt.timeline}
	}
	if opt.berthUntil != "" && !opt.timelines {
		timelineArgs = append(timelineArgs, "--until", opt.berthUntil)
	}
	var oracle bytes.Buffer
	// The loop's bound: a scenario settles in seconds alone, but a loaded machine (the
	// sanitizer pass beside it) once took a minute over one; a run that needs more is a hang.
	if opt.loop {
		err = runLoop(path, &oracle, lopt)
	} else {
		err = runSingle(path, &oracle, true, "")
	}
	if opt.loop && errors.Is(err, errLivelock) {
		// The final states are two moments of an endless churn: what must agree is that both
		// sides churn. berthctl stops on it with exit status 6.
		_, berr := runBerth(opt.berthctl, append([]string{"schedule", "-f", path, "--admission", "none", "--tie-break", "name", "-o", "none",
			"--bind-latency", "0s"}, timelineArgs...)...)
		var exit *exec.ExitError
		if errors.As(berr, &exit) && exit.ExitCode() == 6 {
			res.livelock = true
		} else {
			res.failure = "the oracle stopped on " + err.Error() + "; berthctl did not (exit status 6 expected)"
		}
		return res
	}
	if err != nil {
		res.failure = "oracle: " + err.Error()
		return res
	}
	if opt.loop {
		// The loop runs on a fake clock with each cycle after the earlier ones' asynchronous work
		// (loop_gate.go): a second run must reach the same final state. One that does not is a
		// race the gate missed, reported as unstable (and says nothing about Berth).
		var again bytes.Buffer
		if err := runLoop(path, &again, lopt); err != nil {
			res.failure = "oracle (second run): " + err.Error()
			return res
		}
		if !bytes.Equal(oracle.Bytes(), again.Bytes()) {
			res.unstable = true
			return res
		}
		// The oracle's fake clock stops at loopHorizon (290 s); its pool of unschedulable pods is
		// never flushed (podMaxInUnschedulablePodsDuration, 5 minutes). Berth's loop runs on simulated time through that flush and retries pooled pods
		// against the final cluster, so its last messages would come from a later cluster: stop it
		// before the first flush can retry anything. --admission none: the oracle is the scheduler
		// alone, no API server admits the pods.
		// --bind-latency 0s: each binding completes before the next pod's cycle, as the oracle's
		// binding goroutine and fake API server (well under a cycle's time) mostly do.
		berth, err := runBerth(opt.berthctl, append([]string{"schedule", "-f", path, "--admission", "none", "--tie-break", "name", "-o", "json",
			"--bind-latency", "0s"}, timelineArgs...)...)
		if err != nil {
			res.failure = err.Error()
			return res
		}
		res.pods, res.diffs, err = compareLoop(berth, oracle.Bytes())
		if err != nil {
			res.failure = err.Error()
		}
		return res
	}
	trace := path + ".trace.jsonl"
	if _, err := runBerth(opt.berthctl, "schedule", "-f", path, "--admission", "none", "--tie-break", "name", "--percentage-of-nodes-to-score", "100",
		"--single-pass", "--no-preemption", "--trace", trace, "-o", "none"); err != nil {
		res.failure = err.Error()
		return res
	}
	berth, err := os.ReadFile(trace)
	if err != nil {
		res.failure = err.Error()
		return res
	}
	res.pods, res.diffs, err = compareSingle(berth, oracle.Bytes())
	if err != nil {
		res.failure = err.Error()
	}
	if lines, err := parseLines(oracle.Bytes()); err == nil {
		res.cover = singleCoverage(lines)
	}
	return res
}

func runBerth(berthctl string, args ...string) ([]byte, error) {
	cmd := exec.Command(berthctl, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("berthctl %s: %w: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return stdout, nil
}

func parseLines(data []byte) ([]singleLine, error) {
	var lines []singleLine
	for i, l := range strings.Split(string(data), "\n") {
		if strings.TrimSpace(l) == "" {
			continue
		}
		var line singleLine
		if err := json.Unmarshal([]byte(l), &line); err != nil {
			return nil, fmt.Errorf("line %d: %w", i+1, err)
		}
		lines = append(lines, line)
	}
	return lines, nil
}

// compareSingle compares the lines field by field; a scheduler error only has to match on its
// prefix (the conformance rule: its text is the implementation's own).
func compareSingle(berthData, oracleData []byte) (int, []string, error) {
	berth, err := parseLines(berthData)
	if err != nil {
		return 0, nil, fmt.Errorf("berth's trace: %w", err)
	}
	oracle, err := parseLines(oracleData)
	if err != nil {
		return 0, nil, fmt.Errorf("the oracle's output: %w", err)
	}
	var diffs []string
	q := func(v any) string { s, _ := marshalNoEscape(v); return s }
	for i := 0; i < max(len(berth), len(oracle)); i++ {
		if i >= len(berth) || i >= len(oracle) {
			if i >= len(berth) {
				diffs = append(diffs, fmt.Sprintf("line %d: berth has no line, oracle %s", i+1, oracle[i].Pod))
			} else {
				diffs = append(diffs, fmt.Sprintf("line %d: oracle has no line, berth %s", i+1, berth[i].Pod))
			}
			continue
		}
		b, o := berth[i], oracle[i]
		if b.Pod != o.Pod {
			diffs = append(diffs, fmt.Sprintf("line %d: pod berth=%s oracle=%s", i+1, b.Pod, o.Pod))
			continue
		}
		if q(b.Feasible) != q(o.Feasible) {
			diffs = append(diffs, fmt.Sprintf("%s feasible: berth=%s oracle=%s", o.Pod, q(b.Feasible), q(o.Feasible)))
		}
		for _, n := range unionKeys(b.Filtered, o.Filtered) {
			if !sameFilterStatus(b.Filtered[n], o.Filtered[n]) {
				diffs = append(diffs, fmt.Sprintf("%s filtered.%s: berth=%q oracle=%q", o.Pod, n, b.Filtered[n], o.Filtered[n]))
			}
		}
		for _, n := range unionKeys(b.Scores, o.Scores) {
			bs, os_ := b.Scores[n], o.Scores[n]
			for _, p := range unionKeys(bs, os_) {
				bv, bok := bs[p]
				ov, ook := os_[p]
				if bv != ov || bok != ook {
					diffs = append(diffs, fmt.Sprintf("%s scores.%s.%s: berth=%s oracle=%s", o.Pod, n, p, optInt(bv, bok), optInt(ov, ook)))
				}
			}
		}
		if b.Chosen != o.Chosen {
			diffs = append(diffs, fmt.Sprintf("%s chosen: berth=%q oracle=%q", o.Pod, b.Chosen, o.Chosen))
		}
		const schedErr = "SchedulerError:"
		if b.Message != o.Message && !(strings.HasPrefix(b.Message, schedErr) && strings.HasPrefix(o.Message, schedErr)) {
			diffs = append(diffs, fmt.Sprintf("%s message:\n      berth:  %s\n      oracle: %s", o.Pod, b.Message, o.Message))
		}
	}
	return len(oracle), diffs, nil
}

// sameFilterStatus compares two "<Plugin>: <reasons>" texts. NodeResourcesFit lists the
// insufficient extended resources (and hugepages) in Go map order (fitsRequest ranges over
// ScalarResources, noderesources/fit.go), which is random, so those reasons compare as a set;
// pods, cpu, memory and ephemeral-storage keep their fixed order.
func sameFilterStatus(b, o string) bool {
	const fit = "NodeResourcesFit: "
	if b == o {
		return true
	}
	if !strings.HasPrefix(b, fit) || !strings.HasPrefix(o, fit) {
		return false
	}
	canon := func(s string) string {
		var fixed, scalar []string
		for _, r := range strings.Split(strings.TrimPrefix(s, fit), "; ") {
			name := strings.TrimPrefix(r, "Insufficient ")
			if strings.Contains(name, "/") || strings.HasPrefix(name, "hugepages-") {
				scalar = append(scalar, r)
			} else {
				fixed = append(fixed, r)
			}
		}
		sort.Strings(scalar)
		return strings.Join(append(fixed, scalar...), "; ")
	}
	return canon(b) == canon(o)
}

func optInt(v int64, ok bool) string {
	if !ok {
		return "<absent>"
	}
	return fmt.Sprint(v)
}

func unionKeys[V any](a, b map[string]V) []string {
	keys := map[string]bool{}
	for k := range a {
		keys[k] = true
	}
	for k := range b {
		keys[k] = true
	}
	out := make([]string, 0, len(keys))
	for k := range keys {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// compareLoop checks every field of the oracle's final state in berth's `-o json` report, as
// tests/conformance/tst_loop_scenarios.cpp does with the expected files. Pods a controller
// created during the run (the oracle's carry their generateName) end in a suffix drawn at random
// on both sides: they are compared as a multiset of outcomes per generateName, and the evicted
// lists name them by their prefix.
func compareLoop(berthData, oracleData []byte) (int, []string, error) {
	var oracle struct {
		Pods    []map[string]any `json:"pods"`
		Evicted []string         `json:"evicted"`
	}
	var berth struct {
		Pods    []map[string]any `json:"pods"`
		Evicted []string         `json:"evicted"`
	}
	if err := json.Unmarshal(oracleData, &oracle); err != nil {
		return 0, nil, fmt.Errorf("the oracle's output: %w", err)
	}
	if err := json.Unmarshal(berthData, &berth); err != nil {
		return 0, nil, fmt.Errorf("berth's -o json: %w", err)
	}
	input := map[string]bool{}
	oracleCreated, berthCreated := map[string][]string{}, map[string][]string{}
	for _, p := range oracle.Pods {
		key := fmt.Sprint(p["pod"])
		if g, ok := p["generateName"]; ok {
			prefix := key[:strings.Index(key, "/")+1] + fmt.Sprint(g)
			oracleCreated[prefix] = append(oracleCreated[prefix], loopOutcome(p))
			continue
		}
		input[key] = true
	}
	byPod := map[string]map[string]any{}
	for _, p := range berth.Pods {
		key := fmt.Sprint(p["pod"])
		if !input[key] {
			berthCreated[createdPrefix(key)] = append(berthCreated[createdPrefix(key)], loopOutcome(p))
			continue
		}
		byPod[key] = p
	}
	var diffs []string
	for _, want := range oracle.Pods {
		key := fmt.Sprint(want["pod"])
		if !input[key] {
			continue
		}
		got, ok := byPod[key]
		if !ok {
			diffs = append(diffs, key+": missing in berth's report")
			continue
		}
		for _, f := range sortedKeys(want) {
			if fmt.Sprint(got[f]) != fmt.Sprint(want[f]) {
				diffs = append(diffs, fmt.Sprintf("%s %s: berth=%v oracle=%v", key, f, got[f], want[f]))
			}
		}
	}
	for _, prefix := range unionKeys(oracleCreated, berthCreated) {
		o, b := oracleCreated[prefix], berthCreated[prefix]
		sort.Strings(o)
		sort.Strings(b)
		if !slices.Equal(o, b) {
			diffs = append(diffs, fmt.Sprintf("%s* (created during the run): berth=%q oracle=%q", prefix, b, o))
		}
	}
	name := func(list []string) []string {
		out := make([]string, 0, len(list))
		for _, k := range list {
			if !input[k] {
				k = createdPrefix(k) + "*"
			}
			out = append(out, k)
		}
		sort.Strings(out)
		return out
	}
	if be, oe := name(berth.Evicted), name(oracle.Evicted); !slices.Equal(be, oe) {
		diffs = append(diffs, fmt.Sprintf("evicted: berth=%v oracle=%v", be, oe))
	}
	return len(oracle.Pods), diffs, nil
}

// createdPrefix is namespace/generateName of a generated name (the API server's suffix is five
// characters long, berthctl's too).
func createdPrefix(key string) string { return key[:max(0, len(key)-5)] }

// loopOutcome is what the report says of a pod created during the run: node, state, nomination
// and, while pending, its last message.
func loopOutcome(p map[string]any) string {
	out := fmt.Sprintf("node=%v state=%v nominated=%v", p["node"], p["state"], p["nominated"])
	if p["state"] == "pending" {
		out += fmt.Sprintf(" message=%v", p["message"])
	}
	return out
}

func sortedKeys(m map[string]any) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
