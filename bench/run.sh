#!/usr/bin/env bash
# loomy's benchmark: every strategy with every built-in filter on a reproducible set of photo-like
# images, loomy against a naive imread -> imwrite program (bench/naive) and ImageMagick's mogrify,
# start-up time, and what two cores can do at all.
# Writes a Markdown summary (with the targets met or not), loomy's own tables and charts into bench/results,
# and copies the summary's tables into README.md and docs/ (bench/tables.sh).
#
#   bench/run.sh               the full run (500 images, 1 warm-up and 3 counted runs per pair): about 15 minutes
#   bench/run.sh --quick       a smoke test of the whole script (40 images, one run each): about 2 minutes
#   bench/run.sh --help        the options
#   bench/run.sh peers [...]   loomy beside ImageMagick, GraphicsMagick and libvips (bench/peers.sh)
#
# Needs what run.sh needs (a JDK 21+, Maven), plus hyperfine and ImageMagick's mogrify for the
# comparisons (each part that lacks its tool says so and is left out). Run it on an idle machine:
# the summary records the load average before and after.
set -euo pipefail

if [[ "${1:-}" == peers ]]; then
    shift
    exec "$(dirname "${BASH_SOURCE[0]}")/peers.sh" "$@"
fi

source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

count=500
seed=7
repeat=3
warmup=1
mogrify_count=200
runs=5
jmh_args=()
data=""
results="$root/bench/results"
work="$root/target/bench"

usage() {
    cat <<EOF
Usage: bench/run.sh [OPTIONS]
  --count=N          images in the data set (default $count)
  --seed=S           the data set's seed (default $seed)
  --repeat=N         counted runs per strategy and filter (default $repeat)
  --warmup=N         warm-up runs per strategy and filter (default $warmup)
  --mogrify-count=N  images for the comparison with mogrify (default $mogrify_count)
  --runs=N           timed runs of each command in the comparisons (default $runs)
  --data=DIR         where the data set is (made if missing or different; default target/bench-data/...)
  --results=DIR      where the summary, tables and charts go (default bench/results)
  --quick            --count=40 --repeat=1 --warmup=0 --mogrify-count=20 --runs=2, short JMH runs
  -h, --help         this help
EOF
}

for arg in "$@"; do
    case "$arg" in
        --count=*) count="${arg#*=}" ;;
        --seed=*) seed="${arg#*=}" ;;
        --repeat=*) repeat="${arg#*=}" ;;
        --warmup=*) warmup="${arg#*=}" ;;
        --mogrify-count=*) mogrify_count="${arg#*=}" ;;
        --runs=*) runs="${arg#*=}" ;;
        --data=*) data="${arg#*=}" ;;
        --results=*) results="${arg#*=}" ;;
        --quick) count=40 repeat=1 warmup=0 mogrify_count=20 runs=2 jmh_args=(-wi 1 -i 2 -w 1 -r 1) ;;
        -h | --help) usage; exit 0 ;;
        *) echo "bench: unknown option $arg" >&2; usage >&2; exit 2 ;;
    esac
done
for n in "$count" "$repeat" "$mogrify_count" "$runs"; do
    [[ "$n" =~ ^[1-9][0-9]*$ ]] || { echo "bench: counts must be whole numbers above 0, not '$n'" >&2; exit 2; }
done
[[ "$warmup" =~ ^[0-9]+$ ]] || { echo "bench: --warmup must be a whole number, not '$warmup'" >&2; exit 2; }
(( mogrify_count <= count )) || mogrify_count="$count"
data="${data:-$root/target/bench-data/photos-$count-seed$seed}"

say() { printf 'bench: %s\n' "$*" >&2; }
trap 'say "stopped: line $LINENO failed: $BASH_COMMAND"' ERR
have() { command -v "$1" >/dev/null 2>&1; }
missing=()
have hyperfine || missing+=("hyperfine (apt-get install hyperfine): the comparison with mogrify and the start-up time are left out")
have mogrify || missing+=("mogrify (apt-get install imagemagick): the comparison with ImageMagick is left out")
for line in "${missing[@]+"${missing[@]}"}"; do say "missing $line"; done

mkdir -p "$results" "$work"
load_before="$(bench_load)"

