package dev.loomy.tune;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonInclude;

import dev.loomy.console.DidYouMean;
import dev.loomy.filter.Chain;
import dev.loomy.filter.Filter;
import dev.loomy.filter.FilterRegistry;
import dev.loomy.filter.Kind;
import dev.loomy.filter.Parameter;
import dev.loomy.filter.Value;
import dev.loomy.filter.config.FilterCatalog;
import dev.loomy.filter.config.ParameterSweep;
import dev.loomy.filter.config.ResolvedFilter;
import dev.loomy.filter.config.Variants;

/**
 * The filters tune offers, those the main command knows under the same filters file (built-ins,
 * then the file's own), each described by its kind's parameters; and a preview's filter, made
 * from a name and parameter values exactly as {@code -f NAME --param=PARAM=V} makes it.
 */
final class TuneFilters {

    /**
     * One filter as {@code /api/filters} lists it.
     *
     * @param parameters its kind's, each with this filter's own value as its default (a filters.yaml
     *                   entry's, or the kind's default for a built-in)
     * @param steps      a chain's steps, by name; null for any other
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Description(String name, String kind, String description, List<Parameter> parameters, List<String> steps) {
    }

    /** The query names a preview takes for itself: no kind has a parameter of these names. */
    static final List<String> RESERVED = List.of("image", "filter", "width");

    private static final Filter ORIGINAL = Kind.find("NoOp").orElseThrow().builtIn();

    private final FilterCatalog catalog;
    private final FilterRegistry registry;

    TuneFilters(FilterCatalog catalog) {
        this.catalog = catalog;
        this.registry = catalog.registry();
    }

    /** Every filter, in the order {@code loomy filters} lists them. */
    List<Filter> all() {
        return catalog.entries().stream().map(FilterCatalog.Entry::filter).toList();
    }

    List<Description> describe() {
        return all().stream().map(TuneFilters::describe).toList();
    }

    /** The name the filters file gives {@code name} (any case), if any filter has it. */
    String known(String name) {
        return registry.find(name).map(Filter::name).orElse(null);
    }

    private static Description describe(Filter filter) {
        if (filter instanceof Chain chain) {
            return new Description(chain.name(), chain.kind(), chain.description(), List.of(),
                    chain.steps().stream().map(Filter::name).toList());
        }
        Kind kind = Kind.find(filter.kind()).orElseThrow();
        List<Parameter> parameters = new ArrayList<>();
        for (Parameter parameter : kind.parameters()) {
            Value own = switch (parameter.type()) {
                case INTEGER -> Value.of(filter.parameters().get(parameter.name()).intValue());
                case REAL -> Value.of(filter.parameters().get(parameter.name()).doubleValue());
                case FLAG -> Value.of(filter.flags().get(parameter.name()));
            };
            parameters.add(new Parameter(parameter.name(), parameter.type(), own, parameter.min(), parameter.max()));
        }
        return new Description(filter.name(), kind.name(), filter.description(), parameters, null);
    }

    /**
     * The filter named {@code name} with {@code values} for its parameters (the others at its own
     * values): {@code Name[PARAM=V,...]} as the main command's {@code --param} makes it, read and
     * checked by the same code.
     *
     * @throws HttpError 404 for a name no filter has; 400 for a parameter it has not, or a value not
     *                   of its parameter's type or out of its range
     */
    Filter preview(String name, Map<String, String> values) throws HttpError {
        Filter filter = registry.find(name).orElseThrow(() -> HttpError.notFound("no filter named '" + name + "'"
                + closest(name)));
        if (values.isEmpty()) {
            return filter;
        }
        if (filter instanceof Chain) {
            throw HttpError.badRequest(filter.name() + " is a chain: it has no parameters of its own, not "
                    + String.join(", ", values.keySet()));
        }
        Kind kind = Kind.find(filter.kind()).orElseThrow();
        List<ParameterSweep> sweeps = new ArrayList<>();
        for (Map.Entry<String, String> value : values.entrySet()) {
            Parameter parameter = kind.parameter(value.getKey()).orElseThrow(() -> HttpError.badRequest(filter.name()
                    + " has no parameter '" + value.getKey() + "' (its parameters: "
                    + String.join(", ", kind.parameters().stream().map(Parameter::name).toList()) + ")"));
            asciiNumber(parameter, value.getValue());
            // One value each: the value is never split at commas, so "1,2" is refused, not two variants.
            sweeps.add(new ParameterSweep(value.getKey(), List.of(value.getValue())));
        }
        try {
            return Variants.expand(List.of(ResolvedFilter.of(filter)), sweeps).getFirst().create();
        } catch (IllegalArgumentException e) {
            throw HttpError.badRequest(e.getMessage());
        }
    }

    /**
     * A number's value must be written in ASCII digits, as {@code -12}, {@code 0.5} or {@code 1e-3}: Java's
     * parsers also take a sign {@code +}, digits of other scripts (Arabic-Indic, full-width) and spaces
     * around, none of which a page's control sends.
     */
    private static void asciiNumber(Parameter parameter, String value) throws HttpError {
        String pattern = switch (parameter.type()) {
            case INTEGER -> "-?[0-9]+";
            case REAL -> "-?([0-9]+(\\.[0-9]*)?|\\.[0-9]+)([eE]-?[0-9]+)?";
            case FLAG -> null;
        };
        if (pattern != null && !value.matches(pattern)) {
            throw HttpError.badRequest(parameter.name() + " takes " + (parameter.type() == Parameter.Type.INTEGER
                    ? "an integer" : "a number") + " in ASCII digits (as -12 or 0.5), not '" + value + "'");
        }
    }

    /** The image as read: the NoOp kind's filter, whatever the filters file calls NoOp; it takes no values. */
    Filter original(Map<String, String> values) throws HttpError {
        if (!values.isEmpty()) {
            throw HttpError.badRequest("parameters without a filter: " + String.join(", ", values.keySet())
                    + " (?filter=NAME)");
        }
        return ORIGINAL;
    }

    private String closest(String name) {
        List<String> close = DidYouMean.closest(name, registry.names());
        return close.isEmpty() ? "" : " (" + DidYouMean.question(close) + ")";
    }
}
