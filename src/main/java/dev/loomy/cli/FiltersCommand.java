package dev.loomy.cli;

import java.io.PrintStream;
import java.util.List;
import java.util.StringJoiner;
import java.util.concurrent.Callable;

import dev.loomy.filter.Chain;
import dev.loomy.filter.Filter;
import dev.loomy.filter.config.FilterCatalog;
import dev.loomy.report.TextTable;
import dev.loomy.run.ExitCodes;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code loomy filters}: every filter known, with its kind, its parameters and where it is defined. */
@Command(name = "filters", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        sortOptions = false, usageHelpAutoWidth = true,
        description = {"Lists every filter known (built-in and from the filters file) with its kind, what it "
                + "does and its parameter values; a chain shows its steps in order."},
        footer = {"", "Exit status: 0 listed; 2 the filters file is missing or broken."})
public final class FiltersCommand implements Callable<Integer> {

    @Mixin
    ConfigOption config;

    static final String NONE = "none";

    private final PrintStream out;

    /** @param out where the list goes; errors go through picocli's error stream (see {@link Main}) */
    public FiltersCommand(PrintStream out, PrintStream err) {
        this.out = out;
    }

    @Override
    public Integer call() throws UsageError {
        out.print(render(Selections.catalog(config)));
        out.flush();
        return ExitCodes.OK;
    }

    static String render(FilterCatalog catalog) {
        TextTable table = new TextTable(List.of("NAME", "KIND", "DEFINED", "DESCRIPTION", "PARAMETERS"));
        for (FilterCatalog.Entry entry : catalog.entries()) {
            table.add(List.of(entry.filter().name(), entry.kind(),
                    entry.line() == 0 ? "built-in" : "line " + entry.line(), entry.filter().description(),
                    parameters(entry.filter())));
        }
        String source = catalog.packaged() ? "loomy's packaged default (no --config, no ./filters.yaml)"
                : catalog.source();
        return "Filters from " + source + "\n\n" + table.render();
    }

    /** A filter's parameters in one line, or {@link #NONE}; a chain's steps. */
    static String parameters(Filter filter) {
        if (filter instanceof Chain chain) {
            return String.join(" -> ", chain.steps().stream().map(Filter::name).toList());
        }
        StringJoiner text = new StringJoiner(", ");
        filter.parameters().forEach((name, value) -> text.add(name + "=" + value));
        filter.flags().forEach((name, value) -> text.add(name + "=" + value));
        return text.length() == 0 ? NONE : text.toString();
    }
}
