package dev.loomy.filter.config;

import java.util.List;
import java.util.Map;

import dev.loomy.filter.AltmRetinex;
import dev.loomy.filter.Cartoon2;
import dev.loomy.filter.Filter;
import dev.loomy.filter.NoOp;

/**
 * A built-in algorithm that a filters.yaml entry names as its {@code kind}.
 *
 * <p>The built-in filter itself (made with its default constructor) is the one source of the
 * parameters: their names, their order, their types (Integer or Double) and their defaults.
 */
record Kind(Filter builtIn, Factory factory) {

    /** Makes a filter of this kind from a full set of parameter values (defaults filled in). */
    interface Factory {
        Filter create(String name, Map<String, Number> values);
    }

    String name() {
        return builtIn.name();
    }

    /** Every kind, each with a new built-in instance. */
    static List<Kind> all() {
        return List.of(
                new Kind(new NoOp(), (name, v) -> new NoOp(name)),
                new Kind(new Cartoon2(), (name, v) -> new Cartoon2(name,
                        v.get("red").intValue(), v.get("green").intValue(), v.get("blue").intValue())),
                new Kind(new AltmRetinex(), (name, v) -> new AltmRetinex(name, v.get("r").intValue(),
                        v.get("eps").doubleValue(), v.get("eta").doubleValue(), v.get("lambda").doubleValue(),
                        v.get("kernelRatio").doubleValue())));
    }
}
