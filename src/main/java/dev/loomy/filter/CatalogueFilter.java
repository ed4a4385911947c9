package dev.loomy.filter;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

import org.opencv.core.Mat;

import dev.loomy.opencv.MatScope;

/**
 * One of origami's catalogue filters (docs/filters.md): a short sequence of OpenCV calls
 * with origami's defaults and quirks, which are part of its pixels.
 *
 * <p>What they share lives here: the name, the parameters as listed, the check of the input
 * and a scope that releases every temporary, and the result too when a step fails. A subclass
 * registers every Mat it makes with the scope, the result included; the result is kept.
 */
public abstract class CatalogueFilter implements Filter {

    private final String kind;
    private final String name;
    private final String description;
    private final Map<String, Number> parameters;
    private final Map<String, Boolean> flags;

    /**
     * @param kind        the built-in's name, which messages about the input give
     * @param parameters  names and values (Integer, Double or Boolean) in pairs, in the order
     *                    {@code loomy filters} lists them; the Booleans become {@link #flags()}
     */
    protected CatalogueFilter(String kind, String name, String description, Object... parameters) {
        this.kind = kind;
        this.name = Filters.requireName(name);
        this.description = description;
        Map<String, Number> numbers = new LinkedHashMap<>();
        Map<String, Boolean> switches = new LinkedHashMap<>();
        for (int i = 0; i < parameters.length; i += 2) {
            String parameter = (String) parameters[i];
            switch (parameters[i + 1]) {
                case Boolean flag -> switches.put(parameter, flag);
                case Integer number -> numbers.put(parameter, number);
                case Double number -> numbers.put(parameter, number);
                default -> throw new IllegalArgumentException(parameter + " is neither an Integer, a Double nor a Boolean");
            }
        }
        this.parameters = Collections.unmodifiableMap(numbers);
        this.flags = Collections.unmodifiableMap(switches);
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final String description() {
        return description;
    }

    @Override
    public final Map<String, Number> parameters() {
        return parameters;
    }

    @Override
    public final Map<String, Boolean> flags() {
        return flags;
    }

    @Override
    public final Mat apply(Mat image) {
        Filters.requireBgr(kind, image);
        try (MatScope scope = new MatScope()) {
            return scope.keep(apply(image, scope));
        }
    }

    /** The filtered image, a new Mat registered with {@code scope} like every temporary. */
    protected abstract Mat apply(Mat image, MatScope scope);

    /** Fails unless {@code value} lies in {@code min..max}; the message names the parameter. */
    static int requireRange(String kind, String parameter, int value, int min, int max) {
        if (value < min || value > max) {
            throw new IllegalArgumentException(kind + ": " + parameter + " must be in " + min + ".." + max + ", not " + value);
        }
        return value;
    }

    /** Fails unless {@code value} is finite and in {@code (min, max]}, or {@code [min, max]} when {@code minIncluded}. */
    static double requireRange(String kind, String parameter, double value, double min, boolean minIncluded, double max) {
        boolean above = minIncluded ? value >= min : value > min;
        if (!(above && value <= max && Double.isFinite(value))) {
            throw new IllegalArgumentException(kind + ": " + parameter + " must be a number in " + (minIncluded ? "[" : "(")
                    + min + ", " + max + "], not " + value);
        }
        return value;
    }
}
