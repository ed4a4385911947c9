package dev.loomy.results;

import java.util.List;

/**
 * Everything a report shows: the measurements in the order they were made, the machine they
 * were made on and the options that shaped them.
 *
 * @param options     the options as the user gave or defaulted them
 * @param interrupted whether the user stopped the run before every measurement was made
 * @param forked      whether each (strategy, filter) was measured in its own JVM
 */
public record Results(List<Measurement> measurements, MachineInfo machine, OptionsUsed options,
                      boolean interrupted, boolean forked) {

    public List<Summary> summaries() {
        return Summary.all(measurements);
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
