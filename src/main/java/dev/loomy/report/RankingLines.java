package dev.loomy.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.DoubleSummaryStatistics;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;

import dev.loomy.results.Numbers;
import dev.loomy.results.Ranking;
import dev.loomy.results.Results;
import dev.loomy.results.Summary;
import dev.loomy.stats.AutoRepeat;
import dev.loomy.stats.Speedup;

/**
 * The ranking the human formats print after the tables, as hyperfine ends with its summary, and the one
 * line that says why a comparison gave no clear answer and what to do.
 */
final class RankingLines {

    /** One filter's (and point's) ranking: what it ranks, then a line per row, fastest first. */
    record Group(String label, List<String> rows) {
    }

    private RankingLines() {
    }

    /** The line that says what every ranking is made of; printed once before them. */
    static final String INTRO = "Ranking, fastest first, by the median images/sec (each against the fastest, "
            + "± the propagated standard deviation); \"cannot be told apart\": Welch's t-test at 5% on the time per "
            + "image cannot separate a row from the one above it.";

    /** Each filter's (and point's) ranking; none where no filter was measured in more than one row. */
    static List<Group> of(Results results) {
        List<Group> groups = new ArrayList<>();
        for (List<Summary> group : Ranking.groups(results.summaries())) {
            if (group.size() < 2 || group.get(0).place() == null) {
                continue;
            }
            List<Summary> ordered = group.stream().sorted(Comparator.comparingInt(s -> s.place().rank())).toList();
            int nameWidth = ordered.stream().mapToInt(s -> Ranking.name(s).length()).max().orElse(0);
            List<String> rows = new ArrayList<>();
            for (Summary s : ordered) {
                Ranking.Place place = s.place();
                StringBuilder row = new StringBuilder().append(place.rank()).append(". ")
                        .append(String.format(Locale.ROOT, "%-" + nameWidth + "s", Ranking.name(s))).append("  ")
                        .append(Numbers.fixed(s.speed().imagesPerSec(), 2)).append(" images/sec");
                if (place.rank() > 1) {
                    row.append(", ").append(ratio(place.vsFastest())).append(" times as fast as ").append(place.fastest());
                }
                if (Boolean.FALSE.equals(place.separable())) {
                    row.append("; cannot be told apart from ").append(place.above());
                }
                rows.add(row.toString());
            }
            groups.add(new Group(ordered.get(0).measurement().filter() + ordered.get(0).measurement().key().scanned(),
                    rows));
        }
        return groups;
    }

    private static String ratio(Speedup ratio) {
        return Double.isNaN(ratio.error()) ? Numbers.fixed(ratio.value(), 2)
                : Numbers.fixed(ratio.value(), 2) + " ± " + Numbers.fixed(ratio.error(), 2);
    }

    /**
     * "Why: ... What to do: ...": where some row was contended, or some rows cannot be told apart, the
     * reason in figures (others' share of the CPUs) and the next step; null where the comparison is clear.
     */
    static String advice(Results results) {
        List<Summary> rows = results.summaries().stream().filter(s -> !s.measurement().runs().isEmpty()).toList();
        long contended = rows.stream().filter(s -> Boolean.TRUE.equals(s.contended())).count();
        long inseparable = rows.stream().filter(s -> s.place() != null && Boolean.FALSE.equals(s.place().separable()))
                .count();
        long indistinct = rows.stream().filter(s -> Boolean.FALSE.equals(s.speed().differs())).count();
        if (contended == 0 && inseparable == 0 && indistinct == 0) {
            return null;
        }
        DoubleSummaryStatistics others = rows.stream().map(s -> s.contention().otherCpuPct())
                .filter(OptionalDouble::isPresent).mapToDouble(OptionalDouble::getAsDouble).summaryStatistics();
        List<String> why = new ArrayList<>();
        if (others.getCount() > 0) {
            String low = Numbers.fixed(others.getMin(), 0);
            String high = Numbers.fixed(others.getMax(), 0);
            why.add("other programs took " + (low.equals(high) ? low : low + "-" + high) + "% of the CPUs while the rows ran ("
                    + contended + " of " + rows.size() + " rows contended, at " + Numbers.fixed(Summary.CONTENDED_PCT, 0)
                    + "% or more)");
        }
        if (inseparable > 0 || indistinct > 0) {
            why.add((inseparable > 0 ? inseparable + (inseparable == 1 ? " row cannot" : " rows cannot")
                    + " be told apart from the row above it" : indistinct + (indistinct == 1 ? " row cannot" : " rows cannot")
                    + " be told apart from its reference") + ": the runs' spread is as large as the difference");
        }
        boolean auto = results.options() != null && "auto".equals(results.options().measuring().repeat());
        boolean sequential = results.options() != null && "sequential".equals(results.options().measuring().order());
        boolean spark = results.options() != null && "spark".equals(results.options().where().engine());
        List<String> todo = new ArrayList<>();
        todo.add(spark ? "more runs (--repeat=10 or more)" : auto ? "more runs than --repeat=auto's " + AutoRepeat.MAX_RUNS
                + " at most (--repeat=" + 2 * AutoRepeat.MAX_RUNS + ")" : "--repeat=auto (runs until each row's interval "
                + "is within ±" + Numbers.fixed(AutoRepeat.TARGET * 100, 0) + "%)");
        if (contended > 0) {
            todo.add("fewer other programs, or a quieter machine; meanwhile CPU ms/image (cpu_ms_per_image), which "
                    + "others' load changes far less than wall time, compares the work each row did");
        }
        todo.add(sequential ? "--order=interleaved, so that load falls on every row alike"
                : "keep --order=interleaved (the default), which spreads load over every row alike");
        return "Why: " + String.join("; ", why) + ". What to do: " + String.join("; ", todo) + ".";
    }
}
