package dev.loomy.results;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.loomy.baseline.Baseline;
import dev.loomy.baseline.RowComparison;
import dev.loomy.baseline.RowKey;
import dev.loomy.baseline.RowTimes;

/**
 * Everything a report shows: the measurements in the order they were made, the machine they
 * were made on and the options that shaped them.
 *
 * @param options     the options as the user gave or defaulted them
 * @param interrupted whether the user stopped the run before every measurement was made
 * @param forked      whether each (strategy, filter) was measured in its own JVM
 * @param reference   the row {@code speedup} is relative to
 * @param baseline    saved results to compare with, or null
 */
public record Results(List<Measurement> measurements, MachineInfo machine, OptionsUsed options,
                      boolean interrupted, boolean forked, Reference reference, Baseline baseline) {

    /** Results against the default reference, compared with no baseline. */
    public Results(List<Measurement> measurements, MachineInfo machine, OptionsUsed options,
                   boolean interrupted, boolean forked) {
        this(measurements, machine, options, interrupted, forked, Reference.DEFAULT, null);
    }

    /** These results compared with {@code baseline}, or with none when it is null. */
    public Results comparedWith(Baseline baseline) {
        return new Results(measurements, machine, options, interrupted, forked, reference, baseline);
    }

    public List<Summary> summaries() {
        List<Summary> summaries = Summary.all(measurements, reference);
        if (baseline == null) {
            return summaries;
        }
        return summaries.stream().map(s -> {
            List<RowComparison> compared = baseline.compare(List.of(rowTimes(s)));
            return compared.isEmpty() ? s : s.with(compared.get(0));
        }).toList();
    }

    /** What a comparison with a baseline needs of a row. */
    static RowTimes rowTimes(Summary s) {
        return new RowTimes(new RowKey(s.measurement().strategy(), s.measurement().filter(), scanKey(s)),
                s.imagesPerSec(), s.measurement().wallMs(), s.measurement().imagesFinished());
    }

    /** The row's scanned values as a baseline read from json has them: each json value's text. */
    private static Map<String, String> scanKey(Summary s) {
        Map<String, String> key = new LinkedHashMap<>();
        for (Column column : Schema.COLUMNS) {
            if (s.measurement().scan().containsKey(column.name())) {
                key.put(column.name(), String.valueOf(column.value(s)));
            }
        }
        return key;
    }

    /** Why these results and their baseline may not be comparable, a line each ({@link Baseline#differences}); none without one. */
    public List<String> baselineDifferences() {
        return baseline == null ? List.of() : baseline.differences(machine, engine(), images(), options);
    }

    /** Where the measurements were made (local, spark: one engine a run), or null when there are none. */
    public String engine() {
        return measurements.isEmpty() ? null : measurements.get(0).engine();
    }

    /** How many images each run covered (every measurement covers the same), or 0. */
    public int images() {
        return measurements.isEmpty() ? 0 : measurements.get(0).images();
    }

    /** The counted runs per measurement (the most, should an interrupt have cut one short). */
    public int runs() {
        return measurements.stream().mapToInt(m -> m.runs().size()).max().orElse(0);
    }

    public int warmups() {
        return measurements.isEmpty() ? 0 : measurements.get(0).warmups();
    }

    /** Whether some measurement's resident-memory peak could not be confined to its runs. */
    public boolean rssUnwindowed() {
        return summaries().stream().anyMatch(s -> s.peaks().rssBytes() >= 0 && !s.peaks().rssWindowed());
    }
}
