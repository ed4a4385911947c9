#!/usr/bin/env bash
# This build of loomy against another jar (an earlier build, say) on a plain job, the two taken
# in turns (A, B, A, B, ...) so that a change of load falls on both alike: start-up (one small
# image) and throughput (40 photos through Cartoon2, written), each JVM started the same way.
# Prints each pair's wall times and the medians; writes them to bench/results/ab.csv.
#
#   bench/ab.sh OTHER_JAR [PAIRS]    default 6 pairs: about 2 minutes on 2 cores
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
other="${1:?the other jar}"
pairs="${2:-6}"
this="$root/target/loomy.jar"
photos="$root/target/bench/p612-40"
bench_scratch
csv="$root/bench/results/ab.csv"

"$loomy" build >/dev/null
bench_samples "$photos" -n 40 --size=612x612 --seed=7
mkdir -p "$scratch/one"
cp "$(find "$photos" -name '*.jpg' | sort | head -1)" "$scratch/one/"
java="$(find /usr/lib/jvm -maxdepth 3 -path '*25*/bin/java' | head -1)"
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-$(nproc)}"
export GLIBC_TUNABLES="${GLIBC_TUNABLES:-glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=4294967296}"

# Milliseconds of wall time of one plain job with jar $1 over folder $2.
job() {
    rm -rf "$scratch/out"
    local start end
    start=$(date +%s%N)
    "$java" -XX:+UseSerialGC -XX:MaxNewSize=32m -Xms24m --enable-native-access=ALL-UNNAMED -jar "$1" \
        -f Cartoon2 -o "$scratch/out" --quiet "$2" >/dev/null 2>&1
    end=$(date +%s%N)
    echo $(((end - start) / 1000000))
}

echo "load before: $(bench_load)"
echo "pair,jar,startup_ms,job_40_ms,load" | tee "$csv"
for ((i = 1; i <= pairs; i++)); do
    for side in this other; do
        jar="$this"; [[ "$side" == other ]] && jar="$other"
        echo "$i,$side,$(job "$jar" "$scratch/one"),$(job "$jar" "$photos"),$(bench_load1)" | tee -a "$csv"
    done
done
# The median of column $1 of side $2's rows.
median() {
    awk -F, -v side="$2" -v col="$1" 'NR > 1 && $2 == side { print $col }' "$csv" | sort -n \
        | awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'
}
for side in this other; do
    echo "$side: start-up median $(median 3 "$side") ms, 40 photos median $(median 4 "$side") ms"
done
echo "load after: $(bench_load)"
