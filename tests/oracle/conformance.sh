#!/usr/bin/env bash
# Runs the oracle (upstream kube-scheduler, in-process) on every conformance scenario and compares
# its output with the files it decided before: tests/conformance/scenarios-1.37/NAME.expected.jsonl
# (`berth-oracle single`) and tests/conformance/loop-1.37/NAME.expected.json (`berth-oracle loop`).
#
#   tests/oracle/conformance.sh [--update] [ORACLE]
#
# ORACLE defaults to $BERTH_ORACLE, then build/oracle/berth-oracle (scripts/build-oracle.sh).
# --update rewrites the expected files from the oracle instead of comparing (after a deliberate
# change of the pinned release; the folders' READMEs must then say what changed and why).
# Exit status: 0 all equal, 1 a difference or an oracle failure, 77 no oracle binary (skipped).
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
CONF="$ROOT/tests/conformance"

update=0
oracle=""
for a in "$@"; do
  case "$a" in
    --update) update=1 ;;
    -h|--help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) oracle="$a" ;;
  esac
done
oracle="${oracle:-${BERTH_ORACLE:-$ROOT/build/oracle/berth-oracle}}"
if [ ! -x "$oracle" ]; then
  echo "oracle/conformance: no oracle binary at $oracle (scripts/build-oracle.sh builds it); skipped"
  exit 77
fi
echo "oracle: $oracle (k8s.io/kubernetes $("$oracle" version))"

tmp="$(mktemp -d "${TMPDIR:-/tmp}/berth-oracle.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT

failed=0
checked=0
# check MODE YAML EXPECTED
check() {
  local mode="$1" yaml="$2" expected="$3" name got
  name="$(basename "$yaml" .yaml)"
  got="$tmp/$name.$mode.out"
  if ! "$oracle" "$mode" -f "$yaml" >"$got" 2>"$tmp/$name.$mode.err"; then
    echo "FAIL $mode $name: the oracle failed:"
    sed 's/^/    /' "$tmp/$name.$mode.err"
    failed=1
    return
  fi
  checked=$((checked + 1))
  if [ "$update" = 1 ]; then
    mkdir -p "$(dirname "$expected")"
    cp "$got" "$expected"
    echo "wrote $mode $name -> ${expected#"$ROOT"/}"
    return
  fi
  if [ ! -f "$expected" ]; then
    echo "FAIL $mode $name: no ${expected#"$ROOT"/}"
    failed=1
  elif cmp -s "$got" "$expected"; then
    echo "ok   $mode $name"
  else
    echo "FAIL $mode $name: differs from ${expected#"$ROOT"/} (-expected +oracle):"
    diff -u "$expected" "$got" | sed -n '3,40p' | sed 's/^/    /'
    failed=1
  fi
}

for yaml in "$CONF"/scenarios/*.yaml; do
  check single "$yaml" "$CONF/scenarios-1.37/$(basename "$yaml" .yaml).expected.jsonl"
done
for yaml in "$CONF"/loop/*.yaml; do
  check loop "$yaml" "$CONF/loop-1.37/$(basename "$yaml" .yaml).expected.json"
done
if [ "$checked" = 0 ]; then
  echo "FAIL: no scenarios found under $CONF"
  exit 1
fi
exit "$failed"
