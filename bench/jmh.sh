#!/usr/bin/env bash
# Builds loomy's JMH benchmarks (Maven profile jmh, in target/jmh) and runs them.
#   bench/jmh.sh                       every benchmark (about 5 minutes)
#   bench/jmh.sh FilterBenchmark -p size=1024x768 -p filter=Cartoon2
#   bench/jmh.sh -l | -h               list the benchmarks | JMH's options
# Arguments go to JMH as they are. Needs a JDK 21+: $JAVA_HOME if it is one, else the newest in /usr/lib/jvm.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

# The major version of the JDK at $1 (from its release file), or nothing.
major() {
    sed -n 's/^JAVA_VERSION="\(1\.\)\{0,1\}\([0-9]*\).*/\2/p' "$1/release" 2>/dev/null
}

# $JAVA_HOME first, then the JDKs in /usr/lib/jvm, newest first: the first JDK 21+ with javac wins.
jdk=""
while read -r home; do
    if [[ -x "$home/bin/javac" && "$(major "$home")" =~ ^[0-9]+$ ]] && (( $(major "$home") >= 21 )); then
        jdk="$home"
        break
    fi
done < <(
    [[ -n "${JAVA_HOME:-}" ]] && echo "$JAVA_HOME"
    for home in /usr/lib/jvm/*; do echo "$(major "$home") $home"; done | sort -rn | cut -d' ' -f2-
)
if [[ -z "$jdk" ]]; then
    echo "jmh.sh: needs a JDK 21 or newer (set JAVA_HOME)" >&2
    exit 2
fi

opts="${MAVEN_OPTS:-}"
(( $(major "$jdk") >= 24 )) && opts="$opts --sun-misc-unsafe-memory-access=allow"
echo "jmh.sh: building target/benchmarks.jar with $jdk ..." >&2
(cd "$root" && JAVA_HOME="$jdk" MAVEN_OPTS="$opts" mvn -B -q -ntp -Pjmh -Dmaven.test.skip=true package)
exec "$jdk/bin/java" --enable-native-access=ALL-UNNAMED -jar "$root/target/benchmarks.jar" "$@"
