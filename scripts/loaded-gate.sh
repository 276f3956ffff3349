#!/usr/bin/env bash
# The gate under load, as a 2-core CI machine may be: fresh clones of one commit, `npm ci` then `npm test`, three times
# in a row with two busy loops running throughout; stops at the first failure.
# Usage: bash scripts/loaded-gate.sh [commit]   (default: HEAD). Summary: /tmp/loaded-gate.log; each run: /tmp/gateN.log
set -u
repo="$(cd "$(dirname "$0")/.." && pwd)"
commit="$(git -C "$repo" rev-parse "${1:-HEAD}")"
log=/tmp/loaded-gate.log
echo "loaded gate on $commit, $(date -u +%FT%TZ), node $(node -v)" >>"$log"
node -e 'for(;;){}' & l1=$!
node -e 'for(;;){}' & l2=$!
trap 'kill $l1 $l2 2>/dev/null' EXIT
for n in 1 2 3; do
  dir=/tmp/gate$n
  rm -rf "$dir"
  git clone -q "$repo" "$dir" && git -C "$dir" checkout -q "$commit" || { echo "run $n: clone failed" >>"$log"; exit 1; }
  cd "$dir" || exit 1
  t0=$SECONDS
  npm ci --no-audit --no-fund >"/tmp/gate$n.log" 2>&1; ci=$?
  t1=$SECONDS
  npm test >>"/tmp/gate$n.log" 2>&1; rc=$?
  t2=$SECONDS
  echo "run $n: npm ci rc=$ci $((t1 - t0)) s; npm test rc=$rc $((t2 - t1)) s; load $(cut -d' ' -f1-3 /proc/loadavg)" >>"$log"
  grep -E '^gate: ' "/tmp/gate$n.log" >>"$log"
  cd /
  if [ $ci -ne 0 ] || [ $rc -ne 0 ]; then echo "run $n FAILED" >>"$log"; exit 1; fi
done
echo "loaded gate: three passes, $(date -u +%FT%TZ)" >>"$log"
