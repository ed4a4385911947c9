#!/usr/bin/env bash
# The Spark engine's figures (docs/spark.md), on an idle machine: the same 200 images through the
# local engine, Spark on an embedded master with plain paths, and the same with file: URIs (read
# and written through Hadoop's FileSystem), each pair alternated ROUNDS times; Cartoon2, every image
# written, 1 warm-up and 3 counted runs. Prints one line per run with the median, images/sec and
# the 95% confidence interval of the mean, and the load average before and after.
#
#   bench/spark.sh [ROUNDS]      default 3: about 5 minutes on 2 cores
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
rounds="${1:-3}"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

"$root/run.sh" samples --count=200 --seed=7 "$scratch/in" >/dev/null 2>&1
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
common=(-f Cartoon2 --warmup=1 --repeat=3 --format=csv --quiet)
for round in $(seq 1 "$rounds"); do
    for mode in local path uri; do
        rm -rf "$scratch/out"
        case "$mode" in
            local) args=(--no-fork -s pool -o "$scratch/out" "$scratch/in") ;;
            path) args=(-s loop --engine=spark --master='local[2]' -o "$scratch/out" "$scratch/in") ;;
            uri) args=(-s loop --engine=spark --master='local[2]' -o "file://$scratch/out" "file://$scratch/in") ;;
        esac
        "$root/run.sh" "${common[@]}" "${args[@]}" | awk -F, -v r="$round" -v m="$mode" '
            NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i }
            NR == 2 { printf "round %s %-5s %-5s median %s ms, %s images/sec, mean CI %s-%s ms\n", r, m, $h["strategy"],
                      $h["time_ms_median"], $h["images_per_sec"], $h["time_ms_ci_low"], $h["time_ms_ci_high"] }'
    done
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
