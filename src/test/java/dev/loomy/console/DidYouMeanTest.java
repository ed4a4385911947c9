package dev.loomy.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

class DidYouMeanTest {

    private static final List<String> KNOWN = List.of("NoOp", "Poster", "SepiaGray", "SepiaRed", "Gray");

    @Test
    void aSlipOfAFewLettersFindsTheNamesFewestChangesAwayCaseAside() {
        assertThat(DidYouMean.closest("postr", KNOWN)).containsExactly("Poster");
        assertThat(DidYouMean.closest("GRAY", KNOWN)).containsExactly("Gray");
        assertThat(DidYouMean.closest("Grey", KNOWN)).containsExactly("Gray");
        assertThat(DidYouMean.closest("Gary", KNOWN)).containsExactly("Gray");
    }

    @Test
    void aBeginningFindsEveryNameItBeginsElseNothing() {
        assertThat(DidYouMean.closest("Sepia", KNOWN)).containsExactly("SepiaGray", "SepiaRed");
        assertThat(DidYouMean.closest("Blur", KNOWN)).isEmpty();
        assertThat(DidYouMean.closest("Se", KNOWN)).isEmpty();
    }

    @Test
    void theHintAsksAboutTheCloseNamesElseListsThemAll() {
        assertThat(DidYouMean.hint("Postr", KNOWN)).isEqualTo("did you mean Poster?");
        assertThat(DidYouMean.hint("Blur", KNOWN)).isEqualTo("known: NoOp, Poster, SepiaGray, SepiaRed, Gray");
        assertThat(DidYouMean.question(List.of("a", "b", "c"))).isEqualTo("did you mean a, b or c?");
    }

    @Test
    void editDistanceCountsInsertionsDeletionsSubstitutionsAndSwapsOfNeighbours() {
        assertThat(DidYouMean.editDistance("kitten", "sitting")).isEqualTo(3);
        assertThat(DidYouMean.editDistance("", "abc")).isEqualTo(3);
        assertThat(DidYouMean.editDistance("virtaul", "virtual")).isEqualTo(1);
        assertThat(DidYouMean.editDistance("tnue", "tune")).isEqualTo(1);
        assertThat(DidYouMean.editDistance("ca", "abc")).isEqualTo(3);
    }
}
