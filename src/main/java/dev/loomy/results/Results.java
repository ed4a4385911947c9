package dev.loomy.results;

import java.util.List;
import java.util.Map;

/**
 * Everything a report shows: the measurements in the order they were made, the machine they
 * were made on and the options that shaped them.
 *
 * @param options     the options as the user gave or defaulted them
 * @param interrupted whether the user stopped the run before every measurement was made
 * @param forked      whether each (strategy, filter) was measured in its own JVM
 * @param reference   the row {@code speedup} is relative to
 * @param lanes       the lanes of each strategy measured that has some ({@code Strategy.lanes}), by its name
 * @param baseline    what a comparison with saved results found, or null when there was none
 * @param provenance  when and by which loomy they were measured, and the order of their runs
 */
public record Results(List<Measurement> measurements, MachineInfo machine, OptionsUsed options,
                      boolean interrupted, boolean forked, Reference reference, Map<String, List<String>> lanes,
                      BaselineComparison baseline, Provenance provenance) {

    public Results {
        lanes = Map.copyOf(lanes);
        provenance = provenance == null ? Provenance.UNKNOWN : provenance;
    }

    /** Results whose provenance is not known (made outside a run). */
    public Results(List<Measurement> measurements, MachineInfo machine, OptionsUsed options, boolean interrupted,
                   boolean forked, Reference reference, Map<String, List<String>> lanes, BaselineComparison baseline) {
        this(measurements, machine, options, interrupted, forked, reference, lanes, baseline, Provenance.UNKNOWN);
    }

    /** These results with what a comparison with saved results found. */
    public Results comparedWith(BaselineComparison baseline) {
        return new Results(measurements, machine, options, interrupted, forked, reference, lanes, baseline, provenance);
    }

    /** A row per measurement, each compared with the baseline's same row when there is one. */
    public List<Summary> summaries() {
        List<Summary> summaries = Summary.all(measurements, reference);
        if (baseline == null) {
            return summaries;
        }
        return summaries.stream().map(s -> {
            RowComparison compared = baseline.of(Schema.keyOf(s));
            return compared == null ? s : s.with(compared);
        }).toList();
    }

    /** Why these results and their baseline may not be comparable, a line each; none without one. */
    public List<String> baselineDifferences() {
        return baseline == null ? List.of() : baseline.differences();
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
        return summaries().stream().map(s -> s.resources().peaks())
                .anyMatch(peaks -> peaks.rssBytes() >= 0 && !peaks.rssWindowed());
    }
}
