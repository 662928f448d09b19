#!/bin/bash
# Cold loads side by side: one load per fresh process (bench/cold-load.ts of THIS checkout, loading each tree's src/),
# N turns over the trees, the order rotating every turn (no tree always follows the same one). Prints per load: tree,
# 1-minute load average, wall / CPU (all threads) / main-thread CPU ms. HEAP=1 adds the heap after GC at the load.
#   bench/cold-load-turns.sh N TREE:VAULT [TREE:VAULT ...]
#   bench/cold-load-turns.sh 6 $PWD:/tmp/s10-vault /work/wt-base13:/tmp/s10-vault /work/wt-c7:/tmp/rp-vault-c7
probe=$(cd "$(dirname "$0")" && pwd)/cold-load.ts
n=$1; shift
trees=("$@"); k=${#trees[@]}
for i in $(seq 0 $((n-1))); do for j in $(seq 0 $((k-1))); do
  r=${trees[$(( (i + j) % k ))]}; wt=${r%%:*}; v=${r##*:}
  echo "$(basename $wt) $(uptime | sed 's/.*average: //;s/,.*//') $(cd $wt && EXIT_AT_LOAD=1 ROOT=$wt VAULT=$v RUNS=1 node --expose-gc --import tsx $probe 2>&1 | tail -1)"
done; done
