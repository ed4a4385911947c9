#!/usr/bin/env bash
# loomy's application jar under spark-submit, as the users of a cluster run it: `./run.sh spark-package`,
# then pyspark's Spark distribution (PyPI's pyspark, in a virtual environment kept in target/pyspark, so
# that later runs start at once):
#   1. spark-submit --master local[2]: the same files as the local engine, bit for bit, the same exit status
#      (1: a corrupt image among them, named once), the csv on standard output; bad usage exits 2.
#   2. a standalone master and worker started from the same distribution on 127.0.0.1 (spark-class), and
#      spark-submit to it, reading from HDFS and writing to S3 (scripts/spark-storage.sh), the S3 connector's
#      jars given with --jars: the executors load OpenCV's native library from the application jar.
# Afterwards no master, worker, executor or storage process is left, nor the scratch folder. Run by .ci/run.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
pyspark_version=4.2.0
venv="$root/target/pyspark"
scratch="$(mktemp -d)"
filter=Cartoon2
images=40

say() { printf 'spark-submit-test: %s\n' "$*" >&2; }
fail() { say "FAILED: $*"; exit 1; }

master_pid=""
worker_pid=""
cleanup() {
    local pid
    for pid in $worker_pid $master_pid; do
        kill -TERM "$pid" 2>/dev/null || true
    done
    for pid in $worker_pid $master_pid; do
        for _ in $(seq 1 75); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
        kill -KILL "$pid" 2>/dev/null || true
    done
    "$root/scripts/spark-storage.sh" stop "$scratch/storage" >/dev/null 2>&1 || true
    rm -rf "$scratch"
}
trap cleanup EXIT

# The distribution, once: pip's own cache makes a new virtual environment quick too.
if [[ ! -x "$venv/bin/spark-submit" || "$("$venv/bin/pip" show pyspark 2>/dev/null | sed -n 's/^Version: //p')" != "$pyspark_version" ]]; then
    say "installing pyspark $pyspark_version into $venv ..."
    rm -rf "$venv"
    python3 -m venv "$venv"
    "$venv/bin/pip" install -q "pyspark==$pyspark_version"
fi
export SPARK_HOME
SPARK_HOME="$("$venv/bin/python" -c 'import os, pyspark; print(os.path.dirname(pyspark.__file__))')"
export JAVA_HOME
JAVA_HOME="$("$root/run.sh" java-home)"
export SPARK_LOCAL_IP=127.0.0.1 SPARK_LOG_DIR="$scratch/logs" SPARK_WORKER_DIR="$scratch/work"
app="$("$root/run.sh" spark-package | tail -n 1)"
[[ -f "$app" ]] || fail "spark-package made no jar ($app)"

"$root/run.sh" samples --quiet --count="$images" --size=640x480 --seed=28 "$scratch/in"
printf '\x89PNG\r\n\x1a\n\x01\x02\x03' > "$scratch/in/broken.png"
status=0
"$root/run.sh" --quiet --no-fork --strategy=loop --filter="$filter" -o "$scratch/local" "$scratch/in" || status=$?
(( status == 1 )) || fail "the local engine's run exited $status, not 1"

submit() {
    "$SPARK_HOME/bin/spark-submit" --driver-java-options '--enable-native-access=ALL-UNNAMED' "$@"
}

# Exit status $1, exactly one line naming broken.png, a csv row of the Spark engine, and $2 identical to the local engine's.
check() {
    local status="$1" outputs="$2" name="$3"
    (( status == 1 )) || { tail -n 40 "$scratch/$name.err" >&2; fail "$name: spark-submit exited $status, not 1"; }
    [[ "$(grep -c '^loomy: .*broken\.png: ' "$scratch/$name.err")" == 1 ]] || fail "$name: broken.png not named once"
    grep -Eq ",spark(,|$)" "$scratch/$name.csv" || fail "$name: no engine=spark row in $(cat "$scratch/$name.csv")"
    diff -r "$scratch/local" "$outputs" >&2 || fail "$name: the outputs differ from the local engine's"
    say "$name: exit 1 for the corrupt image, $(find "$outputs" -type f | wc -l) outputs identical to the local engine's"
}

status=0
submit --master 'local[2]' "$app" --strategy=loop --filter="$filter" --format=csv -o "$scratch/out-local" "$scratch/in" \
    > "$scratch/local2.csv" 2> "$scratch/local2.err" || status=$?
check "$status" "$scratch/out-local" local2

status=0
submit --master 'local[2]' "$app" --filter=NoSuchFilter -o "$scratch/never" "$scratch/in" \
    > /dev/null 2> "$scratch/usage.err" || status=$?
