package dev.loomy.filter;

import java.util.List;

import org.opencv.core.Mat;

/**
 * Changes nothing: a run with NoOp measures reading and writing alone. Not a {@link CatalogueFilter}:
 * it returns its input as it is, any image, where a catalogue filter checks it and makes a new one.
 */
public final class NoOp extends KindFilter {

    public static final String NAME = "NoOp";

    static final Kind KIND = new Kind(NAME, List.of(), (name, values) -> new NoOp(name));

    public NoOp() {
        this(NAME);
    }

    /** A NoOp under another name, as filters.yaml may define one. */
    public NoOp(String name) {
        super(KIND, name, "changes nothing: reading and writing alone");
    }

    @Override
    public Mat apply(Mat image) {
        return image;
    }

    /** It returns its input: nothing beyond it. */
    @Override
    public double workingBytesPerPixel() {
        return 0;
    }
}
