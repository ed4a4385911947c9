package dev.loomy.run;

import java.util.List;

import dev.loomy.results.Measurement;
import dev.loomy.results.Outcome;
import dev.loomy.results.Results;

/**
 * The exit statuses loomy promises (docs/cli.md#exit-status), the same for every command, and the
 * one a finished run ends with.
 */
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

    /**
     * The status for {@code results}; a folder under the inputs that could not be read ({@code unreadable}
     * of them) holds images that were not done, as a failed image is not.
     */
    public static int of(Results results, int unreadable) {
        int status = of(results.measurements(), results.interrupted());
        return status == OK && unreadable > 0 ? FAILED_IMAGES : status;
    }
}
