#!/usr/bin/env bash
# Builds Berth and runs every test: first the developer build (build/dev, RelWithDebInfo),
# then an AddressSanitizer + UndefinedBehaviorSanitizer build (build/asan, Debug), then a
# ThreadSanitizer build of the threaded code's tests (build/tsan), then a short libFuzzer smoke
# run of the parsers (build/fuzz, clang; docs/fuzzing.md).
#
#   ./test.sh           all four passes
#   ./test.sh --quick   the developer build only
#
# Installs missing Debian packages first (scripts/setup-deps.sh) and builds the Go oracle when
# Go is present (scripts/build-oracle.sh). Exits non-zero when a build or a test fails; ends
# with ctest's summary lines for each pass.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$ROOT"

quick=0
for a in "$@"; do
  case "$a" in
    --quick) quick=1 ;;
    -h|--help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "test.sh: unknown argument '$a' (use --quick or --help)" >&2; exit 2 ;;
  esac
done

scripts/setup-deps.sh
# The differential oracle (upstream kube-scheduler in Go, tests/oracle): built when Go is
# present (cached; the first build takes minutes), else its ctest is skipped. A failed build
# (no module proxy, say) leaves it unbuilt rather than stopping the suite.
scripts/build-oracle.sh || echo "test.sh: the oracle did not build; oracle/conformance will be skipped"

# --- test environment -------------------------------------------------------------------
cleanup=()
# shellcheck disable=SC2317  # called by the EXIT trap
remove_temp_dirs() { local d; for d in "${cleanup[@]}"; do rm -rf "$d"; done; }
trap remove_temp_dirs EXIT
if [ -z "${XDG_RUNTIME_DIR:-}" ] || [ ! -d "$XDG_RUNTIME_DIR" ]; then
  XDG_RUNTIME_DIR="$(mktemp -d "${TMPDIR:-/tmp}/berth-xdg.XXXXXX")"
  cleanup+=("$XDG_RUNTIME_DIR")
fi
chmod 0700 "$XDG_RUNTIME_DIR" 2>/dev/null || true
export XDG_RUNTIME_DIR
export QT_QPA_PLATFORM="${QT_QPA_PLATFORM:-offscreen}"
JOBS="${BERTH_TEST_JOBS:-2}"

status=0
summary=()

# run_pass NAME [-DVAR=VALUE ...] [TARGET ...]: build build/NAME (everything, or the targets
# given), then run its ctest (the tests matching $CTEST_REGEX when set).
run_pass() {
  local name="$1"; shift
  echo
  echo "==> [$name] build (build/$name)"
  if ! scripts/build.sh "$name" "$@"; then
    summary+=("[$name] BUILD FAILED")
    status=1
    return
  fi
  echo
  echo "==> [$name] ctest --output-on-failure -j$JOBS"
  local log="$ROOT/build/$name/ctest.log" rc=0
  # pipefail: the pipeline's status is ctest's (tee succeeds).
  local filter=()
  if [ -n "${CTEST_REGEX:-}" ]; then filter=(-R "$CTEST_REGEX"); fi
  (cd "build/$name" && ctest --output-on-failure -j"$JOBS" --no-tests=error "${filter[@]}") 2>&1 | tee "$log" ||
    rc=$?
  # ctest's summary: "N% tests passed, ...", "Total Test time", and any "FAILED" list.
  local lines
  lines="$(sed -n '/% tests passed/,$p' "$log")"
  [ -n "$lines" ] || lines="$(grep -E 'No tests were found|Errors while running CTest' "$log" || true)"
  [ -n "$lines" ] || lines="(no ctest summary; see $log)"
  while IFS= read -r l; do
    if [ -n "${l//[[:space:]]/}" ]; then summary+=("[$name] $l"); fi
  done <<<"$lines"
  if [ "$rc" -ne 0 ]; then status=1; fi
  # On CI (a clean clone, thrown away after) each tree goes once its tests ran: the four trees
  # together hold about 27 GiB (the ASan one 16), more than the CI machine's disk may have
  # free. ctest.log stays. BERTH_TEST_KEEP_BUILDS=1 keeps them.
  if [ "${CI:-}" = true ] && [ "${BERTH_TEST_KEEP_BUILDS:-0}" != 1 ]; then
    find "build/$name" -mindepth 1 -maxdepth 1 ! -name ctest.log -exec rm -rf {} +
  fi
}

