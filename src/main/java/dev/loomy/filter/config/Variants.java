package dev.loomy.filter.config;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;
import java.util.regex.Pattern;

/**
 * Parameter sweeps ({@code --param}): each selected filter that has a swept parameter becomes
 * one variant per value, named {@code Filter[NAME=V]}; several sweeps give the product,
 * {@code Filter[NAME=V,OTHER=W]}. A filter without any swept parameter (a chain, NoOp) stays
 * as it is. The variants are filters like any other: a run measures them, a gallery shows them.
 */
public final class Variants {

    private static final Pattern DECIMAL = Pattern.compile("[-+]?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?");

    private Variants() {
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
            if (filters.stream().noneMatch(f -> has(f, sweep.name()))) {
                throw new IllegalArgumentException(sweep.given() + ": no selected filter has a parameter "
                        + sweep.name() + " (" + parameterNames(filters) + ")");
            }
        }
        List<ResolvedFilter> expanded = new ArrayList<>();
        for (ResolvedFilter filter : filters) {
            List<ParameterSweep> own = sweeps.stream().filter(s -> has(filter, s.name())).toList();
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
                                 Map<String, Object> chosen, List<ResolvedFilter> into) {
        if (index == sweeps.size()) {
            into.add(variant(base, chosen));
            return;
        }
        ParameterSweep sweep = sweeps.get(index);
        Map<String, Object> values = new LinkedHashMap<>();
        for (String text : sweep.values()) {
            Object value = value(base, sweep, text);
            values.putIfAbsent(shown(value), value);
        }
        for (Object value : values.values()) {
            chosen.put(sweep.name(), value);
            variants(base, sweeps, index + 1, chosen, into);
            chosen.remove(sweep.name());
        }
    }

    private static ResolvedFilter.OfKind variant(ResolvedFilter.OfKind base, Map<String, Object> chosen) {
        Map<String, Number> parameters = new LinkedHashMap<>(base.parameters());
        Map<String, Boolean> flags = new LinkedHashMap<>(base.flags());
        StringJoiner name = new StringJoiner(",", base.name() + "[", "]");
        chosen.forEach((parameter, value) -> {
            if (value instanceof Boolean flag) {
                flags.put(parameter, flag);
            } else {
                parameters.put(parameter, (Number) value);
            }
            name.add(parameter + "=" + shown(value));
        });
        ResolvedFilter.OfKind variant = new ResolvedFilter.OfKind(name.toString(), base.kind(), parameters, flags);
        try {
            variant.create();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--param for filter " + base.name() + ", parameter "
                    + String.join(", ", chosen.keySet()) + ": " + e.getMessage());
        }
        return variant;
    }

    /** {@code text} as the type of {@code filter}'s parameter: Integer, Double or Boolean. */
    private static Object value(ResolvedFilter.OfKind filter, ParameterSweep sweep, String text) {
        String wrong = sweep.given() + ": parameter " + sweep.name() + " of filter " + filter.name() + " is ";
        if (filter.flags().containsKey(sweep.name())) {
            String flag = text.toLowerCase(Locale.ROOT);
            if (!flag.equals("true") && !flag.equals("false")) {
                throw new IllegalArgumentException(wrong + "true or false, not '" + text + "'");
            }
            return Boolean.valueOf(flag);
        }
        try {
            if (filter.parameters().get(sweep.name()) instanceof Integer) {
                return Integer.valueOf(text);
            }
            // Decimal notation only: Java would also take NaN, Infinity, hexadecimal and a trailing d.
            double real = DECIMAL.matcher(text).matches() ? Double.parseDouble(text) : Double.NaN;
            if (!Double.isFinite(real)) {
                throw new NumberFormatException(text);
            }
            return real;
        } catch (NumberFormatException e) {
            boolean integer = filter.parameters().get(sweep.name()) instanceof Integer;
            throw new IllegalArgumentException(wrong + (integer ? "an integer" : "a finite number") + ", not '" + text + "'");
        }
    }

    /**
     * A value as a variant's name shows it: 2 rather than 2.0, so that 2 and 2.0 are one variant;
     * 1E-300 rather than 300 digits, which would make the name too long for a folder.
     */
    private static String shown(Object value) {
        if (value instanceof Double real) {
            BigDecimal decimal = BigDecimal.valueOf(real).stripTrailingZeros();
            String plain = decimal.toPlainString();
            return plain.length() <= 20 ? plain : decimal.toString();
        }
        return value.toString();
    }

    private static boolean has(ResolvedFilter filter, String parameter) {
        return filter instanceof ResolvedFilter.OfKind kind
                && (kind.parameters().containsKey(parameter) || kind.flags().containsKey(parameter));
    }

    /** "Cartoon2: red, green, blue; NoOp: none", for the message of a name no filter has. */
    private static String parameterNames(List<ResolvedFilter> filters) {
        StringJoiner all = new StringJoiner("; ");
        for (ResolvedFilter filter : filters) {
            List<String> names = new ArrayList<>();
            if (filter instanceof ResolvedFilter.OfKind kind) {
                names.addAll(kind.parameters().keySet());
                names.addAll(kind.flags().keySet());
            }
            all.add(filter.name() + ": " + (names.isEmpty() ? "none" : String.join(", ", names)));
        }
        return all.toString();
    }
}
