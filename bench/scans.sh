#!/usr/bin/env bash
# The README's two parameter-scan charts, with loomy's own --chart:
#   bench/results/scan-parallelism.png  images/sec against --parallelism (1, 2, 4, 8), Cartoon2
#   bench/results/scan-io-latency.png   images/sec against --io-latency (0 to 50 ms), NoOp
# and their csv beside them. On the sample images the README's figures were taken from:
#
#   bench/scans.sh                 about 2 minutes on two cores
#   bench/scans.sh --count=200     more images per run, 200 of loomy's synthetic 640x480 photos
#
# Run it on an idle machine: the csv records nothing of the load, the README says what it was.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
loomy="$root/run.sh"
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

# Carriers beyond the cores: CPU-bound work, so more threads than cores should buy nothing.
"$loomy" -s pool,forkjoin,virtual -f Cartoon2 --parallelism=1,2,4,8 --warmup=1 --repeat=3 --no-write --quiet \
    --format=csv --chart="$results/scan-parallelism.png" "$input" > "$results/scan-parallelism.csv"

# Slow storage: a fixed pool of two waits two reads at a time, virtual threads all of them at once.
"$loomy" -s pool,virtual -f NoOp --parallelism=2 --io-latency=0,5ms,10ms,20ms,50ms --warmup=1 --repeat=3 \
    --no-write --quiet --format=csv --chart="$results/scan-io-latency.png" "$input" > "$results/scan-io-latency.csv"

echo "wrote $results/scan-parallelism.{png,csv} and $results/scan-io-latency.{png,csv}"
