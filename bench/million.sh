#!/usr/bin/env bash
# Memory against the number of images: peak RSS (/usr/bin/time -v) and time per image of one loomy
# run over 10,000 and over 1,000,000 tiny PNGs (8x8, folders of 1000), the default strategy, NoOp,
# nothing written. The target: peak RSS over a million at most 1.3x that over ten thousand, and
# no more time per image. Writes bench/results/million.csv and bench/results/million.md.
#
#   bench/million.sh [--sizes=10000,1000000] [--data=DIR] [--keep] [-- LOOMY OPTIONS]
#
# The images are made once per size under DIR (default target/million-data; a million take about
# 4 GB of disk in 4 KiB blocks and a million inodes) and removed at the end unless --keep is given.
# Extra loomy options (after --) go to every run, e.g. -- -s pool.
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
sizes="10000,1000000"
data="$root/target/million-data"
option() { case "$1" in --sizes=*) sizes="${1#*=}" ;; *) return 1 ;; esac; }
bench_options "$@"

"$loomy" --version > /dev/null  # builds the jar when it is missing or stale, outside the timed runs
source "$root/bench/million/java21.sh"
results="$root/bench/results"
work="$root/target/million"
mkdir -p "$data" "$work" "$results"

csv="$results/million.csv"
echo "images,strategy,filter,peak_rss_mb,elapsed_s,per_image_us,loomy_images_per_sec,p50_ms,p95_ms,load_before" > "$csv"
IFS=, read -r -a size_list <<< "$sizes"
for n in "${size_list[@]}"; do
    set_dir="$data/n$n"
    bench_tiny_pngs "$set_dir" "$n"
    load="$(bench_load1)"
    report="$work/n$n.json"
    # Through run.sh, as a user runs it: time -v reports the largest peak of what it waited for, loomy's JVM.
    /usr/bin/time -v -o "$work/n$n.time" "$loomy" -f NoOp --no-write --quiet --format=csv "${extra[@]}" "$set_dir" \
        > "$work/n$n.csv"
    rss_kb="$(bench_peak_rss_kb "$work/n$n.time")"
    wall="$(bench_wall_s "$work/n$n.time")"
    row="$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        NR == 2 { print $c["strategy"] "," $c["filter"] "," $c["images_per_sec"] "," $c["latency_ms_p50"] "," $c["latency_ms_p95"] }' \
        "$work/n$n.csv")"
    IFS=, read -r strategy filter ips p50 p95 <<< "$row"
    awk -v n="$n" -v s="$strategy" -v f="$filter" -v rss="$rss_kb" -v w="$wall" -v ips="$ips" -v p50="$p50" \
        -v p95="$p95" -v load="$load" \
        'BEGIN { printf "%d,%s,%s,%.0f,%.2f,%.2f,%s,%s,%s,%s\n", n, s, f, rss / 1024, w, w * 1e6 / n, ips, p50, p95, load }' >> "$csv"
    tail -1 "$csv" >&2
done

{
    echo "# Memory against the number of images"
    echo
    echo "One run per size: \`./run.sh -f NoOp --no-write --quiet --format=csv ${extra[*]} DIR\` (the default"
    echo "strategy), DIR holding tiny PNGs (8x8) in folders of 1000; peak RSS by \`/usr/bin/time -v\`; time per"
    echo "image = the whole command's wall time (JVM start and walk included) / images."
    echo
    echo "Machine: $(bench_machine);"
    echo "load average before each run in the last column; $(date -u +%Y-%m-%d)."
    echo
    echo "| images | strategy | peak RSS (MB) | wall (s) | per image (µs) | loomy's images/sec | p50 (ms) | p95 (ms) | load |"
    echo "| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
    tail -n +2 "$csv" | awk -F, '{ printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", $1, $2, $4, $5, $6, $7, $8, $9, $10 }'
    first="$(sed -n 2p "$csv")"
    last="$(tail -1 "$csv")"
    if [[ "$first" != "$last" ]]; then
        echo
        awk -F, -v a="$first" -v b="$last" 'BEGIN { split(a, x, ","); split(b, y, ",");
            printf "Peak RSS ratio %s / %s images: %.2fx (target at most 1.3x); time per image %.2fx.\n",
                y[1], x[1], y[4] / x[4], y[6] / x[6] }'
    fi
} > "$results/million.md"
cat "$results/million.md"

if [[ "$keep" == false ]]; then
    rm -rf "$data"
fi
