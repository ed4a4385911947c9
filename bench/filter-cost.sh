#!/usr/bin/env bash
# Where a filter's time goes in a run: the milliseconds Cartoon2 and ALTMRetinex add to NoOp per
# photo (loop, same run, --no-write, medians of 5 after a warm-up), against the filter alone in
# JMH, on the same decoded photos (FolderFilterBenchmark, each photo in turn) and on one synthetic
# image (FilterBenchmark). If the two agree, what a run adds around the filter is negligible.
#
#   bench/filter-cost.sh [ROUNDS]    ROUNDS of the loomy comparison (default 2), about 25 s each
#
# Run it on an idle machine; it prints the load average before and after.
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
rounds="${1:-2}"
input="$root/target/bench/p612"
if [[ ! -d "$input" ]]; then
    "$loomy" samples -n 100 --size=612x612 --seed=7 "$input" >/dev/null
fi
echo "load before: $(bench_load)"
for ((round = 1; round <= rounds; round++)); do
    "$loomy" -s loop -f NoOp,Cartoon2,ALTMRetinex --repeat=5 --warmup=1 --no-write --format=csv "$input" 2>/dev/null \
        | awk -F, 'NR > 1 { median[$2] = $8; n = $3 }
                   END { printf "round '"$round"': NoOp %.2f ms a photo; Cartoon2 adds %.2f ms, ALTMRetinex %.2f ms\n",
                         median["NoOp"] / n, (median["Cartoon2"] - median["NoOp"]) / n, (median["ALTMRetinex"] - median["NoOp"]) / n }'
done
"$loomy" jmh 'FolderFilterBenchmark|FilterBenchmark' -p size=612x612 -p filter=Cartoon2,ALTMRetinex \
    -p order=next -p dir="$input" -wi 2 -i 4 -w 1 -r 2 -f 1 2>/dev/null | grep -E '^(Benchmark|Folder|Filter)'
echo "load after: $(bench_load)"
