package dev.loomy.filter.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.loomy.filter.Chain;
import dev.loomy.filter.Filter;
import dev.loomy.filter.FilterRegistry;

/** A filter described, sent as JSON (to a child JVM, an executor) and made again: the same filter, by its kind's name. */
class ResolvedFilterTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    static Stream<Named<Filter>> filters() throws Exception {
        String file = """
                filters:
                  Warm: {kind: SepiaRed}
                  Edges: {kind: Canny, threshold1: 40, inverted: false}
                  Both: {chain: [SepiaGray, Warm, edges]}
                """;
        return FiltersFileLoader.parse("filters.yaml", false, file).registry().filters().stream()
                .map(filter -> Named.of(filter.name(), filter));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("filters")
    void aFilterMadeAgainFromItsDescriptionIsOfItsKindWithItsValues(Filter filter) throws Exception {
        String sent = JSON.writeValueAsString(ResolvedFilter.of(filter));

        Filter made = JSON.readValue(sent, ResolvedFilter.class).create();

        assertSame(made, filter);
    }

    private static void assertSame(Filter made, Filter filter) {
        assertThat(made.getClass()).isEqualTo(filter.getClass());
        assertThat(made.name()).isEqualTo(filter.name());
        assertThat(made.kind()).isEqualTo(filter.kind());
        assertThat(made.description()).isEqualTo(filter.description());
        assertThat(made.parameters()).containsExactlyEntriesOf(filter.parameters());
        assertThat(made.flags()).containsExactlyEntriesOf(filter.flags());
        if (filter instanceof Chain chain) {
            List<Filter> steps = ((Chain) made).steps();
            assertThat(steps).hasSameSizeAs(chain.steps());
            for (int i = 0; i < steps.size(); i++) {
                assertSame(steps.get(i), chain.steps().get(i));
            }
        }
    }

    /** SepiaGray and SepiaRed are one class: the class cannot tell them apart. */
    @Test
    void theDescriptionNamesTheKindNotTheClass() {
        assertThat(ResolvedFilter.of(FilterRegistry.builtIns().require("sepiared")))
                .isEqualTo(new ResolvedFilter.OfKind("SepiaRed", "SepiaRed", Map.of(), Map.of()));
    }

    @Test
    void aKindNoFilterHasIsRefused() {
        assertThatThrownBy(() -> new ResolvedFilter.OfKind("X", "Sepia", Map.of(), Map.of()).create())
                .hasMessage("no filter kind Sepia");
    }
}