# --- Build (not timed), then the data set, made again only when it is not the one asked for. ---
say "building loomy if needed ..."
"$loomy" --version >/dev/null
stamp="count=$count seed=$seed"
if [[ "$(cat "$data/.bench-stamp" 2>/dev/null)" != "$stamp" ]]; then
    say "writing the data set: $count images, seed $seed, into $data ..."
    rm -rf "$data"
    "$loomy" samples --quiet --count="$count" --seed="$seed" "$data"
    echo "$stamp" >"$data/.bench-stamp"
fi
jpegs="$(find "$data" -maxdepth 1 -name '*.jpg' | wc -l)"
pngs="$(find "$data" -maxdepth 1 -name '*.png' | wc -l)"
data_mib="$(du -sm "$data" | cut -f1)"

# --- Every strategy with every filter, writing every image; then the same on one thread without writing. ---
out="$work/out"
rm -rf "$out"
say "measuring every strategy and filter ($repeat run(s) after $warmup warm-up(s) each, one JVM each) ..."
"$loomy" --strategy=all --filter=NoOp,Cartoon2,ALTMRetinex --repeat="$repeat" --warmup="$warmup" \
    -o "$out" --format=csv --quiet --report="$results/loomy-table.md" \
    --chart="$results/throughput.png" --timeline="$results/timeline.png" "$data" >"$results/loomy.csv"
rm -rf "$out"
say "measuring loop without writing (decode and filter only) ..."
"$loomy" --strategy=loop --filter=NoOp,Cartoon2,ALTMRetinex --repeat="$repeat" --warmup="$warmup" \
    --no-write --format=csv --quiet "$data" >"$results/loomy-no-write.csv"

# --- The naive reference: a bare imread -> imwrite over the same images, in a loop and with one virtual
# thread per image (bench/naive/NaiveCodec.java, built here, not part of loomy's jar; OpenCV from loomy's
# jar). Its warm-ups and runs as loomy's, in one JVM per mode; what loomy takes beyond it is its overhead. ---
say "measuring the naive reference (imread -> imwrite, loop and virtual) ..."
naive_java="$("$root/bench/naive/build.sh" "$work/naive-classes")"
for mode in loop virtual; do
    rm -rf "$work/naive-out"
    "$naive_java/java" --enable-native-access=ALL-UNNAMED -cp "$root/target/loomy.jar:$work/naive-classes" NaiveCodec \
        "$mode" "$data" "$work/naive-out" "$warmup" "$repeat"
done >"$results/naive.csv"
rm -rf "$work/naive-out"
# loomy's NoOp against the naive reference, per image: printed here and in the summary.
naive_rows=()
for s in loop virtual; do
    n_ms="$(awk -F, -v m="$s" '$1 == m { print $3 / $2 }' "$results/naive.csv")"
    l_ms="$(awk -F, -v s="$s" 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
        $col["strategy"] == s && $col["filter"] == "NoOp" { print $col["time_ms_median"] / $col["images"] }' "$results/loomy.csv")"
    row="$(awk -v s="$s" -v n="$n_ms" -v l="$l_ms" 'BEGIN { printf "| %s | %.2f | %.2f | %+.2f | %.2fx |", s, l, n, l - n, n / l }')"
    naive_rows+=("$row")
    say "NoOp, $s: loomy $(cut -d'|' -f3 <<<"$row" | xargs) ms/image, naive imread/imwrite $(cut -d'|' -f4 <<<"$row" | xargs) ms/image: overhead $(cut -d'|' -f5 <<<"$row" | xargs) ms/image, loomy at $(cut -d'|' -f6 <<<"$row" | xargs) the naive speed"
done

# --- What two cores can do at all: JMH on one thread, then two (pure computation, then the filters alone). ---
say "measuring what two cores can do (JMH) ..."
jmh_csv="$work/jmh"
mkdir -p "$jmh_csv"
for threads in 1 2; do
    "$loomy" jmh 'CoresBenchmark|FilterBenchmark' -p size=800x600 -p filter=Cartoon2,ALTMRetinex -bm thrpt -tu s \
        -t "$threads" "${jmh_args[@]+"${jmh_args[@]}"}" -rf csv -rff "$jmh_csv/t$threads.csv" >"$jmh_csv/t$threads.log" 2>&1 \
        || { cat "$jmh_csv/t$threads.log" >&2; say "JMH failed"; exit 1; }
