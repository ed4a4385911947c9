package dev.loomy.gallery;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.loomy.filter.Cartoon2;
import dev.loomy.filter.Chain;
import dev.loomy.filter.Gray;
import dev.loomy.filter.Invert;
import dev.loomy.filter.NoOp;

class HeadsTest {

    @Test
    void aNameBreaksOnlyBetweenWords() {
        assertThat(Heads.filterName("GammaCorrection[gamma=0.5]")).containsExactly("Gamma", "Correction", "[gamma=",
                "0.5]");
        assertThat(Heads.filterName("Cartoon2[red=20,green=4]")).containsExactly("Cartoon2", "[red=", "20,", "green=",
                "4]");
        assertThat(Heads.filterName("ALTMRetinex")).containsExactly("ALTMRetinex");
        assertThat(Heads.filterName("my_poster2Warm")).containsExactly("my_", "poster2", "Warm");
        assertThat(Heads.filterName("x")).containsExactly("x");
    }

    @Test
    void aFileNameBreaksAfterItsFoldersAndUnderscores() {
        assertThat(Heads.fileName("trip/day_1/IMG0042.jpg")).containsExactly("trip/", "day_", "1/", "IMG0042.jpg");
        assertThat(Heads.fileName("a <b> & \"c\".png")).containsExactly("a <b> & \"c\".png");
    }

    @Test
    void theParametersASweepChangesAreMarkedInItsVariantsOnly() {
        List<Gallery.Shown> shown = List.of(
                new Gallery.Shown("Cartoon2[red=20,green=4]", List.of("red=20", "green=4", "blue=10")),
                new Gallery.Shown("Cartoon2[red=20,green=9]", List.of("red=20", "green=9", "blue=10")),
                new Gallery.Shown("Cartoon2[red=80,green=4]", List.of("red=80", "green=4", "blue=10")),
                new Gallery.Shown("GammaCorrection[gamma=2]", List.of("gamma=2.0")),
                new Gallery.Shown("Poster", List.of("red=6", "green=6", "blue=6")),
                new Gallery.Shown("Bright", List.of("ALTMRetinex -> Poster")));

        List<List<GalleryPage.Parameter>> parameters = Heads.parameters(shown);

        assertThat(parameters.get(0)).extracting(GalleryPage.Parameter::changes).containsExactly(true, true, false);
        assertThat(parameters.get(1)).extracting(GalleryPage.Parameter::text).containsExactly("red=20", "green=9",
                "blue=10");
        assertThat(parameters.get(2)).extracting(GalleryPage.Parameter::changes).containsExactly(true, true, false);
        // A filter's only variant changes nothing between columns; neither does a filter that is no variant.
        assertThat(parameters.get(3)).extracting(GalleryPage.Parameter::changes).containsExactly(false);
        assertThat(parameters.get(4)).extracting(GalleryPage.Parameter::changes).containsExactly(false, false, false);
        assertThat(parameters.get(5)).extracting(GalleryPage.Parameter::changes).containsExactly(false);
    }

    @Test
    void aColumnShowsEachParameterOrAChainsSteps() {
        assertThat(Gallery.Shown.of(new Cartoon2()).parameters()).containsExactly("red=80", "green=15", "blue=10");
        assertThat(Gallery.Shown.of(new NoOp()).parameters()).isEmpty();
        Gallery.Shown chain = Gallery.Shown.of(new Chain("Dark", List.of(new Gray(), new Invert())));
        assertThat(chain.filter()).isEqualTo("Dark");
        assertThat(chain.parameters()).containsExactly("Gray -> Invert");
    }
}
