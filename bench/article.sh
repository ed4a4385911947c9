#!/usr/bin/env bash
# loomy against the article's kind of program on the article's kind of photos: every JPEG read with
# imread, filtered the plain way (bench/naive/PlainFilters.java: the original library's steps, its
# per-pixel gain included) and written with imwrite, in a loop and with one virtual thread per
# image; loomy's loop and virtual strategies on the same images. NoOp, Cartoon2 and ALTMRetinex,
# 1 warm-up and RUNS counted runs each, every image written. Prints a row per filter and strategy:
# milliseconds per image for loomy and for the naive program (medians), and loomy's speed over it.
#
#   bench/article.sh [COUNT] [RUNS]    default 200 JPEGs of 612x612, 3 runs: about 6 minutes on 2 cores
#
# Run it on an idle machine; it prints the load average before and after.
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
count="${1:-200}"
runs="${2:-3}"
bench_scratch

# Two samples in three are JPEGs: make enough and keep the first COUNT of them.
"$loomy" samples --quiet --count=$((count * 3 / 2 + 3)) --size=612x612 --seed=7 "$scratch/all" \
    || { echo "bench: the samples could not be written" >&2; exit 1; }
mkdir "$scratch/in"
mapfile -t jpegs < <(find "$scratch/all" -name '*.jpg' | sort)
(( ${#jpegs[@]} >= count )) || { echo "bench: only ${#jpegs[@]} JPEGs among the samples, not $count" >&2; exit 1; }
mv "${jpegs[@]:0:count}" "$scratch/in/"
java_bin="$("$root/bench/naive/build.sh" "$scratch/classes")"
echo "load before: $(bench_load)"
echo "filter,strategy,loomy_ms_per_image,naive_ms_per_image,loomy_speed_over_naive"
for filter in NoOp Cartoon2 ALTMRetinex; do
    declare -A naive=()
    for mode in loop virtual; do
        rm -rf "$scratch/out"
        line="$("$java_bin/java" -XX:+UseSerialGC --enable-native-access=ALL-UNNAMED \
            -cp "$root/target/loomy.jar:$scratch/classes" NaiveCodec "$mode" "$scratch/in" "$scratch/out" 1 "$runs" "$filter")"
        naive[$mode]="$(awk -F, '{ printf "%.3f", $3 / $2 }' <<<"$line")"
    done
    rm -rf "$scratch/out"
    # An image that fails still leaves a row (exit 1): the table goes on with the next filter.
    { "$loomy" -s loop,virtual -f "$filter" --repeat="$runs" --warmup=1 --format=csv --quiet -o "$scratch/out" \
        "$scratch/in" || echo "bench: loomy exited $? with $filter" >&2; } \
        | awk -F, -v f="$filter" -v nl="${naive[loop]}" -v nv="${naive[virtual]}" '
            NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i }
            NR > 1 { ms = $h["time_ms_median"] / $h["images"]; n = ($h["strategy"] == "loop") ? nl : nv
                     printf "%s,%s,%.3f,%.3f,%.2f\n", f, $h["strategy"], ms, n, n / ms }'
done
echo "load after: $(bench_load)"