done

# --- loomy against mogrify: NoOp over the same files, the whole process, fresh output folders. ---
mogrify_line=""
if have hyperfine && have mogrify; then
    say "comparing with mogrify on $mogrify_count images ($runs runs each) ..."
    subset="$work/mogrify-input"
    rm -rf "$subset"
    mkdir -p "$subset"
    mapfile -t images < <(find "$data" -maxdepth 1 -type f \( -name '*.jpg' -o -name '*.png' \) | sort)
    cp -t "$subset" "${images[@]:0:$mogrify_count}"
    hyperfine --style=none --warmup 1 --runs "$runs" --export-csv "$work/mogrify.csv" \
        --prepare "rm -rf '$work/mogrify-out' && mkdir -p '$work/mogrify-out'" -n mogrify \
        "mogrify -path '$work/mogrify-out' '$subset'/*" \
        --prepare "rm -rf '$work/loomy-out'" -n loomy \
        "'$loomy' --quiet --filter=NoOp -o '$work/loomy-out' '$subset'" >"$work/mogrify.log" 2>&1 \
        || { cat "$work/mogrify.log" >&2; say "the comparison with mogrify failed"; exit 1; }
    in_mib="$(du -sm "$subset" | cut -f1)"
    mogrify_mib="$(du -sm "$work/mogrify-out" | cut -f1)"
    loomy_mib="$(du -sm "$work/loomy-out" | cut -f1)"
    mogrify_line="$(identify -version 2>/dev/null | head -n 1 | sed 's/^Version: //; s/ https.*//')"
fi
startup_csv=""
if have hyperfine; then
    say "timing start-up (./run.sh --help) ..."
    startup_csv="$work/startup.csv"
    hyperfine --style=none --warmup 3 --runs $(( runs * 4 )) --export-csv "$startup_csv" -n help "'$loomy' --help" \
        >"$work/startup.log" 2>&1 || { cat "$work/startup.log" >&2; say "timing start-up failed"; exit 1; }
fi
load_after="$(bench_load)"

# --- The summary. ---
# A column of loomy's csv, found by name, for one strategy and filter.
cell() {
    awk -F, -v s="$2" -v f="$3" -v c="$4" 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
        $col["strategy"] == s && $col["filter"] == f { print $col[c] }' "$1"
}
# A JMH score by benchmark name (and filter parameter), from its csv.
jmh_score() {
    awk -F, -v b="$2" -v f="$3" 'NR > 1 { gsub(/"/, ""); if ($1 ~ b "$" && (f == "" || $8 == f)) print $5 }' "$1"
}
# A column of hyperfine's csv for one command.
hyper() {
    awk -F, -v n="$2" -v c="$3" 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next } $1 == n { print $col[c] }' "$1"
}
calc() { awk "BEGIN { printf \"$1\", $2 }"; }
verdict() { awk -v v="$1" -v g="$2" -v op="$3" 'BEGIN { ok = (op == ">=") ? v >= g : v <= g; print ok ? "met" : "**not met**" }'; }

csv="$results/loomy.csv"
strategies=(loop threads pool forkjoin virtual)
filters=(NoOp Cartoon2 ALTMRetinex)
machine="$(sed -n 's/^Machine: \(.*\); parallelism.*/\1/p' "$results/loomy-table.md" | head -n 1)"
cpu="$(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -n 1)"
per_core="$(lscpu 2>/dev/null | sed -n 's/^Thread(s) per core: *//p' | head -n 1)"
commit="$(bench_commit)"

