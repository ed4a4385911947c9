#!/usr/bin/env bash
# The cost of --incremental: a first run over N tiny PNGs (8x8, folders of 1000) that writes every
# output and records it, then a re-run with nothing changed, which skips them all; the fraction of
# the first run's time the re-run takes; a run without --incremental for what recording costs; and
# what appending a record costs, synced at the end (loomy's policy) or after every record. The
# no-change re-run is repeated (--reruns, 3 by default) for its spread.
# Writes bench/results/manifest.csv and bench/results/manifest.md.
#
#   bench/manifest.sh [--images=20000] [--reruns=3] [--data=DIR] [--keep] [-- LOOMY OPTIONS]
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
images=20000
reruns=3
data="$root/target/manifest-data"
option() {
    case "$1" in
        --images=*) images="${1#*=}" ;;
        --reruns=*) reruns="${1#*=}" ;;
        *) return 1 ;;
    esac
}
bench_options "$@"

"$loomy" --version > /dev/null  # builds the jar when it is missing or stale, outside the timed runs
source "$root/bench/million/java21.sh"
results="$root/bench/results"
work="$root/target/manifest-bench"
rm -rf "$work"
mkdir -p "$data" "$work" "$results"

set_dir="$data/n$images"
bench_tiny_pngs "$set_dir" "$images"

csv="$results/manifest.csv"
echo "run,images,done,skipped,wall_s,load_before" > "$csv"
# One timed run: NAME OUTPUT [loomy options...]
timed() {
    local name="$1" out="$2"
    shift 2
    local load
    load="$(bench_load1)"
    /usr/bin/time -f '%e' -o "$work/$name.time" "$loomy" -f NoOp --quiet --format=csv -o "$out" "$@" \
        "${extra[@]}" "$set_dir" > "$work/$name.csv"
    awk -F, -v name="$name" -v n="$images" -v wall="$(cat "$work/$name.time")" -v load="$load" '
        NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        NR == 2 { printf "%s,%d,%s,%s,%s,%s\n", name, n, $c["images"], ("skipped" in c) ? $c["skipped"] : 0, wall, load }' \
        "$work/$name.csv" >> "$csv"
    tail -1 "$csv" >&2
}
timed plain "$work/out-plain"
timed first "$work/out"
timed rerun "$work/out" --incremental
# The first run above had no --incremental: the recorded first run is this one, into a fresh folder.
timed first_incremental "$work/out-incremental" --incremental
for (( i = 1; i <= reruns; i++ )); do
    timed "rerun_incremental_$i" "$work/out-incremental" --incremental
done

"$java_bin" -cp "$root/target/loomy.jar" "$root/bench/manifest/SyncCost.java" "$work/sync" "$images" > "$work/sync.csv"

{
    echo "# The cost of --incremental"
    echo
    echo "\`./run.sh -f NoOp --quiet --format=csv -o OUT [--incremental] ${extra[*]} DIR\` over $images tiny PNGs (8x8, folders"
    echo "of 1000), each run timed whole (JVM start included) by \`/usr/bin/time\`. Machine: $(nproc) cores,"
    echo "$(bench_cpu), $(uname -sr); load average before each run"
    echo "in the last column; $(date -u +%Y-%m-%d)."
    echo
    echo "| run | images done | skipped | wall (s) | load |"
    echo "| --- | ---: | ---: | ---: | ---: |"
    tail -n +2 "$csv" | awk -F, '{ printf "| %s | %s | %s | %s | %s |\n", $1, $3, $4, $5, $6 }'
    echo
    awk -F, '$1 == "first_incremental" { f = $5 } $1 ~ /^rerun_incremental/ { r[n++] = $5 } $1 == "plain" { p = $5 }
        END {
            for (i = 0; i < n; i++) for (j = i + 1; j < n; j++) if (r[j] < r[i]) { t = r[i]; r[i] = r[j]; r[j] = t }
            m = n % 2 ? r[int(n / 2)] : (r[n / 2 - 1] + r[n / 2]) / 2
            printf "Re-run with nothing changed (median of %d, %.2f-%.2f s): %.2f s against %.2f s for the first run, %.0f%% of it (%.0f-%.0f%%); recording cost the first run %+.0f%% against a plain run.\n", n, r[0], r[n - 1], m, f, 100 * m / f, 100 * r[0] / f, 100 * r[n - 1] / f, 100 * (f - p) / p }' "$csv"
    echo
    echo "Appending a record (\`bench/manifest/SyncCost.java\`, $images records):"
    echo
    echo "| policy | total (ms) | per record (µs) |"
    echo "| --- | ---: | ---: |"
    awk -F, '{ printf "| %s | %s | %s |\n", $1, $3, $4 }' "$work/sync.csv"
} > "$results/manifest.md"
cat "$results/manifest.md"

if [[ "$keep" == false ]]; then
    rm -rf "$data" "$work"
fi
