package dev.loomy.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import dev.loomy.baseline.Baseline;
import dev.loomy.baseline.BaselineException;
import dev.loomy.baseline.BaselineStore;
import dev.loomy.baseline.RegressionLimit;
import dev.loomy.filter.Filter;
import dev.loomy.measure.MeasureSettings;
import dev.loomy.measure.Reference;
import dev.loomy.measure.Summary;
import dev.loomy.profile.ProfileKind;
import dev.loomy.report.ReportFiles;
import dev.loomy.report.Results;
import dev.loomy.strategy.Strategy;
import picocli.CommandLine.Option;

/** What makes figures comparable: the reference row, baselines, the regression limit, profilers. */
public final class RigorOptions {

    @Option(names = "--reference", paramLabel = "S[/F]",
            description = "the row that speedup is relative to: a strategy (its row of the same filter) or "
                    + "strategy/filter (default: loop when measured, else the first row's strategy)")
    String reference;

    @Option(names = "--save-baseline", paramLabel = "NAME",
            description = "keep these results (json) as NAME under $LOOMY_HOME/baselines (default ~/.loomy)")
    String saveBaseline;

    @Option(names = "--baseline", paramLabel = "NAME|FILE.json",
            description = "compare with saved results: baseline_images_per_sec, change_pct, and a line per row whose "
                    + "change is beyond both runs' noise")
    String baseline;

    @Option(names = "--fail-on-regression", paramLabel = "P%",
            description = "with --baseline: exit 4 when a row is slower by more than P%% and beyond the noise")
    String failOnRegression;

    @Option(names = "--profile", split = ",", paramLabel = "P",
            description = "gc (allocation per image, collections), pinning (JFR's virtual-thread pinned events), "
                    + "jfr (a JFR recording per strategy and filter, in OUTPUT/jfr); in the measuring JVM")
    List<String> profile = List.of();

    /** The options checked, before any work. */
    record Checked(Reference reference, Baseline baseline, Path saveTo, Double limitPct, Set<ProfileKind> profiles) {
    }

    /** Checks every option against the selection; a child (whose parent compares and saves) skips the baselines. */
    Checked check(List<Strategy> strategies, List<Filter> filters, boolean child) throws UsageError {
        try {
            Reference ref = reference == null ? Reference.DEFAULT : Reference.parse(reference);
            if (ref.strategy() != null && strategies.stream().noneMatch(s -> s.name().equals(ref.strategy()))) {
                throw new UsageError("--reference=" + reference + ": strategy " + ref.strategy() + " is not measured");
            }
            if (ref.filter() != null && filters.stream().noneMatch(f -> f.name().equalsIgnoreCase(ref.filter()))) {
                throw new UsageError("--reference=" + reference + ": filter " + ref.filter() + " is not measured");
            }
            Set<ProfileKind> profiles = ProfileKind.parse(profile);
            if (failOnRegression != null && baseline == null) {
                throw new UsageError("--fail-on-regression needs --baseline: there is nothing to regress from");
            }
            Double limit = failOnRegression == null ? null : RegressionLimit.parse(failOnRegression);
            if (child) {
                return new Checked(ref, null, null, limit, profiles);
            }
            BaselineStore store = BaselineStore.fromEnvironment();
            Baseline base = baseline == null ? null : Baseline.read(store.forReading(baseline));
            Path saveTo = saveBaseline == null ? null : store.forSaving(saveBaseline);
            return new Checked(ref, base, saveTo, limit, profiles);
        } catch (IllegalArgumentException | BaselineException e) {
            throw new UsageError(e.getMessage());
        }
    }

    static MeasureSettings settings(boolean autoRepeat, Checked checked, Path output) {
        return new MeasureSettings(autoRepeat, checked.profiles(),
                checked.profiles().contains(ProfileKind.JFR) ? output.resolve("jfr") : null);
    }

    /**
     * After the results are out: the machine warnings, the baseline saved, the regressions named.
     * Returns the exit status: {@code status}, or 4 for a regression beyond the limit (a crash or
     * an interrupt outranks it), or 2 when the baseline could not be saved.
     */
    static int finish(Checked checked, Results results, int status, boolean quiet, boolean human, PrintStream err) {
        if (checked.baseline() != null && !quiet) {
            checked.baseline().differences(results.machine()).forEach(d -> err.println("loomy: warning: " + d));
        }
        if (!human && !quiet) {
            // The table and markdown say it under the row; csv and json have only a column for it.
            for (Summary s : results.summaries()) {
                if (s.time() != null && s.time().outliers() > 0) {
                    err.println("loomy: warning: " + s.measurement().strategy() + " / " + s.measurement().filter() + ": "
                            + s.time().outliers() + " of " + s.time().n() + " runs " + (s.time().outliers() == 1 ? "is a "
                            + "statistical outlier" : "are statistical outliers") + " (hyperfine's rule): something else "
                            + "may have run meanwhile");
                }
            }
        }
        int result = status;
        if (checked.saveTo() != null) {
            if (ReportFiles.saveBaseline(results, checked.saveTo(), err)) {
                if (!quiet) {
                    err.println("loomy: saved the results as baseline " + checked.saveTo());
                }
            } else {
                result = Math.max(result, ExitCodes.USAGE);
            }
        }
        if (checked.limitPct() != null && (result == ExitCodes.OK || result == ExitCodes.FAILED_IMAGES)) {
            for (Summary s : results.summaries()) {
                if (s.comparison() != null && s.comparison().regressedBeyond(checked.limitPct())) {
                    err.println("loomy: " + s.comparison().key().label() + ": " + String.format(java.util.Locale.ROOT,
                            "%.1f%% fewer images/sec than the baseline, beyond the noise and the %s%% allowed",
                            -s.comparison().changePct(),
                            new java.math.BigDecimal(Double.toString(checked.limitPct())).stripTrailingZeros().toPlainString()));
                    result = ExitCodes.REGRESSION;
                }
            }
        }
        return result;
    }
}
