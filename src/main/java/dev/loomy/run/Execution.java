package dev.loomy.run;

import java.time.Duration;

import dev.loomy.admission.InFlightLimit;

/**
 * How the images of one run are processed, whatever its strategy.
 *
 * @param strict       whether a damaged but decodable image fails ({@code --strict})
 * @param reproducible whether OpenCV runs pinned to its baseline code ({@code --reproducible}, or pinned JVMs)
 * @param pinChildren  whether child JVMs are started with OpenCV pinned (this one is not)
 * @param failFast     whether the first image that fails stops the run ({@code --fail-fast})
 */
public record Execution(int parallelism, int cvThreads, Duration ioLatency, InFlightLimit maxInFlight,
                        boolean strict, boolean reproducible, boolean pinChildren, boolean failFast) {

    /**
     * One thread of each kind, no added latency, the limit {@code auto}; nothing strict, pinned or
     * stopping at the first failure: each {@code with} method changes one setting.
     */
    public static final Execution DEFAULT = new Execution(1, 1, Duration.ZERO, InFlightLimit.auto(), false, false,
            false, false);

    public Execution withParallelism(int value) {
        return new Execution(value, cvThreads, ioLatency, maxInFlight, strict, reproducible, pinChildren, failFast);
    }

    public Execution withCvThreads(int value) {
        return new Execution(parallelism, value, ioLatency, maxInFlight, strict, reproducible, pinChildren, failFast);
    }

    public Execution withIoLatency(Duration value) {
        return new Execution(parallelism, cvThreads, value, maxInFlight, strict, reproducible, pinChildren, failFast);
    }

    public Execution withMaxInFlight(InFlightLimit value) {
        return new Execution(parallelism, cvThreads, ioLatency, value, strict, reproducible, pinChildren, failFast);
    }

    public Execution withStrict(boolean value) {
        return new Execution(parallelism, cvThreads, ioLatency, maxInFlight, value, reproducible, pinChildren, failFast);
    }

    public Execution withReproducible(boolean value) {
        return new Execution(parallelism, cvThreads, ioLatency, maxInFlight, strict, value, pinChildren, failFast);
    }

    public Execution withPinChildren(boolean value) {
        return new Execution(parallelism, cvThreads, ioLatency, maxInFlight, strict, reproducible, value, failFast);
    }

    public Execution withFailFast(boolean value) {
        return new Execution(parallelism, cvThreads, ioLatency, maxInFlight, strict, reproducible, pinChildren, value);
    }
}
