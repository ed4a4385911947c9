package dev.loomy.cli;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import java.util.concurrent.Callable;

import dev.loomy.console.DidYouMean;
import dev.loomy.filter.Chain;
import dev.loomy.filter.Filter;
import dev.loomy.filter.FilterRegistry;
import dev.loomy.filter.Kind;
import dev.loomy.filter.Parameter;
import dev.loomy.filter.config.FilterCatalog;
import dev.loomy.report.TextTable;
import dev.loomy.run.ExitCodes;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code loomy filters [NAME]}: every filter known, with its kind, its parameters and where it is
 * defined; or one filter's parameters, with their type, default and range.
 */
@Command(name = "filters", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        sortOptions = false, usageHelpAutoWidth = true,
        description = {"Lists every filter known (built-in and from the filters file) with its kind, what it "
                + "does and its parameter values; a chain shows its steps in order. With NAME, shows that filter's "
                + "parameters: their type, default and the values they take."},
        footer = {"", "Exit status: 0 listed; 2 the filters file is missing or broken, or no filter is named NAME."})
public final class FiltersCommand implements Callable<Integer> {

    /** How the list or the parameters are printed. */
    enum Format { table, markdown }

    @Mixin
    ConfigOption config;

    @Option(names = "--format", paramLabel = "F", defaultValue = "table",
            description = "table, or markdown: the same as a Markdown table (default: ${DEFAULT-VALUE})")
    Format format;

    @Option(names = "--names", description = "only every filter's name, one a line (what completion offers after -f)")
    boolean names;

    /** Accepted as on every command; the list goes to standard output and errors are said all the same. */
    @Option(names = {"-q", "--quiet"}, description = "print nothing on standard error but errors (as it does anyway)")
    boolean quiet;

    @Parameters(paramLabel = "NAME", arity = "0..1", description = "a filter's name (any case): show its parameters")
    String name;

    static final String NONE = "none";

    private final PrintStream out;

    /** @param out where the list goes; errors go through picocli's error stream (see {@link Main}) */
    public FiltersCommand(PrintStream out, PrintStream err) {
        this.out = out;
    }

    @Override
    public Integer call() throws UsageError {
        FilterCatalog catalog = Selections.catalog(config);
        if (names) {
            catalog.entries().forEach(entry -> out.println(entry.filter().name()));
        } else {
            out.print(name == null ? render(catalog, format) : describe(catalog, name, format));
        }
        out.flush();
        return ExitCodes.OK;
    }

    private static String render(FilterCatalog catalog, Format format) {
        List<List<String>> rows = new ArrayList<>();
        for (FilterCatalog.Entry entry : catalog.entries()) {
            rows.add(List.of(entry.filter().name(), entry.kind(), entry.line() == 0 ? "built-in" : "line " + entry.line(),
                    entry.filter().description(), parameters(entry.filter())));
        }
        String source = catalog.packaged() ? "loomy's packaged default (no --config, no ./filters.yaml)"
                : catalog.source();
        return "Filters from " + source + "\n\n" + table(format, List.of("NAME", "KIND", "DEFINED", "DESCRIPTION",
                "PARAMETERS"), rows);
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

    /**
     * The filter named {@code name}: what it does and where it is defined, then its kind's parameters
     * (with its own values where they are not the defaults), or a chain's steps. In Markdown, the
     * parameters' table alone, as docs/filters.md shows it.
     */
    private static String describe(FilterCatalog catalog, String name, Format format) throws UsageError {
        FilterRegistry registry = catalog.registry();
        Filter filter = registry.find(name).orElse(null);
        if (filter == null) {
            throw new UsageError("unknown filter '" + name + "' (" + DidYouMean.hint(name, registry.names()) + ")");
        }
        int line = catalog.entries().stream().filter(e -> e.filter() == filter).findFirst().orElseThrow().line();
        String defined = line == 0 ? "built-in" : "defined at " + catalog.source() + " line " + line;
        String head = format == Format.markdown ? "" : filter.name() + ": " + filter.description() + "\n";
        if (filter instanceof Chain chain) {
            return head + "A chain, " + defined + ": " + parameters(chain) + "\n";
        }
        Kind kind = Kind.find(filter.kind()).orElseThrow();
        head += format == Format.markdown ? "" : "Kind " + kind.name() + ", " + defined + ".\n\n";
        if (kind.parameters().isEmpty()) {
            return head + "No parameters.\n";
        }
        Map<String, Number> numbers = filter.parameters();
        Map<String, Boolean> flags = filter.flags();
        List<List<String>> rows = new ArrayList<>();
        boolean own = false;
        for (Parameter parameter : kind.parameters()) {
            String value = String.valueOf(parameter.type() == Parameter.Type.FLAG ? flags.get(parameter.name())
                    : numbers.get(parameter.name()));
            own |= !value.equals(parameter.defaultValue().text());
            rows.add(List.of(parameter.name(), parameter.type().label(), value,
                    parameter.defaultValue().text(), parameter.range()));
        }
        List<String> headings = new ArrayList<>(List.of("PARAMETER", "TYPE", "VALUE", "DEFAULT", "RANGE"));
        if (!own) {
            // At its defaults: the value column would repeat the default's.
            headings.remove(2);
            rows.replaceAll(row -> List.of(row.get(0), row.get(1), row.get(3), row.get(4)));
        }
        return head + table(format, headings, rows);
    }

    private static String table(Format format, List<String> headings, List<List<String>> rows) {
        if (format == Format.table) {
            TextTable table = new TextTable(headings);
            rows.forEach(table::add);
            return table.render();
        }
        StringBuilder markdown = new StringBuilder();
        markdown.append("| ").append(String.join(" | ", headings.stream().map(String::toLowerCase).toList())).append(" |\n");
        markdown.append("|").append(" --- |".repeat(headings.size())).append('\n');
        for (List<String> row : rows) {
            markdown.append("| ").append(String.join(" | ", row.stream().map(cell -> cell.replace("|", "\\|")).toList()))
                    .append(" |\n");
        }
        return markdown.toString();
    }
}
