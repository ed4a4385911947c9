package dev.loomy.filter;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * A built-in filter algorithm, by name, with the parameters it takes: what {@code --filter} and
 * a filters.yaml entry's {@code kind} name. {@link #all()} is the one list of them; the built-in
 * filters ({@link FilterRegistry#builtIns()}), filters.yaml's kinds and the filters a child JVM
 * makes again from their description all come from it. Each filter class declares its own kind
 * beside the constructor that checks its parameters.
 *
 * @param parameters in the order {@code loomy filters} lists them (numbers first, then flags)
 * @param factory    makes a filter of this kind from parameter values (any left out take their default)
 */
public record Kind(String name, List<Parameter> parameters, Factory factory) {

    /** Makes a filter of a kind, named {@code name}, from {@code values}. */
    public interface Factory {
        Filter create(String name, Values values);
    }

    /**
     * Parameter values by name: numbers (an Integer or a Double each, as the parameter's type) and
     * flags; a parameter without a value here takes its default.
     */
    public record Values(Map<String, Number> numbers, Map<String, Boolean> flags) {

        public static final Values DEFAULTS = new Values(Map.of(), Map.of());

        public Values {
            numbers = Map.copyOf(numbers);
            flags = Map.copyOf(flags);
        }

        public int integer(Parameter parameter) {
            Number value = numbers.get(parameter.name());
            return value == null ? parameter.integerDefault() : value.intValue();
        }

        public double real(Parameter parameter) {
            Number value = numbers.get(parameter.name());
            return value == null ? parameter.realDefault() : value.doubleValue();
        }

        public boolean flag(Parameter parameter) {
            return flags.getOrDefault(parameter.name(), parameter.flagDefault());
        }
    }

    public Kind {
        Filters.requireName(name);
        parameters = List.copyOf(parameters);
    }

    /**
     * A filter of this kind named {@code filterName}.
     *
     * @throws ParameterException when a value is out of its parameter's range (or breaks a rule of
     *                            the filter's own, such as an odd size)
     */
    public Filter create(String filterName, Values values) {
        return factory.create(filterName, values);
    }

    /** The built-in filter of this kind: its own name, every parameter at its default. */
    public Filter builtIn() {
        return create(name, Values.DEFAULTS);
    }

    /** The parameter named {@code parameter} (exactly: parameter names are case-sensitive), if the kind has it. */
    public Optional<Parameter> parameter(String parameter) {
        return parameters.stream().filter(p -> p.name().equals(parameter)).findFirst();
    }

    /** Every kind, in the order {@code loomy filters} lists them. */
    public static List<Kind> all() {
        return Catalogue.ALL;
    }

    /** The kind named {@code name}, without regard to case. */
    public static Optional<Kind> find(String name) {
        return Optional.ofNullable(Catalogue.BY_KEY.get(key(name)));
    }

    static String key(String name) {
        return name.trim().toLowerCase(Locale.ROOT);
    }

    /**
     * The list, apart from the record: each filter class makes its kind when it is initialised, which
     * initialises this record's class, so the list (which reads those kinds) is made on first use.
     */
    private static final class Catalogue {

        static final List<Kind> ALL = List.of(NoOp.KIND, Cartoon2.KIND, AltmRetinex.KIND,
                // origami's catalogue.
                Gray.KIND, Canny.KIND, Sepia.GRAY_KIND, Sepia.RED_KIND, Invert.KIND, GammaCorrection.KIND,
                EdgePreserving.KIND, DetailEnhance.KIND, Sobelo.KIND, Gotham.KIND, HighContrast.KIND, PixelSepia.KIND,
                Vignetting.KIND, Lark.KIND, Mayfair.KIND, Valencia.KIND, Walden.KIND, Cartoon.KIND);

        static final Map<String, Kind> BY_KEY = ALL.stream()
                .collect(Collectors.toMap(kind -> key(kind.name()), Function.identity(), (a, b) -> {
                    throw new IllegalStateException("two kinds named " + a.name());
                }, LinkedHashMap::new));
    }
}
