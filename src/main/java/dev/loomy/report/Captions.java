package dev.loomy.report;

import java.util.ArrayList;
import java.util.DoubleSummaryStatistics;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import dev.loomy.contention.Contention;
import dev.loomy.profile.Profile;
import dev.loomy.results.Column;
import dev.loomy.results.MachineInfo;
import dev.loomy.results.Measurement;
import dev.loomy.results.Numbers;
import dev.loomy.results.OptionsUsed;
import dev.loomy.results.Outcome;
import dev.loomy.results.Results;
import dev.loomy.results.RunOrder;
import dev.loomy.results.Schema;
import dev.loomy.results.Summary;
import dev.loomy.stats.AutoRepeat;
import dev.loomy.stats.Sample;


/** The sentences every human format prints once: what was measured, and on what. */
public final class Captions {

    private Captions() {
    }

    /** E.g. "Time: wall time of one whole run over all 48 images, median of 3 runs after 1 warm-up (min-max over the 3); ..." */
    static String method(Results results) {
        int runs = results.runs();
        return "Time: wall time of one whole run over all " + results.images() + " images, "
                + medianOf(results) + (runs > 1 ? " (min-max over the " + runs + ")" : "") + "; "
                + ("spark".equals(results.options().where().engine())
                        ? "measured on Spark (master " + results.options().where().master() + "), in its executors."
                        : results.forked() ? "each strategy and filter" + (Schema.scanned(results).isEmpty() ? ""
                        : " at each scanned value") + " measured in its own JVM."
                        : results.measurements().size() > 1 ? "all measured in one JVM, one after the other."
                        : "measured in loomy's own JVM.");
    }

    /** E.g. "Machine: 2 cores, 23.4 GiB, Intel(R) Xeon(R) ..., Linux 6.1 (amd64), Eclipse Adoptium 25; parallelism 2, cv-threads 1." */
    static String machine(Results results) {
        MachineInfo m = results.machine();
        StringBuilder line = new StringBuilder("Machine: ").append(m.cores()).append(m.cores() == 1 ? " core" : " cores");
        if (m.memoryBytes() > 0) {
            line.append(", ").append(String.format(Locale.ROOT, "%.1f GiB", m.memoryBytes() / (1024.0 * 1024 * 1024)));
        }
        line.append(", ").append(m.cpu()).append(", ").append(m.os()).append(", ").append(m.jdk());
        OptionsUsed o = results.options();
        OptionsUsed.Execution e = o.execution();
        line.append("; parallelism ").append(e.parallelism()).append(", cv-threads ").append(e.cvThreads());
        String latency = e.ioLatency();
        if (latency != null && !"0".equals(latency)) {
            line.append(", io-latency ").append(latency);
        }
        String codecs = results.measurements().stream().map(Measurement::jpegCodec).filter(Objects::nonNull)
                .distinct().collect(Collectors.joining(" and "));
        if (!codecs.isEmpty()) {
            line.append(", JPEG codec ").append(codecs);
        }
        if (o.output().noWrite()) {
            line.append(", nothing written");
        }
        if (e.reproducible()) {
            line.append(", reproducible (OpenCV's baseline code: the same bytes on every x86-64 CPU)");
        }
        return line.append('.').toString();
    }

    /**
     * "median of 3 runs after 1 warm-up", "median of 1 run, no warm-up"; "no run counted:
     * interrupted first" when an interrupt or a crash came before a counted run ended ("median
     * of 0 runs after 3 warm-ups" would claim the warm-ups).
     */
    static String medianOf(Results results) {
        int runs = results.runs();
        int warmups = results.warmups();
        if (runs == 0) {
            return "no run counted: " + (results.interrupted() ? "interrupted" : "stopped") + " first";
        }
        return "median of " + runs + (runs == 1 ? " run" : " runs")
                + (warmups == 0 ? ", no warm-up" : " after " + warmups + " warm-up" + (warmups == 1 ? "" : "s"));
    }

    /**
     * Lines about the statistics' worth, the baseline and the profilers: fewer than 3 runs, the
     * baseline compared with (and whether it comes from another machine, JDK or engine), what was profiled.
     */
    static List<String> rigor(Results results) {
        List<String> lines = new ArrayList<>();
        List<Summary> summaries = results.summaries();
        // --engine=spark refuses --repeat=auto: each of its runs is a whole Spark job.
        boolean spark = results.options() != null && "spark".equals(results.options().where().engine());
        String more = "use --repeat=3 or more" + (spark ? "." : ", or --repeat=auto.");
        if (summaries.stream().anyMatch(s -> s.times().sample() != null && s.times().sample().n() < 3)) {
            boolean single = summaries.stream().anyMatch(s -> s.times().sample() != null && s.times().sample().n() == 1);
            lines.add("Fewer than 3 counted runs: the confidence interval says little"
                    + (single ? "; a single run gives none, no speed-up error and no test of whether rows differ, "
                    + "since one run says nothing of the spread" : "") + "; " + more);
        }
        String stoppedShort = autoRepeatShortfall(results);
        if (stoppedShort != null) {
            lines.add(stoppedShort);
        }
        if (results.baseline() != null) {
            lines.add("Compared with " + results.baseline().source() + ": a row is regressed or improved only when "
                    + "Welch's t-test at 5% tells the two mean times apart, outlying runs left out.");
            lines.addAll(results.baselineDifferences().stream()
                    .map(d -> "Warning: " + d + ".").toList());
        }
        TreeSet<String> kinds = new TreeSet<>();
        for (Profile p : results.measurements().stream().map(Measurement::profile).filter(Objects::nonNull).toList()) {
            if (p.gcCount() >= 0) {
                kinds.add("gc");
            }
            if (p.pinnedEvents() >= 0) {
                kinds.add("pinning");
            }
            if (p.jfrFile() != null) {
                kinds.add("jfr");
            }
        }
        if (!kinds.isEmpty()) {
            lines.add("Profiled (" + String.join(", ", kinds) + ") over the counted runs, in the measuring JVM"
                    + (results.forked() ? " (each strategy and filter's own)" : "") + ".");
        }
        return lines;
    }

