#!/usr/bin/env bash
# The Spark engine's figures (docs/spark.md), on an idle machine: the same 200
# images through the local engine, Spark on an embedded master with plain paths, the same with file:
# URIs (read and written through Hadoop's FileSystem), and, when asked, with the images on HDFS (a
# minicluster) and on S3 (s3proxy), both on 127.0.0.1 and served by scripts/spark-storage.sh, in and out;
# each mode in turn, ROUNDS times; Cartoon2, every image written, 1 warm-up and 3 counted runs. Prints
# one line per run with the median, images/sec and the 95% confidence interval of the mean, and the
# load average before and after.
#
#   bench/spark.sh [ROUNDS] [MODES]   default 3 rounds of "local path uri": about 5 minutes on 2 cores;
#                                     MODES among local, path, uri, hdfs, s3, e.g. "local path hdfs s3"
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
rounds="${1:-3}"
modes="${2:-local path uri}"
# The storage servers, when started.
stop_storage() { "$root/scripts/spark-storage.sh" stop "$scratch/storage" >/dev/null 2>&1 || true; }
bench_scratch stop_storage

"$loomy" samples --count=200 --seed=7 "$scratch/in" >/dev/null 2>&1
conf=()
if [[ " $modes " == *" hdfs "* || " $modes " == *" s3 "* ]]; then
    "$root/scripts/spark-storage.sh" start "$scratch/storage"
    hdfs="$(sed -n 's/^loomy\.hdfs=//p' "$scratch/storage/hadoop.properties" | sed 's/\\:/:/g')"
    while IFS= read -r setting; do conf+=("--spark-conf=$setting"); done \
        < <("$root/scripts/spark-storage.sh" spark-conf "$scratch/storage")
    "$root/scripts/spark-storage.sh" put "$scratch/storage" "$scratch/in" "$hdfs/in"
    "$root/scripts/spark-storage.sh" put "$scratch/storage" "$scratch/in" s3a://loomy/in
fi
echo "load before: $(bench_load)"
common=(-f Cartoon2 --warmup=1 --repeat=3 --format=csv --quiet)
spark=(-s loop --engine=spark --master='local[2]')
for round in $(seq 1 "$rounds"); do
    for mode in $modes; do
        rm -rf "$scratch/out"
        case "$mode" in
            local) args=(--no-fork -s pool -o "$scratch/out" "$scratch/in") ;;
            path) args=("${spark[@]}" -o "$scratch/out" "$scratch/in") ;;
            uri) args=("${spark[@]}" -o "file://$scratch/out" "file://$scratch/in") ;;
            hdfs) args=("${spark[@]}" -o "$hdfs/out$round" "$hdfs/in") ;;
            s3) args=("${spark[@]}" "${conf[@]}" -o "s3a://loomy/out$round" s3a://loomy/in) ;;
            *) echo "unknown mode $mode (local, path, uri, hdfs, s3)" >&2; exit 2 ;;
        esac
        "$loomy" "${common[@]}" "${args[@]}" | awk -F, -v r="$round" -v m="$mode" '
            NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i }
            NR == 2 { printf "round %s %-5s %-5s median %s ms, %s images/sec, mean CI %s-%s ms\n", r, m, $h["strategy"],
                      $h["time_ms_median"], $h["images_per_sec"], $h["time_ms_ci_low"], $h["time_ms_ci_high"] }'
    done
done
echo "load after: $(bench_load)"
