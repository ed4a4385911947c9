#!/usr/bin/env bash
# HDFS (Hadoop's minicluster) and S3 (s3proxy) on 127.0.0.1, the Spark engine's test storage, for the
# scripts that test loomy as users run it (a loopback cluster, spark-submit):
#   scripts/spark-storage.sh start DIR        starts them below DIR; DIR/hadoop.properties then says where
#                                             they are (loomy.hdfs, loomy.s3) and holds the S3 client's settings
#   scripts/spark-storage.sh stop DIR         stops exactly the processes start started
#   scripts/spark-storage.sh spark-conf DIR   the S3 client's settings, spark.hadoop.KEY=VALUE, one a line
#   scripts/spark-storage.sh put DIR LOCAL URI | get DIR URI LOCAL | count DIR URI
# It runs the test classes (src/spark/storage-test) on the tests' class path: `./run.sh test-spark -DskipTests`
# builds both the first time.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
say() { printf 'spark-storage: %s\n' "$*" >&2; }
command="${1:?usage: spark-storage.sh start|stop|spark-conf|put|get|count DIR ...}"
dir="${2:?usage: spark-storage.sh $command DIR ...}"

classpath_file="$root/target/spark-tests/storage-test.classpath"
if [[ "$command" != stop && "$command" != spark-conf ]] && [[ ! -f "$classpath_file" \
        || -n "$(find "$root/pom.xml" "$root/src/main" "$root/src/spark" -newer "$classpath_file" -print -quit)" ]]; then
    say "building the storage test classes ..."
    "$root/run.sh" test-spark -DskipTests -q >/dev/null
    touch "$classpath_file"
fi
java="$("$root/run.sh" java-home)/bin/java"

storage() {
    # Their own temporary folder (Jetty's, for the name node's and data node's pages), removed with DIR.
    mkdir -p "$dir/tmp"
    # exec: the pid that start records is the JVM's own, not a shell's that would die without it.
    exec "$java" -Xmx512m -Djava.io.tmpdir="$dir/tmp" -Dloomy.s3proxy.jar="$root/target/spark-tests/s3proxy/s3proxy.jar" \
        -cp "$root/target/spark-tests/test-classes:$root/target/spark-tests/classes:$(cat "$classpath_file")" \
        dev.loomy.engine.spark.LoopbackStorage "$@"
}

case "$command" in
    start)
        mkdir -p "$dir"
        rm -f "$dir/hadoop.properties"
        storage serve "$dir" > "$dir/storage.log" 2>&1 < /dev/null &
        echo "$!" > "$dir/storage.pid"
        for _ in $(seq 1 600); do
            [[ -f "$dir/hadoop.properties" ]] && exit 0
            kill -0 "$(cat "$dir/storage.pid")" 2>/dev/null || break
            sleep 0.2
        done
        say "HDFS and S3 did not start; their log: $dir/storage.log"
        "$0" stop "$dir"
        exit 1
        ;;
    stop)
        pids=()
        [[ -f "$dir/storage.pid" ]] && pids+=("$(cat "$dir/storage.pid")")
        [[ -f "$dir/hadoop.properties" ]] && pids+=("$(sed -n 's/^loomy\.s3proxy\.pid=//p' "$dir/hadoop.properties")")
        for pid in "${pids[@]}"; do
            kill -TERM "$pid" 2>/dev/null || true
        done
        for pid in "${pids[@]}"; do
            for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
            kill -KILL "$pid" 2>/dev/null || true
        done
        rm -f "$dir/storage.pid"
        ;;
    spark-conf)
        sed -n 's/^\(fs\.s3a\.[^=]*\)=\(.*\)$/spark.hadoop.\1=\2/p' "$dir/hadoop.properties" | sed 's/\\:/:/g'
        ;;
    put | get | count)
        shift 2
        storage "$command" "$dir" "$@"
        ;;
    *)
        say "unknown command $command"
        exit 2
        ;;
esac
