# Sourced by bench/million.sh and bench/manifest.sh: sets java_bin to a Java 21+ for their single-file
# programs: $JAVA, else the newest JDK under /usr/lib/jvm, else `java` on the PATH.
java_bin="${JAVA:-}"
if [[ -z "$java_bin" ]]; then
    for home in /usr/lib/jvm/*/; do
        major="$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$home/release" 2>/dev/null || true)"
        if [[ "$major" =~ ^[0-9]+$ ]] && (( major >= 21 )) && [[ -x "$home/bin/java" ]]; then
            java_bin="$home/bin/java"
        fi
    done
fi
java_bin="${java_bin:-java}"
