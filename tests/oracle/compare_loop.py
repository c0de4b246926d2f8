#!/usr/bin/env python3
"""Compares berthctl's whole-loop report (`schedule -o json`) with the oracle's loop state
(`berth-oracle loop`, tests/conformance/loop/README.md): every field of every pod the oracle
lists, and the evicted pods. Prints "== loop NAME: N differences" and each difference as
"pod field: berth=... oracle=..."; exit 0 when they agree, 1 otherwise.

    compare_loop.py NAME BERTH.json ORACLE.json
"""
import json, sys

name, berth_path, oracle_path = sys.argv[1:4]
berth, oracle = json.load(open(berth_path)), json.load(open(oracle_path))
pods = {p["pod"]: p for p in berth["pods"]}
diffs = []
for want in oracle["pods"]:
    got = pods.get(want["pod"])
    if got is None:
        diffs.append(f"{want['pod']}: missing in berth's report")
        continue
    for key, value in want.items():
        if got.get(key) != value:
            diffs.append(f"{want['pod']} {key}: berth={json.dumps(got.get(key))} oracle={json.dumps(value)}")
if sorted(berth["evicted"]) != sorted(oracle["evicted"]):
    diffs.append(f"evicted: berth={json.dumps(sorted(berth['evicted']))} oracle={json.dumps(sorted(oracle['evicted']))}")
print(f"== loop {name}: {len(diffs)} differences")
for d in diffs:
    print("  " + d)
sys.exit(1 if diffs else 0)
