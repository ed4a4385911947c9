package dev.loomy.stats;

import java.time.Duration;
import java.util.Locale;

/**
 * When {@code --repeat=auto} stops counting runs of one row: never before {@link #MIN_RUNS};
 * then as soon as the 95% confidence interval of the mean is within ±3% of the mean; and in any
 * case at {@link #MAX_RUNS} runs or once the counted runs have taken {@link #MAX_TIME} (a row
 * whose single run is longer still gets its minimum, so that it has an interval at all).
 */
public final class AutoRepeat {

    public static final int MIN_RUNS = 3;
    public static final int MAX_RUNS = 30;
    public static final Duration MAX_TIME = Duration.ofSeconds(60);
    /** The interval's half width, as a share of the mean, that is precise enough. */
    public static final double TARGET = 0.03;

    private AutoRepeat() {
    }

    /**
     * @param runs    the counted runs' times so far (any one unit)
     * @param elapsed how long the counted runs have taken so far
     */
    public static boolean enough(double[] runs, Duration elapsed) {
        if (runs.length < MIN_RUNS) {
            return false;
        }
        if (runs.length >= MAX_RUNS || elapsed.compareTo(MAX_TIME) >= 0) {
            return true;
        }
        return Sample.of(runs).relativeCiHalfWidth() <= TARGET;
    }

    /**
     * How a row's automatic count ended short of its target, for people: "30 runs (the most) left
     * its interval at ±5.2% of the mean"; null when it reached the target or has no interval.
     */
    public static String shortfall(Sample runs) {
        if (!runs.hasSpread() || runs.relativeCiHalfWidth() <= TARGET) {
            return null;
        }
        String stop = runs.n() >= MAX_RUNS ? runs.n() + " runs (the most)"
                : runs.n() + " runs in " + MAX_TIME.toSeconds() + " s (the longest)";
        return String.format(Locale.ROOT, "%s left its interval at ±%.1f%% of the mean", stop,
                runs.relativeCiHalfWidth() * 100);
    }
}
