#!/usr/bin/env bash
# The differential test (ctest oracle/differential): generated clusters and workloads
# (tests/oracle/gen.go) decided by the oracle (upstream kube-scheduler, in-process) and by
# berthctl in the single pass; every decision must agree (feasible set, first rejecting plugin
# and reason per node, every weighted score, chosen node, FitError text).
#
#   tests/oracle/differential.sh ORACLE BERTHCTL [COUNT]
#
# Runs COUNT (default 100) fixed seeds, 1..COUNT, and COUNT seeds from a run seed that changes
# per run ($BERTH_DIFF_SEED, else derived from the time and the process id), printed so that a
# failure can be replayed:
#   ORACLE differential --berthctl BERTHCTL --seed S --count 1   (that one scenario)
#   ORACLE gen --seed S > s.yaml                                  (the scenario itself)
# Exit status: 0 all agree, 1 a difference or a failure, 77 no oracle binary (skipped).
set -uo pipefail

oracle="${1:-}"
berthctl="${2:-}"
count="${3:-100}"
if [ -z "$oracle" ] || [ ! -x "$oracle" ]; then
  echo "oracle/differential: no oracle binary at '$oracle' (scripts/build-oracle.sh builds it); skipped"
  exit 77
fi
if [ -z "$berthctl" ] || [ ! -x "$berthctl" ]; then
  echo "oracle/differential: no berthctl at '$berthctl'" >&2
  exit 1
fi
# A run seed far from the fixed range, different on every run.
run_seed="${BERTH_DIFF_SEED:-$(( ($(date +%s) * 1000 + $$ % 1000) % 1000000000 + 1000000 ))}"
echo "oracle: $oracle ($("$oracle" version)); berthctl: $berthctl"
echo "fixed seeds 1..$count; run seeds $run_seed..$((run_seed + count - 1)) (replay: BERTH_DIFF_SEED=$run_seed)"

status=0
"$oracle" differential --berthctl "$berthctl" --seed 1 --count "$count" || status=1
"$oracle" differential --berthctl "$berthctl" --seed "$run_seed" --count "$count" || status=1
exit "$status"
