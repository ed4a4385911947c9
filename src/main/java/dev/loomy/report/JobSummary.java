package dev.loomy.report;

import java.io.PrintStream;
import java.util.Locale;

import dev.loomy.results.Measurement;
import dev.loomy.results.Outcome;
import dev.loomy.results.Results;
import dev.loomy.results.RunRecord;

/**
 * What a job (one strategy, each filter run once) prints in place of a benchmark table: one line,
 * {@code 1,204 images -> out/ in 12.4 s, 97.1 images/sec, 0 failed, 2 warnings}; with several
 * filters, a line per filter, named, each with its own folder ({@code Gray: 1,204 images ->
 * out/Gray/virtual/ in ...}). Failures and warnings have been named on standard error as they came.
 */
public final class JobSummary implements ResultFormat {

    private final boolean perFilter;

    /** A job of one filter. */
    public JobSummary() {
        this(false);
    }

    /** @param perFilter whether the job had several filters, each with a folder of its own: a line names each */
    public JobSummary(boolean perFilter) {
        this.perFilter = perFilter;
    }

    @Override
    public void write(Results results, PrintStream out) {
        if (results.measurements().isEmpty()) {
            out.println("no image done: interrupted first");
        }
        for (Measurement m : results.measurements()) {
            out.println(perFilter ? m.filter() + ": " + line(results, m, m.filter() + "/" + m.strategy() + "/")
                    : line(results, m, ""));
        }
    }

    static String line(Results results) {
        return results.measurements().isEmpty() ? "no image done: interrupted first"
                : line(results, results.measurements().get(0), "");
    }

    /** @param folder where {@code m}'s outputs went below the output folder: "" or {@code FILTER/STRATEGY/} */
    private static String line(Results results, Measurement m, String folder) {
        RunRecord run = m.runs().isEmpty() ? null : m.runs().get(0);
        if (run == null) {
            return "no image done: " + m.outcome().label() + (m.note() == null ? "" : " " + m.note());
        }
        int finished = m.imagesFinished();
        String images = (finished < m.images() ? count(finished) + " of " + count(m.images()) : count(m.images()))
                + (m.images() == 1 ? " image" : " images");
        String where = results.options() == null || results.options().output().noWrite()
                ? " filtered, nothing written," : " -> " + results.options().output().output() + "/" + folder;
        double seconds = run.wallNanos() / 1e9;
        String rate = finished > m.failed() ? String.format(Locale.ROOT, ", %.1f images/sec", finished / seconds) : "";
        // A failure that stopped the run (--fail-fast) says so, and how many images never started.
        String end = m.outcome() == Outcome.OK ? "" : m.outcome() == Outcome.FAILED_IMAGES
                ? (m.note() == null ? "" : ", " + m.note()) : ", " + m.outcome().label();
        return images + where + String.format(Locale.ROOT, " in %.1f s", seconds) + rate + ", " + count(m.failed())
                + " failed, " + count(m.warnings()) + (m.warnings() == 1 ? " warning" : " warnings") + end;
    }

    /** 1,204: a count people read. */
    private static String count(long value) {
        return String.format(Locale.ROOT, "%,d", value);
    }
}
