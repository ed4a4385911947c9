#!/usr/bin/env bash
# Builds the naive reference (NaiveCodec and PlainFilters, against loomy's jar for OpenCV) into
# CLASSES with the first JDK 21+ it finds ($JAVA_HOME, then /usr/lib/jvm/*), and prints that JDK's
# bin folder, whose java runs it:
#
#   java_bin="$(bench/naive/build.sh CLASSES)"
#   "$java_bin/java" --enable-native-access=ALL-UNNAMED -cp target/loomy.jar:CLASSES NaiveCodec ...
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
classes="$1"
for home in "${JAVA_HOME:-}" /usr/lib/jvm/*; do
    [[ -n "$home" && -x "$home/bin/javac" ]] || continue
    version="$("$home/bin/java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p')"
    version="${version#1.}"
    major="${version%%.*}"
    if [[ "$major" =~ ^[0-9]+$ ]] && (( major >= 21 )); then
        mkdir -p "$classes"
        "$home/bin/javac" --release 21 -cp "$root/target/loomy.jar" -d "$classes" "$root"/bench/naive/*.java
        printf '%s\n' "$home/bin"
        exit 0
    fi
done
echo "bench: the naive reference needs a JDK 21+ (set JAVA_HOME)" >&2
exit 1
