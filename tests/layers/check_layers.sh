#!/usr/bin/env bash
# The layer rule of docs/architecture.md, checked on every #include under src/:
#
#   core  <-  io  <-  plan  <-  app, cli
#   core, io  <-  extender  <-  cli, app   (scheduler extenders over HTTP)
#
# A layer includes its own headers and those of the layers below it, never one above or
# beside it. core has no Qt, no parser library and no I/O (no streams, files or system
# calls); io and plan have no Qt; plan reads and writes files only through io's formats.
# Prints each forbidden include as file:line: include (why) and exits 1 if there is one.
#
#   tests/layers/check_layers.sh [SOURCE_ROOT]
set -euo pipefail
root="${1:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}"
cd "$root/src"
for layer in core io extender plan cli app; do
  [ -d "$layer" ] || { echo "check_layers: src/$layer is missing" >&2; exit 2; }
done

grep -rnE '^[[:space:]]*#[[:space:]]*include' core io extender plan cli app --include='*.h' --include='*.cpp' |
awk '
BEGIN {
  # layer -> the project folders it may include, and the system headers it may not (ERE).
  allowed["core"] = " core ";              banned["core"] = "^<(Q|qt|yaml|rapidjson|iostream|fstream|cstdio|filesystem|sys/|unistd)"
  allowed["io"]   = " core io ";           banned["io"]   = "^<(Q|qt)"
  allowed["plan"] = " core io plan ";      banned["plan"] = "^<(Q|qt|yaml|rapidjson)"
  allowed["extender"] = " core io extender "; banned["extender"] = "^<(Q|qt)"
  allowed["cli"]  = " core io extender plan cli ";  banned["cli"]  = "^<(Q|qt)"
  allowed["app"]  = " core io extender plan app ";  banned["app"]  = "^<$"
}
{
  file = $0; sub(/:.*/, "", file)
  rest = substr($0, length(file) + 2)
  line = rest; sub(/:.*/, "", line)
  inc = substr(rest, length(line) + 2)
  sub(/^[[:space:]]*#[[:space:]]*include[[:space:]]*/, "", inc)
  sub(/[[:space:]]*(\/\/.*)?$/, "", inc)
  layer = file; sub(/\/.*/, "", layer)
  checked++
  if (inc ~ /^"/) {
    path = substr(inc, 2, length(inc) - 2)
    if (index(path, "/") == 0) next  # a header beside the includer: its own layer
    top = path; sub(/\/.*/, "", top)
    if (index(allowed[layer], " " top " ") == 0) {
      printf "src/%s:%s: %s (%s may include only:%s)\n", file, line, inc, layer, allowed[layer]
      bad++
    }
  } else if (inc ~ banned[layer]) {
    printf "src/%s:%s: %s (not in %s)\n", file, line, inc, layer
    bad++
  }
}
END {
  if (checked < 100) { printf "check_layers: only %d includes found; wrong root?\n", checked; exit 2 }
  if (bad > 0) { printf "check_layers: %d forbidden include(s) of %d\n", bad, checked; exit 1 }
  printf "check_layers: %d includes, all within the layer rule\n", checked
}'
