// berth-oracle runs upstream kube-scheduler (the k8s.io/kubernetes version go.mod pins) in-process
// on a Berth conformance scenario and prints its decisions in the conformance formats:
//
//	berth-oracle single -f SCENARIO.yaml   one JSON line per pending pod (tests/conformance/scenarios/README.md)
//	berth-oracle loop   -f SCENARIO.yaml   the whole loop's final state (tests/conformance/loop/README.md)
//	berth-oracle gen --seed N [--loop]     a generated scenario (gen.go), for replaying a differential seed
//	berth-oracle differential --berthctl B --seed N --count C [--loop]
//	                                       generated scenarios through the oracle and berthctl, compared
//	berth-oracle version                   the pinned Kubernetes version
//
// It is test tooling: Berth's product code is C++.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"
	"time"

	utilfeature "k8s.io/apiserver/pkg/util/feature"
	"k8s.io/klog/v2"
)

func usage() {
	fmt.Fprint(os.Stderr, `Usage:
  berth-oracle single -f SCENARIO.yaml [--no-cross-check] [--follow FILE.jsonl] [-v N]
  berth-oracle loop   -f SCENARIO.yaml [--timeline TIMELINE.yaml] [--to-end] [--max-run 60s] [--settle 300ms] [--sequential [--replicasets=false]] [-v N]
  (both: [--feature-gates Gate=false,...] to see what a default gate changes)
  berth-oracle gen --seed N [--loop [--timeline FILE]] [--scale S]
  berth-oracle differential --berthctl BERTHCTL --seed N [--count C] [--loop [--timelines]] [--scale S] [--jobs J] [--keep DIR]
      [--report-differences] [--allow-unstable]
  berth-oracle version
`)
}

func marshalNoEscape(v any) (string, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return "", err
	}
	return strings.TrimSuffix(buf.String(), "\n"), nil
}

// kubernetesVersion is the k8s.io/kubernetes module version built in.
func kubernetesVersion() string {
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, d := range bi.Deps {
			if d.Path == "k8s.io/kubernetes" {
				return d.Version
			}
		}
	}
	return "unknown"
}

