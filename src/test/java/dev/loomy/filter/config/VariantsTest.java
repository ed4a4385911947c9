package dev.loomy.filter.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.loomy.filter.Canny;
import dev.loomy.filter.Cartoon2;
import dev.loomy.filter.Chain;
import dev.loomy.filter.Filter;
import dev.loomy.filter.FilterRegistry;
import dev.loomy.filter.GammaCorrection;
import dev.loomy.filter.NoOp;

class VariantsTest {

    private static final ResolvedFilter CARTOON2 = ResolvedFilter.of(new Cartoon2());
    private static final ResolvedFilter NOOP = ResolvedFilter.of(new NoOp());

    private static List<ResolvedFilter> expand(List<ResolvedFilter> filters, String... params) {
        return Variants.expand(filters, List.of(params).stream().map(ParameterSweep::parse).toList());
    }

    private static List<String> names(List<ResolvedFilter> filters) {
        return filters.stream().map(ResolvedFilter::name).toList();
    }

    @Test
    void eachValueIsAVariantWithThatValueAndTheOtherParametersUnchanged() {
        List<ResolvedFilter> variants = expand(List.of(NOOP, CARTOON2), "red=40,120");

        assertThat(names(variants)).containsExactly("NoOp", "Cartoon2[red=40]", "Cartoon2[red=120]");
        Filter made = variants.get(2).create();
        assertThat(made.name()).isEqualTo("Cartoon2[red=120]");
        assertThat(made.parameters()).containsEntry("red", 120).containsEntry("green", 15).containsEntry("blue", 10);
    }

    @Test
    void severalSweepsGiveTheProductAndAFilterTakesOnlyTheSweepsOfItsOwnParameters() {
        ResolvedFilter gamma = ResolvedFilter.of(new GammaCorrection());
        List<ResolvedFilter> variants = expand(List.of(CARTOON2, gamma), "red=40,80", "blue=5,10,20", "gamma=0.5");

        assertThat(names(variants)).containsExactly(
                "Cartoon2[red=40,blue=5]", "Cartoon2[red=40,blue=10]", "Cartoon2[red=40,blue=20]",
                "Cartoon2[red=80,blue=5]", "Cartoon2[red=80,blue=10]", "Cartoon2[red=80,blue=20]",
                "GammaCorrection[gamma=0.5]");
        assertThat(variants.get(5).create().parameters()).containsEntry("red", 80).containsEntry("blue", 20);
        assertThat(variants.get(6).create().parameters()).containsEntry("gamma", 0.5);
    }

    @Test
    void aRealWrittenTwoWaysIsOneVariantAndFlagsAreSwept() {
        ResolvedFilter gamma = ResolvedFilter.of(new GammaCorrection());
        ResolvedFilter canny = ResolvedFilter.of(new Canny());

        assertThat(names(expand(List.of(gamma), "gamma=2,2.0,1.50"))).containsExactly("GammaCorrection[gamma=2]",
                "GammaCorrection[gamma=1.5]");
        List<ResolvedFilter> cannies = expand(List.of(canny), "inverted=true,false");
        assertThat(names(cannies)).containsExactly("Canny[inverted=true]", "Canny[inverted=false]");
        assertThat(cannies.get(0).create().flags()).containsEntry("inverted", true);
    }

    @Test
    void aValueOfManyDigitsIsNamedInScientificNotation() {
        ResolvedFilter gamma = ResolvedFilter.of(new GammaCorrection());

        assertThat(names(expand(List.of(gamma), "gamma=1e-300,0.000125,12345678901234567890123")))
                .containsExactly("GammaCorrection[gamma=1E-300]", "GammaCorrection[gamma=0.000125]",
                        "GammaCorrection[gamma=1.2345678901234568E+22]");
    }

    @Test
    void aChainHasNoParametersOfItsOwnAndStaysAsItIs() {
        ResolvedFilter chain = ResolvedFilter.of(new Chain("Both", List.of(new NoOp(), new Cartoon2())));

        assertThat(names(expand(List.of(chain, CARTOON2), "green=3"))).containsExactly("Both", "Cartoon2[green=3]");
    }

    @Test
    void aNameNoSelectedFilterHasIsRefusedWithEachFiltersParameters() {
        assertThatThrownBy(() -> expand(List.of(NOOP, CARTOON2), "gamma=1,2"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--param=gamma=1,2: no selected filter has a parameter gamma "
                        + "(NoOp: none; Cartoon2: red, green, blue)");
    }

    @Test
    void aValueOfTheWrongTypeOrOutOfRangeNamesTheFilterAndTheParameter() {
        assertThatThrownBy(() -> expand(List.of(CARTOON2), "red=40,4.5"))
                .hasMessage("--param=red=40,4.5: parameter red of filter Cartoon2 is an integer, not '4.5'");
        assertThatThrownBy(() -> expand(List.of(ResolvedFilter.of(new GammaCorrection())), "gamma=NaN"))
                .hasMessage("--param=gamma=NaN: parameter gamma of filter GammaCorrection is a finite number, not 'NaN'");
        assertThatThrownBy(() -> expand(List.of(ResolvedFilter.of(new Canny())), "inverted=yes"))
                .hasMessage("--param=inverted=yes: parameter inverted of filter Canny is true or false, not 'yes'");
        assertThatThrownBy(() -> expand(List.of(CARTOON2), "red=0"))
                .hasMessageStartingWith("--param for filter Cartoon2, parameter red: ")
                .hasMessageContaining("red must be");
    }

    @Test
    void aSweepWithoutValuesOrNameIsRefused() {
        assertThatThrownBy(() -> ParameterSweep.parse("red=")).hasMessageContaining("an empty value");
        assertThatThrownBy(() -> ParameterSweep.parse("red=1,,2")).hasMessageContaining("an empty value");
        assertThatThrownBy(() -> ParameterSweep.parse("=1")).hasMessageContaining("expected NAME=V1[,V2...]");
        assertThatThrownBy(() -> ParameterSweep.parse("red")).hasMessageContaining("expected NAME=V1[,V2...]");
    }

    /** One check: --param refuses what filters.yaml refuses, with the same words. */
    @Test
    void aValueOutOfRangeIsRefusedAsAFiltersFileRefusesIt() {
        String[][] cases = {{"Cartoon2", "green", "257"}, {"GammaCorrection", "gamma", "0"}, {"Cartoon", "blockSize", "10"},
                {"HighContrast", "alpha", "255.5"}, {"EdgePreserving", "flags", "3"}};
        for (String[] c : cases) {
            ResolvedFilter filter = ResolvedFilter.of(FilterRegistry.builtIns().require(c[0]));
            String file = "filters:\n  Mine: {kind: " + c[0] + ", " + c[1] + ": " + c[2] + "}\n";
            String fromFile = catchThrowable(() -> FiltersFileLoader.parse("f.yaml", false, file)).getMessage();
            String fromParam = catchThrowable(() -> expand(List.of(filter), c[1] + "=" + c[2])).getMessage();

            String problem = fromFile.substring(fromFile.indexOf("): ") + 3);
            assertThat(problem).startsWith(c[0] + ": " + c[1] + " must be ");
            assertThat(fromParam).isEqualTo("--param for filter " + c[0] + ", parameter " + c[1] + ": " + problem);
        }
    }
}
