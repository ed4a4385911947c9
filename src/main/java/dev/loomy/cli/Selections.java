package dev.loomy.cli;

import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import dev.loomy.filter.Filter;
import dev.loomy.filter.FilterRegistry;
import dev.loomy.filter.config.FilterCatalog;
import dev.loomy.filter.config.FiltersFileException;
import dev.loomy.filter.config.FiltersFileLoader;
import dev.loomy.filter.config.ParameterSweep;
import dev.loomy.filter.config.ResolvedFilter;
import dev.loomy.filter.config.Variants;

/** The filters ({@link SelectionOptions}) selected, checked. */
final class Selections {

    /**
     * The filters selected, each once, in the order first named, each swept parameter's variants in its place.
     *
     * @param file the filters file they came from, or null for the one packaged in loomy
     */
    record Filters(List<ResolvedFilter> resolved, String file) {
    }

    private Selections() {
    }

    /**
     * The filters named, resolved through the filters file, with {@code --param}'s variants:
     * counted first, and refused when they would make more than {@value Variants#MAX_ROWS} rows.
     *
     * @param rowsEach how many rows each filter makes (strategies times scanned values)
     */
    static Filters filters(SelectionOptions selection, int rowsEach) throws UsageError {
        checkNames("--filter", selection.filters, "NoOp,Cartoon2");
        FilterCatalog catalog;
        try {
            catalog = FiltersFileLoader.loadFilters(selection.config.file, Path.of(""));
        } catch (FiltersFileException e) {
            throw new UsageError(e.getMessage());
        }
        FilterRegistry registry = catalog.registry();
        List<Filter> chosen = new ArrayList<>();
        try {
            for (String name : selection.filters) {
                Filter filter = registry.require(name);
                if (!chosen.contains(filter)) {
                    chosen.add(filter);
                }
            }
            List<ParameterSweep> sweeps = selection.params.stream().map(ParameterSweep::parse).toList();
            checkEachOnce(sweeps);
            checkRows(Variants.count(chosen.stream().map(ResolvedFilter::of).toList(), sweeps), rowsEach);
            return new Filters(Variants.expand(chosen.stream().map(ResolvedFilter::of).toList(), sweeps),
                    catalog.packaged() ? null : catalog.source());
        } catch (IllegalArgumentException e) {
            throw new UsageError(e.getMessage());
        }
    }

    /** Refuses a run of more than {@value Variants#MAX_ROWS} rows, saying how many were asked, before any is made. */
    private static void checkRows(BigInteger filters, int rowsEach) throws UsageError {
        BigInteger rows = filters.multiply(BigInteger.valueOf(rowsEach));
        if (rows.compareTo(BigInteger.valueOf(Variants.MAX_ROWS)) > 0) {
            throw new UsageError(String.format(Locale.ROOT, "%,d rows asked (%,d filters and variants from --param, "
                    + "%,d rows each: strategies times scanned values); a run measures at most %,d: give fewer values",
                    rows, filters, rowsEach, Variants.MAX_ROWS));
        }
    }

    /** The filters known under {@code --config}; a missing or broken file is bad usage. */
    static FilterCatalog catalog(ConfigOption config) throws UsageError {
        try {
            return FiltersFileLoader.load(config.file, Path.of(""));
        } catch (FiltersFileException e) {
            throw new UsageError(e.getMessage());
        }
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
    static void checkNames(String option, List<String> names, String example) throws UsageError {
        if (names.isEmpty() || names.stream().anyMatch(String::isBlank)) {
            throw new UsageError(option + ": an empty name (expected one or more names separated by commas, such as "
                    + example + ")");
        }
    }
}
