#!/usr/bin/env bash
# The whole-loop differential test (ctest oracle/loop_differential): generated clusters and
# workloads with priorities, preemption and budgets (tests/oracle/gen.go --loop) run through
# upstream's scheduling loop (the oracle, in-process: the queue on a fake clock, each cycle after
# the earlier cycles' bindings, asynchronous preemptions and informer events have landed,
# upstream's disruption controller, --sequential; loop_gate.go) and through berthctl
# (--bind-latency 0s, to 290 s); every pod's final node, state, nomination and last message
# must agree. All feature gates at their v1.37 defaults (asynchronous preemption on). Each
# scenario runs twice in the oracle: two different final states fail the test (a race the gate
# missed).
#
#   tests/oracle/loop_differential.sh ORACLE BERTHCTL [COUNT]
#
# Runs COUNT (default 20) fixed seeds, 1..COUNT, and COUNT seeds from a run seed that changes per
# run ($BERTH_LOOP_DIFF_SEED, else derived from the time and the process id), printed so that a
# difference can be replayed; any difference fails. The oracle runs upstream's ReplicaSet
# controller (--replicasets, its default); a preemption livelock stops both sides (the oracle's
# LIVELOCK line, berthctl's exit status 6) and counts as agreement. A run seed whose two oracle
# runs reach different final states (a race the oracle's gate missed: seed 2593700518 is one,
# with or without the ReplicaSet controller) is printed as UNSTABLE and not compared; on the
# fixed seeds it fails. Replay:
#   ORACLE differential --loop --sequential --berthctl BERTHCTL --seed S --count 1
#   ORACLE gen --loop --seed S > s.yaml
# Then the regression seeds: 2000000079 (the nominated node in a cycle's FailedScheduling text),
# 2000000017 and 049 (a pending pod's cleared nomination requeues pods of lower or equal
# priority), 2578907103 (a preemption livelock: tests/oracle/README.md, session 16), and two
# seeds with their generated timelines (--timelines: cordon, uncordon, addNodePool, deletePod,
# deleteNode and a ReplicaSet scaled up, played by both sides; berthctl then runs without --until
# and the oracle through the unschedulable pool's flush, --to-end; README "Session 16:
# timelines"). Skipped in a sanitizer build (fewer seeds: COUNT < 20).
# Exit status: 0 all agree, 1 a difference or a failure, 77 no oracle binary (skipped).
set -uo pipefail

oracle="${1:-}"
berthctl="${2:-}"
count="${3:-20}"
if [ -z "$oracle" ] || [ ! -x "$oracle" ]; then
  echo "oracle/loop_differential: no oracle binary at '$oracle' (scripts/build-oracle.sh builds it); skipped"
  exit 77
fi
if [ -z "$berthctl" ] || [ ! -x "$berthctl" ]; then
  echo "oracle/loop_differential: no berthctl at '$berthctl'" >&2
  exit 1
fi
# A run seed far from the fixed range and from the single-pass test's, different on every run.
run_seed="${BERTH_LOOP_DIFF_SEED:-$(( ($(date +%s) * 1000 + $$ % 1000) % 1000000000 + 2000000000 ))}"
echo "oracle: $oracle ($("$oracle" version)); berthctl: $berthctl"
echo "fixed seeds 1..$count; run seeds $run_seed..$((run_seed + count - 1)) (replay: BERTH_LOOP_DIFF_SEED=$run_seed)"

status=0
"$oracle" differential --loop --sequential --berthctl "$berthctl" --seed 1 --count "$count" --jobs 2 \
  --settle 300ms || status=1
"$oracle" differential --loop --sequential --berthctl "$berthctl" --seed "$run_seed" --count "$count" --jobs 2 \
  --settle 300ms --allow-unstable || status=1
if [ "$count" -ge 20 ]; then
  for seed in 2000000017 2000000049 2000000079 2578907103; do
    "$oracle" differential --loop --sequential --berthctl "$berthctl" --seed "$seed" --count 1 --jobs 1 \
      --settle 300ms || status=1
  done
  for seed in 1 34; do
    "$oracle" differential --loop --timelines --sequential --berthctl "$berthctl" --seed "$seed" --count 1 --jobs 1 \
      --settle 300ms || status=1
  done
fi
exit "$status"
