#!/usr/bin/env bash
# A soak of loomy's native paths under glibc's heap checks: JPEG and PNG read, filtered and
# written, every strategy, with collections forced all through each run, until at least IMAGES
# images have gone through. An abort (a heap corruption glibc finds, a JNI misuse the JVM finds)
# ends the soak with the exit status and what the JVM said. Writes bench/results/soak.csv and soak.md.
#
#   bench/soak.sh [--images=300000] [--data=DIR] [--keep]
#
# Each run is one JVM (`--no-fork`): one strategy, NoOp and Cartoon2, warm-up and repeats over DIR
# (1,000 images of 16x16, two in three JPEG, the rest PNG, and 10 photos), under MALLOC_CHECK_=3
# (abort on any inconsistency glibc's free and malloc see), MALLOC_PERTURB_ (freed memory filled
# with a byte, so that a use after free reads garbage) and -Xcheck:jni, with a young generation of
# 4 MB (a collection every few hundred images) and `jcmd GC.run` once a second: the collections
# queue OpenCV's finalizers while images are being released.
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
images=300000
data="$root/target/soak-data"
keep=false
while [[ $# -gt 0 ]]; do
    case "$1" in
        --images=*) images="${1#*=}" ;;
        *) bench_option "$1" ;;
    esac
    shift
done

"$loomy" --version > /dev/null  # builds the jar when it is missing or stale, outside the runs
java_home="$("$loomy" java-home)"
jcmd="$java_home/bin/jcmd"
work="$root/target/soak"
results="$root/bench/results"
rm -rf "$work"
mkdir -p "$work" "$results"
if [[ ! -f "$data/.complete" ]]; then
    rm -rf "$data"
    "$loomy" samples --quiet -n 1000 --size=16x16 --seed=3 "$data/tiny"
    "$loomy" samples --quiet -n 10 --seed=4 "$data/photos"
    touch "$data/.complete"
fi
per_pass=$(( $(find "$data" -type f \( -name '*.jpg' -o -name '*.png' \) | wc -l) * 2 ))
strategies=(loop threads pool forkjoin virtual)
# Passes (warm-up and counted runs) per strategy for IMAGES images in all.
passes=$(( (images + per_pass * ${#strategies[@]} - 1) / (per_pass * ${#strategies[@]}) ))

csv="$results/soak.csv"
echo "strategy,images,elapsed_s,peak_rss_mb,exit,jni_warnings,gcs_forced" > "$csv"
status=0
total=0
for strategy in "${strategies[@]}"; do
    out="$work/out-$strategy"
    log="$work/$strategy.err"
    perturb=$(( (RANDOM % 254) + 1 ))
    start=$SECONDS
    MALLOC_CHECK_=3 MALLOC_PERTURB_=$perturb \
        LOOMY_JAVA_OPTS="-Xcheck:jni -XX:NewSize=4m -XX:MaxNewSize=4m -XX:ErrorFile=$work/hs_err_$strategy.log" \
        /usr/bin/time -v -o "$work/$strategy.time" \
        "$loomy" -s "$strategy" -f NoOp,Cartoon2 --no-fork --warmup=1 --repeat=$(( passes - 1 )) \
        --quiet --format=csv -o "$out" "$data" > "$work/$strategy.csv" 2> "$log" &
    runner=$!
    gcs=0
    # The JVM is run.sh's child: collections are forced on it once a second while it runs.
    while kill -0 "$runner" 2>/dev/null; do
        sleep 1
        pid="$(pgrep -f -n "loomy.jar -s $strategy -f NoOp,Cartoon2" || true)"
        if [[ -n "$pid" ]] && "$jcmd" "$pid" GC.run > /dev/null 2>&1; then
            gcs=$(( gcs + 1 ))
        fi
    done
    code=0
    wait "$runner" || code=$?
    elapsed=$(( SECONDS - start ))
    rss_kb="$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$work/$strategy.time")"
    # -Xcheck:jni writes its warnings on standard output, in the csv's file.
    warnings="$(cat "$log" "$work/$strategy.csv" | grep -c 'WARNING in native method' || true)"
    done_images=$(( per_pass * passes ))
    total=$(( total + done_images ))
    echo "$strategy,$done_images,$elapsed,$(( rss_kb / 1024 )),$code,$warnings,$gcs" >> "$csv"
    tail -1 "$csv" >&2
    if (( code != 0 )); then
        echo "soak.sh: $strategy ended with status $code:" >&2
        grep -v 'WARNING in native method' "$log" | tail -20 >&2 || true
        status=1
    fi
done

{
    echo "# Soak of the native paths"
    echo
    echo "\`bench/soak.sh --images=$images\`: per strategy one JVM, \`-f NoOp,Cartoon2 --no-fork --warmup=1"
    echo "--repeat=$(( passes - 1 ))\`, writing every image, over 1,000 images of 16x16 (two in three JPEG) and 10"
    echo "photos; MALLOC_CHECK_=3, MALLOC_PERTURB_, -Xcheck:jni, a 4 MB young generation and \`jcmd GC.run\`"
    echo "once a second. Exit 0 for every strategy means no abort and no failed image. One JNI warning per JVM"
    echo "is expected: JNA's dispatch library, as it loads, calls Java without checking for an exception."
    echo
    echo "Machine: $(bench_machine);"
    echo "$(date -u +%Y-%m-%d), load average after: $(bench_load)."
    echo
    echo "| strategy | images | wall (s) | peak RSS (MB) | exit | JNI warnings | collections forced |"
    echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"
    tail -n +2 "$csv" | awk -F, '{ printf "| %s | %s | %s | %s | %s | %s | %s |\n", $1, $2, $3, $4, $5, $6, $7 }'
    echo
    echo "Images in all: $total."
} > "$results/soak.md"
[[ "$keep" == true ]] || rm -rf "$work"
exit "$status"
