package dev.loomy.filter;

import java.util.LinkedHashMap;
import java.util.Map;

import org.opencv.core.Mat;

/**
 * PLACEHOLDER for the Cartoon2 filter: the constructors, name and parameters of the real
 * class, but apply() only copies its input. To be replaced by the real implementation.
 */
public final class Cartoon2 implements Filter {

    public static final String NAME = "Cartoon2";

    private final String name;
    private final int red;
    private final int green;
    private final int blue;

    public Cartoon2() {
        this(NAME, 80, 15, 10);
    }

    public Cartoon2(String name, int red, int green, int blue) {
        this.name = name;
        this.red = levels("red", red);
        this.green = levels("green", green);
        this.blue = levels("blue", blue);
    }

    private static int levels(String channel, int n) {
        if (n < 1 || n > 256) {
            throw new IllegalArgumentException(channel + " must be 1..256 colour levels, not " + n);
        }
        return n;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public Mat apply(Mat image) {
        return image.clone();
    }

    @Override
    public Map<String, Object> parameters() {
        Map<String, Object> parameters = new LinkedHashMap<>();
        parameters.put("red", red);
        parameters.put("green", green);
        parameters.put("blue", blue);
        return parameters;
    }
}