summary="$results/README-results.md"
# The markers around each part that README.md and docs/ show (bench/tables.sh copies them there).
block() { echo "<!-- results:$1 -->"; open_block="$1"; }
block_end() { echo "<!-- /results:$open_block -->"; }
{
    echo "## Performance"
    echo
    echo "<!-- Written by bench/run.sh at loomy $commit; bench/tables.sh copies each results block into README.md and docs/. -->"
    echo
    block run-machine
    echo "Measured by \`bench/run.sh\` on $(date -u '+%Y-%m-%d %H:%M UTC')."
    echo "Machine: ${machine:-$(nproc) cores}; ${cpu:-unknown CPU}, ${per_core:-?} thread(s) per core."
    echo "Load average (1, 5, 15 minutes) before: $load_before; after: $load_after."
    echo
    echo "Data: $count photo-like images from \`loomy samples --count=$count --seed=$seed\` ($jpegs JPEG at quality 95,"
    echo "$pngs PNG; 612x612 to 1024x768; $data_mib MiB). Every image is read, filtered and written (JPEG at quality"
    echo "95, PNG lossless, as OpenCV writes them by default). Each strategy and filter runs in its own JVM:"
    echo "$warmup warm-up run(s), then the median of $repeat run(s). Two cores, so parallelism 2 and one OpenCV"
    echo "thread per filter call."
    block_end
    echo
    echo "### Images per second (speed-up over loop)"
    echo
    block run-throughput
    echo "| Strategy | NoOp | Cartoon2 | ALTMRetinex | Peak RSS, ALTMRetinex (MiB) |"
    echo "| --- | ---: | ---: | ---: | ---: |"
    for s in "${strategies[@]}"; do
        row="| $s"
        for f in "${filters[@]}"; do
            row="$row | $(calc '%.1f' "$(cell "$csv" "$s" "$f" images_per_sec)") ($(calc '%.2f' "$(cell "$csv" "$s" "$f" speedup_vs_loop)")x)"
        done
        echo "$row | $(cell "$csv" "$s" ALTMRetinex peak_rss_mib) |"
    done
    echo "| *the article, loop, 4 cores* | *40* | *18* | *3* | |"
    echo "| *the article, virtual threads, 4 cores* | *109* | *35* | *6* | |"
    block_end
    echo
    nw="$results/loomy-no-write.csv"
    block run-no-write
    echo "Without writing (\`--strategy=loop --no-write\`: read, decode and filter only), images/sec: NoOp"
    echo "$(calc '%.1f' "$(cell "$nw" loop NoOp images_per_sec)"), Cartoon2 $(calc '%.1f' "$(cell "$nw" loop Cartoon2 images_per_sec)"),"
    echo "ALTMRetinex $(calc '%.1f' "$(cell "$nw" loop ALTMRetinex images_per_sec)")."
    block_end
    echo
    echo "![images per second](throughput.png)"
    echo "![completion times](timeline.png)"
    echo
    echo "### Overhead over a naive imread -> imwrite program (NoOp, every image written)"
    echo
    block run-naive
    echo "The naive reference is \`bench/naive/NaiveCodec.java\`: each image read with \`imread\` and written with"
    echo "\`imwrite\`, nothing else, timed the same way ($warmup warm-up(s), median of $repeat, one JVM per mode). A"
    echo "negative overhead means loomy is faster (its JPEG codec: $( [[ "${LOOMY_JPEG_CODEC:-}" == opencv ]] && echo "OpenCV's, as asked" || echo "libturbojpeg where it loads" ))."
    echo
    echo "| Strategy | loomy (ms/image) | naive (ms/image) | loomy's overhead (ms/image) | loomy's speed / naive |"
    echo "| --- | ---: | ---: | ---: | ---: |"
    printf '%s\n' "${naive_rows[@]}"
    block_end
    echo
    echo "### Targets"
    echo
    block run-targets
    echo "| Target | Goal | Measured | |"
    echo "| --- | --- | --- | --- |"
    cores1="$(jmh_score "$jmh_csv/t1.csv" CoresBenchmark.spin "")"
    cores2="$(jmh_score "$jmh_csv/t2.csv" CoresBenchmark.spin "")"
    cores="$(calc '%.2f' "$cores2 / $cores1")"
    for f in Cartoon2 ALTMRetinex; do
        loop_ips="$(cell "$csv" loop "$f" images_per_sec)"
        best="" best_ips=0
        for s in "${strategies[@]:1}"; do
            ips="$(cell "$csv" "$s" "$f" images_per_sec)"
            if awk -v a="$ips" -v b="$best_ips" 'BEGIN { exit !(a > b) }'; then best="$s" best_ips="$ips"; fi
        done
        ratio="$(calc '%.2f' "$best_ips / $loop_ips")"
        alone="$(calc '%.2f' "$(jmh_score "$jmh_csv/t2.csv" FilterBenchmark.apply "$f") / $(jmh_score "$jmh_csv/t1.csv" FilterBenchmark.apply "$f")")"
        echo "| Parallel efficiency, $f: best parallel strategy / loop | at least 1.80x | ${ratio}x ($best); the filter alone on 2 threads in JMH: ${alone}x | $(verdict "$ratio" 1.8 ">=") |"
    done
    echo "| What two cores can do: pure computation on 2 threads / 1 (JMH) | 2.00x on 2 real cores | ${cores}x | the limit |"
    noop_ms="$(cell "$csv" loop NoOp time_ms_median)"
    for f in Cartoon2:1.5 ALTMRetinex:2.0; do
        ratio="$(calc '%.2f' "$(cell "$csv" loop "${f%:*}" time_ms_median) / $noop_ms")"
        echo "| Filter cost over I/O: loop time with ${f%:*} / with NoOp | at most ${f#*:}x | ${ratio}x | $(verdict "$ratio" "${f#*:}" "<=") |"
    done
    if [[ -n "$mogrify_line" ]]; then
        m="$(hyper "$work/mogrify.csv" mogrify mean)"
        l="$(hyper "$work/mogrify.csv" loomy mean)"
        ratio="$(calc '%.2f' "$m / $l")"
        echo "| I/O: \`mogrify -path OUT *\` time / loomy NoOp time, $mogrify_count images, whole process | at least 2.5x | ${ratio}x ($(calc '%.2f' "$m") s against $(calc '%.2f' "$l") s) | $(verdict "$ratio" 2.5 ">=") |"
    else
        echo "| I/O: mogrify time / loomy NoOp time | at least 2.5x | not measured (hyperfine or mogrify missing) | |"
    fi
    if [[ -n "$startup_csv" ]]; then
        s="$(hyper "$startup_csv" help mean)"
        echo "| Start-up: \`./run.sh --help\`, built | at most 0.5 s | $(calc '%.3f' "$s") s | $(verdict "$s" 0.5 "<=") |"
    else
        echo "| Start-up: \`./run.sh --help\` | at most 0.5 s | not measured (hyperfine missing) | |"
    fi
    for pair in loop:NoOp:40 loop:Cartoon2:18 loop:ALTMRetinex:30 virtual:NoOp:109 virtual:Cartoon2:35 virtual:ALTMRetinex:60; do
        IFS=: read -r s f goal <<<"$pair"
        ips="$(calc '%.1f' "$(cell "$csv" "$s" "$f" images_per_sec)")"
        what="more than $goal"
        [[ "$f" == ALTMRetinex ]] && what="more than $goal (10 x the article's $(( goal / 10 )))"
        echo "| Beat the article: $s, $f (images/sec) | $what | $ips | $(awk -v v="$ips" -v g="$goal" 'BEGIN { print (v > g ? "met" : "**not met**") }') |"
    done
    block_end
    echo
    block run-mogrify
    if [[ -n "$mogrify_line" ]]; then
        echo "mogrify: $mogrify_line, run as \`mogrify -path OUT *\` (the same format out as in, its default"
        echo "settings: JPEG at the input's quality, 95). loomy: \`./run.sh --filter=NoOp -o OUT DIR\` (its default"
        echo "strategy, virtual threads). Output on disk: input $in_mib MiB, mogrify's $mogrify_mib MiB, loomy's $loomy_mib MiB."
    else
        echo "mogrify: not measured (hyperfine or mogrify missing)."
    fi
    block_end
    echo
    echo "Reproduce: \`bench/run.sh\` (about 15 minutes; \`bench/run.sh --help\` for the options). loomy's own"
    echo "tables are in \`loomy-table.md\` and \`loomy.csv\` beside this file."
} >"$summary"
say "wrote $summary (and loomy-table.md, loomy.csv, loomy-no-write.csv, throughput.png, timeline.png)"
cat "$summary"
# The repository's own results go on into its README and docs; results written elsewhere stay there.
if [[ "$results" -ef "$root/bench/results" ]]; then
    "$root/bench/tables.sh"
fi
