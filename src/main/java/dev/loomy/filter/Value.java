package dev.loomy.filter;

import java.math.BigDecimal;

import com.fasterxml.jackson.annotation.JsonValue;

/** One value of a filter's parameter, of the parameter's own type: an integer, a real number or a flag. */
public sealed interface Value {

    static Value of(int value) {
        return new Int(value);
    }

    static Value of(double value) {
        return new Real(value);
    }

    static Value of(boolean value) {
        return new Flag(value);
    }

    /** As {@code loomy filters} lists it: 80, 0.01, 36.0, true. */
    String text();

    /**
     * As a variant's name shows it ({@code Cartoon2[red=40]}): a real as 2 rather than 2.0, so that
     * 2 and 2.0 are one variant, and as 1E-300 rather than 300 digits, which would make the name too
     * long for a folder.
     */
    default String shown() {
        return text();
    }

    record Int(@JsonValue int value) implements Value {

        @Override
        public String text() {
            return Integer.toString(value);
        }
    }

    record Real(@JsonValue double value) implements Value {

        @Override
        public String text() {
            return Double.toString(value);
        }

        @Override
        public String shown() {
            BigDecimal decimal = BigDecimal.valueOf(value).stripTrailingZeros();
            String plain = decimal.toPlainString();
            return plain.length() <= 20 ? plain : decimal.toString();
        }
    }

    record Flag(@JsonValue boolean value) implements Value {

        @Override
        public String text() {
            return Boolean.toString(value);
        }
    }
}
