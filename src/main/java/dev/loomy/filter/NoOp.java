package dev.loomy.filter;

import java.util.List;
import java.util.Map;

import org.opencv.core.Mat;

/** Changes nothing: a run with NoOp measures reading and writing alone. */
public final class NoOp implements Filter {

    public static final String NAME = "NoOp";

    static final Kind KIND = new Kind(NAME, List.of(), (name, values) -> new NoOp(name));

    private final String name;

    public NoOp() {
        this(NAME);
    }

    /** A NoOp under another name, as filters.yaml may define one. */
    public NoOp(String name) {
        this.name = name;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String kind() {
        return NAME;
    }

    @Override
    public String description() {
        return "changes nothing: reading and writing alone";
    }

    @Override
    public Mat apply(Mat image) {
        return image;
    }

    @Override
    public Map<String, Number> parameters() {
        return Map.of();
    }

    /** It returns its input: nothing beyond it. */
    @Override
    public double workingBytesPerPixel() {
        return 0;
    }
}
