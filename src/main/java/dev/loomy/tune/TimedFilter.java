package dev.loomy.tune;

import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BooleanSupplier;

import org.opencv.core.Mat;

import dev.loomy.filter.Filter;

/**
 * A preview's filter, as it is, counted and timed: the time a preview shows is its filter's alone
 * (not the read or the encoding), and the count says how many runs supersession spared.
 */
final class TimedFilter implements Filter {

    private final Filter filter;
    private final LongAdder runs;
    private volatile long nanos = -1;

    /** @param runs counts every run started */
    TimedFilter(Filter filter, LongAdder runs) {
        this.filter = filter;
        this.runs = runs;
    }

    /** How long its run took, or -1 before it ran. */
    long nanos() {
        return nanos;
    }

    @Override
    public Mat apply(Mat image) {
        return apply(image, () -> false);
    }

    @Override
    public Mat apply(Mat image, BooleanSupplier stop) {
        runs.increment();
        long start = System.nanoTime();
        try {
            return filter.apply(image, stop);
        } finally {
            nanos = System.nanoTime() - start;
        }
    }

    @Override
    public String name() {
        return filter.name();
    }

    @Override
    public String kind() {
        return filter.kind();
    }

    @Override
    public String description() {
        return filter.description();
    }

    @Override
    public Map<String, Number> parameters() {
        return filter.parameters();
    }

    @Override
    public Map<String, Boolean> flags() {
        return filter.flags();
    }

    @Override
    public double workingBytesPerPixel() {
        return filter.workingBytesPerPixel();
    }

    @Override
    public long workingBytes(int width, int height) {
        return filter.workingBytes(width, height);
    }

    @Override
    public long workingHeapBytes(int width, int height) {
        return filter.workingHeapBytes(width, height);
    }
}
