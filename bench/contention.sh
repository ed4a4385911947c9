#!/usr/bin/env bash
# What load arriving half-way through a comparison does to it, taken sequentially and interleaved:
# `-s loop,virtual -f Cartoon2 --repeat=8 --warmup=1 --no-write` over 40 photos, first on its own
# (quiet), then twice more with two busy loops started half-way through (as long as the quiet run
# took, halved): once with --order=sequential, once with the default, interleaved rounds. Repeated
# REPS times. Each run's rows go to bench/results/contention.csv (mode, rep, strategy, images/sec,
# other_cpu_pct, cpu_wait_pct, cpu_pressure_pct, contended, load before and after); a summary per
# mode (the virtual/loop ratio, each row's contention) to the terminal and bench/results/contention.md.
#
#   bench/contention.sh [REPS]    default 3: about 3 minutes on 2 quiet cores
#
# The quiet figures are only as quiet as the machine: it prints the load average with each run.
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
reps="${1:-3}"
input="$root/target/bench/p612-40"
csv="$root/bench/results/contention.csv"
md="$root/bench/results/contention.md"
busy=()

stop_busy() {
    for pid in "${busy[@]}"; do
        kill "$pid" 2>/dev/null || true
    done
    busy=()
}
bench_scratch stop_busy

bench_samples "$input" -n 40 --size=612x612 --seed=7
"$loomy" --version >/dev/null  # builds the jar when the sources are newer

# One comparison; with a delay, two busy loops start that many seconds in and stop when it ends.
compare() {
    local mode="$1" rep="$2" delay="$3" order="interleaved"
    [[ "$mode" == sequential* ]] && order="sequential"
    if [[ "$delay" != 0 ]]; then
        ( sleep "$delay"; exec bash -c 'while :; do :; done' ) & busy+=($!)
        ( sleep "$delay"; exec bash -c 'while :; do :; done' ) & busy+=($!)
    fi
    local load_before; load_before="$(bench_load1)"
    "$loomy" -s loop,virtual -f Cartoon2 --repeat=8 --warmup=1 --no-write --order="$order" --format=csv \
        "$input" 2>/dev/null >"$scratch/run.csv" || true
    stop_busy
    local load_after; load_after="$(bench_load1)"
    awk -F, -v mode="$mode" -v rep="$rep" -v before="$load_before" -v after="$load_after" '
        NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
        { printf "%s,%s,%s,%s,%s,%s,%s,%s,%s,%s\n", mode, rep, $col["strategy"], $col["images_per_sec"],
                 $col["other_cpu_pct"], $col["cpu_wait_pct"], $col["cpu_pressure_pct"], $col["contended"], before, after }
    ' "$scratch/run.csv" >>"$csv"
}

echo "mode,rep,strategy,images_per_sec,other_cpu_pct,cpu_wait_pct,cpu_pressure_pct,contended,load_before,load_after" >"$csv"
for ((rep = 1; rep <= reps; rep++)); do
    start=$(date +%s.%N)
    compare quiet "$rep" 0
    half=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.1f", (e - s) / 2 }')
    compare sequential-under-load "$rep" "$half"
    compare interleaved-under-load "$rep" "$half"
    echo "rep $rep done (half-way: ${half} s), load $(bench_load)" >&2
done

# Per mode: the virtual/loop ratio of each rep (min-max over the reps), each row's contention (means).
{
    echo "| mode | virtual/loop (each rep) | loop other_cpu_pct | virtual other_cpu_pct | loop cpu_wait_pct | virtual cpu_wait_pct | load (1 min) |"
    echo "| --- | --- | --- | --- | --- | --- | --- |"
    awk -F, 'NR > 1 {
            key = $1 SUBSEP $2; speed[key, $3] = $4; reps[$1] = reps[$1] " " $2
            other[$1, $3] += $5; wait[$1, $3] += $6; n[$1, $3]++
            if ($3 == "loop") load[$1] = load[$1] (load[$1] == "" ? "" : ", ") $9 "-" $10
            if (!($1 in seen)) { seen[$1] = 1; order[++modes] = $1 }
        }
        END {
            for (m = 1; m <= modes; m++) {
                mode = order[m]; ratios = ""
                split(reps[mode], rs, " ")
                for (r in rs) if (!((mode, rs[r]) in done)) {
                    done[mode, rs[r]] = 1
                    l = speed[mode SUBSEP rs[r], "loop"]; v = speed[mode SUBSEP rs[r], "virtual"]
                    ratios = ratios (ratios == "" ? "" : ", ") (l > 0 ? sprintf("%.2f", v / l) : "n/a")
                }
                printf "| %s | %s | %.1f | %.1f | %.1f | %.1f | %s |\n", mode, ratios,
                    other[mode, "loop"] / n[mode, "loop"], other[mode, "virtual"] / n[mode, "virtual"],
                    wait[mode, "loop"] / n[mode, "loop"], wait[mode, "virtual"] / n[mode, "virtual"], load[mode]
            }
        }' "$csv"
    echo
    echo "$(nproc) CPUs, $(bench_cpu); $(date -u +%Y-%m-%d)."
} | tee "$md"
