#!/usr/bin/env bash
# Builds the differential test oracle, upstream kube-scheduler run in-process on a scenario file
# (tests/oracle, a Go module), into build/oracle/berth-oracle.
#
#   scripts/build-oracle.sh          build when needed
#   scripts/build-oracle.sh --force  rebuild even when the binary is up to date
#
# Skips the build when the binary is newer than every .go file, go.mod and go.sum of the module.
# Without Go, or with a Go older than the module's `go` line, it says so and exits 0: the oracle
# is optional test tooling, and the ctest that uses it (oracle/conformance) is then skipped.
# The first build downloads the modules go.sum pins (through GOPROXY) and compiles the
# scheduler's dependencies: many minutes on 2 cores; later builds reuse Go's build cache.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
MOD="$ROOT/tests/oracle"
OUT="$ROOT/build/oracle/berth-oracle"

force=0
for a in "$@"; do
  case "$a" in
    --force) force=1 ;;
    -h|--help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "build-oracle.sh: unknown argument '$a' (use --force or --help)" >&2; exit 2 ;;
  esac
done

if ! command -v go >/dev/null 2>&1; then
  echo "build-oracle.sh: Go not found; the oracle is not built (oracle/conformance will be skipped)"
  exit 0
fi

# Never let the go command fetch another toolchain: use the installed one or none.
export GOTOOLCHAIN=local
need="$(sed -n 's/^go \([0-9][0-9.]*\)$/\1/p' "$MOD/go.mod")"
have="$(go env GOVERSION | sed 's/^go//; s/[^0-9.].*$//')"
if [ -z "$need" ] || [ -z "$have" ] || [ "$(printf '%s\n%s\n' "$need" "$have" | sort -V | head -n1)" != "$need" ]; then
  echo "build-oracle.sh: Go $have is older than the $need that tests/oracle/go.mod needs; the oracle is not built"
  exit 0
fi

if [ "$force" = 0 ] && [ -x "$OUT" ] &&
   [ -z "$(find "$MOD" \( -name '*.go' -o -name go.mod -o -name go.sum \) -newer "$OUT" -print -quit)" ]; then
  echo "build-oracle.sh: $OUT is up to date"
  exit 0
fi

mkdir -p "$(dirname "$OUT")"
start=$(date +%s)
echo "build-oracle.sh: building $OUT with $(go env GOVERSION) (the first build takes many minutes)"
(cd "$MOD" && go build -trimpath -o "$OUT.tmp" .)
mv -f "$OUT.tmp" "$OUT"
echo "build-oracle.sh: built $OUT ($("$OUT" version)) in $(( $(date +%s) - start )) s"
