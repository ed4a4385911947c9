#!/usr/bin/env bash
# loomy beside the tools people already use to batch-convert images, on the same images and machine,
# whole process each (start-up included), each command repeated by hyperfine:
#   - reading and writing only: loomy NoOp against ImageMagick's `mogrify`, GraphicsMagick's
#     `gm mogrify` and libvips (`vips copy`, one process per image, under GNU parallel -j<cores>);
#   - loomy's filters against one another: NoOp, Cartoon2, ALTMRetinex;
#   - loomy NoOp against the script a Python user would write (bench/python/opencv_folder.py: OpenCV's
#     imread and imwrite at quality 95, in a thread pool of the cores), on 1, 200 and 2,000 images, wall
#     and CPU time (user + system). Its OpenCV comes from PyPI (opencv-python-headless), installed into
#     a virtual environment under target/ the first time; its version is recorded.
# Every ratio is a peer's median time over loomy NoOp's (or a filter's over NoOp's); the fastest and
# slowest run show the spread.
#
#   bench/peers.sh              200 images of 612x612, 5 timed runs per command after 1 warm-up
#   bench/run.sh peers          the same
#   bench/peers.sh --help       the options
#
# The peers are Debian packages: when one is missing and this runs as root, the script installs it
# with apt-get (hyperfine, imagemagick, graphicsmagick, libvips-tools, parallel) and says so; a peer
# that still cannot be found is left out with a line saying why. Run it on an idle machine: the
# summary records the load average before and after.
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

count=200
size=612x612
seed=7
runs=5
install=yes
python_only=no
python_counts="1 200 2000"
data=""
results="$root/bench/results"
work="$root/target/bench-peers"

usage() {
    cat <<EOF
Usage: bench/peers.sh [OPTIONS]   (or bench/run.sh peers [OPTIONS])
  --count=N       images in the data set (default $count)
  --size=WxH      their size (default $size)
  --seed=S        the data set's seed (default $seed)
  --runs=N        timed runs of each command, after one warm-up (default $runs)
  --data=DIR      where the data set is (made if missing or different; default target/bench-data/...)
  --results=DIR   where peers.md and the hyperfine exports go (default bench/results)
  --python-counts="1 200 2000"
                  the data sets (counts of images) loomy and the Python script are timed on (default "$python_counts")
  --no-install    do not apt-get missing peers nor pip the Python peer's OpenCV; leave them out
  --quick         --count=20 --runs=2: a smoke test of the script
  --python-only   time loomy against the Python script alone (no other peers, no filters)
  -h, --help      this help
EOF
}

for arg in "$@"; do
    case "$arg" in
        --count=*) count="${arg#*=}" ;;
        --size=*) size="${arg#*=}" ;;
        --seed=*) seed="${arg#*=}" ;;
        --runs=*) runs="${arg#*=}" ;;
        --data=*) data="${arg#*=}" ;;
        --results=*) results="${arg#*=}" ;;
        --python-counts=*) python_counts="${arg#*=}" ;;
        --no-install) install=no ;;
        --quick) count=20 runs=2 python_counts="1 20" ;;
        --python-only) python_only=yes ;;
        -h | --help) usage; exit 0 ;;
        *) echo "peers: unknown option $arg" >&2; usage >&2; exit 2 ;;
    esac
done
for n in "$count" "$runs" $python_counts; do
    [[ "$n" =~ ^[1-9][0-9]*$ ]] || { echo "peers: counts must be whole numbers above 0, not '$n'" >&2; exit 2; }
done
# hyperfine needs two runs for a standard deviation, and the ratios need one.
(( runs >= 2 )) || { echo "peers: --runs must be at least 2, for a standard deviation" >&2; exit 2; }
[[ "$size" =~ ^[1-9][0-9]*x[1-9][0-9]*$ ]] || { echo "peers: --size must be WxH, not '$size'" >&2; exit 2; }
data="${data:-$root/target/bench-data/photos-$count-$size-seed$seed}"

say() { printf 'peers: %s\n' "$*" >&2; }
trap 'say "stopped: line $LINENO failed: $BASH_COMMAND"' ERR
have() { command -v "$1" >/dev/null 2>&1; }

# --- The peers: installed from Debian packages where missing and possible. ---
declare -A package=([hyperfine]=hyperfine [mogrify]=imagemagick [gm]=graphicsmagick [vips]=libvips-tools [parallel]=parallel)
wanted=()
for tool in hyperfine mogrify gm vips parallel; do
    have "$tool" || wanted+=("${package[$tool]}")
