#!/usr/bin/env bash
# Configures (when needed) and builds one build tree with Ninja and ccache.
#
#   scripts/build.sh [NAME] [-DVAR=VALUE ...] [TARGET ...]
#
# NAME (default: dev) picks the build folder build/NAME. When CMakePresets.json has a
# configure preset of that name (dev, release, asan, tsan), its settings are used; any other
# name is a plain Ninja build with the CMake defaults. -D options are passed to CMake; the
# tree is (re)configured only when it has no build.ninja yet or a -D value differs from its
# cache. TARGETs (default: all) are passed to Ninja. Environment: BERTH_JOBS (ninja -j),
# CCACHE_DIR (default ~/.cache/ccache).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

name=dev
if [ $# -gt 0 ] && [[ "$1" != -* ]]; then name="$1"; shift; fi
if ! [[ "$name" =~ ^[A-Za-z0-9._-]+$ ]]; then
  echo "build.sh: bad build name '$name'" >&2
  exit 2
fi
defs=()
targets=()
for a in "$@"; do
  case "$a" in
    -D?*) defs+=("$a") ;;
    -*) echo "build.sh: unknown option '$a' (usage: scripts/build.sh [NAME] [-DVAR=VALUE ...] [TARGET ...])" >&2; exit 2 ;;
    *) targets+=("$a") ;;
  esac
done

BUILD_DIR="$ROOT/build/$name"

# ccache: a shared cache, with paths made relative to the checkout so that fresh clones in
# other folders (CI) still hit it.
if command -v ccache >/dev/null 2>&1; then
  export CCACHE_DIR="${CCACHE_DIR:-$HOME/.cache/ccache}"
  export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$ROOT}"
  export CCACHE_NOHASHDIR="${CCACHE_NOHASHDIR:-1}"
  export CCACHE_MAXSIZE="${CCACHE_MAXSIZE:-12G}"
  mkdir -p "$CCACHE_DIR"
else
  echo "build.sh: ccache not found; building without it (run scripts/setup-deps.sh)" >&2
fi

cache="$BUILD_DIR/CMakeCache.txt"
# A tree configured from another checkout (copied or moved) cannot be reused.
if [ -f "$cache" ]; then
  home="$(sed -n 's/^CMAKE_HOME_DIRECTORY:INTERNAL=//p' "$cache")"
  if [ -n "$home" ] && [ "$home" != "$ROOT" ]; then
    echo "build.sh: $BUILD_DIR was configured for $home; starting it afresh"
    rm -rf "$BUILD_DIR"
  fi
fi

need_configure=0
if [ ! -f "$BUILD_DIR/build.ninja" ] || [ ! -f "$cache" ]; then
  need_configure=1
else
  for d in "${defs[@]}"; do
    kv="${d#-D}"
    var="${kv%%=*}"
    val="${kv#*=}"
    var="${var%%:*}"  # -DVAR:TYPE=VALUE
    if ! grep -qE "^${var}:[A-Z]+=" "$cache" ||
       [ "$(sed -n "s/^${var}:[A-Z]*=//p" "$cache" | head -n1)" != "$val" ]; then
      need_configure=1
      break
    fi
  done
fi

if [ "$need_configure" -eq 1 ]; then
  if grep -q "\"name\": *\"$name\"" CMakePresets.json 2>/dev/null; then
    cmake --preset "$name" "${defs[@]}"
  else
    cmake -S "$ROOT" -B "$BUILD_DIR" -G Ninja "${defs[@]}"
  fi
fi

jobs=()
if [ -n "${BERTH_JOBS:-}" ]; then jobs=(-j "$BERTH_JOBS"); fi
ninja -C "$BUILD_DIR" "${jobs[@]}" "${targets[@]}"
