#!/usr/bin/env bash
# The extender differential test (ctest oracle/extenders): the scenarios of tests/oracle/extenders/,
# whose KubeSchedulerConfiguration lists `extenders:` on the Go test extender
# (tests/extender/testserver), decided by the oracle (upstream kube-scheduler v1.37, in-process,
# calling the extender over HTTP itself) and by berthctl (its libcurl client), the whole loop each;
# every pod's node, state, nominated node and FailedScheduling message, and the evicted pods, must
# agree (compare_loop.py, as compare-berth.sh compares the conformance loops). The test starts the
# extender on a free loopback port (the scenarios say @PORT@), stops it at the end, and checks
# from its request log that every verb and both request shapes (Nodes, NodeNames) were exercised.
#
#   tests/oracle/extenders.sh ORACLE BERTHCTL EXTENDER
#
# Exit status: 0 all agree, 1 a difference or a failure, 77 no oracle or no test extender (skipped).
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
oracle="${1:-}"
berthctl="${2:-}"
extender="${3:-}"
for tool in "oracle:$oracle" "test extender:$extender"; do
  if [ -z "${tool#*:}" ] || [ ! -x "${tool#*:}" ]; then
    echo "oracle/extenders: no ${tool%%:*} at '${tool#*:}' (scripts/build-oracle.sh, Go); skipped"
    exit 77
  fi
done
if [ -z "$berthctl" ] || [ ! -x "$berthctl" ]; then
  echo "oracle/extenders: no berthctl at '$berthctl'" >&2
  exit 1
fi

tmp="$(mktemp -d "${TMPDIR:-/tmp}/berth-oracle-ext.XXXXXX")"
ext_pid=""
cleanup() {
  [ -n "$ext_pid" ] && kill "$ext_pid" 2>/dev/null && wait "$ext_pid" 2>/dev/null
  rm -rf "$tmp"
}
trap cleanup EXIT

# The extender exits by itself after -lifetime, should this script be killed first.
"$extender" -log "$tmp/requests.jsonl" -lifetime 300s >"$tmp/extender.out" 2>"$tmp/extender.err" &
ext_pid=$!
port=""
for _ in $(seq 100); do
  port="$(sed -n 's/^LISTENING \([0-9]*\)$/\1/p' "$tmp/extender.out")"
  [ -n "$port" ] && break
  sleep 0.1
done
if [ -z "$port" ]; then
  echo "FAIL: the test extender did not start:"; cat "$tmp/extender.err"
  exit 1
fi
echo "oracle: $oracle ($("$oracle" version)); berthctl: $berthctl; test extender on 127.0.0.1:$port"

status=0
checked=0
for yaml in "$ROOT"/tests/oracle/extenders/*.yaml; do
  name="$(basename "$yaml" .yaml)"
  sed "s/@PORT@/$port/g" "$yaml" >"$tmp/$name.yaml"
  if ! timeout 120 "$berthctl" schedule -f "$tmp/$name.yaml" --admission none --tie-break name -o json \
       >"$tmp/$name.berth.json" 2>"$tmp/$name.berth.err"; then
    echo "FAIL $name: berthctl failed:"; sed 's/^/    /' "$tmp/$name.berth.err"; status=1; continue
  fi
  # The oracle's loop runs on the real clock; as oracle/conformance does, a run that raced into
  # another upstream order gets two more tries.
  agreed=0
  for try in 1 2 3; do
    if ! timeout 120 "$oracle" loop -f "$tmp/$name.yaml" --max-run 60s >"$tmp/$name.oracle.json" 2>"$tmp/$name.oracle.err"; then
      echo "FAIL $name: the oracle failed:"; sed 's/^/    /' "$tmp/$name.oracle.err"; break
    fi
    if python3 "$ROOT/tests/oracle/compare_loop.py" "$name" "$tmp/$name.berth.json" "$tmp/$name.oracle.json" \
         >"$tmp/$name.compare" 2>&1; then
      agreed=1; break
    fi
  done
  cat "$tmp/$name.compare" 2>/dev/null
  checked=$((checked + 1))
  [ "$agreed" = 1 ] || status=1
done
if [ "$checked" = 0 ]; then
  echo "FAIL: no scenarios under tests/oracle/extenders"
  exit 1
fi

# What the extender was asked, by both sides: every verb, in both request shapes.
python3 - "$tmp/requests.jsonl" <<'EOF' || status=1
import json, sys
seen = set()
for line in open(sys.argv[1]):
    r = json.loads(line)
    body = json.loads(r["body"]) if r["body"].startswith("{") else {}
    shape = ("NodeNames" if body.get("NodeNames") is not None else "Nodes" if body.get("Nodes") is not None
             else "Victims" if body.get("NodeNameToVictims") else "MetaVictims" if body.get("NodeNameToMetaVictims")
             else "")
    seen.add((r["path"], shape))
want = [("/ok/filter", "Nodes"), ("/ok/filter", "NodeNames"), ("/ok/prioritize", "Nodes"),
        ("/ok/prioritize", "NodeNames"), ("/ok/bind", ""), ("/ok/preempt", "Victims"), ("/status/preempt", "Victims"), ("/status/filter", "Nodes"),
        ("/status/prioritize", "Nodes"), ("/error/filter", "Nodes")]
missing = [w for w in want if w not in seen]
print(f"extender requests: {len(seen)} kinds seen; missing: {missing or 'none'}")
sys.exit(1 if missing else 0)
EOF
exit "$status"
