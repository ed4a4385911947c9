#!/usr/bin/env bash
# The Spark engine on a loopback standalone cluster, with an executor lost mid-run:
#   ./run.sh spark-cluster start --workers=2; a run on its spark://127.0.0.1:PORT; one executor killed
#   with kill -9 while outputs are being written; the inputs are read through Hadoop's FileSystem (a
#   file: URI). The run must still exit 0 with every output identical to the local engine's (and no
#   temporary file left), the executors must carry the driver's run id for their temporary names, and
#   `spark-cluster stop` must leave no master, worker or executor of the cluster running. Run by
#   .ci/run after the unit tests.
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

"$root/run.sh" --engine=spark --master="$url" --partitions=8 --strategy=loop --filter="$filter" --format=csv \
    -o "$scratch/spark" "file://$scratch/in" > "$scratch/spark.csv" 2> "$scratch/spark.err" &
run=$!

# Once some outputs are written, one executor dies at once.
killed=""
for _ in $(seq 1 600); do
    # Before the run makes the output folder, find fails: none written yet.
    written="$(find "$scratch/spark" -type f ! -name '.*' 2>/dev/null | wc -l)" || written=0
    if (( written >= 10 )); then
        killed="$(executors)"
        killed="${killed%%$'\n'*}"
        if [[ -n "$killed" ]]; then
            # Its temporary names carry the driver's run id (run.sh execs the driver: its pid), so the driver sweeps them.
            tr '\0' ' ' < "/proc/$killed/cmdline" | grep -q -- "-Dloomy.run=$run " \
                || fail "executor $killed was not given the driver's run id ($run)"
            kill -9 "$killed"
        fi
        break
    fi
    kill -0 "$run" 2>/dev/null || break
    sleep 0.1
done
[[ -n "$killed" ]] || fail "no executor to kill while outputs were written ($written written)"
say "killed executor $killed after $written outputs"

status=0
wait "$run" || status=$?
(( status == 0 )) || { cat "$scratch/spark.err" >&2; fail "the Spark run exited $status, not 0"; }
grep -Eq ',spark(,|$)' "$scratch/spark.csv" || fail "no engine=spark row in $(cat "$scratch/spark.csv")"
left="$(find "$scratch/spark" -name '.*' | wc -l)"
(( left == 0 )) || fail "$left temporary file(s) left in the output"
count="$(find "$scratch/spark" -type f | wc -l)"
(( count == images )) || fail "$count outputs, not $images"
"$root/run.sh" diff "$scratch/local" "$scratch/spark" > "$scratch/diff.txt" \
    || { cat "$scratch/diff.txt" >&2; fail "Spark's outputs differ from the local engine's"; }
say "run exited 0 after the executor was lost: $count outputs, identical to the local engine's"

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
echo "1 passed, 0 failed"
