package dev.loomy.filter.config;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

import dev.loomy.filter.Chain;
import dev.loomy.filter.Filter;
import dev.loomy.filter.Kind;

/**
 * A selected filter as a value: a built-in kind with every parameter's value, or a chain of
 * such. A run description holds these rather than a filters file to read again, so that a
 * JVM that receives it (a child, an executor) makes exactly the filter the user chose.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({
    @JsonSubTypes.Type(value = ResolvedFilter.OfKind.class, name = "kind"),
    @JsonSubTypes.Type(value = ResolvedFilter.ChainOf.class, name = "chain"),
})
public sealed interface ResolvedFilter {

    String name();

    /** A new filter made from this definition. */
    Filter create();

    /**
     * @param kind       the {@link Kind}'s name
     * @param parameters every numeric parameter's value, as the kind names them
     * @param flags      every on/off parameter's value (none for most kinds; absent in JSON means none)
     */
    record OfKind(String name, String kind, Map<String, Number> parameters, Map<String, Boolean> flags)
            implements ResolvedFilter {

        public OfKind {
            parameters = new LinkedHashMap<>(parameters);
            flags = flags == null ? new LinkedHashMap<>() : new LinkedHashMap<>(flags);
        }

        @Override
        public Filter create() {
            return findKind().create(name, new Kind.Values(parameters, flags));
        }

        /** The kind it names. */
        Kind findKind() {
            return Kind.find(kind).orElseThrow(() -> new IllegalArgumentException("no filter kind " + kind));
        }
    }

    record ChainOf(String name, List<ResolvedFilter> steps) implements ResolvedFilter {

        public ChainOf {
            steps = List.copyOf(steps);
        }

        @Override
        public Filter create() {
            return new Chain(name, steps.stream().map(ResolvedFilter::create).toList());
        }
    }

    /**
     * The definition of {@code filter}: its {@link Filter#kind() kind} by name with its values, or a chain of such.
     *
     * @throws IllegalArgumentException for a filter of no known kind
     */
    static ResolvedFilter of(Filter filter) {
        if (filter instanceof Chain chain) {
            return new ChainOf(chain.name(), chain.steps().stream().map(ResolvedFilter::of).toList());
        }
        Kind kind = Kind.find(filter.kind())
                .orElseThrow(() -> new IllegalArgumentException(filter.name() + " is of no known filter kind"));
        return new OfKind(filter.name(), kind.name(), filter.parameters(), filter.flags());
    }
}
