package dev.loomy.filter;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;

import org.opencv.core.Mat;
import org.opencv.imgproc.Imgproc;

/**
 * Filters applied one after the other, each to the previous one's result.
 *
 * <p>Every intermediate result is released as soon as the next step has made its own; a step
 * that returns its input (NoOp) hands the same Mat on, which is then released once, not twice.
 * The chain's own input is never released, and its result follows the {@link Filter} contract:
 * a new Mat, or the input itself when every step returned its input. A step's 1-channel result
 * goes to the next step as three equal channels.
 */
public final class Chain implements Filter {

    /** The kind a chain shows in listings: it is made of its steps, not by a {@link Kind}. */
    public static final String KIND = "chain";

    private final String name;
    private final List<Filter> steps;

    public Chain(String name, List<Filter> steps) {
        if (steps.isEmpty()) {
            throw new IllegalArgumentException("chain '" + name + "' has no steps");
        }
        this.name = name;
        this.steps = List.copyOf(steps);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public String description() {
        return "its steps, in order";
    }

    public List<Filter> steps() {
        return steps;
    }

    @Override
    public Mat apply(Mat image) {
        return apply(image, () -> false);
    }

    /** Looks at {@code stop} before every step. */
    @Override
    public Mat apply(Mat image, BooleanSupplier stop) {
        Mat current = image;
        boolean done = false;
        try {
            for (int i = 0; i < steps.size(); i++) {
                if (stop.getAsBoolean()) {
                    throw new CancellationException("chain '" + name + "' stopped between its steps");
                }
                Mat next = steps.get(i).apply(current, stop);
                if (next != current) {
                    Filters.releaseResult(image, current);
                }
                current = next;
                if (current.channels() == 1 && i < steps.size() - 1) {
                    // A gray result (Gray, Sobelo) goes on as three equal channels: what filters take.
                    Mat bgr = new Mat();
                    Imgproc.cvtColor(current, bgr, Imgproc.COLOR_GRAY2BGR);
                    Filters.releaseResult(image, current);
                    current = bgr;
                }
            }
            done = true;
            return current;
        } finally {
            // A step failed, or the chain stopped: the last intermediate has no owner but this chain.
            if (!done) {
                Filters.releaseResult(image, current);
            }
        }
    }

    /**
     * The hungriest step's figure, plus the previous step's result that a later step works
     * on (one 8-bit, 3-channel image: 3 bytes a pixel).
     */
    @Override
    public double workingBytesPerPixel() {
        double hungriest = steps.stream().mapToDouble(Filter::workingBytesPerPixel).max().orElse(0);
        return steps.size() > 1 ? hungriest + 3 : hungriest;
    }

    /** As {@link #workingBytesPerPixel}: the hungriest step for this shape, and the previous step's result. */
    @Override
    public long workingBytes(int width, int height) {
        long hungriest = steps.stream().mapToLong(step -> step.workingBytes(width, height)).max().orElse(0);
        return steps.size() > 1 ? hungriest + 3L * width * height : hungriest;
    }

    /** The hungriest step's: one step runs at a time, and its Java arrays live only within its call. */
    @Override
    public long workingHeapBytes(int width, int height) {
        return steps.stream().mapToLong(step -> step.workingHeapBytes(width, height)).max().orElse(0);
    }

    /** None of its own: its steps have theirs. */
    @Override
    public Map<String, Number> parameters() {
        return Map.of();
    }
}
