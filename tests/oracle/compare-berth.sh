#!/usr/bin/env bash
# Compares berthctl's decisions (its newest behaviour: no --kube-version) with the oracle's v1.37
# decisions: single pass against tests/conformance/scenarios-1.37/, the way tst_scenarios.cpp
# compares with the v1.26 files (line for line, a SchedulerError message matching on its prefix
# only), and the whole loop (`-o json`) against tests/conformance/loop-1.37/, the way
# tst_loop_scenarios.cpp does (every field of the expected file). Prints each difference as
# "pod field: berth=... oracle=...". A report, not a test: exit 0 when all agree, 1 otherwise.
# Both run with --admission none: the oracle is the scheduler alone, without an API server, so
# the scenarios' pods are decided as written.
#
#   tests/oracle/compare-berth.sh [BERTHCTL] [EXPECTED_DIR]
#
# BERTHCTL defaults to build/dev/src/cli/berthctl; EXPECTED_DIR to tests/conformance/scenarios-1.37.
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
berthctl="${1:-$ROOT/build/dev/src/cli/berthctl}"
expected_dir="${2:-$ROOT/tests/conformance/scenarios-1.37}"
if [ ! -x "$berthctl" ]; then
  echo "compare-berth.sh: no berthctl at $berthctl" >&2
  exit 2
fi
tmp="$(mktemp -d "${TMPDIR:-/tmp}/berth-compare.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT

status=0
for yaml in "$ROOT"/tests/conformance/scenarios/*.yaml; do
  name="$(basename "$yaml" .yaml)"
  expected="$expected_dir/$name.expected.jsonl"
  [ -f "$expected" ] || continue
  trace="$tmp/$name.jsonl"
  if ! "$berthctl" schedule -f "$yaml" --admission none --tie-break name --percentage-of-nodes-to-score 100 \
       --single-pass --no-preemption --trace "$trace" -o none 2>"$tmp/$name.err"; then
    echo "== $name: berthctl failed:"; cat "$tmp/$name.err"; status=1; continue
  fi
  python3 - "$name" "$trace" "$expected" <<'EOF' || status=1
import json, sys

name, berth_path, oracle_path = sys.argv[1:4]
berth = [l for l in open(berth_path).read().splitlines() if l]
oracle = [l for l in open(oracle_path).read().splitlines() if l]

def same_line(b, o):
    if b == o:
        return True
    # As tst_scenarios.cpp: a SchedulerError message only has to match its prefix.
    key = '"message":"SchedulerError:'
    if key in b and key in o:
        return b[:b.find('"message"')] == o[:o.find('"message"')]
    return False

diffs = []
for i in range(max(len(berth), len(oracle))):
    b = berth[i] if i < len(berth) else None
    o = oracle[i] if i < len(oracle) else None
    if b is not None and o is not None and same_line(b, o):
        continue
    if b is None or o is None:
        diffs.append(f"line {i+1}: berth={'<missing>' if b is None else json.loads(b)['pod']} "
                     f"oracle={'<missing>' if o is None else json.loads(o)['pod']}")
        continue
    bj, oj = json.loads(b), json.loads(o)
    pod = oj["pod"]
    if bj["pod"] != oj["pod"]:
        diffs.append(f"line {i+1}: pod berth={bj['pod']} oracle={oj['pod']}")
        continue
    for field in ("feasible", "chosen", "message"):
        if bj[field] != oj[field]:
            diffs.append(f"{pod} {field}: berth={json.dumps(bj[field])} oracle={json.dumps(oj[field])}")
    for node in sorted(set(bj["filtered"]) | set(oj["filtered"])):
        bv, ov = bj["filtered"].get(node), oj["filtered"].get(node)
        if bv != ov:
            diffs.append(f"{pod} filtered.{node}: berth={json.dumps(bv)} oracle={json.dumps(ov)}")
    for node in sorted(set(bj["scores"]) | set(oj["scores"])):
        bs, os_ = bj["scores"].get(node, {}), oj["scores"].get(node, {})
        for plugin in sorted(set(bs) | set(os_)):
            if bs.get(plugin) != os_.get(plugin):
                diffs.append(f"{pod} scores.{node}.{plugin}: berth={json.dumps(bs.get(plugin))} "
                             f"oracle={json.dumps(os_.get(plugin))}")
lines_differ = sum(1 for i in range(max(len(berth), len(oracle)))
                   if i >= len(berth) or i >= len(oracle) or not same_line(berth[i], oracle[i]))
print(f"== single {name}: {len(oracle)} oracle lines, {len(berth)} berth lines, {lines_differ} differ")
for d in diffs:
    print("  " + d)
sys.exit(1 if lines_differ else 0)
EOF
done
for yaml in "$ROOT"/tests/conformance/loop/*.yaml; do
  name="$(basename "$yaml" .yaml)"
  expected="$ROOT/tests/conformance/loop-1.37/$name.expected.json"
  [ -f "$expected" ] || continue
  if ! "$berthctl" schedule -f "$yaml" --admission none --tie-break name -o json >"$tmp/$name.json" 2>"$tmp/$name.err"; then
    echo "== loop $name: berthctl failed:"; cat "$tmp/$name.err"; status=1; continue
  fi
  python3 "$ROOT/tests/oracle/compare_loop.py" "$name" "$tmp/$name.json" "$expected" || status=1
done
exit "$status"
