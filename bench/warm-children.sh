#!/usr/bin/env bash
# What keeping each row's child JVM warm across interleaved rounds costs against one child at a
# time (--order=sequential): the wall time of the whole command, and the most resident memory the
# child JVMs held at once (their VmRSS summed, read every 100 ms), for
# `-s STRATEGIES -f Cartoon2 --repeat=8 --warmup=1 --no-write` over 40 photos, the two orders in
# turns, REPS times each. Writes bench/results/warm-children.csv.
#
#   bench/warm-children.sh [REPS] [STRATEGIES]    default 3 and loop,virtual
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
reps="${1:-3}"
strategies="${2:-loop,virtual}"
input="$root/target/bench/p612-40"
csv="$root/bench/results/warm-children.csv"

bench_samples "$input" -n 40 --size=612x612 --seed=7
"$loomy" --version >/dev/null  # builds the jar when the sources are newer

# The resident memory, in MiB, of the children of process $1 (the JVMs it forked), summed.
children_rss() {
    local total=0 kb
    for child in $(pgrep -P "$1" || true); do
        kb="$(awk '/^VmRSS:/ { print $2 }' "/proc/$child/status" 2>/dev/null || true)"
        total=$((total + ${kb:-0}))
    done
    echo $((total / 1024))
}

echo "order,rep,wall_ms,children_rss_peak_mib,load_before" >"$csv"
for ((rep = 1; rep <= reps; rep++)); do
    for order in sequential interleaved; do
        load="$(bench_load1)"
        start=$(date +%s%N)
        "$loomy" -s "$strategies" -f Cartoon2 --repeat=8 --warmup=1 --no-write --order="$order" --format=csv \
            "$input" >/dev/null 2>&1 &
        pid=$!
        peak=0
        while kill -0 "$pid" 2>/dev/null; do
            # run.sh runs loomy's JVM as its child; the rows' JVMs are that JVM's children.
            jvm="$(pgrep -P "$pid" -x java | head -n 1 || true)"
            now=0
            [[ -n "$jvm" ]] && now="$(children_rss "$jvm")"
            ((now > peak)) && peak=$now
            sleep 0.1
        done
        wait "$pid" || true
        echo "$order,$rep,$((($(date +%s%N) - start) / 1000000)),$peak,$load" | tee -a "$csv"
    done
done
