# What the bench scripts share; each sources it first: source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
# Sets root (the repository) and loomy (its run.sh, which builds the jar when the sources are newer).
# shellcheck shell=bash
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
loomy="$root/run.sh"

# The load average over 1, 5 and 15 minutes ("0.52 0.61 0.70"); bench_load1, the first alone.
bench_load() { cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown; }
bench_load1() { cut -d' ' -f1 /proc/loadavg; }
# The load average as uptime words it ("load average: 0.52, 0.61, 0.70").
bench_uptime_load() { uptime | sed 's/.*load average/load average/'; }
# The processor's model name; bench_machine: the cores, the processor and the kernel in one line.
bench_cpu() { sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1; }
bench_machine() { echo "$(nproc) cores, $(bench_cpu), $(uname -sr)"; }

# The commit measured: its short hash, and "(with uncommitted changes)" when the tracked files differ
# from it (bench/results aside).
bench_commit() {
    local commit
    commit="$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)"
    [[ -n "$(git -C "$root" status --porcelain --untracked-files=no -- . ':(exclude)bench/results' 2>/dev/null)" ]] \
        && commit="$commit (with uncommitted changes)"
    echo "$commit"
}

# A scratch folder, $scratch, removed at exit; COMMAND, when given, runs first (it stops what the
# script started in the background).
# shellcheck disable=SC2120 # COMMAND is optional
bench_scratch() {
    scratch="$(mktemp -d)"
    # shellcheck disable=SC2064 # COMMAND is fixed now; $scratch is read at exit
    trap "${1:+$1; }"'rm -rf "$scratch"' EXIT
}

# Makes DIR with `loomy samples --quiet OPTIONS DIR` unless it is there (photos kept between runs).
bench_samples() {
    local dir="$1"
    shift
    [[ -d "$dir" ]] || "$loomy" samples --quiet "$@" "$dir" >/dev/null
}

# Makes SET_DIR once: N tiny PNGs (8x8) in folders of 1000, by bench/million/TinyPngs.java run with
# $java_bin (bench/million/java21.sh); a .complete file marks a set made whole.
# shellcheck disable=SC2154 # java_bin is set by java21.sh, sourced by the caller
bench_tiny_pngs() {
    local set_dir="$1" n="$2" folders=$(( ($2 + 999) / 1000 ))
    if [[ ! -f "$set_dir/.complete" ]]; then
        rm -rf "$set_dir"
        "$java_bin" "$root/bench/million/TinyPngs.java" "$set_dir" "$folders" $(( n / folders ))
        touch "$set_dir/.complete"
    fi
}

# From a report of `/usr/bin/time -v`: the peak resident set in KiB; the wall time in seconds.
bench_peak_rss_kb() { sed -n 's/.*Maximum resident set size (kbytes): //p' "$1"; }
bench_wall_s() {
    sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$1" \
        | awk -F: '{ s = 0; for (i = 1; i <= NF; i++) s = s * 60 + $i; print s }'
}

# Reads the options of a script that makes its data under a folder: --data=DIR, --keep, -h or --help,
# and after `--` loomy's options for every run (into extra). The script's own options go first to its
# function `option`, which returns 1 for one it does not take.
# shellcheck disable=SC2034 # keep and extra are the caller's
bench_options() {
    keep=false
    extra=()
    while [[ $# -gt 0 ]]; do
        if [[ "$1" == -- ]]; then
            shift
            extra=("$@")
            break
        fi
        option "$1" || bench_option "$1"
        shift
    done
}
# The options that scripts taking --data and --keep share: --data=DIR, --keep, -h or --help (the
# script's opening comment); any other is refused, exit 2.
# shellcheck disable=SC2034 # data and keep are the caller's
bench_option() {
    case "$1" in
        --data=*) data="${1#*=}" ;;
        --keep) keep=true ;;
        -h | --help) bench_help; exit 0 ;;
        *) echo "${0##*/}: unknown option $1" >&2; exit 2 ;;
    esac
}
# The script's opening comment, from its second line to `set -euo pipefail`: its help.
bench_help() { sed -n '2,/^set -euo pipefail$/{/^set -euo pipefail$/!p}' "$0"; }

# Starts `loomy tune -q` in the background ($tune_pid) on one photo of SIZE (the first JPEG of COUNT
# samples) in $scratch, and waits for the address it prints ($tune_address). With bench_scratch
# bench_stop_tune, tune is stopped at exit.
bench_tune() {
    local count="$1" size="$2"
    "$loomy" samples --quiet --count="$count" --size="$size" --seed=7 "$scratch/all"
    mkdir "$scratch/in"
    cp "$(find "$scratch/all" -name '*.jpg' | sort | head -n 1)" "$scratch/in/photo.jpg"
    "$loomy" tune -q "$scratch/in" >"$scratch/out" 2>"$scratch/err" &
    tune_pid=$!
    for _ in $(seq 1 600); do
        [[ -s "$scratch/out" ]] && break
        kill -0 "$tune_pid" 2>/dev/null || { cat "$scratch/err" >&2; exit 1; }
        sleep 0.1
    done
    # shellcheck disable=SC2034 # read by the caller
    tune_address="$(tail -n 1 "$scratch/out")"
}
# SIGTERM stops tune as Ctrl-C does (a background job of a script ignores SIGINT).
bench_stop_tune() {
    [[ -n "${tune_pid:-}" ]] && kill -TERM "$tune_pid" 2>/dev/null && wait "$tune_pid" 2>/dev/null
}
