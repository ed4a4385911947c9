#!/usr/bin/env bash
# How long `loomy tune` takes to show a preview after a change: Cartoon2 on a 612x612 JPEG, over
# loopback, each request timed by curl from its start to its last byte (the PNG's decode and paint in
# the browser not included: a few ms; the page shows its own figure beside the filter's time).
#
#   single: one change at a time, COUNT previews of different red values, one after the other.
#   drag:   a slider moved fast: 10 requests of one page 20 ms apart (as the page numbers them), DRAGS
#           times; the figure is the last request's, from its start: what the user waits for once the
#           hand stops. The older ones are superseded (409) or answered before the next comes.
#
#   bench/tune-latency.sh [COUNT] [DRAGS]    default 60 and 15: about a minute
#
# Writes bench/results/tune-latency.csv (mode, ms, status, filter_ms) and prints the median, the 90th
# percentile and the extremes of each mode, with the load average before and after.
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
count="${1:-60}"
drags="${2:-15}"
csv="$root/bench/results/tune-latency.csv"
bench_scratch bench_stop_tune

bench_tune 3 612x612
address="$tune_address"
[[ "$address" == http://127.0.0.1:*"/?token="* ]] || { echo "bench: tune printed no address" >&2; exit 1; }
# Every request carries the run's token, as the page's do.
token="${address##*\?token=}"
address="${address%%\?*}"

# One preview: prints "ms status filter_ms".
preview() {
    local red="$1"; shift
    curl -s -o /dev/null -D "$scratch/h.$red.$$" -w '%{time_total} %{http_code}\n' -H "X-Loomy-Token: $token" "$@" \
        "${address}api/preview?image=1&filter=Cartoon2&red=$red" > "$scratch/t.$red.$$"
    local filter_ms
    filter_ms="$(sed -n 's/^[Ss]erver-[Tt]iming: filter;dur=\([0-9.]*\).*/\1/p' "$scratch/h.$red.$$")"
    awk -v f="${filter_ms:-}" '{ printf "%.1f %s %s\n", $1 * 1000, $2, f }' "$scratch/t.$red.$$"
}

echo "load before: $(bench_load)"
echo "mode,ms,status,filter_ms" > "$csv"
for red in $(seq 200 209); do preview "$red" >/dev/null; done   # warm-up: the JIT, OpenCV's first calls
for i in $(seq 1 "$count"); do
    preview $(( (i % 200) + 2 )) | awk '{ print "single," $1 "," $2 "," $3 }' >> "$csv"
done
for d in $(seq 1 "$drags"); do
    for s in $(seq 1 10); do
        red=$(( d * 10 + s ))
        if (( s < 10 )); then
            preview "$red" -H "X-Loomy-Client: drag$d" -H "X-Loomy-Sequence: $s" >/dev/null &
            sleep 0.02
        else
            preview "$red" -H "X-Loomy-Client: drag$d" -H "X-Loomy-Sequence: $s" \
                | awk '{ print "drag," $1 "," $2 "," $3 }' >> "$csv"
        fi
    done
    wait $(jobs -p | grep -v "^$tune_pid\$") 2>/dev/null || true
done
echo "load after: $(bench_load)"
echo "machine: $(nproc) cores, $(bench_cpu)"
for mode in single drag; do
    grep "^$mode," "$csv" | cut -d, -f2 | sort -n | awk -v mode="$mode" '
        { v[NR] = $1 } END {
          printf "%-6s n=%d  median %.1f ms  p90 %.1f ms  min %.1f ms  max %.1f ms\n", mode, NR,
            v[int((NR + 1) / 2)], v[int(NR * 0.9 + 0.5)], v[1], v[NR] }'
done
grep "^single," "$csv" | cut -d, -f4 | sort -n | awk '{ v[NR] = $1 } END {
    printf "Cartoon2 alone (Server-Timing), single: median %.1f ms  min %.1f ms  max %.1f ms\n",
      v[int((NR + 1) / 2)], v[1], v[NR] }'
