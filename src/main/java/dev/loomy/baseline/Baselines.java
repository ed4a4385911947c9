package dev.loomy.baseline;

import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

import dev.loomy.console.Console;
import dev.loomy.imageio.OneWriter;
import dev.loomy.report.ReportFiles;
import dev.loomy.results.Results;
import dev.loomy.results.Summary;
import dev.loomy.results.Verdict;
import dev.loomy.run.ExitCodes;
import dev.loomy.run.RunConfig;

/**
 * A run's baselines, the step after its results: opened before the run (the one compared with
 * read, where one is saved found, the regression limit parsed), so that a problem with any is
 * found before any image is; then the results compared with it, saved as one, and a regression
 * beyond the limit made the exit status.
 *
 * @param compareWith {@code --baseline}, read; null without it
 * @param saveTo      where {@code --save-baseline} writes; null without it
 * @param limitPct    {@code --fail-on-regression}'s percentage; null without it
 */
public record Baselines(Baseline compareWith, Path saveTo, Double limitPct) {

    /**
     * Opens the baselines {@code given} names, under {@code $LOOMY_HOME}.
     *
     * @throws BaselineException        when the one compared with cannot be read, or one cannot be saved there
     * @throws IllegalArgumentException when the regression limit is not a percentage
     */
    public static Baselines open(RunConfig.Baselines given) throws BaselineException {
        Double limit = given.failOnRegression() == null ? null : RegressionLimit.parse(given.failOnRegression());
        BaselineStore store = BaselineStore.fromEnvironment();
        Baseline base = given.compareWith() == null ? null : Baseline.read(store.forReading(given.compareWith()));
        Path saveTo = given.saveAs() == null ? null : store.forSaving(given.saveAs());
        return new Baselines(base, saveTo, limit);
    }

    /** {@code results} compared with the baseline, or as they are without one. */
    public Results compare(Results results) {
        return compareWith == null ? results : compareWith.compare(results);
    }

    /**
     * Once the results are out: saves them as a baseline when asked, and judges each row against
     * the limit. Returns the exit status: {@code status}, or 4 for a regression beyond the limit (a
     * crash or an interrupt outranks it), or 2 when the baseline could not be saved.
     */
    public int finish(Results results, int status, OneWriter temps, Console console) {
        int result = saveTo == null || save(results, temps, console) ? status : Math.max(status, ExitCodes.USAGE);
        if (limitPct != null && (result == ExitCodes.OK || result == ExitCodes.FAILED_IMAGES)) {
            result = judge(results, console) ? ExitCodes.REGRESSION : result;
        }
        return result;
    }

    /** Whether the results were saved, or needed not be (an interrupted run's are not: said why). */
    private boolean save(Results results, OneWriter temps, Console console) {
        if (results.interrupted()) {
            // Partial figures would be compared with as whole ones, in place of a good baseline.
            console.error("not saved as baseline " + saveTo + ": the run was interrupted"
                    + (Files.exists(saveTo) ? "; the one there is kept" : ""));
            return true;
        }
        boolean replacing = Files.exists(saveTo);
        if (!ReportFiles.saveBaseline(results, saveTo, temps, console)) {
            return false;
        }
        console.info("saved the results as baseline " + saveTo + (replacing ? ", replacing the one saved there before" : ""));
        return true;
    }

    /** Whether a row regressed beyond the limit, each named; a row that cannot be judged is said, not passed in silence. */
    private boolean judge(Results results, Console console) {
        boolean regressed = false;
        for (Summary s : results.summaries()) {
            // A check that cannot fire must say so: a CI job would take its silence for a pass.
            String label = s.measurement().key().label();
            if (s.comparison() == null) {
                console.warning(label + ": not in the baseline, or no image done on one side: "
                        + "--fail-on-regression cannot judge it");
            } else if (s.comparison().verdict() == Verdict.UNKNOWN) {
                console.warning(label + ": fewer than 2 runs on a side: --fail-on-regression "
                        + "cannot judge it; use --repeat=3 or more, here and for the baseline");
            }
            if (s.comparison() != null && s.comparison().regressedBeyond(limitPct)) {
                console.error(s.comparison().key().label() + ": " + String.format(Locale.ROOT,
                        "%.1f%% fewer images/sec than the baseline, beyond the noise and the %s%% allowed",
                        -s.comparison().changePct(),
                        new BigDecimal(Double.toString(limitPct)).stripTrailingZeros().toPlainString()));
                regressed = true;
            }
        }
        return regressed;
    }
}
