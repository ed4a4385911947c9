package dev.loomy.cli;

import java.util.List;

import dev.loomy.results.Measurement;
import dev.loomy.results.Outcome;
import dev.loomy.run.Interrupts;


/** The exit statuses of the contract (docs/cli.md#exit-status). */
public final class ExitCodes {

    public static final int OK = 0;
    public static final int FAILED_IMAGES = 1;
    public static final int USAGE = 2;
    public static final int CRASHED = 3;
    /** A row slower than the baseline beyond the noise and beyond {@code --fail-on-regression}. */
    public static final int REGRESSION = 4;
    public static final int INTERRUPTED = Interrupts.EXIT_STATUS;

    private ExitCodes() {
    }

    /** The status for a finished run: an interrupt outranks a crash, which outranks failed images. */
    public static int of(List<Measurement> measurements, boolean interrupted) {
        if (interrupted || measurements.stream().anyMatch(m -> m.outcome() == Outcome.INTERRUPTED)) {
            return INTERRUPTED;
        }
        if (measurements.stream().anyMatch(m -> m.outcome() == Outcome.CRASHED)) {
            return CRASHED;
        }
        if (measurements.stream().anyMatch(m -> m.outcome() == Outcome.FAILED_IMAGES)) {
            return FAILED_IMAGES;
        }
        return OK;
    }
}
