#!/bin/bash
# `memctl bench ingest` on an older revision and on the working tree, run after run, for a machine
# whose speed drifts between runs (issue 12: turn latency). Each run starts its own stack.
#
#   scripts/ab_ingest.sh <old-rev> [rounds]      # e.g. scripts/ab_ingest.sh 4a6ea88 3
#
# Prints each run's turn latency, then per side the p50 / p95 of every run and of every stage.
# The old side runs from a git worktree in /tmp/ab-ingest-old (removed at the end); the
# results/ingest.json files the runs write are put back as they were.
set -euo pipefail
OLD=${1:?old revision}; ROUNDS=${2:-3}
REPO=$(cd "$(dirname "$0")/.." && pwd); WT=/tmp/ab-ingest-old; OUT=$(mktemp -d)
cd "$REPO"
git worktree add -f "$WT" "$OLD" -q
trap 'git -C "$REPO" worktree remove --force "$WT"' EXIT
OLDPATH=$WT/services/shared:$WT/services/memory-api:$WT/services/policy:$WT/services/consolidator:$WT/services/client
for i in $(seq 1 "$ROUNDS"); do
  for side in old new; do
    rm -rf .data/bench
    if [ $side = old ]; then root=$WT; path=$OLDPATH; else root=$REPO; path=${PYTHONPATH:-}; fi
    PYTHONPATH=$path MEMORY_MODEL_DIR=$REPO/.data/models .venv/bin/python -m memclient.cli bench ingest 2>&1 \
      | grep -a "turn write latency" | sed "s/^/$side $i: /"
    cp "$root/results/ingest.json" "$OUT/${side}_$i.json"
    git -C "$root" checkout -q results/ingest.json
  done
done
python3 - "$OUT" <<'PY'
import glob, json, sys
for side in ("old", "new"):
    runs = [json.load(open(f)) for f in sorted(glob.glob(f"{sys.argv[1]}/{side}_*.json"))]
    print(side, "p50", [r["turn_ms"]["p50"] for r in runs], "p95", [r["turn_ms"]["p95"] for r in runs])
    for stage in runs[0]["turn_stages_ms"]:
        print(f"  {stage} p50", [r["turn_stages_ms"][stage]["p50"] for r in runs],
              "p95", [r["turn_stages_ms"][stage]["p95"] for r in runs])
PY
