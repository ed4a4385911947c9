package dev.loomy.filter.config;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.loomy.filter.Chain;
import dev.loomy.filter.Filter;

/**
 * Turns the file's definitions into filters: chains refer to names, which may be defined later
 * in the file, be other chains or be built-ins, and must not lead back to themselves.
 */
final class ChainResolver {

    /** Chains inside chains, at most this deep: deeper is a mistake, and each level costs stack when applied. */
    static final int MAX_DEPTH = 32;
    /** Built-in filters one chain applies in all, at most: nesting multiplies them (a chain of 2 of a chain of 2...). */
    static final int MAX_STEPS = 1000;

    private final YamlSource source;
    private final Map<String, Definition> defined = new LinkedHashMap<>();
    private final Map<String, Filter> builtIns = new LinkedHashMap<>();
    private final Map<String, Filter> resolved = new HashMap<>();
    /** Per resolved chain, how many built-in filters it applies in all, and how deep its chains nest. */
    private final Map<String, Long> applied = new HashMap<>();
    private final Map<String, Integer> depths = new HashMap<>();
    /** The chains being resolved, outermost first: a step naming one of them closes a cycle. */
    private final List<Definition.ChainOf> path = new ArrayList<>();

    ChainResolver(YamlSource source, List<Filter> builtIns, List<Definition> definitions) {
        this.source = source;
        builtIns.forEach(filter -> this.builtIns.put(FiltersFileParser.key(filter.name()), filter));
        definitions.forEach(d -> defined.put(FiltersFileParser.key(d.name()), d));
    }

    /** The filter each definition stands for, in the file's order. */
    Map<Definition, Filter> resolve() throws FiltersFileException {
        Map<Definition, Filter> filters = new LinkedHashMap<>();
        for (Definition definition : defined.values()) {
            filters.put(definition, filter(definition));
        }
        return filters;
    }

    private Filter filter(Definition definition) throws FiltersFileException {
        if (definition instanceof Definition.OfKind ofKind) {
            return ofKind.filter();
        }
        Definition.ChainOf chain = (Definition.ChainOf) definition;
        Filter done = resolved.get(FiltersFileParser.key(chain.name()));
        if (done != null) {
            return done;
        }
        if (path.size() == MAX_DEPTH) {
            throw new FiltersFileException(source.file(), chain.line(), "chain '" + path.get(0).name()
                    + "' nests chains more than " + MAX_DEPTH + " deep (through '" + chain.name() + "')");
        }
        path.add(chain);
        List<Filter> steps = new ArrayList<>();
        long total = 0;
        int depth = 1;
        for (Definition.Step step : chain.steps()) {
            Filter filter = step(step, chain);
            steps.add(filter);
            String key = FiltersFileParser.key(filter.name());
            total += applied.getOrDefault(key, 1L);
            depth = Math.max(depth, depths.getOrDefault(key, 0) + 1);
            if (depth > MAX_DEPTH) {
                throw new FiltersFileException(source.file(), step.line(), "chain '" + chain.name()
                        + "' nests chains more than " + MAX_DEPTH + " deep (through '" + filter.name() + "')");
            }
            if (total > MAX_STEPS) {
                throw new FiltersFileException(source.file(), step.line(), "chain '" + chain.name() + "' applies more than "
                        + MAX_STEPS + " filters in all, counting the steps of the chains inside it");
            }
        }
        path.remove(path.size() - 1);
        Chain filter = new Chain(chain.name(), steps);
        resolved.put(FiltersFileParser.key(chain.name()), filter);
        applied.put(FiltersFileParser.key(chain.name()), total);
        depths.put(FiltersFileParser.key(chain.name()), depth);
        return filter;
    }

    private Filter step(Definition.Step step, Definition.ChainOf chain) throws FiltersFileException {
        String key = FiltersFileParser.key(step.name());
        Definition definition = defined.get(key);
        if (definition != null) {
            checkNoCycle(step, definition);
            return filter(definition);
        }
        Filter builtIn = builtIns.get(key);
        if (builtIn == null) {
            throw new FiltersFileException(source.file(), step.line(), "unknown filter '" + step.name()
                    + "' in chain '" + chain.name() + "' (known: " + String.join(", ", knownNames()) + ")");
        }
        return builtIn;
    }

    private void checkNoCycle(Definition.Step step, Definition target) throws FiltersFileException {
        int start = path.indexOf(target);
        if (start < 0) {
            return;
        }
        List<String> cycle = new ArrayList<>();
        path.subList(start, path.size()).forEach(c -> cycle.add(c.name()));
        cycle.add(target.name());
        throw new FiltersFileException(source.file(), step.line(), "chain '" + path.get(path.size() - 1).name()
                + "' leads back to itself: " + String.join(" -> ", cycle) + " (a chain cannot contain itself)");
    }

    private List<String> knownNames() {
        Map<String, String> names = new LinkedHashMap<>();
        builtIns.forEach((key, filter) -> names.put(key, filter.name()));
        defined.forEach((key, definition) -> names.put(key, definition.name()));
        return List.copyOf(names.values());
    }
}