(( status == 2 )) && [[ ! -e "$scratch/never" ]] && grep -q '^loomy: .*NoSuchFilter' "$scratch/usage.err" \
    || fail "an unknown filter under spark-submit exited $status, not 2"
status=0
submit --master 'local[2]' "$app" --master=local -o "$scratch/never" "$scratch/in" > /dev/null 2> "$scratch/usage.err" || status=$?
(( status == 2 )) && grep -q '^loomy: --master with spark-submit' "$scratch/usage.err" \
    || fail "loomy's --master under spark-submit exited $status, not 2"
say "bad usage under spark-submit exits 2, before any work"

# A standalone master and worker from the same distribution, and HDFS and S3 beside them.
"$root/scripts/spark-storage.sh" start "$scratch/storage"
props="$scratch/storage/hadoop.properties"
hdfs="$(sed -n 's/^loomy\.hdfs=//p' "$props" | sed 's/\\:/:/g')"
s3="$(sed -n 's/^loomy\.s3=//p' "$props" | sed 's/\\:/:/g')"
"$root/scripts/spark-storage.sh" put "$scratch/storage" "$scratch/in" "$hdfs/photos"
mkdir -p "$scratch/logs" "$scratch/work"
"$SPARK_HOME/bin/spark-class" org.apache.spark.deploy.master.Master --host 127.0.0.1 --port 0 --webui-port 0 \
    > "$scratch/logs/master.log" 2>&1 &
master_pid=$!
url=""
for _ in $(seq 1 300); do
    url="$(grep -o 'spark://127\.0\.0\.1:[0-9]*' "$scratch/logs/master.log" | head -n 1 || true)"
    [[ -n "$url" ]] && break
    kill -0 "$master_pid" 2>/dev/null || break
    sleep 0.2
done
[[ -n "$url" ]] || { cat "$scratch/logs/master.log" >&2; fail "the master did not start"; }
"$SPARK_HOME/bin/spark-class" org.apache.spark.deploy.worker.Worker --host 127.0.0.1 --port 0 --webui-port 0 \
    --cores 2 --memory 1g --work-dir "$scratch/work" "$url" > "$scratch/logs/worker.log" 2>&1 &
worker_pid=$!
for _ in $(seq 1 300); do
    grep -q 'Registering worker' "$scratch/logs/master.log" && break
    sleep 0.2
done
grep -q 'Registering worker' "$scratch/logs/master.log" || fail "the worker did not register with $url"
say "standalone master $url (pid $master_pid) and worker (pid $worker_pid) from $SPARK_HOME"

conf=()
while IFS= read -r setting; do conf+=(--conf "$setting"); done < <("$root/scripts/spark-storage.sh" spark-conf "$scratch/storage")
s3a_jars="$(find "$root/target/loomy-spark/s3a" -name '*.jar' | sort | paste -sd, -)"
status=0
submit --master "$url" --jars "$s3a_jars" "${conf[@]}" "$app" --strategy=loop --filter="$filter" --format=csv \
    -o "$s3/submitted" "$hdfs/photos" > "$scratch/standalone.csv" 2> "$scratch/standalone.err" || status=$?
(( status == 1 )) || { tail -n 40 "$scratch/standalone.err" >&2; fail "standalone: spark-submit exited $status, not 1"; }
"$root/scripts/spark-storage.sh" get "$scratch/storage" "$s3/submitted" "$scratch/out-standalone"
check "$status" "$scratch/out-standalone" standalone
grep -q '^loomy: spark.executor.memoryOverhead=[0-9]*m ' "$scratch/standalone.err" \
    || fail "no line saying the executors' memory overhead"
# The executors ran in the worker's folder, from the application jar: OpenCV's library came out of it.
[[ -n "$(find "$scratch/work" -name 'loomy-spark-app.jar')" ]] || fail "the worker's executors did not fetch the application jar"

# Every process of the cluster and the storage: the master, the worker, its executors, the storage's JVM and s3proxy.
pids="$master_pid $worker_pid $(cat "$scratch/storage/storage.pid") $(sed -n 's/^loomy\.s3proxy\.pid=//p' "$props")"
for pid in $(pgrep -f 'org.apache.spark.executor.CoarseGrainedExecutorBackend' || true); do
    [[ "$(readlink "/proc/$pid/cwd" 2>/dev/null)" == "$scratch/work/"* ]] && pids="$pids $pid"
done
cleanup
trap - EXIT
sleep 1
for pid in $pids; do
    ! kill -0 "$pid" 2>/dev/null || fail "process $pid ($(tr '\0' ' ' < "/proc/$pid/cmdline" | cut -c1-80)) still runs"
done
[[ ! -e "$scratch" ]] || fail "the scratch folder $scratch is still there"
say "passed: nothing of the cluster or the storage left running"
echo "3 passed, 0 failed"
