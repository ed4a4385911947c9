package dev.loomy.filter;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** The filters a run can select, by name, without regard to case. */
public final class FilterRegistry {

    private final Map<String, Filter> byKey = new LinkedHashMap<>();

    /** A registry holding the built-in filters, each {@link Kind}'s with its default parameters, in the kinds' order. */
    public static FilterRegistry builtIns() {
        FilterRegistry registry = new FilterRegistry();
        Kind.all().forEach(kind -> registry.register(kind.builtIn()));
        return registry;
    }

    /** Adds {@code filter}, replacing any filter of the same name (a filters file may redefine a built-in). */
    public FilterRegistry register(Filter filter) {
        byKey.put(key(filter.name()), filter);
        return this;
    }

    /** The filter named {@code name}, in any case; a name in double quotes (a comma in it, given to -f) without them. */
    public Optional<Filter> find(String name) {
        return Optional.ofNullable(byKey.get(key(unquoted(name))));
    }

    public Filter require(String name) {
        return find(name).orElseThrow(() -> new UnknownFilterException(unquoted(name), names()));
    }

    /**
     * {@code name} without the double quotes around it: -f splits its value on commas except inside
     * double quotes, which it keeps; no filter's name holds a quote.
     */
    public static String unquoted(String name) {
        return name.length() >= 2 && name.startsWith("\"") && name.endsWith("\"")
                ? name.substring(1, name.length() - 1) : name;
    }

    public List<String> names() {
        List<String> names = new ArrayList<>();
        byKey.values().forEach(f -> names.add(f.name()));
        return names;
    }

    /** The filters, in the order they were first registered. */
    public List<Filter> filters() {
        return List.copyOf(byKey.values());
    }

    private static String key(String name) {
        return name.trim().toLowerCase(Locale.ROOT);
    }
}
