package dev.loomy.filter;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * What one parameter of a filter kind is: its name, its type, its default and the values it takes
 * ({@code min} to {@code max}, both included; none for a flag). This one description is what
 * {@code loomy filters} shows, what filters.yaml and {@code --param} values are read as, and what
 * every filter's constructor checks its values against ({@link #check}).
 *
 * <p>A real parameter that must be above 0 has {@link Double#MIN_VALUE}, the smallest double above
 * 0, as its minimum: {@link #range} writes it {@code (0, ...]}.
 */
@JsonPropertyOrder({"name", "type", "default", "min", "max"})
public record Parameter(String name, Type type, @JsonProperty("default") Value defaultValue, Value min, Value max) {

    /** Decimal notation only: Java would also take NaN, Infinity, hexadecimal and a trailing d. */
    private static final Pattern DECIMAL = Pattern.compile("[-+]?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?");

    public enum Type {
        INTEGER("an integer"), REAL("a number"), FLAG("true or false");

        private final String words;

        Type(String words) {
            this.words = words;
        }

        /** As {@code loomy filters} and the JSON name it: integer, real, flag. */
        @JsonValue
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** A value of this type, in words: "an integer". */
        public String words() {
            return words;
        }

        private Class<? extends Value> valueClass() {
            return switch (this) {
                case INTEGER -> Value.Int.class;
                case REAL -> Value.Real.class;
                case FLAG -> Value.Flag.class;
            };
        }
    }

    public Parameter {
        Filters.requireName(name);
        boolean bounds = type == Type.FLAG ? min == null && max == null
                : type.valueClass().isInstance(min) && type.valueClass().isInstance(max);
        if (!type.valueClass().isInstance(defaultValue) || !bounds) {
            throw new IllegalArgumentException(name + ": a default, a minimum and a maximum of type " + type.label()
                    + " (none for a flag), not " + defaultValue + ", " + min + ", " + max);
        }
        if (type != Type.FLAG && !within(defaultValue, min, max)) {
            throw new IllegalArgumentException(name + ": the default " + defaultValue.text() + " lies outside "
                    + min.text() + " to " + max.text());
        }
    }

    public static Parameter integer(String name, int defaultValue, int min, int max) {
        return new Parameter(name, Type.INTEGER, Value.of(defaultValue), Value.of(min), Value.of(max));
    }

    public static Parameter real(String name, double defaultValue, double min, double max) {
        return new Parameter(name, Type.REAL, Value.of(defaultValue), Value.of(min), Value.of(max));
    }

    public static Parameter flag(String name, boolean defaultValue) {
        return new Parameter(name, Type.FLAG, Value.of(defaultValue), null, null);
    }

    /** This real parameter with another default: for two kinds that share a parameter's meaning and range. */
    public Parameter withDefault(double value) {
        return new Parameter(name, type, Value.of(value), min, max);
    }

    public int integerDefault() {
        return ((Value.Int) defaultValue).value();
    }

    public double realDefault() {
        return ((Value.Real) defaultValue).value();
    }

    public boolean flagDefault() {
        return ((Value.Flag) defaultValue).value();
    }

    /** The values taken, as {@code loomy filters} shows them: {@code 1..256}, {@code (0, 200]}, {@code [0, 255]}, true or false. */
    public String range() {
        return switch (type) {
            case INTEGER -> min.text() + ".." + max.text();
            case REAL -> (((Value.Real) min).value() == Double.MIN_VALUE ? "(0" : "[" + min.shown()) + ", " + max.shown()
                    + "]";
            case FLAG -> type.words();
        };
    }

    /** What a value must be, in words: "an integer in 1..256", "a number in (0, 200]", "true or false". */
    public String expected() {
        return type == Type.FLAG ? range() : type.words() + " in " + range();
    }

    /**
     * The one check of a value: of this parameter's type and in its range (a real also finite).
     *
     * @param kind the filter kind, which the message names
     * @throws ParameterException naming the kind, the parameter, what it must be and the value
     */
    public Value check(String kind, Value value) {
        boolean ok = type == Type.FLAG ? value instanceof Value.Flag : within(value, min, max);
        if (!ok) {
            throw new ParameterException(kind, name, name + " must be " + expected() + ", not " + value.text());
        }
        return value;
    }

    /** {@code value} when {@link #check} takes it. */
    public int check(String kind, int value) {
        check(kind, Value.of(value));
        return value;
    }

    /** {@code value} when {@link #check} takes it. */
    public double check(String kind, double value) {
        check(kind, Value.of(value));
        return value;
    }

    /**
     * {@code text} read as this parameter's type, as a command line gives it: an integer, a finite
     * number in decimal notation, true or false (any case); empty when it is none of these. Its range
     * is {@link #check}'s.
     */
    public Optional<Value> parse(String text) {
        return Optional.ofNullable(switch (type) {
            case INTEGER -> integer(text);
            case REAL -> DECIMAL.matcher(text).matches() && Double.isFinite(Double.parseDouble(text))
                    ? Value.of(Double.parseDouble(text)) : null;
            case FLAG -> text.equalsIgnoreCase("true") || text.equalsIgnoreCase("false")
                    ? Value.of(Boolean.parseBoolean(text)) : null;
        });
    }

    private static Value integer(String text) {
        try {
            return Value.of(Integer.parseInt(text));
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** Whether {@code value} lies from {@code min} to {@code max}, all three of one type of number. */
    private static boolean within(Value value, Value min, Value max) {
        // Tests, not a pattern switch: that is linked by a bootstrap method at its first use, at every start-up.
        if (value instanceof Value.Int v && min instanceof Value.Int low && max instanceof Value.Int high) {
            return v.value() >= low.value() && v.value() <= high.value();
        }
        if (value instanceof Value.Real v && min instanceof Value.Real low && max instanceof Value.Real high) {
            return v.value() >= low.value() && v.value() <= high.value();
        }
        return false;
    }
}
