package dev.loomy.filter;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A filter of a built-in {@link Kind}: what every one of them shares, whatever its pixels. Its name
 * and kind, its description, and its parameter values, each checked against its kind's description
 * of it and listed in the kind's order: the one place where a filter's values become what
 * {@code loomy filters}, filters.yaml and a child JVM read back.
 *
 * <p>How a filter makes its image is its own: origami's catalogue through {@link CatalogueFilter}'s
 * scope, {@link NoOp} by returning its input, {@link AltmRetinex} stopping between its steps.
 */
public abstract class KindFilter implements Filter {

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
    protected KindFilter(Kind kind, String name, String description, Value... values) {
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
            // Tests, not a pattern switch: that is linked by a bootstrap method at its first use, at every start-up.
            Value value = described.get(i).check(kind.name(), values[i]);
            if (value instanceof Value.Flag flag) {
                switches.put(parameter, flag.value());
            } else if (value instanceof Value.Int number) {
                numbers.put(parameter, number.value());
            } else if (value instanceof Value.Real number) {
                numbers.put(parameter, number.value());
            } else {
                throw new IllegalStateException("a value of no known kind: " + value);
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
}
