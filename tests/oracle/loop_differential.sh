#!/usr/bin/env bash
# The whole-loop differential test (ctest oracle/loop_differential): generated clusters and
# workloads with priorities, preemption and budgets (tests/oracle/gen.go --loop) run through
# upstream's scheduling loop (the oracle, in-process, --sequential: each cycle after the earlier
# bindings and informer events, with upstream's disruption controller) and through berthctl
# (--bind-latency 0s, to 290 s); every pod's final node, state, nomination and last message
# must agree. Asynchronous preemption is off in the oracle (Berth does not model it,
# docs/versions.md). A scenario whose two oracle runs differ (real-clock races) is skipped.
#
#   tests/oracle/loop_differential.sh ORACLE BERTHCTL [COUNT]
#
# Runs seeds 1..COUNT (default 20). Exit status: 0 all agree, 1 a difference or a failure,
# 77 no oracle binary (skipped).
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
echo "oracle: $oracle ($("$oracle" version)); berthctl: $berthctl; seeds 1..$count"
exec "$oracle" differential --loop --sequential --berthctl "$berthctl" --seed 1 --count "$count" --jobs 2 \
  --settle 1500ms --feature-gates SchedulerAsyncPreemption=false
