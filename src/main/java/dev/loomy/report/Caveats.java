package dev.loomy.report;

import dev.loomy.console.Console;
import dev.loomy.files.Names;
import dev.loomy.results.Format;
import dev.loomy.results.Numbers;
import dev.loomy.results.Results;
import dev.loomy.results.Summary;

/**
 * What the figures should be read with, said on standard error once the results are out: why
 * the baseline may not be comparable, and, for csv and json, which have only a column for them,
 * what the table and markdown say under their rows (outlying runs, an automatic count that
 * stopped short, rows that other programs contended).
 */
public final class Caveats {

    private Caveats() {
    }

    public static void say(Results results, Format format, Console console) {
        results.baselineDifferences().forEach(difference -> console.caveat(Names.shown(difference)));
        if (format.human()) {
            return;
        }
        for (Summary s : results.summaries()) {
            if (s.times().sample() != null && s.times().sample().outliers() > 0) {
                console.caveat(Names.shown(s.measurement().key().label()) + ": " + s.times().sample().outliers() + " of " + s.times().sample().n()
                        + " runs " + (s.times().sample().outliers() == 1 ? "is a statistical outlier" : "are statistical outliers")
                        + " (hyperfine's rule): something else may have run meanwhile");
            }
        }
        String contended = String.join(", ", results.summaries().stream().filter(s -> Boolean.TRUE.equals(s.contended()))
                .map(s -> Names.shown(s.measurement().key().label()) + " (" + Numbers.fixed(s.contention().otherCpuPct(), 1) + "%)")
                .toList());
        if (!contended.isEmpty()) {
            console.warning("contended: " + contended + ": other programs took " + Numbers.fixed(Summary.CONTENDED_PCT, 0)
                    + "% or more of the CPUs meanwhile (column contended, other_cpu_pct)");
        }
        String advice = RankingLines.advice(results);
        if (advice != null) {
            console.caveat(Names.shown(advice));
        }
        String stoppedShort = Captions.autoRepeatShortfall(results);
        if (stoppedShort != null) {
            console.note(Names.shown(stoppedShort));
        }
    }
}
