package dev.loomy.filter.config;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * One {@code --param=NAME=V1,V2,...}: a parameter name and the values it takes in turn, as
 * given; each value's type is the parameter's own, checked per filter by {@link Variants}.
 */
public record ParameterSweep(String name, List<String> values) {

    public ParameterSweep {
        values = List.copyOf(values);
    }

    /**
     * {@code red=40,80}: the name, then one or more values separated by commas; a value given
     * twice is measured once.
     *
     * @throws IllegalArgumentException naming the option and what was expected
     */
    public static ParameterSweep parse(String text) {
        int eq = text.indexOf('=');
        String name = eq < 0 ? "" : text.substring(0, eq).trim();
        if (name.isEmpty()) {
            throw new IllegalArgumentException("--param=" + text + ": expected NAME=V1[,V2...], such as red=40,80");
        }
        List<String> values = new ArrayList<>();
        for (String value : text.substring(eq + 1).split(",", -1)) {
            values.add(value.trim());
        }
        if (values.stream().anyMatch(String::isEmpty)) {
            throw new IllegalArgumentException("--param=" + text + ": an empty value (expected one or more values "
                    + "separated by commas, such as " + name + "=40,80)");
        }
        return new ParameterSweep(name, List.copyOf(new LinkedHashSet<>(values)));
    }

    /** As given on the command line, for messages. */
    String given() {
        return "--param=" + name + "=" + String.join(",", values);
    }
}