func main() {
	if len(os.Args) < 2 {
		usage()
		os.Exit(2)
	}
	cmd := os.Args[1]
	if cmd == "version" {
		fmt.Println(kubernetesVersion())
		return
	}
	if cmd == "-h" || cmd == "--help" || cmd == "help" {
		usage()
		return
	}
	fs := flag.NewFlagSet(cmd, flag.ContinueOnError)
	file := fs.String("f", "", "scenario file")
	noCross := fs.Bool("no-cross-check", false, "single: skip the cross-check against Scheduler.SchedulePod")
	follow := fs.String("follow", "", "single: assume each pod on the node this conformance file chose (analysis aid)")
	maxRun := fs.Duration("max-run", 60*time.Second, "loop: bound on the whole run")
	settle := fs.Duration("settle", 300*time.Millisecond, "loop: how long (real time) the landed, idle state must not change before the fake clock steps or the run counts as settled")
	sequential := fs.Bool("sequential", false, "loop, differential --loop: upstream's disruption and ReplicaSet controllers run and bound pods become running and ready (berthctl --bind-latency 0s); each cycle also waits for the informers to be quiet")
	replicaSets := fs.Bool("replicasets", true, "loop, differential --loop, with --sequential: upstream's ReplicaSet controller runs too (replicaset.go; a preemption livelock, a replacement preempted again and again, stops the run and agrees with berthctl's exit status 6); --replicasets=false leaves it out")
	gates := fs.String("feature-gates", "", "comma-separated Gate=true|false, as kube-scheduler's flag (analysis aid; the committed files use the defaults)")
	seed := fs.Uint64("seed", 0, "gen, differential: the (first) seed")
	count := fs.Int("count", 1, "differential: how many seeds, from --seed on")
	loopMode := fs.Bool("loop", false, "gen, differential: the whole-loop flavour")
	scale := fs.Int("scale", 1, "gen, differential: node and pod counts times this")
	berthctl := fs.String("berthctl", "", "differential: the berthctl to compare")
	jobs := fs.Int("jobs", 1, "differential: scenarios run at once")
	reportOnly := fs.Bool("report-differences", false, "differential: differences are printed but do not fail the run (failures and unstable loop runs still do)")
	allowUnstable := fs.Bool("allow-unstable", false, "differential --loop: a scenario whose two oracle runs differ is printed but does not fail the run (it says nothing about Berth)")
	keep := fs.String("keep", "", "differential: write the scenarios that differ into this folder")
	timeline := fs.String("timeline", "", "loop: play this Timeline file's edits on the fake clock (timeline.go); gen --loop: also write the seed's generated timeline to this file (gen_timeline.go)")
	berthUntil := fs.String("berth-until", "290s", "differential --loop: berthctl's --until (\"\" = run until nothing can change); left out with --timelines, where berthctl plays no timed edit with --until")
	toEnd := fs.Bool("to-end", false, "loop: past the 290 s horizon, as berthctl without --until: the unschedulable pool's 5-minute flush until every waiting pod failed against the cluster as it is (flush.go)")
	timelines := fs.Bool("timelines", false, "differential --loop: each scenario with its generated timeline, played by both sides")
	verbosity := fs.Int("v", -1, "log the scheduler's klog output at this verbosity on stderr (default: no logs)")
	if err := fs.Parse(os.Args[2:]); err != nil {
		os.Exit(2)
	}
	needsFile := cmd == "single" || cmd == "loop"
	if (needsFile && *file == "") || fs.NArg() != 0 || (cmd == "differential" && *berthctl == "") {
		usage()
		os.Exit(2)
	}

	klogFlags := flag.NewFlagSet("klog", flag.ContinueOnError)
	klog.InitFlags(klogFlags)
	if *verbosity < 0 {
		_ = klogFlags.Set("logtostderr", "false")
		_ = klogFlags.Set("stderrthreshold", "FATAL")
		klog.SetOutput(io.Discard)
	} else {
		_ = klogFlags.Set("v", fmt.Sprint(*verbosity))
	}

	if *gates != "" {
		if err := utilfeature.DefaultMutableFeatureGate.Set(*gates); err != nil {
			fmt.Fprintf(os.Stderr, "berth-oracle: --feature-gates: %v\n", err)
			os.Exit(2)
		}
	}

	var err error
	switch cmd {
	case "single":
		err = runSingle(*file, os.Stdout, !*noCross, *follow)
	case "loop":
		err = runLoop(*file, os.Stdout, loopOptions{maxRun: *maxRun, settle: *settle, sequential: *sequential, replicaSets: *replicaSets, timeline: *timeline, toEnd: *toEnd})
	case "gen":
		var y []byte
		if y, err = generateScenario(*seed, genOptions{loop: *loopMode, scale: *scale}); err == nil {
			_, err = os.Stdout.Write(y)
		}
		if err == nil && *timeline != "" {
			if !*loopMode {
				err = fmt.Errorf("--timeline needs --loop")
			} else if y, err = generateTimeline(*seed, genOptions{loop: true, scale: *scale}); err == nil {
				err = os.WriteFile(*timeline, y, 0o644)
			}
		}
	case "differential":
		seeds := make([]uint64, 0, *count)
		for i := 0; i < *count; i++ {
			seeds = append(seeds, *seed+uint64(i))
		}
		err = runDifferential(diffOptions{berthctl: *berthctl, seeds: seeds, loop: *loopMode, scale: *scale, keep: *keep,
			jobs: *jobs, settle: *settle, sequential: *sequential, replicaSets: *replicaSets, reportOnly: *reportOnly, allowUnstable: *allowUnstable, timelines: *timelines && *loopMode, berthUntil: *berthUntil}, os.Stdout)
	default:
		usage()
		os.Exit(2)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "berth-oracle: %v\n", err)
		os.Exit(1)
	}
}
