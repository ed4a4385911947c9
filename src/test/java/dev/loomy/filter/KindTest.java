package dev.loomy.filter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The one list of kinds, and each kind's description of its parameters against the filters it makes. */
class KindTest {

    static Stream<Kind> kinds() {
        return Kind.all().stream();
    }

    @Test
    void theKindsAreTheBuiltInsByNameInAnyCase() {
        assertThat(Kind.all()).extracting(Kind::name).containsExactlyElementsOf(FilterRegistry.builtIns().names());
        assertThat(Kind.find("sepiared")).get().extracting(Kind::name).isEqualTo("SepiaRed");
        assertThat(Kind.find(" ALTMRETINEX ")).get().extracting(Kind::name).isEqualTo("ALTMRetinex");
        assertThat(Kind.find("Sepia")).isEmpty();
    }

    /** What {@code loomy filters} lists (the filter's own values) and what the kind describes are one. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void theBuiltInIsOfItsKindWithEveryParameterAtItsDefault(Kind kind) {
        Filter builtIn = kind.builtIn();

        assertThat(builtIn.name()).isEqualTo(kind.name());
        assertThat(builtIn.kind()).isEqualTo(kind.name());
        List<String> listed = new ArrayList<>(builtIn.parameters().keySet());
        listed.addAll(builtIn.flags().keySet());
        assertThat(listed).containsExactlyElementsOf(kind.parameters().stream().map(Parameter::name).toList());
        for (Parameter parameter : kind.parameters()) {
            Object value = switch (parameter.type()) {
                case INTEGER -> parameter.integerDefault();
                case REAL -> parameter.realDefault();
                case FLAG -> parameter.flagDefault();
            };
            Map<String, ?> values = parameter.type() == Parameter.Type.FLAG ? builtIn.flags() : builtIn.parameters();
            // Equal as objects: an Integer for an integer, a Double for a real.
            assertThat(values.get(parameter.name())).as(parameter.name()).isEqualTo(value);
        }
    }

    /**
     * Every built-in keeps its name, kind, description and values in {@link KindFilter}, the one
     * place they are checked against its kind: none writes its own getters that could drift from it.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void theBuiltInKeepsWhatItSaysOfItselfInKindFilter(Kind kind) {
        assertThat(kind.builtIn()).isInstanceOf(KindFilter.class);
    }

    /** Every number parameter's bounds, and the values just beyond them. */
    static Stream<Arguments> bounds() {
        return kinds().flatMap(kind -> kind.parameters().stream().filter(p -> p.type() != Parameter.Type.FLAG)
                .map(p -> Arguments.of(kind.name(), p.name())));
    }

    /** The constructors check what the description says, no more and no less: the description is the one range. */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("bounds")
    void aFilterTakesItsParametersRangeAndRefusesJustBeyondIt(String kindName, String parameterName) {
        Kind kind = Kind.find(kindName).orElseThrow();
        Parameter parameter = kind.parameter(parameterName).orElseThrow();
        boolean integer = parameter.type() == Parameter.Type.INTEGER;
        Number min = integer ? (Number) ((Value.Int) parameter.min()).value() : ((Value.Real) parameter.min()).value();
        Number max = integer ? (Number) ((Value.Int) parameter.max()).value() : ((Value.Real) parameter.max()).value();
        Number below = integer ? (Number) (min.intValue() - 1) : Math.nextDown(min.doubleValue());
        Number above = integer ? (Number) (max.intValue() + 1) : Math.nextUp(max.doubleValue());

        assertThat(made(kind, parameterName, min).parameters()).containsEntry(parameterName, min);
        assertThat(made(kind, parameterName, max).parameters()).containsEntry(parameterName, max);
        for (Number beyond : List.of(below, above)) {
            ParameterException e = catchThrowableOfType(ParameterException.class, () -> made(kind, parameterName, beyond));
            assertThat(e).as("%s=%s", parameterName, beyond).isNotNull();
            assertThat(e.parameter()).isEqualTo(parameterName);
            assertThat(e.getMessage()).startsWith(kindName + ": " + parameterName + " must be ").endsWith(", not " + beyond);
        }
    }

    private static Filter made(Kind kind, String parameter, Number value) {
        return kind.create("Tried", new Kind.Values(Map.of(parameter, value), Map.of()));
    }

    @Test
    void aValueLeftOutTakesItsDefaultAndAFlagIsAFlag() {
        Filter edges = Canny.KIND.create("Edges", new Kind.Values(Map.of("threshold2", 90), Map.of("inverted", false)));

        assertThat(edges.name()).isEqualTo("Edges");
        assertThat(edges.kind()).isEqualTo("Canny");
        assertThat(edges.parameters()).containsExactly(Map.entry("threshold1", 100), Map.entry("threshold2", 90));
        assertThat(edges.flags()).containsExactly(Map.entry("inverted", false));
    }

    @Test
    void sepiaGrayAndSepiaRedAreOneClassAndTwoKinds() {
        assertThat(Sepia.red().getClass()).isEqualTo(Sepia.gray().getClass());
        assertThat(Sepia.red().kind()).isEqualTo("SepiaRed");
        assertThat(Sepia.gray().kind()).isEqualTo("SepiaGray");
        assertThat(Sepia.red("Warm").kind()).isEqualTo("SepiaRed");
    }
}
