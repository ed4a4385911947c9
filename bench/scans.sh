#!/usr/bin/env bash
# Two parameter scans, charted with loomy's own --chart (docs/benchmarking.md shows them):
#   bench/results/scan-parallelism.png  images/sec against --parallelism (1, 2, 4, 8), Cartoon2
#   bench/results/scan-io-latency.png   images/sec against --io-latency (0 to 50 ms), NoOp
# their csv beside them, and bench/results/scans.md: the machine, the load and both scans as tables,
# which bench/tables.sh then copies into docs/. On the ten sample images, or more:
#
#   bench/scans.sh                 about 2 minutes on two cores
#   bench/scans.sh --count=200     more images per run, 200 of loomy's synthetic 640x480 photos
#
# Run it on an idle machine: scans.md records the load average before and after.
set -euo pipefail
arguments="${*:+ $*}"

source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
results="$root/bench/results"
input="$root/samples"
for arg in "$@"; do
    case "$arg" in
        --count=*)
            input="$root/target/bench/scan-images"
            rm -rf "$input"
            "$loomy" samples --count="${arg#--count=}" --size=640x480 --seed=7 "$input" >/dev/null
            ;;
        *) echo "bench/scans.sh: unknown option $arg (expected --count=N)" >&2; exit 2 ;;
    esac
done
mkdir -p "$results"
images="$(find "$input" -maxdepth 1 -type f \( -name '*.jpg' -o -name '*.png' \) | wc -l)"
load_before="$(bench_load)"

# Carriers beyond the cores: CPU-bound work, so more threads than cores should buy nothing.
"$loomy" -s pool,forkjoin,virtual -f Cartoon2 --parallelism=1,2,4,8 --warmup=1 --repeat=3 --no-write --quiet \
    --format=csv --chart="$results/scan-parallelism.png" "$input" > "$results/scan-parallelism.csv"

# Slow storage: a fixed pool of two waits two reads at a time, virtual threads all of them at once.
"$loomy" -s pool,virtual -f NoOp --parallelism=2 --io-latency=0,5ms,10ms,20ms,50ms --warmup=1 --repeat=3 \
    --no-write --quiet --format=csv --chart="$results/scan-io-latency.png" "$input" > "$results/scan-io-latency.csv"

load_after="$(bench_load)"

# One scan's csv as a table: a row per scanned value, a column per strategy, each cell the images/sec
# of the median run and, after it, half the 95% confidence interval of the mean time, in percent.
pivot() {
    awk -F, -v key="$2" -v label="$3" -v unit="$4" '
        NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
        {
            v = $h[key] + 0; s = $h["strategy"]
            if (!(v in seen_value)) { seen_value[v] = 1; values[++nv] = v }
            if (!(s in seen_strategy)) { seen_strategy[s] = 1; strategies[++ns] = s }
            half = ($h["time_ms_ci_high"] - $h["time_ms_ci_low"]) / 2 / $h["time_ms_mean"] * 100
            cell[v, s] = sprintf("%.1f ±%.1f%%", $h["images_per_sec"], half)
        }
        END {
            line = "| " label; rule = "| ---:"
            for (j = 1; j <= ns; j++) { line = line " | " strategies[j]; rule = rule " | ---:" }
            print line " |"; print rule " |"
            for (i = 1; i <= nv; i++) {
                line = "| " values[i] unit
                for (j = 1; j <= ns; j++) line = line " | " cell[values[i], strategies[j]]
                print line " |"
            }
        }' "$1"
}
commit="$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)"
{
    echo "### Parameter scans"
    echo
    echo "<!-- Written by bench/scans.sh at loomy $commit; bench/tables.sh copies each results block into README.md and docs/. -->"
    echo
    echo "<!-- results:scan-machine -->"
    echo "Measured by \`bench/scans.sh${arguments}\` on $(date -u '+%Y-%m-%d %H:%M UTC'), on $(nproc) cores"
    echo "($(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -n 1)); load average (1, 5, 15 minutes) before: $load_before; after: $load_after."
    echo "$images images, nothing written (\`--no-write\`), 1 warm-up and the median of 3 runs per point, each point of each"
    echo "strategy in its own JVM. Each cell: images/sec, then ± half the 95% confidence interval of the mean time."
    echo "<!-- /results:scan-machine -->"
    echo
    echo "<!-- results:scan-parallelism -->"
    pivot "$results/scan-parallelism.csv" parallelism "Cartoon2, \`--parallelism\`" ""
    echo "<!-- /results:scan-parallelism -->"
    echo
    echo "<!-- results:scan-io-latency -->"
    pivot "$results/scan-io-latency.csv" io_latency_ms "NoOp, parallelism 2, \`--io-latency\`" " ms"
    echo "<!-- /results:scan-io-latency -->"
} >"$results/scans.md"
"$root/bench/tables.sh"
echo "wrote $results/scan-parallelism.{png,csv}, $results/scan-io-latency.{png,csv} and $results/scans.md"
