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

    /**
     * The known names a mistyped {@code name} may have meant (case aside): those fewest letter changes,
     * additions or removals away when that is a slip (at most one in three letters); else those that
     * begin with it ("Sepia": SepiaGray, SepiaRed); else none.
     */
    public List<String> closest(String name) {
        String wanted = key(name);
        int fewest = Integer.MAX_VALUE;
        List<String> closest = new ArrayList<>();
        for (String known : names()) {
            int changes = editDistance(wanted, key(known));
            if (changes < fewest) {
                fewest = changes;
                closest.clear();
            }
            if (changes == fewest) {
                closest.add(known);
            }
        }
        if (fewest <= Math.max(1, wanted.length() / 3)) {
            return closest;
        }
        return wanted.length() < 3 ? List.of() : names().stream().filter(known -> key(known).startsWith(wanted)).toList();
    }

    /** Levenshtein's distance: the fewest single-character insertions, deletions and substitutions from a to b. */
    static int editDistance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }

    private static String key(String name) {
        return name.trim().toLowerCase(Locale.ROOT);
    }
}
