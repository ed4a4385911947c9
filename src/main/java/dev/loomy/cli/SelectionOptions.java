package dev.loomy.cli;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import dev.loomy.filter.Filter;
import dev.loomy.filter.FilterRegistry;
import dev.loomy.filter.config.FilterCatalog;
import dev.loomy.filter.config.ParameterSweep;
import dev.loomy.filter.config.ResolvedFilter;
import dev.loomy.filter.config.Variants;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** Which strategies and filters to run. */
public final class SelectionOptions {

    @Option(names = {"-s", "--strategy"}, split = ",", paramLabel = "S", defaultValue = "virtual",
            description = "loop, threads, pool, forkjoin, virtual, virtual-priority, or all (the first five); "
                    + "a comma list runs several (default: ${DEFAULT-VALUE})")
    List<String> strategies;

    @Option(names = {"-f", "--filter"}, split = ",", paramLabel = "F", defaultValue = "NoOp",
            description = "NoOp, Cartoon2, ALTMRetinex, a catalogue filter (loomy filters lists them) "
                    + "or a name from filters.yaml, in any case; "
                    + "a comma list runs several (default: ${DEFAULT-VALUE})")
    List<String> filters;

    @Option(names = "--param", paramLabel = "NAME=V1[,V2...]",
            description = "repeatable: every selected filter that has parameter NAME runs once per value, as a "
                    + "variant named Filter[NAME=V]; several give every combination")
    List<String> params = List.of();

    @Mixin
    ConfigOption config;

    /** The filters file {@link #resolve} read, or null for the packaged one. */
    private String source;

    /** The filters named, each once, in the order first named, each swept parameter's variants in its place. */
    List<ResolvedFilter> resolve() throws UsageError {
        FilterCatalog catalog = config.catalog();
        source = catalog.packaged() ? null : catalog.source();
        FilterRegistry registry = catalog.registry();
        List<Filter> chosen = new ArrayList<>();
        try {
            for (String name : filters) {
                Filter filter = registry.require(name);
                if (!chosen.contains(filter)) {
                    chosen.add(filter);
                }
            }
            List<ParameterSweep> sweeps = params.stream().map(ParameterSweep::parse).toList();
            checkEachOnce(sweeps);
            return Variants.expand(chosen.stream().map(ResolvedFilter::of).toList(), sweeps);
        } catch (IllegalArgumentException e) {
            throw new UsageError(e.getMessage());
        }
    }

    /** The filters file the filters came from, after {@link #resolve}; null for the one packaged in loomy. */
    String filtersFile() {
        return source;
    }

    /** A parameter given twice would keep its last values only: -f and -s add up, so this could pass for a sweep. */
    private static void checkEachOnce(List<ParameterSweep> sweeps) throws UsageError {
        Map<String, ParameterSweep> seen = new HashMap<>();
        for (ParameterSweep sweep : sweeps) {
            ParameterSweep before = seen.putIfAbsent(sweep.name(), sweep);
            if (before != null) {
                List<String> all = new ArrayList<>(before.values());
                all.addAll(sweep.values());
                throw new UsageError("--param=" + sweep.name() + " is given twice (" + String.join(",", before.values())
                        + ", then " + String.join(",", sweep.values()) + "): give all its values in one, --param="
                        + sweep.name() + "=" + String.join(",", all));
            }
        }
    }

    /** Refuses a list with an empty name ({@code -f ,} or {@code -s a,,b}), which would otherwise select nothing. */
    void check() throws UsageError {
        checkNames("--strategy", strategies, "loop,virtual");
        checkNames("--filter", filters, "NoOp,Cartoon2");
    }

    private static void checkNames(String option, List<String> names, String example) throws UsageError {
        if (names.isEmpty() || names.stream().anyMatch(String::isBlank)) {
            throw new UsageError(option + ": an empty name (expected one or more names separated by commas, such as "
                    + example + ")");
        }
    }
}
