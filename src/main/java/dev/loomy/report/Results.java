package dev.loomy.report;

import java.util.List;
import java.util.Map;

import dev.loomy.measure.MachineInfo;
import dev.loomy.measure.Measurement;
import dev.loomy.measure.Summary;

/**
 * Everything a report shows: the measurements in the order they were made, the machine they
 * were made on and the options that shaped them.
 *
 * @param options     the options as the user gave or defaulted them, by long name
 * @param interrupted whether the user stopped the session before every measurement was made
 */
public record Results(List<Measurement> measurements, MachineInfo machine, Map<String, Object> options, boolean interrupted) {

    public List<Summary> summaries() {
        return Summary.all(measurements);
    }
}
