#!/usr/bin/env bash
# Writes every decision a berthctl makes on a fixed set of inputs into one folder, so that
# two builds can be compared byte for byte after a refactoring ("behaviour stays identical"):
#
#   scripts/decision-snapshot.sh BERTHCTL OUTDIR
#   diff -r OUTDIR-before OUTDIR-after && echo identical
#
# Inputs: the conformance and loop scenarios of tests/conformance, the embedded demo, and
# generated shapes (basic, spread, anti-affinity, mixed, interleaved over a running cluster).
# Outputs per input: -o bindings, --trace, --events, -o json (the single pass and the loop),
# --no-fast-paths bindings, and the capacity questions on the demo-sized shape.
set -uo pipefail

if [ $# -ne 2 ]; then sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 2; fi
B="$(realpath "$1")"
OUT="$2"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
mkdir -p "$OUT/in"
OUT="$(realpath "$OUT")"

# run NAME ARGS...: stdout to NAME.out, stderr to NAME.err, exit status to NAME.rc
run() {
  local n="$1"; shift
  "$B" "$@" >"$OUT/$n.out" 2>"$OUT/$n.err"
  echo $? >"$OUT/$n.rc"
}

"$B" generate --nodes 500 --pods 1000 -o json >"$OUT/in/basic.json"
"$B" generate --nodes 500 --pods 1000 --variant spread -o json >"$OUT/in/spread.json"
"$B" generate --nodes 300 --pods 600 --variant anti-affinity -o json >"$OUT/in/anti.json"
"$B" generate --nodes 400 --pods 800 --variant mixed -o json >"$OUT/in/mixed.json"
"$B" generate --nodes 300 --pods 600 --interleave --bound 3000 -o json >"$OUT/in/running.json"
"$B" generate --nodes 40 --pods 60 --variant mixed -o json >"$OUT/in/small.json"

inputs=("$OUT"/in/*.json)
for f in "$ROOT"/tests/conformance/scenarios/*.yaml "$ROOT"/tests/conformance/loop/*.yaml; do
  inputs+=("$f")
done

for f in "${inputs[@]}"; do
  n="$(basename "$(dirname "$f")")-$(basename "${f%.*}")"
  run "$n.bindings" schedule -f "$f" -o bindings --seed 7
  run "$n.single" schedule -f "$f" -o json --single-pass --trace "$OUT/$n.single.trace"
  run "$n.loop" schedule -f "$f" -o json --trace "$OUT/$n.loop.trace" --events "$OUT/$n.loop.events"
  run "$n.nofast" schedule -f "$f" -o bindings --no-fast-paths
  run "$n.v126" schedule -f "$f" -o bindings --kube-version 1.26
done

small="$OUT/in/small.json"
cat >"$OUT/in/probe.yaml" <<'EOF'
apiVersion: apps/v1
kind: Deployment
metadata: {name: probe, namespace: default}
spec:
  replicas: 1
  selector: {matchLabels: {app: probe}}
  template:
    metadata: {labels: {app: probe}}
    spec:
      containers:
      - name: c
        image: nginx
        resources: {requests: {cpu: 500m, memory: 1Gi}}
EOF
run small.fit capacity fit -f "$small" --template "$OUT/in/probe.yaml" -o json
run small.drain capacity drain -f "$small" --selector topology.kubernetes.io/zone=zone-1 -o json
ex="$ROOT/resources/examples/capacity"
if [ -d "$ex" ]; then
  run example.compare capacity compare -f "$ex/checkout.yaml" --config "$ex/least-allocated.yaml" \
    --config "$ex/most-allocated.yaml" -o json
fi
run explain schedule -f "$small" -o table
echo "decision-snapshot: $(ls "$OUT" | wc -l) files in $OUT"
