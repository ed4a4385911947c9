package dev.loomy.tune;

import java.util.Comparator;
import java.util.List;
import java.util.Map;

import org.opencv.core.Mat;

import dev.loomy.filter.Filter;

/**
 * What admission weighs a preview's image by, whichever filter it runs: the most memory any of
 * the filters offered holds for an image of that size. One gate for every preview, as the main
 * command has one per filter, bounds them all together; a filter's parameters do not change
 * what it holds.
 */
final class Hungriest implements Filter {

    private final List<Filter> filters;

    Hungriest(List<Filter> filters) {
        if (filters.isEmpty()) {
            throw new IllegalArgumentException("no filters to weigh");
        }
        this.filters = List.copyOf(filters);
    }

    /** The hungriest's name, as admission's note says it. */
    @Override
    public String name() {
        return filters.stream().max(Comparator.comparingDouble(Filter::workingBytesPerPixel)).orElseThrow().name();
    }

    @Override
    public String kind() {
        return name();
    }

    @Override
    public Mat apply(Mat image) {
        throw new UnsupportedOperationException("a stand-in for admission's estimates, not a filter to run");
    }

    @Override
    public Map<String, Number> parameters() {
        return Map.of();
    }

    @Override
    public double workingBytesPerPixel() {
        return filters.stream().mapToDouble(Filter::workingBytesPerPixel).max().orElseThrow();
    }

    @Override
    public long workingBytes(int width, int height) {
        return filters.stream().mapToLong(f -> f.workingBytes(width, height)).max().orElseThrow();
    }

    @Override
    public long workingHeapBytes(int width, int height) {
        return filters.stream().mapToLong(f -> f.workingHeapBytes(width, height)).max().orElseThrow();
    }
}
