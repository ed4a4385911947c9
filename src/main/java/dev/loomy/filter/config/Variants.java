package dev.loomy.filter.config;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.StringJoiner;

import dev.loomy.filter.Parameter;
import dev.loomy.filter.ParameterException;
import dev.loomy.filter.Value;

/**
 * Parameter sweeps ({@code --param}): each selected filter that has a swept parameter becomes
 * one variant per value, named {@code Filter[NAME=V]}; several sweeps give the product,
 * {@code Filter[NAME=V,OTHER=W]}. A filter without any swept parameter (a chain, NoOp) stays
 * as it is. The variants are filters like any other: a run measures them, a gallery shows them.
 *
 * <p>A value is read as its parameter's type and checked against its range by the filter's kind,
 * as a filters.yaml value is.
 */
public final class Variants {

    /** The most rows one run may measure (variants, strategies and scanned values multiplied). */
    public static final int MAX_ROWS = 1000;

    private Variants() {
    }

    /**
     * How many filters {@link #expand} would make, counted without making them (a value given
     * twice counted twice: at most what expands): exact however large the product.
     */
    public static BigInteger count(List<ResolvedFilter> filters, List<ParameterSweep> sweeps) {
        BigInteger count = BigInteger.ZERO;
        for (ResolvedFilter filter : filters) {
            BigInteger variants = BigInteger.ONE;
            for (ParameterSweep sweep : sweeps) {
                if (parameter(filter, sweep.name()).isPresent()) {
                    variants = variants.multiply(BigInteger.valueOf(sweep.values().size()));
                }
            }
            count = count.add(variants);
        }
        return count;
    }

    /**
     * The filters with every variant the sweeps make, each filter's variants in its place, in
     * the order of the sweeps' values.
     *
     * @throws IllegalArgumentException when no filter has a swept parameter, or a value is not of
     *                                  the parameter's type or out of its range: the message names
     *                                  the filter and the parameter
     */
    public static List<ResolvedFilter> expand(List<ResolvedFilter> filters, List<ParameterSweep> sweeps) {
        for (ParameterSweep sweep : sweeps) {
            if (filters.stream().noneMatch(f -> parameter(f, sweep.name()).isPresent())) {
                throw new IllegalArgumentException(sweep.given() + ": no selected filter has a parameter "
                        + sweep.name() + " (" + parameterNames(filters) + ")");
            }
        }
        List<ResolvedFilter> expanded = new ArrayList<>();
        for (ResolvedFilter filter : filters) {
            List<ParameterSweep> own = sweeps.stream().filter(s -> parameter(filter, s.name()).isPresent()).toList();
            if (own.isEmpty()) {
                expanded.add(filter);
            } else {
                variants((ResolvedFilter.OfKind) filter, own, 0, new LinkedHashMap<>(), expanded);
            }
        }
        return expanded;
    }

    /** Adds every combination of the values of {@code sweeps} from {@code index} on to {@code chosen}. */
    private static void variants(ResolvedFilter.OfKind base, List<ParameterSweep> sweeps, int index,
                                 Map<String, Value> chosen, List<ResolvedFilter> into) {
        if (index == sweeps.size()) {
            into.add(variant(base, chosen));
            return;
        }
        ParameterSweep sweep = sweeps.get(index);
        Parameter parameter = parameter(base, sweep.name()).orElseThrow();
        Map<String, Value> values = new LinkedHashMap<>();
        for (String text : sweep.values()) {
            Value value = parameter.parse(text).orElseThrow(() -> new IllegalArgumentException(sweep.given()
                    + ": parameter " + sweep.name() + " of filter " + base.name() + " is "
                    + (parameter.type() == Parameter.Type.REAL ? "a finite number" : parameter.type().words())
                    + ", not '" + text + "'"));
            values.putIfAbsent(value.shown(), value);
        }
        for (Value value : values.values()) {
            chosen.put(sweep.name(), value);
            variants(base, sweeps, index + 1, chosen, into);
            chosen.remove(sweep.name());
        }
    }

    private static ResolvedFilter.OfKind variant(ResolvedFilter.OfKind base, Map<String, Value> chosen) {
        Map<String, Number> parameters = new LinkedHashMap<>(base.parameters());
        Map<String, Boolean> flags = new LinkedHashMap<>(base.flags());
        StringJoiner name = new StringJoiner(",", base.name() + "[", "]");
        chosen.forEach((parameter, value) -> {
            switch (value) {
                case Value.Flag flag -> flags.put(parameter, flag.value());
                case Value.Int number -> parameters.put(parameter, number.value());
                case Value.Real number -> parameters.put(parameter, number.value());
            }
            name.add(parameter + "=" + value.shown());
        });
        ResolvedFilter.OfKind variant = new ResolvedFilter.OfKind(name.toString(), base.kind(), parameters, flags);
        try {
            variant.create();
        } catch (IllegalArgumentException e) {
            String refused = e instanceof ParameterException p ? p.parameter() : String.join(", ", chosen.keySet());
            throw new IllegalArgumentException("--param for filter " + base.name() + ", parameter " + refused + ": "
                    + e.getMessage());
        }
        return variant;
    }

    /** The parameter of {@code filter}'s kind named {@code name}; none for a chain. */
    private static Optional<Parameter> parameter(ResolvedFilter filter, String name) {
        return filter instanceof ResolvedFilter.OfKind ofKind ? ofKind.findKind().parameter(name) : Optional.empty();
    }

    /** "Cartoon2: red, green, blue; NoOp: none", for the message of a name no filter has. */
    private static String parameterNames(List<ResolvedFilter> filters) {
        StringJoiner all = new StringJoiner("; ");
        for (ResolvedFilter filter : filters) {
            List<String> names = filter instanceof ResolvedFilter.OfKind ofKind
                    ? ofKind.findKind().parameters().stream().map(Parameter::name).toList() : List.of();
            all.add(filter.name() + ": " + (names.isEmpty() ? "none" : String.join(", ", names)));
        }
        return all.toString();
    }
}
