package dev.loomy.report;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.loomy.measure.Measurement;
import dev.loomy.measure.Outcome;
import dev.loomy.measure.Summary;
import dev.loomy.strategy.Strategies;

/** The human format: one table per strategy, one row per filter. */
public final class TableFormat implements ResultFormat {

    private static final List<String> HEADERS = List.of("Filter", "Time (ms)", "Min (ms)", "Max (ms)", "Images", "Failed",
            "Avg (images/sec)", "vs loop", "Outcome");

    @Override
    public void write(Results results, PrintStream out) {
        Map<String, List<Summary>> byStrategy = new LinkedHashMap<>();
        for (Summary s : results.summaries()) {
            byStrategy.computeIfAbsent(s.measurement().strategy(), k -> new ArrayList<>()).add(s);
        }
        boolean first = true;
        for (Map.Entry<String, List<Summary>> entry : byStrategy.entrySet()) {
            if (!first) {
                out.println();
            }
            first = false;
            out.println(heading(entry.getKey(), entry.getValue().get(0).measurement()));
            TextTable table = new TextTable(HEADERS, false, true, true, true, true, true, true, true, false);
            for (Summary s : entry.getValue()) {
                table.add(row(s));
            }
            out.print(table.render());
            for (Summary s : entry.getValue()) {
                notes(s, out);
            }
        }
        if (results.interrupted()) {
            out.println();
            out.println("Interrupted: these are partial results.");
        }
    }

    private static String heading(String strategy, Measurement m) {
        String description = Strategies.known().stream().filter(s -> s.name().equals(strategy)).findFirst()
                .map(s -> " (" + s.description() + ")").orElse("");
        int runs = m.runs().size();
        return "Strategy: " + strategy + description + ", " + runs + (runs == 1 ? " run" : " runs")
                + (m.warmups() > 0 ? " after " + m.warmups() + " warm-up" + (m.warmups() == 1 ? "" : "s") : "");
    }

    private static List<String> row(Summary s) {
        Measurement m = s.measurement();
        return List.of(m.filter(), Numbers.fixed(s.timeMedianMs(), 1), Numbers.fixed(s.timeMinMs(), 1),
                Numbers.fixed(s.timeMaxMs(), 1), Integer.toString(m.images()), Integer.toString(m.failed()),
                Numbers.fixed(s.imagesPerSec(), 2), s.speedupVsLoop().isPresent() ? Numbers.fixed(s.speedupVsLoop(), 2) + "x" : "",
                m.outcome().label());
    }

    private static void notes(Summary s, PrintStream out) {
        Measurement m = s.measurement();
        if (!s.laneMedianMs().isEmpty()) {
            StringBuilder lanes = new StringBuilder("  " + m.filter() + ": last image done at");
            s.laneMedianMs().forEach((lane, ms) -> lanes.append(' ').append(lane).append(' ').append(Numbers.fixed(ms, 1)).append(" ms,"));
            lanes.setLength(lanes.length() - 1);
            out.println(lanes);
        }
        if (m.note() != null && m.outcome() != Outcome.OK) {
            out.println("  " + m.filter() + ": " + m.outcome().label() + ": " + m.note());
        }
    }
}
