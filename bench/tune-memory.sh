#!/usr/bin/env bash
# Peak memory of `loomy tune` under requests that change parameters without end: a flood of previews
# of many clients at once, and a slider dragged over many values by one page. Over loopback
# (127.0.0.1) only, every request bounded in time. Tune runs as a user runs it (run.sh, its JVM
# options); the figure is the JVM's peak resident set (VmHWM in /proc/PID/status), read after each
# phase, and its resident set (VmRSS) at the end.
#
#   flood: FLOODS times, FLOOD previews of Cartoon2 with a different red each, 48 at once, each
#          request a client of its own (nothing superseded).
#   drag:  DRAG previews of one page, numbered as the page numbers them, one every 10 ms (the older
#          ones superseded), red and blue changing at every step; with PACE "slow", each sent once
#          the one before is answered (a slider moved slowly enough for every value to be shown).
#
#   bench/tune-memory.sh [FLOOD] [FLOODS] [DRAG] [SIZE] [PACE]    default 300 3 2100 3000x2000 fast
#
# The image is one sample photo of SIZE. Prints one line per phase: requests, answers by status,
# seconds, VmHWM and VmRSS in MiB.
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
flood="${1:-300}"
floods="${2:-3}"
drag="${3:-2100}"
size="${4:-3000x2000}"
pace="${5:-fast}"
bench_scratch bench_stop_tune

bench_tune 1 "$size"
address="$tune_address"
[[ "$address" == http://127.0.0.1:* ]] || { echo "bench: tune printed no address" >&2; exit 1; }
base="${address%%\?*}"
base="${base%/}"
token=""
[[ "$address" == *"?token="* ]] && token="${address##*\?token=}"
# The JVM: run.sh's child (through env and setpriv, which exec it), or run.sh itself when it execs.
java_pid="$(pgrep -P "$tune_pid" java || echo "$tune_pid")"
[[ "$(cat "/proc/$java_pid/comm")" == java ]] || { echo "bench: no JVM under $tune_pid" >&2; exit 1; }

since() { awk -v a="$1" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }'; }
mib() { awk -v k="$1:" '$1 == k { printf "%.0f", $2 / 1024 }' "/proc/$java_pid/status"; }
# What the page sends with every request: the token printed in its address, if any.
headers=()
[[ -n "$token" ]] && headers+=(-H "X-Loomy-Token: $token")
report() {
    local phase="$1" requests="$2" seconds="$3" statuses
    statuses="$(sort "$scratch/status" | uniq -c | awk '{ printf "%s%s x%s", (NR > 1 ? ", " : ""), $2, $1 }')"
    printf '%-8s requests %5d  answers %-26s %5.1f s  VmHWM %5s MiB  VmRSS %5s MiB\n' \
        "$phase" "$requests" "$statuses" "$seconds" "$(mib VmHWM)" "$(mib VmRSS)"
}

echo "load before: $(bench_load); $(nproc) cores; image $size"
: > "$scratch/status"
report start 0 0
for f in $(seq 1 "$floods"); do
    : > "$scratch/status"
    start=$EPOCHREALTIME
    seq 1 "$flood" | awk -v f="$f" -v base="$base" \
        '{ print base "/api/preview?image=1&filter=Cartoon2&red=" (($1 + f * 7) % 250 + 2) }' \
        | xargs -P 48 -n 1 curl -s -o /dev/null --max-time 300 -w '%{http_code}\n' "${headers[@]}" \
        >> "$scratch/status" || true
    report "flood$f" "$flood" "$(since "$start")"
done
: > "$scratch/status"
start=$EPOCHREALTIME
for i in $(seq 1 "$drag"); do
    curl -s -o /dev/null --max-time 120 -w '%{http_code}\n' "${headers[@]}" -H "X-Loomy-Client: drag" \
        -H "X-Loomy-Sequence: $i" "$base/api/preview?image=1&filter=Cartoon2&red=$(( i % 250 + 2 ))&blue=$(( i % 90 + 1 ))" \
        >> "$scratch/status" &
    [[ "$pace" == slow ]] && wait $!
    sleep 0.01
    # At most 64 requests of the drag open at once: the script's own processes stay bounded.
    while (( $(jobs -rp | wc -l) > 64 )); do sleep 0.01; done
done
# The drag's requests still open (a wait without any would wait for tune too).
open_requests="$(jobs -rp | grep -v "^$tune_pid\$" || true)"
[[ -z "$open_requests" ]] || wait $open_requests 2>/dev/null || true
report "drag-$pace" "$drag" "$(since "$start")"
echo "load after: $(bench_load)"
