package dev.loomy.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import dev.loomy.testing.OsFixtures;

class InputWalkerTest {

    @TempDir
    Path dir;

    private final List<String> warnings = new ArrayList<>();
    private final InputWalker walker = new InputWalker(warnings::add, warnings::add);

    private Path touch(String relative) throws IOException {
        Path file = dir.resolve(relative);
        Files.createDirectories(file.getParent());
        return Files.writeString(file, "x");
    }

    private List<String> relatives(List<ImageFile> images) {
        return images.stream().map(i -> i.relative().toString()).toList();
    }

    @Test
    void walksNestedFoldersAndTakesImageExtensionsInAnyCase() throws Exception {
        touch("b.jpg");
        touch("a/deep/er/c.PNG");
        touch("a/d.JpEg");
        touch("e.bmp");
        touch("f.tif");
        touch("g.TIFF");
        touch("h.webp");
        touch("notes.txt");
        touch("archive.jpg.zip");
        touch("noextension");

        List<ImageFile> images = walker.walk(List.of(dir));

        assertThat(relatives(images)).containsExactly(
                "a/d.JpEg", "a/deep/er/c.PNG", "b.jpg", "e.bmp", "f.tif", "g.TIFF", "h.webp");
        assertThat(images.get(0).path()).isEqualTo(dir.resolve("a/d.JpEg"));
    }

    @Test
    void skipsHiddenFilesAndFolders() throws Exception {
        touch(".hidden.jpg");
        touch(".cache/inside.jpg");
        touch("visible/.also-hidden.png");
        touch("visible/shown.png");

        assertThat(relatives(walker.walk(List.of(dir)))).containsExactly("visible/shown.png");
    }

    @Test
    void aFolderNamedLikeAnImageIsNotAnImage() throws Exception {
        Files.createDirectories(dir.resolve("album.jpg"));
        touch("album.jpg/inner.jpg");

        assertThat(relatives(walker.walk(List.of(dir)))).containsExactly("album.jpg/inner.jpg");
    }

    @Test
    @Timeout(10)
    void aSymbolicLinkLoopDoesNotHangTheWalkAndIsReported() throws Exception {
        touch("sub/a.jpg");
        Files.createSymbolicLink(dir.resolve("sub/loop"), dir);

        List<ImageFile> images = walker.walk(List.of(dir));

        assertThat(relatives(images)).containsExactly("sub/a.jpg");
        assertThat(warnings).singleElement().asString().contains("loop").contains("sub/loop");
    }

    @Test
    void brokenLinksLinkLoopsAndPipesNamedLikeImagesAreTakenSoThatReadingThemFailsVisibly() throws Exception {
        touch("good.png");
        Files.createSymbolicLink(dir.resolve("broken.jpg"), dir.resolve("missing.jpg"));
        Files.createSymbolicLink(dir.resolve("loop1.png"), dir.resolve("loop2.png"));
        Files.createSymbolicLink(dir.resolve("loop2.png"), dir.resolve("loop1.png"));
        assertThat(OsFixtures.mkfifo(dir.resolve("pipe.jpg"))).isZero();
        Files.createSymbolicLink(dir.resolve("broken.txt"), dir.resolve("missing.txt"));

        assertThat(relatives(walker.walk(List.of(dir))))
                .containsExactly("broken.jpg", "good.png", "loop1.png", "loop2.png", "pipe.jpg");
        assertThat(warnings).isEmpty();
    }

    @Test
    void theWalkKeepsWhatItSawOfEachRegularFileThatIsNoLink() throws Exception {
        Path good = Files.writeString(dir.resolve("good.png"), "pixels");
        Files.setLastModifiedTime(good, FileTime.fromMillis(1_600_000_000_123L));
        Files.createSymbolicLink(dir.resolve("linked.png"), good);
        Files.createSymbolicLink(dir.resolve("broken.jpg"), dir.resolve("missing.jpg"));

        List<ImageFile> images = walker.walk(List.of(dir));

        assertThat(images).extracting(ImageFile::relative).extracting(Path::toString)
                .containsExactly("broken.jpg", "good.png", "linked.png");
        assertThat(images).extracting(ImageFile::seen).containsExactly(null, new ImageFile.Seen(6, 1_600_000_000_123L), null);
    }

    @Test
    void followsLinksToFoldersOutsideTheInput() throws Exception {
        Path elsewhere = Files.createDirectories(dir.resolve("elsewhere"));
        Files.writeString(elsewhere.resolve("x.png"), "x");
        Path input = Files.createDirectories(dir.resolve("input"));
        Files.createSymbolicLink(input.resolve("linked"), elsewhere);

        assertThat(relatives(walker.walk(List.of(input)))).containsExactly("linked/x.png");
    }

    @Test
    void anImageFileNamedDirectlyIsTakenWithItsNameAsRelativePath() throws Exception {
        Path file = touch("deep/photo.JPG");

        List<ImageFile> images = walker.walk(List.of(file));

        assertThat(images).containsExactly(new ImageFile(file, Path.of("photo.JPG")));
    }

    @Test
    void inputsKeepTheirOrderAndEachIsSortedWithin() throws Exception {
        touch("two/b.png");
        touch("two/a.png");
        touch("one/z.png");

        List<ImageFile> images = walker.walk(List.of(dir.resolve("two"), dir.resolve("one")));

        assertThat(images).extracting(ImageFile::path)
                .containsExactly(dir.resolve("two/a.png"), dir.resolve("two/b.png"), dir.resolve("one/z.png"));
    }

    @Test
    void aMissingInputOrANonImageFileIsAnInputProblem() throws Exception {
        Path text = touch("readme.txt");

        assertThatThrownBy(() -> walker.walk(List.of(dir.resolve("missing"))))
                .isInstanceOf(InputProblem.class).hasMessageContaining("missing").hasMessageContaining("no such file");
        assertThatThrownBy(() -> walker.walk(List.of(text)))
                .isInstanceOf(InputProblem.class).hasMessageContaining("readme.txt").hasMessageContaining("not an image");
    }

    @Test
    void theOrderIsTheSameOnEveryWalk() throws Exception {
        for (int i = 0; i < 30; i++) {
            touch("f" + (i * 7919 % 31) + "/img" + i + ".png");
        }
        List<ImageFile> first = walker.walk(List.of(dir));
        assertThat(walker.walk(List.of(dir))).isEqualTo(first);
        assertThat(relatives(first)).isSorted();
        assertThat(first).hasSize(30);
    }

    @Test
    void anEmptyFolderGivesNoImages() throws Exception {
        assertThat(walker.walk(List.of(dir))).isEmpty();
    }
}
