#!/usr/bin/env bash
# The Spark engine's driver against the number of images: peak RSS (/usr/bin/time -v) and time per
# image of one run over 10,000 and over 100,000 tiny PNGs (8x8, folders of 1000) on the embedded
# master (--engine=spark --master=local[2]), NoOp, nothing written (--no-write). The embedded master
# runs the executors' tasks in the driver's JVM: the peak RSS is the driver's and its two task
# threads' together. Writes bench/results/spark-scale.csv and bench/results/spark-scale.md.
#
#   bench/spark-scale.sh [--sizes=10000,100000] [--data=DIR] [--keep] [-- LOOMY OPTIONS]
#
# The images are made once per size under DIR (default target/spark-scale-data; 100,000 take about
# 400 MB of disk in 4 KiB blocks) and removed at the end unless --keep is given. Extra loomy options
# (after --) go to every run, e.g. -- --partitions=100.
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
sizes="10000,100000"
data="$root/target/spark-scale-data"
option() { case "$1" in --sizes=*) sizes="${1#*=}" ;; *) return 1 ;; esac; }
bench_options "$@"

"$loomy" --engine=spark --version > /dev/null  # builds the Spark engine when missing or stale, outside the timed runs
source "$root/bench/million/java21.sh"
results="$root/bench/results"
work="$root/target/spark-scale"
mkdir -p "$data" "$work" "$results"

csv="$results/spark-scale.csv"
echo "images,tasks,filter,peak_rss_mb,elapsed_s,per_image_us,loomy_images_per_sec,load_before,load_after" > "$csv"
IFS=, read -r -a size_list <<< "$sizes"
for n in "${size_list[@]}"; do
    set_dir="$data/n$n"
    bench_tiny_pngs "$set_dir" "$n"
    load="$(bench_load1)"
    # Through run.sh, as a user runs it (it execs the JVM, so time -v sees the JVM's own peak).
    /usr/bin/time -v -o "$work/n$n.time" "$loomy" --engine=spark --master='local[2]' -f NoOp --no-write \
        --quiet --format=csv "${extra[@]}" "$set_dir" > "$work/n$n.csv"
    load_after="$(bench_load1)"
    rss_kb="$(bench_peak_rss_kb "$work/n$n.time")"
    wall="$(bench_wall_s "$work/n$n.time")"
    row="$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        NR == 2 { print $c["filter"] "," $c["images_per_sec"] }' "$work/n$n.csv")"
    IFS=, read -r filter ips <<< "$row"
    # As the engine splits them: about 200 images a task (Batch.IMAGES_PER_TASK).
    tasks=$(( (n + 199) / 200 ))
    awk -v n="$n" -v t="$tasks" -v f="$filter" -v rss="$rss_kb" -v w="$wall" -v ips="$ips" -v l="$load" \
        -v la="$load_after" \
        'BEGIN { printf "%d,%d,%s,%.0f,%.2f,%.1f,%s,%s,%s\n", n, t, f, rss / 1024, w, w * 1e6 / n, ips, l, la }' >> "$csv"
    tail -1 "$csv" >&2
done

{
    echo "# The Spark engine's driver against the number of images"
    echo
    echo "One run per size: \`./run.sh --engine=spark --master=local[2] -f NoOp --no-write --quiet --format=csv${extra[*]:+ ${extra[*]}}"
    echo "DIR\`, DIR holding tiny PNGs (8x8) in folders of 1000. The embedded master runs the tasks in"
    echo "the driver's JVM: peak RSS (\`/usr/bin/time -v\`) is the driver's and its task threads' together. Time"
    echo "per image = the whole command's wall time (JVM and Spark start, the walks before the run and while"
    echo "the tasks are made, the job) / images; loomy's images/sec counts the job alone."
    echo
    echo "Machine: $(bench_machine);"
    echo "load average (1 min) before and after each run in the last columns: time figures taken under load"
    echo "are an upper bound, RSS figures hold; $(date -u +%Y-%m-%d)."
    echo
    echo "| images | tasks | peak RSS (MB) | wall (s) | per image (µs) | loomy's images/sec | load before | load after |"
    echo "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
    tail -n +2 "$csv" | awk -F, '{ printf "| %s | %s | %s | %s | %s | %s | %s | %s |\n", $1, $2, $4, $5, $6, $7, $8, $9 }'
    first="$(sed -n 2p "$csv")"
    last="$(tail -1 "$csv")"
    if [[ "$first" != "$last" ]]; then
        echo
        awk -F, -v a="$first" -v b="$last" 'BEGIN { split(a, x, ","); split(b, y, ",");
            printf "Peak RSS ratio %s / %s images: %.2fx; time per image %.2fx.\n", y[1], x[1], y[4] / x[4], y[6] / x[6] }'
    fi
} > "$results/spark-scale.md"
cat "$results/spark-scale.md"

if [[ "$keep" == false ]]; then
    rm -rf "$data"
fi
