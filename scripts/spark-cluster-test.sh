#!/usr/bin/env bash
# The Spark engine on a loopback standalone cluster, with an executor lost mid-run:
#   ./run.sh spark-cluster start --workers=2; three runs on its spark://127.0.0.1:PORT, writing to a local
#   folder, to S3 and to HDFS (s3proxy and an HDFS minicluster on 127.0.0.1, scripts/spark-storage.sh), the
#   inputs read through Hadoop's FileSystem (a file: URI); in each, one executor killed with kill -9 while
#   outputs are being written. Each run must still exit 0 with every output identical to the local engine's,
#   bit for bit, and nothing else there (no temporary, partial or second copy of any); the executors must
#   carry the driver's run id for their temporary names; and `spark-cluster stop` and `spark-storage.sh stop`
#   must leave no master, worker, executor or storage process running. The run into the local folder is
#   --incremental: a re-run must then find every image up to date, its record having come back from the
#   executors (a retried task's included). Run by .ci/run after the unit tests.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cluster="$root/target/spark-cluster"
scratch="$(mktemp -d)"
filter=Cartoon2
images=120

say() { printf 'spark-cluster-test: %s\n' "$*" >&2; }
fail() { say "FAILED: $*"; exit 1; }

cleanup() {
    "$root/run.sh" spark-cluster stop >/dev/null 2>&1 || true
    "$root/scripts/spark-storage.sh" stop "$scratch/storage" >/dev/null 2>&1 || true
    rm -rf "$scratch"
}
trap cleanup EXIT

# The executors of this cluster only: a worker starts each in a folder of its own under the cluster's work folder.
executors() {
    local pid
    for pid in $(pgrep -f 'org.apache.spark.executor.CoarseGrainedExecutorBackend' || true); do
        [[ "$(readlink "/proc/$pid/cwd" 2>/dev/null)" == "$cluster/work/"* ]] && printf '%s\n' "$pid"
    done
    return 0
}

"$root/run.sh" samples --count="$images" --size=640x480 --seed=13 "$scratch/in" >/dev/null 2>&1
"$root/run.sh" --quiet --strategy=loop --filter="$filter" -o "$scratch/local" "$scratch/in" >/dev/null \
    || fail "the local engine's run"

