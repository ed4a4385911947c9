package dev.loomy.filter;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.opencv.core.Mat;

import dev.loomy.opencv.MatScope;

/**
 * One of origami's catalogue filters: a short sequence of OpenCV calls with origami's defaults and
 * quirks, which are part of its pixels.
 *
 * <p>What they share lives here: the name and kind, the parameters checked against their kind's
 * description and listed, the check of the input and a scope that releases every temporary, and
 * the result too when a step fails. A subclass registers every Mat it makes with the scope, the
 * result included; the result is kept.
 */
public abstract class CatalogueFilter implements Filter {

    private final String kind;
    private final String name;
    private final String description;
    private final Map<String, Number> parameters;
    private final Map<String, Boolean> flags;

    /**
     * @param values one per parameter of {@code kind}, in its order, each checked against its
     *               parameter ({@link Parameter#check}); the flags become {@link #flags()}
     * @throws ParameterException for a value out of its parameter's range
     */
    protected CatalogueFilter(Kind kind, String name, String description, Value... values) {
        this.kind = kind.name();
        this.name = Filters.requireName(name);
        this.description = description;
        List<Parameter> described = kind.parameters();
        if (values.length != described.size()) {
            throw new IllegalArgumentException(kind.name() + " takes " + described.size() + " parameters, not "
                    + values.length);
        }
        Map<String, Number> numbers = new LinkedHashMap<>();
        Map<String, Boolean> switches = new LinkedHashMap<>();
        for (int i = 0; i < values.length; i++) {
            String parameter = described.get(i).name();
            switch (described.get(i).check(kind.name(), values[i])) {
                case Value.Flag flag -> switches.put(parameter, flag.value());
                case Value.Int number -> numbers.put(parameter, number.value());
                case Value.Real number -> numbers.put(parameter, number.value());
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
    public final String kind() {
        return kind;
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
}
