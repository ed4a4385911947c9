package dev.loomy.results;

import java.util.List;
import java.util.Map;

/** Results made by hand, for tests below the command line. */
public final class TestResults {

    private TestResults() {
    }

    /** Results against the default reference, no strategy's lanes declared, compared with no baseline. */
    public static Results of(List<Measurement> measurements, MachineInfo machine, OptionsUsed options,
                             boolean interrupted, boolean forked) {
        return new Results(measurements, machine, options, interrupted, forked, Reference.DEFAULT, Map.of(), null);
    }
}
