package dev.loomy.cli;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import dev.loomy.baseline.Baseline;
import dev.loomy.baseline.BaselineException;
import dev.loomy.baseline.BaselineStore;
import dev.loomy.baseline.RegressionLimit;
import dev.loomy.results.Verdict;
import dev.loomy.run.MeasureSettings;
import dev.loomy.results.Reference;
import dev.loomy.results.Summary;
import dev.loomy.profile.ProfileKind;
import dev.loomy.report.Captions;
import dev.loomy.report.ReportFiles;
import dev.loomy.results.Results;
import dev.loomy.run.RunConfig;
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

    /** The baselines opened, before any work: the one to compare with, where to save, the limit. */
    record Checked(Baseline baseline, Path saveTo, Double limitPct) {
    }

    /** {@code --reference}, checked against the strategies and filters measured. */
    Reference reference(List<String> strategies, List<String> filters) throws UsageError {
        try {
            Reference ref = reference == null ? Reference.DEFAULT : Reference.parse(reference);
            if (ref.strategy() != null && !strategies.contains(ref.strategy())) {
                throw new UsageError("--reference=" + reference + ": strategy " + ref.strategy() + " is not measured");
            }
            if (ref.filter() != null && filters.stream().noneMatch(f -> f.equalsIgnoreCase(ref.filter()))) {
                throw new UsageError("--reference=" + reference + ": filter " + ref.filter() + " is not measured");
            }
            return ref;
        } catch (IllegalArgumentException e) {
            throw new UsageError(e.getMessage());
        }
    }

    /** What is measured beyond the run count's number: whether it is automatic, and the profilers. */
    MeasureSettings settings(boolean autoRepeat, Path output) throws UsageError {
        try {
            Set<ProfileKind> profiles = ProfileKind.parse(profile);
            return new MeasureSettings(autoRepeat, profiles, profiles.contains(ProfileKind.JFR) ? output.resolve("jfr") : null);
        } catch (IllegalArgumentException e) {
            throw new UsageError(e.getMessage());
        }
    }

    /** The baseline options as given, once {@code --fail-on-regression} is known to have a baseline. */
    RunConfig.Baselines baselines() throws UsageError {
        if (failOnRegression != null && baseline == null) {
            throw new UsageError("--fail-on-regression needs --baseline: there is nothing to regress from");
        }
        return new RunConfig.Baselines(baseline, saveBaseline, failOnRegression);
    }

    /** Reads the baseline compared with and finds where one is saved: a problem with either is bad usage. */
    static Checked open(RunConfig.Baselines given) throws UsageError {
        try {
            Double limit = given.failOnRegression() == null ? null : RegressionLimit.parse(given.failOnRegression());
            BaselineStore store = BaselineStore.fromEnvironment();
            Baseline base = given.compareWith() == null ? null : Baseline.read(store.forReading(given.compareWith()));
            Path saveTo = given.saveAs() == null ? null : store.forSaving(given.saveAs());
            return new Checked(base, saveTo, limit);
        } catch (IllegalArgumentException | BaselineException e) {
            throw new UsageError(e.getMessage());
        }
    }

    /**
     * After the results are out: the machine warnings, the baseline saved, the regressions named.
     * Returns the exit status: {@code status}, or 4 for a regression beyond the limit (a crash or
     * an interrupt outranks it), or 2 when the baseline could not be saved.
     */
    static int finish(Checked checked, Results results, int status, boolean quiet, boolean human, PrintStream err) {
        if (checked.baseline() != null && !quiet) {
            results.baselineDifferences().forEach(d -> err.println("loomy: warning: " + d));
        }
        if (!human && !quiet) {
            // The table and markdown say these under the row or the table; csv and json have only a column for them.
            for (Summary s : results.summaries()) {
                if (s.time() != null && s.time().outliers() > 0) {
                    err.println("loomy: warning: " + s.measurement().key().label() + ": "
                            + s.time().outliers() + " of " + s.time().n() + " runs " + (s.time().outliers() == 1 ? "is a "
                            + "statistical outlier" : "are statistical outliers") + " (hyperfine's rule): something else "
                            + "may have run meanwhile");
                }
            }
            String stoppedShort = Captions.autoRepeatShortfall(results);
            if (stoppedShort != null) {
                err.println("loomy: note: " + stoppedShort);
            }
        }
        int result = status;
        if (checked.saveTo() != null && results.interrupted()) {
            // Partial figures would be compared with as whole ones, in place of a good baseline.
            err.println("loomy: not saved as baseline " + checked.saveTo() + ": the run was interrupted"
                    + (Files.exists(checked.saveTo()) ? "; the one there is kept" : ""));
        } else if (checked.saveTo() != null) {
            boolean replacing = Files.exists(checked.saveTo());
            if (ReportFiles.saveBaseline(results, checked.saveTo(), err)) {
                if (!quiet) {
                    err.println("loomy: saved the results as baseline " + checked.saveTo()
                            + (replacing ? ", replacing the one saved there before" : ""));
                }
            } else {
                result = Math.max(result, ExitCodes.USAGE);
            }
        }
        if (checked.limitPct() != null && (result == ExitCodes.OK || result == ExitCodes.FAILED_IMAGES)) {
            for (Summary s : results.summaries()) {
                // A check that cannot fire must say so: a CI job would take its silence for a pass.
                String label = s.measurement().key().label();
                if (s.comparison() == null) {
                    err.println("loomy: warning: " + label + ": not in the baseline, or no image done on one side: "
                            + "--fail-on-regression cannot judge it");
                } else if (s.comparison().verdict() == Verdict.UNKNOWN) {
                    err.println("loomy: warning: " + label + ": fewer than 2 runs on a side: --fail-on-regression "
                            + "cannot judge it; use --repeat=3 or more, here and for the baseline");
                }
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
