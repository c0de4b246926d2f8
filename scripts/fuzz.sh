#!/usr/bin/env bash
# Runs one libFuzzer target of build/fuzz (tests/fuzz) for SECONDS, from its seeds: the test
# files of its format, tests/fuzz/seeds/<target> and every regression input
# (tests/fuzz/regressions/<target>, which run first: a crash found before must stay fixed).
# Exit 0 when nothing crashed, hung or leaked; otherwise libFuzzer's status, the input kept
# under build/fuzz/artifacts/. docs/fuzzing.md has the long runs.
#
#   scripts/fuzz.sh build/fuzz/tests/fuzz/fuzz_quantity 5
#   CORPUS=build/fuzz/corpus/quantity scripts/fuzz.sh build/fuzz/tests/fuzz/fuzz_quantity 3600 -jobs=2
#
# CORPUS: a folder kept between runs (new inputs are added to it); default a temporary one.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
binary="$1" seconds="$2"
shift 2
target="$(basename "$binary")"
target="${target#fuzz_}"

work="$(mktemp -d "${TMPDIR:-/tmp}/berth-fuzz.XXXXXX")"
trap 'rm -rf "$work"' EXIT
# A run stopped by ctest's timeout or ^C still removes its folder (the EXIT trap runs on exit).
trap 'exit 143' TERM
trap 'exit 130' INT
seeds="$work/seeds"
mkdir -p "$seeds"
# seed FILE...: copies the files of at most 64 KiB (larger ones only slow each run down).
seed() { local f; for f in "$@"; do [ -f "$f" ] && [ "$(stat -c %s "$f")" -le 65536 ] && cp "$f" "$seeds/$(echo "$f" | tr / _)"; done; return 0; }
cd "$ROOT"
case "$target" in
  manifest_yaml) mapfile -t files < <(find resources tests -name '*.yaml' -o -name '*.yml'); seed "${files[@]}" ;;
  manifest_json) mapfile -t files < <(find resources tests -name '*.json'); seed "${files[@]}" ;;
  scheduler_config) mapfile -t files < <(grep -rl 'kind: KubeSchedulerConfiguration' resources tests); seed "${files[@]}" ;;
esac
[ -d "tests/fuzz/seeds/$target" ] && seed tests/fuzz/seeds/"$target"/*
regressions="tests/fuzz/regressions/$target"

corpus="${CORPUS:-$work/corpus}"
mkdir -p "$corpus"
artifacts="$(dirname "$(dirname "$(dirname "$binary")")")/artifacts"
mkdir -p "$artifacts"

if [ -d "$regressions" ] && [ -n "$(ls -A "$regressions")" ]; then
  # Each regression input once, on its own: libFuzzer's exit status says whether it still fails.
  "$binary" -timeout=10 -rss_limit_mb=2048 "$regressions"/* >"$work/regressions.log" 2>&1 || {
    cat "$work/regressions.log"
    echo "fuzz.sh: a regression input of $target fails again" >&2
    exit 1
  }
fi
# -timeout: an input that takes over 10 s is a hang; -rss_limit_mb: memory beyond 2 GiB is a bug.
# Not exec'd: the EXIT trap must outlive the fuzzer to remove $work (set -e passes its status on).
"$binary" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
  -artifact_prefix="$artifacts/$target-" "$@" "$corpus" "$seeds"