    /**
     * "--repeat=auto stopped short of ±3%: loop / NoOp: 30 runs (the most) left its interval at ±3.8% of the
     * mean.", or null when every row of an automatic count reached its precision, or the count was not automatic.
     * Under the table; on standard error for csv and json, which have only the runs column for it.
     */
    public static String autoRepeatShortfall(Results results) {
        if (results.options() == null || !"auto".equals(results.options().measuring().repeat())) {
            return null;
        }
        // An automatic count that hit its cap stops short of its precision: said, not hidden in the runs column.
        List<String> stopped = new ArrayList<>();
        for (Summary s : results.summaries()) {
            // Only a row that ran to its end stopped at the cap; an interrupt or a crash stopped it sooner.
            Outcome outcome = s.measurement().outcome();
            Sample runs = s.times().sample();
            String shortfall = runs == null || (outcome != Outcome.OK && outcome != Outcome.FAILED_IMAGES) ? null
                    : AutoRepeat.shortfall(runs);
            if (shortfall != null) {
                Measurement m = s.measurement();
                stopped.add(m.key().label() + ": " + shortfall);
            }
        }
        return stopped.isEmpty() ? null : String.format(Locale.ROOT, "--repeat=auto stopped short of ±%.0f%%: ",
                AutoRepeat.TARGET * 100) + String.join("; ", stopped) + ".";
    }

    /**
     * "virtual vs pool: no significant difference (...)": a line per row whose mean time per image
     * Welch's t-test at 5% cannot tell from its reference row's, so that no speed-up invites a
     * conclusion it cannot bear; none where every row differs, or a side has a single run.
     */
    static List<String> indistinct(Results results) {
        boolean severalFilters = results.measurements().stream().map(Measurement::filter).distinct().count() > 1;
        List<String> lines = new ArrayList<>();
        for (Summary s : results.summaries()) {
            Measurement m = s.measurement();
            Measurement reference = results.reference().of(results.measurements(), m);
            if (!Boolean.FALSE.equals(s.speed().differs()) || reference == null) {
                continue;
            }
            // "Cartoon2 (parallelism=4): virtual vs pool", the filter and point named only where they tell rows apart.
            String where = (severalFilters ? m.filter() + m.key().scanned() : m.key().scanned().strip());
            String pair = m.sameFilterAndPoint(reference)
                    ? (where.isEmpty() ? "" : where + ": ") + m.strategy() + " vs " + reference.strategy()
                    : m.key().label() + " vs " + reference.key().label();
            lines.add(pair + ": no significant difference (Welch's t-test at 5% on the time per image, outlying "
                    + "runs left out): the speed-up may be noise");
        }
        return lines;
    }

    /** "runs interleaved: 8 rounds, each in an order shuffled from seed 42", or "each row's runs in turn". */
    static String order(Results results) {
        RunOrder order = results.provenance().order();
        if (order.interleaved()) {
            return "runs interleaved: " + order.rounds().size() + (order.rounds().size() == 1 ? " round" : " rounds")
                    + ", each in an order shuffled from seed " + order.seed();
        }
        return "each row's runs in turn";
    }

    /**
     * What the load on the machine was while the rows ran, for a chart's subtitle: "load 0.9-1.4,
     * others took 0.3-0.8% of the CPUs", "contended" when a row was; "contention not measured"
     * where it was not.
     */
    static String load(Results results) {
        List<Contention> measured = results.summaries().stream().map(Summary::contention)
                .filter(Contention::anyMeasured).toList();
        if (measured.isEmpty()) {
            return "contention not measured";
        }
        DoubleSummaryStatistics load = measured.stream().flatMap(c -> Stream.of(c.loadBefore(),
                c.loadAfter())).filter(Objects::nonNull).mapToDouble(Double::doubleValue).summaryStatistics();
        DoubleSummaryStatistics others = measured.stream().map(Contention::otherCpuPct)
                .filter(OptionalDouble::isPresent).mapToDouble(OptionalDouble::getAsDouble).summaryStatistics();
        List<String> parts = new ArrayList<>();
        if (load.getCount() > 0) {
            parts.add("load " + range(load, 1, ""));
        }
        if (others.getCount() > 0) {
            parts.add("others took " + range(others, 1, "%") + " of the CPUs"
                    + (others.getMax() >= Summary.CONTENDED_PCT ? " (contended)" : ""));
        }
        return parts.isEmpty() ? "contention not measured" : String.join(", ", parts);
    }

