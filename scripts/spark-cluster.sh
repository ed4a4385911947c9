#!/usr/bin/env bash
# A Spark standalone cluster on this machine, for trying loomy's Spark engine and for its tests:
#   scripts/spark-cluster.sh JARS_DIR start [--workers=N] [--cores=C] [--memory=M]
#   scripts/spark-cluster.sh JARS_DIR stop | status
# Called by `./run.sh spark-cluster ...`, which builds JARS_DIR (target/loomy-spark/jars) and sets JAVA_HOME
# and SPARK_JAVA_OPTS (what Spark needs opened on JDK 17+). No Spark download: the master and workers
# run from the jars the build already has, with plain `java -cp`, in a scratch SPARK_HOME. Everything
# listens on 127.0.0.1 only. `start` prints the master URL on its last line; the process ids go into a
# state file, and `stop` stops exactly those processes and nothing else.
set -euo pipefail

say() { printf 'spark-cluster: %s\n' "$*" >&2; }

jars="${1:?usage: spark-cluster.sh JARS_DIR start|stop|status}"
shift
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dir="$root/target/spark-cluster"
state="$dir/state"
java="${JAVA_HOME:?JAVA_HOME must name the Java to run Spark with}/bin/java"
# shellcheck disable=SC2206 # a list of JVM options, split on spaces on purpose
java_opts=(${SPARK_JAVA_OPTS:-})

# Whether pid $1 is alive and runs Spark class $2 from this cluster's SPARK_HOME: a pid reused by
# another process since `start` is never stopped.
ours() {
    local cmdline
    cmdline="$(tr '\0' ' ' < "/proc/$1/cmdline" 2>/dev/null)" || return 1
    [[ "$cmdline" == *"$2"* && "$cmdline" == *"-Dloomy.spark.home=$dir/home"* ]]
}

# Starts Spark class $1 with arguments ${@:2} in the background, its output in $dir/logs; prints its pid.
launch() {
    local class="$1" name
    shift
    name="${class##*.}-$(date +%s%N)"
    SPARK_HOME="$dir/home" SPARK_SCALA_VERSION=2.13 SPARK_LOCAL_IP=127.0.0.1 SPARK_LOG_DIR="$dir/logs" \
        setsid "$java" "${java_opts[@]}" -Xmx512m -Dloomy.spark.home="$dir/home" -Dspark.master.rest.enabled=false \
        -cp "$dir/home/jars/*" "$class" "$@" > "$dir/logs/$name.log" 2>&1 < /dev/null &
    printf '%s %s\n' "$!" "$dir/logs/$name.log"
}

# Waits up to $3 seconds until file $1 has a line matching $2 at least ${4:-1} times.
await() {
    local deadline=$(( SECONDS + $3 )) found
    while found="$(grep -c -- "$2" "$1" 2>/dev/null)"; (( ${found:-0} < ${4:-1} )); do
        (( SECONDS < deadline )) || return 1
        sleep 0.2
    done
}

stop() {
    [[ -f "$state" ]] || { say "not running (no $state)"; return 0; }
    local pids=() kind pid _
    while read -r kind pid _; do
        if ours "$pid" "deploy.${kind}"; then
            pids+=("$pid")
        fi
    done < "$state"
    if (( ${#pids[@]} > 0 )); then
        kill -TERM "${pids[@]}" 2>/dev/null || true
        local deadline=$(( SECONDS + 15 ))
        for pid in "${pids[@]}"; do
            while kill -0 "$pid" 2>/dev/null && (( SECONDS < deadline )); do sleep 0.2; done
            kill -0 "$pid" 2>/dev/null && kill -KILL "$pid" 2>/dev/null || true
        done
    fi
    rm -f "$state"
    say "stopped ${#pids[@]} process(es): ${pids[*]:-none left}"
}

status() {
    [[ -f "$state" ]] || { say "not running"; return 1; }
    local kind pid rest alive=0
    while read -r kind pid rest; do
        if ours "$pid" "deploy.${kind}"; then
            say "$kind $pid running${rest:+ ($rest)}"
            alive=$(( alive + 1 ))
        else
            say "$kind $pid not running"
        fi
    done < "$state"
    (( alive > 0 ))
}

start() {
    local workers=2 cores="" memory=1g arg
    for arg in "$@"; do
        case "$arg" in
            --workers=*) workers="${arg#*=}" ;;
            --cores=*) cores="${arg#*=}" ;;
            --memory=*) memory="${arg#*=}" ;;
            *) say "unknown option $arg (start takes --workers=N, --cores=C per worker, --memory=M per worker)"; exit 2 ;;
        esac
    done
    [[ "$workers" =~ ^[1-9][0-9]*$ ]] || { say "--workers must be a number, 1 or more, not $workers"; exit 2; }
    # By default the machine's cores shared among the workers, at least one each.
    [[ -n "$cores" ]] || cores=$(( $(nproc) / workers > 0 ? $(nproc) / workers : 1 ))
    [[ "$cores" =~ ^[1-9][0-9]*$ ]] || { say "--cores must be a number, 1 or more, not $cores"; exit 2; }
    if [[ -f "$state" ]] && status 2>/dev/null; then
        say "already running; ./run.sh spark-cluster stop first"
        sed -n 's/^master [0-9]* //p' "$state"
        return 0
    fi
    rm -rf "$dir"
    mkdir -p "$dir/home" "$dir/logs" "$dir/work"
    # What Spark's own scripts look for in a SPARK_HOME; the jars are the build's.
    printf 'Spark %s (loomy: from Maven Central jars)\n' \
        "$(find "$jars" -name 'spark-core_*.jar' -printf '%f\n' | sed 's/^spark-core_[^-]*-//; s/\.jar$//')" \
        > "$dir/home/RELEASE"
    ln -s "$jars" "$dir/home/jars"

    local master master_log url
    read -r master master_log < <(launch org.apache.spark.deploy.master.Master --host 127.0.0.1 --port 0 --webui-port 0)
    printf 'master %s\n' "$master" > "$state"
    if ! await "$master_log" 'Starting Spark master at spark://' 60; then
        say "the master did not start in 60 s; its log: $master_log"
        stop
        exit 1
    fi
    url="$(grep -o 'spark://127\.0\.0\.1:[0-9]*' "$master_log" | head -n 1)"
    printf 'master %s %s\n' "$master" "$url" > "$state"
    local i pid log
    for (( i = 1; i <= workers; i++ )); do
        mkdir -p "$dir/work/worker-$i"
        read -r pid log < <(launch org.apache.spark.deploy.worker.Worker --host 127.0.0.1 --port 0 --webui-port 0 \
            --cores "$cores" --memory "$memory" --work-dir "$dir/work/worker-$i" "$url")
        printf 'worker %s\n' "$pid" >> "$state"
    done
    if ! await "$master_log" 'Registering worker' 60 "$workers"; then
        say "not every worker registered in 60 s; logs in $dir/logs"
        stop
        exit 1
    fi
    say "master and $workers worker(s) of $cores core(s) and $memory each on 127.0.0.1; logs in $dir/logs"
    printf '%s\n' "$url"
}

case "${1:-}" in
    start) shift; start "$@" ;;
    stop) stop ;;
    status) status ;;
    *) say "usage: ./run.sh spark-cluster start [--workers=N] [--cores=C] [--memory=M] | stop | status"; exit 2 ;;
esac
