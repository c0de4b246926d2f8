#!/usr/bin/env bash
# Builds Berth and launches it on its embedded demo cluster.
#
#   ./run.sh [ARGS ...]        the desktop app when it is built and a display is available,
#                              otherwise `berthctl schedule` on resources/demo/demo-cluster.yaml
#   ./run.sh --cli [ARGS ...]  always the headless planner (berthctl)
#
# ARGS go to the program launched (e.g. ./run.sh --cli -o yaml --seed 7).
# Installs missing Debian packages first (scripts/setup-deps.sh); builds into build/dev.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$ROOT"

mode=auto
if [ "${1:-}" = "--cli" ]; then mode=cli; shift; fi
if [ "${1:-}" = "-h" ] || [ "${1:-}" = "--help" ]; then sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit 0; fi

# The file a Ninja target of build/dev produces (CMake adds a phony alias when the file lies
# in a subfolder), or nothing when there is no such target.
target_file() {
  local q
  q="$(cd build/dev && ninja -t query "$1" 2>/dev/null)" || return 0
  if grep -q '^  input: phony' <<<"$q"; then
    echo "build/dev/$(sed -n '/^  input: phony/{n;s/^ *//;p;q;}' <<<"$q")"
  else
    echo "build/dev/$1"
  fi
}

scripts/setup-deps.sh
# -DBERTH_BUILD_GUI=ON: a build/dev configured before the GUI existed has it cached OFF.
scripts/build.sh dev -DBERTH_BUILD_GUI=ON berthctl
CLI="$(target_file berthctl)"
GUI="$(target_file berth)"
# The GUI is built when it is part of the build (BERTH_BUILD_GUI) and will be launched.
if [ -n "$GUI" ] && [ "$mode" = auto ]; then
  scripts/build.sh dev -DBERTH_BUILD_GUI=ON berth
fi
DEMO="resources/demo/demo-cluster.yaml"

if [ "$mode" = auto ] && [ -n "$GUI" ] && [ -x "$GUI" ]; then
  if [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ] || [ -n "${QT_QPA_PLATFORM:-}" ]; then
    exec "$GUI" "$@"
  fi
  echo "run.sh: no display (DISPLAY and WAYLAND_DISPLAY are unset); running the headless planner." >&2
  echo "run.sh: (for the GUI without a screen: xvfb-run -a $GUI)" >&2
fi

echo "==> berthctl schedule -f $DEMO $*"
exec "$CLI" schedule -f "$DEMO" "$@"
