#!/usr/bin/env bash
# The structured strategy against plain virtual threads, and what --fail-fast's stop costs each
# strategy, on 200 sample photos (docs/comparing.md shows a run's tables):
#   1. virtual and structured, NoOp and Cartoon2, interleaved in one comparison (each row in a JVM of
#      its own, rounds shuffled): throughput and per-image latency;
#   2. --fail-fast with a file that is no image at place BAD among the photos (Cartoon2, --io-latency
#      so that images are under way, waiting, when it fails): how long the run takes from that failure
#      to its end, for every strategy, and what it left (images done, cancelled, never started, any
#      temporary file);
#   3. Java's preview features on and off (run.sh turns them on for every run on Java 25): the same
#      job, virtual over NoOp, in turns.
# Prints markdown; writes bench/results/structured.md, whose blocks bench/tables.sh copies into docs/comparing.md.
#
#   bench/structured.sh [BAD]    BAD: the bad file's place, 1 to 200 (default 100); about 15 minutes on 2 cores
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
bad_at="${1:-100}"
photos="$root/target/bench/structured/photos"
broken="$root/target/bench/structured/with-bad"
bench_scratch
result="$root/bench/results/structured.md"

"$loomy" build >/dev/null
bench_samples "$photos" -n 200
rm -rf "$broken"
cp -r "$photos" "$broken"
victim="$(find "$broken" -type f | sort | sed -n "${bad_at}p")"
rm -f "$victim"
victim="${victim%.*}.jpg"
head -c 65536 /dev/urandom >"$victim"

{
    echo "## structured against virtual"
    echo
    echo "<!-- results:structured-vs-virtual -->"
    echo "Machine: $(nproc) cores, $(bench_cpu), shared with"
    echo "other work throughout. Load before: $(bench_uptime_load)."
    echo
    echo '```'
    "$loomy" -s virtual,structured -f NoOp,Cartoon2 --repeat=3 --warmup=1 --no-write --no-progress --wide "$photos" \
        2>/dev/null
    echo '```'
    echo
    echo "Load after: $(bench_uptime_load)."
    echo "<!-- /results:structured-vs-virtual -->"
    echo
    echo "## --fail-fast: from the first failure to the end of the run"
    echo
    echo "<!-- results:structured-fail-fast -->"
    echo "200 photos, Cartoon2, --io-latency=100ms, written; the file at place $bad_at ($(basename "$victim")) is no"
    echo "image. Load before: $(bench_uptime_load)."
    echo
    echo "| strategy | exit | run ended after the failure | whole run | images done | under way cancelled | never started | temporaries left |"
    echo "| --- | --- | --- | --- | --- | --- | --- | --- |"
    for strategy in loop threads pool forkjoin virtual virtual-priority structured; do
        out="$scratch/out-$strategy"
        rm -rf "$out"
        status=0
        line="$("$loomy" -s "$strategy" -f Cartoon2 --fail-fast --io-latency=100ms --no-progress -o "$out" \
            "$broken" 2>/dev/null)" || status=$?
        after="$(sed -n 's/.*the run ended \([0-9]*\) ms after it.*/\1 ms/p' <<<"$line")"
        whole="$(sed -n 's/.* in \([0-9.]*\) s,.*/\1 s/p' <<<"$line")"
        never="$(sed -n 's/.*; \([0-9]*\) images\{0,1\} never started.*/\1/p' <<<"$line")"
        cancelled="$(sed -n 's/.*, \([0-9]*\) under way cancelled.*/\1/p' <<<"$line")"
        done_images="$( (find "$out" -type f ! -name '.*' 2>/dev/null || true) | wc -l)"
        temps="$( (find "$out" -name '*.loomy-tmp' 2>/dev/null || true) | wc -l)"
        echo "| $strategy | $status | $after | $whole | $done_images | $cancelled | $never | $temps |"
    done
    echo
    echo "Load after: $(bench_uptime_load)."
    echo "<!-- /results:structured-fail-fast -->"
    echo
    echo "## preview features on and off"
    echo
    echo "<!-- results:structured-preview -->"
    java="$("$loomy" java-home)/bin/java"
    opts=(-XX:+UseSerialGC -XX:NewSize=48m -XX:MaxNewSize=64m -XX:SurvivorRatio=2 -XX:TargetSurvivorRatio=90 -Xms64m)
    echo "| pair | preview | wall ms (virtual, NoOp, 200 photos, --no-write, JVM start included) |"
    echo "| --- | --- | --- |"
    for pair in 1 2 3 4; do
        # In turns, each first in every other pair: a change of load, or the second run's warmer caches, falls on both.
        order=(off on)
        (( pair % 2 == 0 )) && order=(on off)
        for preview in "${order[@]}"; do
            flag=()
            [[ "$preview" == on ]] && flag=(--enable-preview)
            start=$(date +%s%N)
            "$java" "${opts[@]}" ${flag[@]+"${flag[@]}"} -jar "$root/target/loomy.jar" -s virtual -f NoOp --no-write \
                --quiet "$photos" >/dev/null 2>&1
            end=$(date +%s%N)
            echo "| $pair | $preview | $(((end - start) / 1000000)) |"
        done
    done
    echo
    echo "Load after: $(bench_uptime_load)."
    echo "<!-- /results:structured-preview -->"
} | tee "$result"
"$root/bench/tables.sh"
