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

    /** A registry holding the built-in filters with their default parameters. */
    public static FilterRegistry builtIns() {
        FilterRegistry registry = new FilterRegistry();
        registry.register(new NoOp());
        registry.register(new Cartoon2());
        registry.register(new AltmRetinex());
        catalogue().forEach(registry::register);
        return registry;
    }

    /** origami's catalogue (docs/filters.md) with its defaults. */
    public static List<Filter> catalogue() {
        return List.of(new Gray(), new Canny(), Sepia.gray(), Sepia.red(), new Invert(), new GammaCorrection(),
                new EdgePreserving(), new DetailEnhance(), new Sobelo(), new Gotham(), new HighContrast(),
                new PixelSepia(), new Vignetting(), new Lark(), new Mayfair(), new Valencia(), new Walden(),
                new Cartoon());
    }

    /** Adds {@code filter}, replacing any filter of the same name (a filters file may redefine a built-in). */
    public FilterRegistry register(Filter filter) {
        byKey.put(key(filter.name()), filter);
        return this;
    }

    public Optional<Filter> find(String name) {
        return Optional.ofNullable(byKey.get(key(name)));
    }

    public Filter require(String name) {
        return find(name).orElseThrow(() -> new UnknownFilterException(name, names()));
    }

    public List<String> names() {
        List<String> names = new ArrayList<>();
        byKey.values().forEach(f -> names.add(f.name()));
        return names;
    }

    private static String key(String name) {
        return name.trim().toLowerCase(Locale.ROOT);
    }
}
