#!/usr/bin/env bash
# The Spark engine reading and writing HDFS and S3 against local files, for docs/spark.md: the same 200
# images through the local engine, Spark on an embedded master (local[2]) with plain paths, and the same
# with the images on HDFS (a minicluster) and on S3 (s3proxy), both on 127.0.0.1 and served by
# scripts/spark-storage.sh, in and out; each mode alternated ROUNDS times; Cartoon2, every image written,
# 1 warm-up and 3 counted runs. Prints one line per run with the median, images/sec and the 95%
# confidence interval of the mean, and the load average before and after.
#
#   bench/spark-storage.sh [ROUNDS]      default 2: about 10 minutes on 2 cores
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
rounds="${1:-2}"
scratch="$(mktemp -d)"
trap '"$root/scripts/spark-storage.sh" stop "$scratch/storage" >/dev/null 2>&1 || true; rm -rf "$scratch"' EXIT

"$root/run.sh" samples --count=200 --seed=7 "$scratch/in" >/dev/null 2>&1
"$root/scripts/spark-storage.sh" start "$scratch/storage"
hdfs="$(sed -n 's/^loomy\.hdfs=//p' "$scratch/storage/hadoop.properties" | sed 's/\\:/:/g')"
conf=()
while IFS= read -r setting; do conf+=("--spark-conf=$setting"); done \
    < <("$root/scripts/spark-storage.sh" spark-conf "$scratch/storage")
"$root/scripts/spark-storage.sh" put "$scratch/storage" "$scratch/in" "$hdfs/in"
"$root/scripts/spark-storage.sh" put "$scratch/storage" "$scratch/in" s3a://loomy/in

echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
common=(-f Cartoon2 --warmup=1 --repeat=3 --format=csv --quiet)
spark=(-s loop --engine=spark --master='local[2]')
for round in $(seq 1 "$rounds"); do
    for mode in local path hdfs s3; do
        rm -rf "$scratch/out"
        case "$mode" in
            local) args=(--no-fork -s pool -o "$scratch/out" "$scratch/in") ;;
            path) args=("${spark[@]}" -o "$scratch/out" "$scratch/in") ;;
            hdfs) args=("${spark[@]}" -o "$hdfs/out$round" "$hdfs/in") ;;
            s3) args=("${spark[@]}" "${conf[@]}" -o "s3a://loomy/out$round" s3a://loomy/in) ;;
        esac
        "$root/run.sh" "${common[@]}" "${args[@]}" | awk -F, -v r="$round" -v m="$mode" '
            NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i }
            NR == 2 { printf "round %s %-5s %-5s median %s ms, %s images/sec, mean CI %s-%s ms\n", r, m, $h["strategy"],
                      $h["time_ms_median"], $h["images_per_sec"], $h["time_ms_ci_low"], $h["time_ms_ci_high"] }'
    done
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
