#!/usr/bin/env python3
"""Mutation fuzzing of berthctl's manifest input: bad input must never crash.

Takes the demo cluster and the test cluster, applies a few random line mutations (deleted,
duplicated, truncated or re-indented lines, odd scalars such as 1e999, '', ~, 2^63, stray
quotes and brackets, inflated numbers) and runs `berthctl schedule` on each result with a
random output format. A run is bad when berthctl exits other than 0 (scheduled) or 1 (input
errors), when a sanitizer reports, or when it takes longer than --timeout seconds. Bad inputs
are kept under --keep for replay.

    scripts/build.sh asan berthctl
    scripts/fuzz-manifests.py build/asan/src/cli/berthctl --seconds 480 --seed 11

Not part of the test suite (it runs for minutes); session 6 ran two seeds for 8 minutes each.
"""
import argparse
import os
import random
import re
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SEEDS = ["resources/demo/demo-cluster.yaml", "tests/app/data/small-cluster.yaml"]
ODD = ["1e999", "-5", "abc", "0.0000001m", "999999999999999999999Ki", '""', "[]", "{}", "~", "null", "1.5.6",
       "'", '"', "&a", "*a", "!!binary x", "- -", ":", "9223372036854775807", "-9223372036854775808", "1Ei",
       "0x10", ".inf", "NaN", "true"]


def mutate(rng, text):
    lines = text.split("\n")
    for _ in range(rng.randint(1, 6)):
        if not lines:
            lines = [""]
        i = rng.randrange(len(lines))
        op = rng.randrange(7)
        if op == 0:
            del lines[i]
        elif op == 1:
            lines.insert(i, lines[rng.randrange(len(lines))])
        elif op == 2:
            odd = rng.choice(ODD)
            lines[i] = re.sub(r":\s*\S.*$", ": " + odd, lines[i]) if ":" in lines[i] else lines[i] + odd
        elif op == 3 and lines[i]:
            j = rng.randrange(len(lines[i]))
            lines[i] = lines[i][:j] + rng.choice(' :-\t"{[') + lines[i][j + 1:]
        elif op == 4:
            lines[i] = " " * rng.randint(0, 6) + lines[i].lstrip()
        elif op == 5:
            lines = lines[:i]
        elif op == 6:
            lines[i] = re.sub(r"\d+", lambda m: rng.choice(["0", "-1", "99999999999", m.group(0) + "000000"]), lines[i])
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("berthctl")
    ap.add_argument("--seconds", type=float, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("--keep", default=tempfile.gettempdir())
    args = ap.parse_args()
    rng = random.Random(args.seed)
    seeds = [open(os.path.join(ROOT, p)).read() for p in SEEDS]
    env = dict(os.environ, ASAN_OPTIONS="halt_on_error=1:detect_leaks=1",
               UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1")
    work = os.path.join(args.keep, "fuzz-in-%d.yaml" % args.seed)
    runs = bad = 0
    start = time.monotonic()
    while time.monotonic() - start < args.seconds:
        text = mutate(rng, rng.choice(seeds))
        with open(work, "w") as f:
            f.write(text)
        fmt = rng.choice(["none", "yaml", "bindings", "json", "workloads"])
        why = None
        try:
            r = subprocess.run([args.berthctl, "schedule", "-f", work, "-o", fmt], capture_output=True,
                               timeout=args.timeout, env=env)
            err = r.stderr.decode(errors="replace")
            if r.returncode not in (0, 1) or "Sanitizer" in err or "runtime error" in err:
                why = "exit %d: %s" % (r.returncode, err[-800:])
        except subprocess.TimeoutExpired:
            why = "over %g s" % args.timeout
        runs += 1
        if why:
            bad += 1
            keep = os.path.join(args.keep, "fuzz-bad-%d-%d.yaml" % (args.seed, bad))
            with open(keep, "w") as f:
                f.write(text)
            print("BAD %s (-o %s): %s" % (keep, fmt, why), flush=True)
    print("runs %d, bad %d" % (runs, bad), flush=True)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