url="$("$root/run.sh" spark-cluster start --workers=2 | tail -n 1)"
[[ "$url" =~ ^spark://127\.0\.0\.1:[0-9]+$ ]] || fail "spark-cluster start printed '$url', not a master URL"
pids="$(awk '{ print $2 }' "$cluster/state")"
say "cluster at $url: processes $(echo $pids)"

# A run on the cluster into the output $1 (a folder or a URI), with the Spark settings ${@:3}; once $2 (a
# command) counts 10 outputs written, one executor dies at once. The run must still exit 0.
killed_run() {
    local output="$1" written_count="$2"
    shift 2
    "$root/run.sh" --engine=spark --master="$url" --partitions=8 --strategy=loop --filter="$filter" --format=csv \
        "$@" -o "$output" "file://$scratch/in" > "$scratch/spark.csv" 2> "$scratch/spark.err" &
    local run=$! killed="" written=0 driver=""
    for _ in $(seq 1 600); do
        written="$($written_count)"
        if (( written >= 10 )); then
            killed="$(executors)"
            killed="${killed%%$'\n'*}"
            if [[ -n "$killed" ]]; then
                # Its temporary names carry the driver's run id (the pid of the JVM run.sh started), so the driver sweeps them.
                driver="$(pgrep -P "$run" -x java | head -n 1 || true)"
                tr '\0' ' ' < "/proc/$killed/cmdline" | grep -q -- "-Dloomy.run=$driver " \
                    || fail "executor $killed was not given the driver's run id ($driver)"
                kill -9 "$killed"
            fi
            break
        fi
        kill -0 "$run" 2>/dev/null || break
        sleep 0.1
    done
    [[ -n "$killed" ]] || { tail -n 20 "$scratch/spark.err" >&2; fail "$output: no executor to kill while outputs were written ($written written)"; }
    say "$output: killed executor $killed after $written outputs"
    local status=0
    wait "$run" || status=$?
    (( status == 0 )) || { cat "$scratch/spark.err" >&2; fail "$output: the Spark run exited $status, not 0"; }
    grep -Eq ',spark(,|$)' "$scratch/spark.csv" || fail "no engine=spark row in $(cat "$scratch/spark.csv")"
}

# The same files as the local engine's, bit for bit, and nothing else: no temporary file, no partial or second copy.
# The manifest's folder (.loomy) aside.
same_as_local() {
    local outputs="$1" left count
    left="$(find "$outputs" -name '.*' ! -path '*/.loomy' ! -path '*/.loomy/*' | wc -l)"
    (( left == 0 )) || fail "$left temporary file(s) left in $outputs"
    count="$(find "$outputs" -type f ! -path '*/.loomy/*' | wc -l)"
    (( count == images )) || fail "$count outputs, not $images"
    diff -r --exclude=.loomy "$scratch/local" "$outputs" >&2 || fail "Spark's outputs differ from the local engine's"
    say "run exited 0 after the executor was lost: $count outputs, identical to the local engine's"
}

# Before the run makes the output folder, find fails: none written yet.
local_written() { { find "$scratch/spark" -type f ! -name '.*' 2>/dev/null || true; } | wc -l; }
killed_run "$scratch/spark" local_written --incremental
same_as_local "$scratch/spark"
# The value of column $2 in the csv results $1.
column() { awk -F, -v name="$2" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == name) c = i } NR == 2 { print $c }' "$1"; }
"$root/run.sh" --engine=spark --master="$url" --partitions=8 --strategy=loop --filter="$filter" --format=csv \
    --incremental -o "$scratch/spark" "file://$scratch/in" > "$scratch/again.csv" 2> "$scratch/again.err" \
    || { cat "$scratch/again.err" >&2; fail "the --incremental re-run"; }
[[ "$(column "$scratch/again.csv" images),$(column "$scratch/again.csv" skipped)" == "0,$images" ]] \
    || fail "the --incremental re-run did not skip every image: $(cat "$scratch/again.csv")"
say "--incremental re-run: all $images images up to date"

# HDFS and S3 (scripts/spark-storage.sh): the outputs counted where the stores keep them on disk, which a
# client process started at every look would be too slow for: s3proxy keeps objects as files, HDFS a block each.
storage="$scratch/storage"
"$root/scripts/spark-storage.sh" start "$storage"
props="$storage/hadoop.properties"
hdfs="$(sed -n 's/^loomy\.hdfs=//p' "$props" | sed 's/\\:/:/g')"
conf=()
while IFS= read -r setting; do conf+=("--spark-conf=$setting"); done < <("$root/scripts/spark-storage.sh" spark-conf "$storage")
s3_written() { { find "$storage/s3/blobs/loomy/killed" -type f ! -name '.*' 2>/dev/null || true; } | wc -l; }
killed_run s3a://loomy/killed s3_written "${conf[@]}"
"$root/scripts/spark-storage.sh" get "$storage" s3a://loomy/killed "$scratch/from-s3"
same_as_local "$scratch/from-s3"
hdfs_written() { { find "$storage/hdfs/data" -name 'blk_*' ! -name '*.meta' 2>/dev/null || true; } | wc -l; }
killed_run "$hdfs/killed" hdfs_written
"$root/scripts/spark-storage.sh" get "$storage" "$hdfs/killed" "$scratch/from-hdfs"
same_as_local "$scratch/from-hdfs"
storage_pids="$(cat "$storage/storage.pid") $(sed -n 's/^loomy\.s3proxy\.pid=//p' "$props")"
"$root/scripts/spark-storage.sh" stop "$storage"
for pid in $storage_pids; do
    ! kill -0 "$pid" 2>/dev/null || fail "process $pid of the storage still runs after stop"
done

"$root/run.sh" spark-cluster stop
for pid in $pids; do
    if kill -0 "$pid" 2>/dev/null && tr '\0' ' ' < "/proc/$pid/cmdline" | grep -q 'org.apache.spark.deploy'; then
        fail "process $pid of the cluster still runs after stop"
    fi
done
sleep 1
[[ -z "$(executors)" ]] || fail "executors still run after stop: $(executors | tr '\n' ' ')"
[[ ! -f "$cluster/state" ]] || fail "the state file is still there after stop"
say "passed: stop left no master, worker or executor running"
echo "3 passed, 0 failed"