    /**
     * Under the table: each row's contention, the contended rows named, or, once, why there is none
     * (a kernel without the files, the Spark engine).
     */
    static List<String> contention(Results results) {
        List<Summary> ran = results.summaries().stream().filter(s -> !s.measurement().runs().isEmpty()).toList();
        if (ran.isEmpty()) {
            return List.of();
        }
        if (results.options() != null && "spark".equals(results.options().where().engine())) {
            return List.of("Contention is not measured on Spark: other_cpu_pct, cpu_wait_pct and cpu_pressure_pct "
                    + "stay empty (the work runs on executors, whose machines loomy does not read).");
        }
        if (ran.stream().noneMatch(s -> s.contention().anyMeasured())) {
            return List.of("Contention could not be measured: this system gives none of /proc/stat, the threads' "
                    + "schedstat and /proc/pressure/cpu.");
        }
        List<String> lines = new ArrayList<>();
        lines.add("Contention, others' share of the CPUs / the measuring JVM's threads' time waiting for one: "
                + String.join(", ", ran.stream().map(s -> s.measurement().key().label() + " "
                + pct(s.contention().otherCpuPct()) + " / " + pct(s.contention().cpuWaitPct()) + judged(s)).toList()) + ".");
        List<String> contended = ran.stream().filter(s -> Boolean.TRUE.equals(s.contended()))
                .map(s -> s.measurement().key().label()).toList();
        if (!contended.isEmpty()) {
            lines.add("Contended: " + String.join(", ", contended) + ": other programs took "
                    + Numbers.fixed(Summary.CONTENDED_PCT, 0) + "% or more of the CPUs while "
                    + (contended.size() == 1 ? "it" : "they") + " ran, so the figures are not the strategies' alone.");
        }
        return lines;
    }

    /**
     * " (too short to judge)" beside a figure that is not judged contended or not, as the runs were too
     * short for the kernel's ticks: so that a large share with no verdict is never read as a quiet row.
     */
    private static String judged(Summary s) {
        return s.contended() == null && s.contention().otherCpuPct().isPresent()
                ? " (too short to judge: under " + Summary.CONTENDED_MIN_NANOS / 1_000_000_000 + " s of runs)" : "";
    }

    private static String pct(OptionalDouble pct) {
        return pct.isPresent() ? Numbers.fixed(pct.getAsDouble(), 1) + "%" : "n/a";
    }

    private static String range(DoubleSummaryStatistics stats, int digits, String unit) {
        String low = Numbers.fixed(stats.getMin(), digits);
        String high = Numbers.fixed(stats.getMax(), digits);
        return (low.equals(high) ? low : low + "-" + high) + unit;
    }

    /** What the columns shown beyond the article's mean, in one short paragraph. */
    static String legend(Results results, List<Column> shown) {
        Map<String, String> meaning = new LinkedHashMap<>();
        meaning.put("time", "Time: the median run's wall time");
        meaning.put("time_mean_ci", "Mean±CI: the mean ± half its 95% confidence interval");
        meaning.put("images_per_sec", "Avg: images / median time");
        meaning.put("ms_image", "ms/image: median time / images");
        meaning.put("speedup_shown", "Speed-up: the reference's median time per image / this row's, ± its propagated "
                + "standard deviation (reference: " + results.reference().label() + ")");
        meaning.put(Schema.CPU, "CPU: the measuring JVM's user and system CPU time per image");
        meaning.put(Schema.LATENCY, "p50/p95: an image's latency, submission to completion");
        meaning.put(Schema.THREADS, "Threads: peak platform threads of the measuring JVM");
        String rss = (results.rssUnwindowed() ? " (* since the JVM started: it could not be reset per run here)" : "");
        meaning.put(Schema.RSS, "RSS: its peak resident memory" + rss);
        meaning.put("rss_marked", "Peak RSS: the measuring JVM's peak resident memory" + rss);
        meaning.put(Schema.WARNINGS, "Warnings: images decoded from a damaged file and processed all the same");
        meaning.put("baseline_images_per_sec", "Baseline: the baseline's images/sec");
        meaning.put("change_shown", "Change: images/sec against the baseline's, in %, ± half the 95% interval of the "
                + "change in mean time per image, in % of the baseline's");
        meaning.put("change", "Verdict: a change beyond both runs' noise, or not");
        List<String> names = shown.stream().map(Column::name).toList();
        List<String> parts = meaning.entrySet().stream().filter(e -> names.contains(e.getKey()))
                .map(Map.Entry::getValue).toList();
        return String.join("; ", parts) + ".";
    }
}
