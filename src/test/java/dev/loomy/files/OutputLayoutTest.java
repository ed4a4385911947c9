package dev.loomy.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OutputLayoutTest {

    /** Filter and strategy names, where the outputs' folders do not matter. */
    private static final List<String> NAMES = List.of("NoOp");

    @TempDir
    Path dir;

    private final ImageFile nested = new ImageFile(Path.of("in/a/b/photo.JPG"), Path.of("a/b/photo.JPG"));

    @Test
    void oneRunWritesUnderTheRelativePath() {
        OutputLayout layout = new OutputLayout(Path.of("out"), OutputFormat.SAME, false);
        assertThat(layout.outputFor(nested, "Cartoon2", "virtual")).isEqualTo(Path.of("out/a/b/photo.JPG"));
    }

    @Test
    void severalRunsWriteUnderFilterThenStrategy() {
        OutputLayout layout = new OutputLayout(Path.of("out"), OutputFormat.SAME, true);
        assertThat(layout.outputFor(nested, "Cartoon2", "virtual")).isEqualTo(Path.of("out/Cartoon2/virtual/a/b/photo.JPG"));
    }

    @Test
    void aFilterNameTooLongForItsFolderIsRefused() {
        String name = "Poster" + "x".repeat(250);

        assertThatThrownBy(() -> new OutputLayout(Path.of("out"), OutputFormat.SAME, true)
                .check(List.of(), List.of(), List.of("NoOp", name), NAMES))
                .hasMessage("filter " + name.substring(0, 40) + "... has a name of 256 bytes, too long for the folder of "
                        + "its outputs (255 at most): shorten it");
        assertThatCode(() -> new OutputLayout(Path.of("out"), OutputFormat.SAME, false)
                .check(List.of(), List.of(), List.of(name), NAMES)).doesNotThrowAnyException();
    }

    @Test
    void anImageFormatReplacesTheExtension() {
        assertThat(new OutputLayout(Path.of("o"), OutputFormat.PNG, false).outputFor(nested, "f", "s"))
                .isEqualTo(Path.of("o/a/b/photo.png"));
        assertThat(new OutputLayout(Path.of("o"), OutputFormat.JPG, false).outputFor(
                new ImageFile(Path.of("x.tar.png"), Path.of("x.tar.png")), "f", "s")).isEqualTo(Path.of("o/x.tar.jpg"));
        assertThat(OutputFormat.parse("JPEG")).isEqualTo(OutputFormat.JPG);
        assertThatThrownBy(() -> OutputFormat.parse("gif")).hasMessageContaining("gif");
    }

    @Test
    void refusesAnOutputFolderInsideOrEqualToAnInputFolder() throws Exception {
        Path input = Files.createDirectories(dir.resolve("photos"));

        assertThatThrownBy(() -> new OutputLayout(input.resolve("out"), OutputFormat.SAME, false).check(List.of(input), List.of(), NAMES, NAMES))
                .isInstanceOf(InputProblem.class).hasMessageContaining("inside the input folder");
        assertThatThrownBy(() -> new OutputLayout(input, OutputFormat.SAME, false).check(List.of(input), List.of(), NAMES, NAMES))
                .isInstanceOf(InputProblem.class).hasMessageContaining("is the input folder");
        // The same folder spelled another way (through "..") is still the same folder.
        Path roundabout = input.resolve("../photos/./new");
        assertThatThrownBy(() -> new OutputLayout(roundabout, OutputFormat.SAME, false).check(List.of(input), List.of(), NAMES, NAMES))
                .isInstanceOf(InputProblem.class);
    }

    @Test
    void refusesAnOutputFolderReachedThroughALinkIntoTheInput() throws Exception {
        Path input = Files.createDirectories(dir.resolve("photos"));
        Path link = Files.createSymbolicLink(dir.resolve("link"), input);

        assertThatThrownBy(() -> new OutputLayout(link.resolve("out"), OutputFormat.SAME, false).check(List.of(input), List.of(), NAMES, NAMES))
                .isInstanceOf(InputProblem.class);
    }

    @Test
    void acceptsASiblingOutputFolderAndAFolderContainingTheInput() throws Exception {
        Path input = Files.createDirectories(dir.resolve("photos"));

        assertThatCode(() -> new OutputLayout(dir.resolve("out"), OutputFormat.SAME, false).check(List.of(input), List.of(), NAMES, NAMES))
                .doesNotThrowAnyException();
        assertThatCode(() -> new OutputLayout(dir, OutputFormat.SAME, true).check(List.of(input), List.of(), NAMES, NAMES))
                .doesNotThrowAnyException();
        // "photos-out" starts with the same letters as "photos" but is not inside it.
        assertThatCode(() -> new OutputLayout(dir.resolve("photos-out"), OutputFormat.SAME, false).check(List.of(input), List.of(), NAMES, NAMES))
                .doesNotThrowAnyException();
    }

    @Test
    void refusesTwoInputsThatWouldBeWrittenToTheSameFile() {
        ImageFile jpg = new ImageFile(Path.of("in/a.jpg"), Path.of("a.jpg"));
        ImageFile upper = new ImageFile(Path.of("in/a.JPG"), Path.of("a.JPG"));
        ImageFile fromOtherInput = new ImageFile(Path.of("in2/a.jpg"), Path.of("a.jpg"));
        Path out = dir.resolve("out");

        assertThatCode(() -> new OutputLayout(out, OutputFormat.SAME, false).check(List.of(), List.of(jpg, upper), NAMES, NAMES))
                .doesNotThrowAnyException();
        assertThatThrownBy(() -> new OutputLayout(out, OutputFormat.PNG, false).check(List.of(), List.of(jpg, upper), NAMES, NAMES))
                .isInstanceOf(InputProblem.class).hasMessageContaining("in/a.jpg").hasMessageContaining("in/a.JPG")
                .hasMessageContaining("a.png");
        assertThatThrownBy(() -> new OutputLayout(out, OutputFormat.SAME, true).check(List.of(), List.of(jpg, fromOtherInput), NAMES, NAMES))
                .isInstanceOf(InputProblem.class);
    }

    @Test
    void refusesAnOutputThatWouldOverwriteAnInputFile() throws Exception {
        Path file = Files.writeString(dir.resolve("a.png"), "x");

        assertThatThrownBy(() -> new OutputLayout(dir, OutputFormat.SAME, false)
                .check(List.of(file), List.of(new ImageFile(file, file.getFileName())), NAMES, NAMES))
                .isInstanceOf(InputProblem.class).hasMessageContaining("overwritten");
    }

    @Test
    void refusesAnImageFoundAsALinkToItsOwnOutput() throws Exception {
        Path out = Files.createDirectories(dir.resolve("out"));
        Path made = Files.writeString(out.resolve("a.png"), "x");
        Path in = Files.createDirectories(dir.resolve("in"));
        Files.createSymbolicLink(in.resolve("a.png"), made);
        Files.writeString(in.resolve("b.png"), "x");
        List<ImageFile> walked = new ArrayList<>();
        new ImageWalk(List.of(in), problem -> { }, note -> { }).forEachRemaining(walked::add);

        assertThatThrownBy(() -> new OutputLayout(out, OutputFormat.SAME, false).check(List.of(in), walked, NAMES, NAMES))
                .isInstanceOf(InputProblem.class).hasMessageContaining("a.png would be overwritten by its own output");
        assertThatCode(() -> new OutputLayout(out, OutputFormat.SAME, false).check(List.of(in), walked.subList(1, 2), NAMES,
                NAMES)).doesNotThrowAnyException();
    }

    @Test
    void refusesAnOutputOfOneOfSeveralRunsThatWouldOverwriteAnInputFile() throws Exception {
        Path out = dir.resolve("out");
        Path file = Files.writeString(Files.createDirectories(out.resolve("NoOp/virtual")).resolve("a.png"), "x");
        List<ImageFile> images = List.of(new ImageFile(file, file.getFileName()));

        assertThatThrownBy(() -> new OutputLayout(out, OutputFormat.SAME, true)
                .check(List.of(file), images, List.of("NoOp"), List.of("loop", "virtual")))
                .isInstanceOf(InputProblem.class).hasMessageContaining("overwritten");
        assertThatCode(() -> new OutputLayout(out, OutputFormat.SAME, true)
                .check(List.of(file), images, List.of("NoOp"), List.of("loop", "pool")))
                .doesNotThrowAnyException();
    }
}