# The GUI (and its tests) is on by default; saying so also updates trees configured before.
run_pass dev -DCMAKE_BUILD_TYPE=RelWithDebInfo -DBERTH_BUILD_GUI=ON

if [ "$quick" -eq 0 ]; then
  # Sanitizer run-time options: stop at the first error, report leaks.
  supp="$ROOT/scripts/sanitizers/lsan.supp"
  leaks=1
  # LeakSanitizer needs ptrace; some containers forbid it. Probe with a program that leaks.
  probe_dir="$(mktemp -d "${TMPDIR:-/tmp}/berth-lsan.XXXXXX")"
  cleanup+=("$probe_dir")
  printf '#include <cstdlib>\nint main() { void* volatile p = std::malloc(7); p = nullptr; return 0; }\n' \
    >"$probe_dir/probe.cpp"
  if c++ -fsanitize=address "$probe_dir/probe.cpp" -o "$probe_dir/probe" 2>/dev/null; then
    probe_out="$(ASAN_OPTIONS=detect_leaks=1 "$probe_dir/probe" 2>&1 || true)"
    if ! grep -q 'detected memory leaks' <<<"$probe_out"; then
      leaks=0
      echo "test.sh: LeakSanitizer does not work here (ptrace restricted?); running with detect_leaks=0"
      grep -m1 -i 'LeakSanitizer' <<<"$probe_out" || true
    fi
  fi
  export ASAN_OPTIONS="halt_on_error=1:detect_leaks=$leaks:check_initialization_order=1:strict_init_order=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
  export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"
  export LSAN_OPTIONS="suppressions=$supp:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
  run_pass asan -DCMAKE_BUILD_TYPE=Debug -DBERTH_SANITIZE=address,undefined -DBERTH_BUILD_GUI=ON
  if [ "$leaks" -eq 0 ]; then summary+=("[asan] note: LeakSanitizer unavailable on this machine; leaks not checked"); fi

  # ThreadSanitizer on the code that runs threads: the GUI's simulation worker (a QThread
  # driven through the controller; its node-verdict requests; the before/after plan runs of
  # the scheduler configuration panel; progress read and cancels asked across threads), the
  # loader's parallel document parsing, a cycle's Filter and Score passes on several
  # threads (core/fast_paths_threads: the threaded half of tst_core_fast_paths, WorkerPool),
  # the capacity questions asked off the GUI thread (PlanQuestion), time travel's replays
  # on the worker and the checkpoint shelf's build thread (plan/checkpoint_shelf).
  export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1:suppressions=$ROOT/scripts/sanitizers/tsan.supp${TSAN_OPTIONS:+:$TSAN_OPTIONS}"
  CTEST_REGEX='^(app/models|app/inspector|app/planner|app/scheduler_config|app/operations|io/manifest_loader|core/fast_paths_threads|app/capacity/plan_question|app/playback/time_travel|plan/checkpoint_shelf)$' \
    run_pass tsan -DCMAKE_BUILD_TYPE=Debug -DBERTH_SANITIZE=thread -DBERTH_BUILD_GUI=ON \
    tst_app_models tst_app_inspector tst_app_planner tst_app_scheduler_config tst_app_operations tst_io_manifest_loader \
    tst_core_fast_paths tst_app_plan_question tst_app_time_travel tst_plan_checkpoint_shelf

  # The parsers fuzzed briefly from their seeds, every past crash replayed (docs/fuzzing.md).
  if command -v clang++-14 >/dev/null 2>&1; then
    run_pass fuzz -DBERTH_FUZZ=ON fuzz_manifest_yaml fuzz_manifest_json fuzz_quantity fuzz_selector fuzz_scheduler_config
  else
    summary+=("[fuzz] skipped: clang++-14 not installed (scripts/setup-deps.sh installs it)")
  fi
fi

echo
echo "==================== Berth test summary ===================="
for l in "${summary[@]}"; do echo "$l"; done
if [ "$status" -eq 0 ]; then echo "RESULT: PASS"; else echo "RESULT: FAIL"; fi
exit "$status"
