package dev.loomy.files;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Folders and images are recognised by identity, so that a second path to them (a mount) is seen. */
class InputGuardTest {

    @TempDir
    Path dir;

    @Test
    void aFolderWithTheIdentityOfAnInputFolderIsRefusedWhateverItsPath() throws Exception {
        Path in = Files.createDirectories(dir.resolve("in/sub"));
        Path image = Files.writeString(in.resolve("b.jpg"), "x");
        Path out = Files.createDirectories(dir.resolve("out/sub"));
        List<ImageFile> images = List.of(new ImageFile(image, Path.of("sub/b.jpg")));
        List<Path> inputs = List.of(dir.resolve("in"));

        // Neither a link nor a shared real path: only identity can tell, as for a bind mount.
        Function<Path, Object> mounted = path -> path.equals(out) ? InputGuard.fileKey(in) : InputGuard.fileKey(path);
        assertThatThrownBy(() -> new InputGuard(inputs, images, mounted).check("output", out.resolve("b.jpg")))
                .isInstanceOf(InputProblem.class).hasMessageContaining("input folder " + dir.resolve("in"))
                .hasMessageContaining("through " + out);
        assertThatCode(() -> InputGuard.of(inputs, images).check("output", out.resolve("b.jpg")))
                .doesNotThrowAnyException();
    }

    @Test
    void aFileWithTheIdentityOfAnInputImageIsRefused() throws Exception {
        Path image = Files.writeString(Files.createDirectories(dir.resolve("in")).resolve("a.png"), "x");
        Path other = Files.writeString(Files.createDirectories(dir.resolve("out")).resolve("a.png"), "y");
        List<ImageFile> images = List.of(new ImageFile(image, image.getFileName()));

        Function<Path, Object> same = path -> path.equals(other) ? InputGuard.fileKey(image) : InputGuard.fileKey(path);
        assertThatThrownBy(() -> new InputGuard(List.of(image), images, same).check("--chart=" + other, other))
                .isInstanceOf(InputProblem.class).hasMessageContaining("is the input image " + image);
        assertThatCode(() -> InputGuard.of(List.of(image), images).check("--chart=" + other, other))
                .doesNotThrowAnyException();
    }
}