done
if (( ${#wanted[@]} > 0 )); then
    if [[ "$install" == yes && "$(id -u)" == 0 ]] && have apt-get; then
        say "installing from Debian packages: ${wanted[*]} (apt-get install) ..."
        { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${wanted[@]}"; } \
            >"$root/target/peers-apt.log" 2>&1 || say "apt-get failed (see target/peers-apt.log); going on with what is there"
    else
        say "not installing ${wanted[*]} (needs root and apt-get, and no --no-install): those peers are left out"
    fi
fi
have hyperfine || { say "hyperfine is missing (apt-get install hyperfine): nothing can be timed"; exit 1; }
cores="$(nproc)"
peers=()
have mogrify && peers+=(mogrify) || say "left out: ImageMagick (no mogrify; apt-get install imagemagick)"
have gm && peers+=(gm) || say "left out: GraphicsMagick (no gm; apt-get install graphicsmagick)"
if have vips && have parallel; then
    peers+=(vips)
else
    say "left out: libvips (needs vips and GNU parallel; apt-get install libvips-tools parallel)"
fi

mkdir -p "$results" "$work"
load_before="$(bench_load)"

# --- Build (not timed), then the data set, made again only when it is not the one asked for. ---
say "building loomy if needed ..."
"$loomy" --version >/dev/null
stamp="count=$count size=$size seed=$seed"
if [[ "$(cat "$data/.bench-stamp" 2>/dev/null)" != "$stamp" ]]; then
    say "writing the data set: $count images of $size, seed $seed, into $data ..."
    rm -rf "$data"
    "$loomy" samples --quiet --count="$count" --size="$size" --seed="$seed" "$data"
    echo "$stamp" >"$data/.bench-stamp"
fi
jpegs="$(find "$data" -maxdepth 1 -name '*.jpg' | wc -l)"
pngs="$(find "$data" -maxdepth 1 -name '*.png' | wc -l)"
data_mib="$(du -sm "$data" | cut -f1)"

# Each command writes into a fresh folder, emptied before every run (not timed).
out="$work/out"
fresh="rm -rf '$out' && mkdir -p '$out'"
q() { printf "'%s'" "$1"; }
D="$(q "$data")" O="$(q "$out")"

# gm mogrify puts each output at the input's path under its output folder: hence relative names.
# JPEG written at quality 95 by every tool (the data set's own; mogrify keeps it, the others are told);
# PNG at each tool's default.
io=(--prepare "$fresh" -n "loomy NoOp" "$(q "$loomy") --quiet --filter=NoOp -o $O $D")
for peer in "${peers[@]+"${peers[@]}"}"; do
    case "$peer" in
        mogrify) io+=(--prepare "$fresh" -n "ImageMagick mogrify" "mogrify -path $O $D/*") ;;
        gm) io+=(--prepare "$fresh" -n "GraphicsMagick gm mogrify"
            "cd $D && gm mogrify -output-directory $O -quality 95 *.jpg && gm mogrify -output-directory $O *.png") ;;
        vips) io+=(--prepare "$fresh" -n "libvips vips copy (parallel -j$cores)"
            "parallel --will-cite -j$cores vips copy {} $O/'{/}[Q=95]' ::: $D/*.jpg && parallel --will-cite -j$cores vips copy {} $O/{/} ::: $D/*.png") ;;
    esac
done
if [[ "$python_only" == no ]]; then
say "timing reading and writing: loomy NoOp and ${#peers[@]} peer(s), $runs runs each ..."
hyperfine --style=none --warmup 1 --runs "$runs" --export-csv "$results/peers-io.csv" "${io[@]}" >"$work/io.log" 2>&1 \
    || { cat "$work/io.log" >&2; say "timing the peers failed"; exit 1; }

filters=()
for f in NoOp Cartoon2 ALTMRetinex; do
    filters+=(--prepare "$fresh" -n "loomy $f" "$(q "$loomy") --quiet --filter=$f -o $O $D")
done
say "timing loomy's filters against one another, $runs runs each ..."
hyperfine --style=none --warmup 1 --runs "$runs" --export-csv "$results/peers-filters.csv" "${filters[@]}" \
    >"$work/filters.log" 2>&1 || { cat "$work/filters.log" >&2; say "timing the filters failed"; exit 1; }
fi

# --- The Python peer: OpenCV from PyPI in a virtual environment, made once. ---
venv="$root/target/peers-python"
python_ok=no
if "$venv/bin/python" -c 'import cv2' 2>/dev/null; then
    python_ok=yes
elif [[ "$install" == yes ]] && have python3; then
    say "installing the Python peer's OpenCV (pip install opencv-python-headless) into $venv ..."
    if python3 -m venv "$venv" >"$work/pip.log" 2>&1 && "$venv/bin/pip" install -q opencv-python-headless >>"$work/pip.log" 2>&1; then
        python_ok=yes
    else
        say "left out: the Python script (python3 -m venv or pip failed; see $work/pip.log)"
    fi
else
    say "left out: the Python script (needs python3 with venv, and no --no-install)"
fi
python_runs=()
if [[ "$python_ok" == yes ]]; then
    opencv_version="$("$venv/bin/python" -c 'import cv2; print(cv2.__version__)')"
    python_version="$("$venv/bin/python" -c 'import platform; print(platform.python_version())')"
    script="$root/bench/python/opencv_folder.py"
    for n in $python_counts; do
        # Photos: the JPEGs of a larger sample set (two in three samples are JPEG), n of them.
        set_data="$root/target/bench-data/jpegs-$n-$size-seed$seed"
        if [[ "$(cat "$set_data/.bench-stamp" 2>/dev/null)" != "jpegs=$n size=$size seed=$seed" ]]; then
            rm -rf "$set_data" "$set_data.all"
            "$loomy" samples --quiet --count="$(( n * 3 / 2 + 2 ))" --size="$size" --seed="$seed" "$set_data.all"
            mkdir -p "$set_data"
            find "$set_data.all" -maxdepth 1 -name '*.jpg' | sort | head -n "$n" | xargs -r mv -t "$set_data"
            rm -rf "$set_data.all"
            echo "jpegs=$n size=$size seed=$seed" >"$set_data/.bench-stamp"
        fi
        S="$(q "$set_data")"
        say "timing loomy NoOp against the Python script on $n image(s), $runs runs each ..."
        hyperfine --style=none --warmup 1 --runs "$runs" --export-csv "$results/peers-python-$n.csv" \
            --prepare "$fresh" -n "loomy NoOp" "$(q "$loomy") --quiet --filter=NoOp -o $O $S" \
            --prepare "$fresh" -n "Python + OpenCV ($cores threads)" "$(q "$venv/bin/python") $(q "$script") $S $O" \
            >"$work/python-$n.log" 2>&1 || { cat "$work/python-$n.log" >&2; say "timing the Python peer failed"; exit 1; }
        python_runs+=("$n")
    done
fi
load_after="$(bench_load)"

# --- The summary: one Markdown table per comparison, ratios against the first command. ---
# hyperfine's csv: command,mean,stddev,median,user,system,min,max (seconds). The command names hold no comma.
table() {
    awk -F, -v n="$count" 'NR == 1 { next }
        { name[NR] = $1; median[NR] = $4; lo[NR] = $7; hi[NR] = $8; last = NR }
        END {
            print "| Command | Time (s), median (fastest-slowest) | Images/sec | Time / first row time |"
            print "| --- | ---: | ---: | ---: |"
            for (i = 2; i <= last; i++) {
                ratio = (i == 2) ? "1 (reference)" : sprintf("%.2f", median[i] / median[2])
                printf "| %s | %.3f (%.3f-%.3f) | %.1f | %s |\n", name[i], median[i], lo[i], hi[i], n / median[i], ratio
            }
        }' "$1"
}
version() { "$@" 2>/dev/null | head -n 1 || true; }
# One row per command of a hyperfine csv of two (loomy, then the Python script): the median wall with the
# fastest and slowest run, the mean CPU (hyperfine gives mean user and system times only), the ratio of the
# medians and of the CPU.
python_rows() {
    awk -F, -v n="$1" 'NR == 1 { next }
        { name[NR] = $1; median[NR] = $4; lo[NR] = $7; hi[NR] = $8; cpu[NR] = $5 + $6 }
        END {
            printf "| %s | loomy NoOp | %.3f (%.3f-%.3f) | %.3f | %.2f | %.2f |\n", n, median[2], lo[2], hi[2], cpu[2], median[2] / median[3], cpu[2] / cpu[3]
            printf "| %s | %s | %.3f (%.3f-%.3f) | %.3f | 1 | 1 |\n", n, name[3], median[3], lo[3], hi[3], cpu[3]
        }' "$2"
}
commit="$(bench_commit)"
cpu="$(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -n 1)"

# The Python peer's table, with its data and versions.
python_block() {
    if (( ${#python_runs[@]} > 0 )); then
        echo "loomy against the script a Python user would write (\`bench/python/opencv_folder.py\`: \`cv2.imread\`, then"
        echo "\`cv2.imwrite\` at JPEG quality 95, in a \`ThreadPoolExecutor\` of $cores threads), whole command, cold each time;"
        echo "CPU is user + system; the ratios are loomy's over the script's (above 1: loomy slower or costlier):"
        echo
        block peers-python
        echo "| Images | Command | Wall (s), median (fastest-slowest) | CPU (s), mean | Wall ratio, medians | CPU ratio |"
        echo "| ---: | --- | ---: | ---: | ---: | ---: |"
        for n in "${python_runs[@]}"; do
            python_rows "$n" "$results/peers-python-$n.csv"
        done
        echo
        echo "Python $python_version, OpenCV $opencv_version (opencv-python-headless from PyPI)."
        block_end
        echo
    fi
}
summary=""
# The markers around each part that README.md and docs/ show (bench/tables.sh copies them there).
block() { echo "<!-- results:$1 -->"; open_block="$1"; }
block_end() { echo "<!-- /results:$open_block -->"; }
if [[ "$python_only" == no ]]; then
summary="$results/peers.md"
{
    echo "### loomy and its peers, side by side"
    echo
    echo "<!-- Written by bench/peers.sh at loomy $commit; bench/tables.sh copies each results block into README.md and docs/. -->"
    echo
    block peers-machine
    echo "Measured by \`bench/peers.sh\` on $(date -u '+%Y-%m-%d %H:%M UTC'), on $cores cores"
    echo "(${cpu:-unknown CPU}); load average (1, 5, 15 minutes) before: $load_before; after: $load_after."
    echo "Data: $count images of $size from \`loomy samples --count=$count --size=$size --seed=$seed\` ($jpegs JPEG at"
    echo "quality 95, $pngs PNG; $data_mib MiB). Whole process each (JVM start-up included), into an empty folder;"
    echo "1 warm-up, then $runs timed runs by hyperfine, one command's after the other's. Ratios: a command's median"
    echo "time over the first row's (above 1: slower than the first row)."
    block_end
    echo
    echo "Reading and writing only:"
    echo
    block peers-io
    table "$results/peers-io.csv"
    block_end
    echo
    echo "loomy's filters (default strategy, virtual threads), against NoOp:"
    echo
    block peers-filters
    table "$results/peers-filters.csv"
    block_end
    echo
    block peers-commands
    echo "Commands: loomy \`./run.sh --quiet --filter=F -o OUT DIR\`; ImageMagick \`mogrify -path OUT DIR/*\` (keeps"
    echo "the input's JPEG quality); GraphicsMagick \`gm mogrify -output-directory OUT -quality 95\` on the JPEGs, then"
    echo "its defaults on the PNGs; libvips \`parallel -j$cores vips copy {} OUT/{/}[Q=95]\` on the JPEGs, then without"
    echo "options on the PNGs: one process per image. Versions:"
    [[ " ${peers[*]+"${peers[*]}"} " == *" mogrify "* ]] && echo "ImageMagick $(version mogrify -version | sed 's/^Version: ImageMagick //; s/ https.*//'),"
    [[ " ${peers[*]+"${peers[*]}"} " == *" gm "* ]] && echo "GraphicsMagick $(version gm -version | sed 's/^GraphicsMagick //; s/ http.*//'),"
    [[ " ${peers[*]+"${peers[*]}"} " == *" vips "* ]] && echo "$(version vips --version), GNU parallel $(version parallel --version | sed 's/^GNU parallel //'),"
    echo "hyperfine $(version hyperfine --version | sed 's/^hyperfine //')."
    echo
    echo "Reproduce: \`bench/run.sh peers --count=$count --size=$size --runs=$runs\`."
    block_end
} >"$summary"
fi
# The Python peer's figures in a file of their own, which --python-only writes alone.
if (( ${#python_runs[@]} > 0 )); then
    {
        echo "### loomy and a Python script with OpenCV, side by side"
        echo
        echo "<!-- Written by bench/peers.sh at loomy $commit; bench/tables.sh copies each results block into docs/. -->"
        echo
        block peers-python-machine
        echo "Measured by \`bench/peers.sh\` on $(date -u '+%Y-%m-%d %H:%M UTC'), on $cores cores"
        echo "(${cpu:-unknown CPU}); load average (1, 5, 15 minutes) before: $load_before; after: $load_after."
        echo "Photos: the JPEGs (quality 95) of \`loomy samples --size=$size --seed=$seed\`, $size each. Whole process each"
        echo "(start-up included), into an empty folder; 1 warm-up, then $runs timed runs by hyperfine."
        block_end
        echo
        python_block
    } >"$results/peers-python.md"
    summary="$summary $results/peers-python.md"
fi
say "wrote $summary (and the hyperfine exports beside)"
cat $summary
# The repository's own results go on into its README and docs; results written elsewhere stay there.
if [[ "$results" -ef "$root/bench/results" ]]; then
    "$root/bench/tables.sh"
fi
