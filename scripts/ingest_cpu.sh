#!/bin/bash
# CPU milliseconds per turn of each process while `memctl bench ingest` sends its turns (issue 12),
# or per memory during its bulk import (issue 17): the API, the policy service, Postgres (all its
# processes), Redis and the benchmark client, and the cores each used.
#
#   scripts/ingest_cpu.sh [seconds]              # default 10 s of the turn phase
#   PHASE=bulk scripts/ingest_cpu.sh 6           # 6 s of the bulk import (batches of 250)
#   # older code: a worktree on PYTHONPATH, and where its benchmark stack keeps its data
#   BENCH_DATA=/tmp/old/.data/bench PYTHONPATH=/tmp/old/services/shared:... scripts/ingest_cpu.sh
#
# Reads utime + stime from /proc (clock ticks, 100 a second) at two moments of the phase and divides
# by the turns (memories) done between them. The benchmark goes on to its end afterwards.
set -euo pipefail
SECONDS_=${1:-10}; PHASE=${PHASE:-turns}
if [ "$PHASE" = bulk ]; then LABEL="bulk import"; PER=250; START="bulk import:.*[1-9]/20"
else LABEL="turns"; PER=1; START="turns:.*[1-9][0-9]/500"; fi
REPO=$(cd "$(dirname "$0")/.." && pwd); LOG=$(mktemp)
cd "$REPO" && rm -rf "${BENCH_DATA:-$REPO/.data/bench}"
.venv/bin/python -m memclient.cli bench ingest > "$LOG" 2>&1 &
BENCH=$!
trap 'kill $BENCH 2>/dev/null || true' ERR
for _ in $(seq 1 480); do grep -aq "$START" "$LOG" && break; sleep 0.25; done
# the benchmark's own processes only (a `make run` stack may be running beside it)
PG=$(head -1 "${BENCH_DATA:-$REPO/.data/bench}/postgres/pgdata/postmaster.pid")
ticks() { for p in "$@"; do awk '{print $14 + $15}' "/proc/$p/stat" 2>/dev/null || true; done \
          | awk '{s += $1} END {print s + 0}'; }
turns() { echo $(( $(grep -ao "$LABEL: *[0-9]*%|[^|]*| *[0-9]*" "$LOG" | tail -1 | awk '{print $NF}' | cut -d/ -f1) * PER )); }
snap() { echo "$(turns) $(ticks $(pgrep -P $BENCH -f 'uvicorn memory_api')) $(ticks $(pgrep -P $BENCH -f 'uvicorn policy_service'))" \
              "$(ticks $PG $(pgrep -P $PG)) $(ticks $(pgrep -P $BENCH -f redis-server)) $(ticks $BENCH)"; }
a=$(snap); sleep "$SECONDS_"; b=$(snap)
python3 - "$a" "$b" "$SECONDS_" "$PHASE" <<'PY'
import sys
a, b = (list(map(int, s.split())) for s in sys.argv[1:3])
n, seconds = b[0] - a[0], float(sys.argv[3])
unit, units = ("memory", "memories") if sys.argv[4] == "bulk" else ("turn", "turns")
print(f"{n} {units} in the window of {seconds:g} s")
for name, x, y in zip(["api", "policy", "postgres", "redis", "client"], a[1:], b[1:]):
    print(f"{name}: {(y - x) * 10 / n:.2f} ms CPU per {unit}, {(y - x) / 100 / seconds:.2f} cores")
PY
wait $BENCH; git checkout -q results/ingest.json
