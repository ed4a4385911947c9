package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.loomy.Slow;
import dev.loomy.imageio.TaggedImages;
import dev.loomy.run.ExitCodes;

/** {@code --keep-metadata} as a user runs it, the outputs read by metadata-extractor ({@link TaggedImages}). */
@Slow
class KeepMetadataTest {

    @TempDir
    Path dir;

    /** A photo turned by its EXIF orientation 6, with EXIF, the sRGB profile and XMP, as {@code name} in {@code in/}. */
    private Path photo(String name) throws Exception {
        Path file = TaggedImages.image(Files.createDirectories(dir.resolve("in")).resolve(name), 64, 32);
        TaggedImages.write(file, "-EXIF:Make=Acme", "-EXIF:Model=Field 7", "-XMP-dc:Title=Evening light",
                "-ICC_Profile<=" + TaggedImages.srgbProfile(dir), "-Orientation#=6");
        return file;
    }

    @Test
    void aRunKeepsEachPhotosMetadataByDefaultAndSaysItIsUpright() throws Exception {
        List<Path> inputs = List.of(photo("a.jpg"), photo("b.png"));
        Path out = dir.resolve("out");

        Cli run = Cli.run("--strategy=loop", "--format=csv", "-o", out.toString(), dir.resolve("in").toString());

        assertThat(run.status()).as(run.err()).isEqualTo(ExitCodes.OK);
        for (Path input : inputs) {
            TaggedImages.Read before = TaggedImages.read(input, "Orientation", "ImageWidth");
            TaggedImages.Read after = TaggedImages.read(out.resolve(input.getFileName()), "Orientation", "ImageWidth");
            assertThat(after.tag("Orientation")).as(input.toString()).isEqualTo("1");
            assertThat(after.tag("ImageWidth")).as("turned upright").isEqualTo("32");
            assertThat(after.block("EXIF")).hasSameSizeAs(before.block("EXIF"));
            for (String block : List.of("ICC_Profile", "XMP")) {
                assertThat(after.block(block)).as(block).isNotEmpty().isEqualTo(before.block(block));
            }
        }
    }

    @Test
    void keepMetadataIccKeepsTheProfileAloneInMeasuringChildrenToo() throws Exception {
        Path input = photo("a.jpg");
        Path out = dir.resolve("out");

        Cli run = Cli.run("--strategy=loop,virtual", "--fork", "--keep-metadata=ICC", "--format=csv",
                "-o", out.toString(), dir.resolve("in").toString());

        assertThat(run.status()).as(run.err()).isEqualTo(ExitCodes.OK);
        byte[] profile = TaggedImages.read(input).block("ICC_Profile");
        for (String strategy : List.of("loop", "virtual")) {
            TaggedImages.Read after = TaggedImages.read(out.resolve("NoOp").resolve(strategy).resolve("a.jpg"));
            assertThat(after.block("ICC_Profile")).isNotEmpty().isEqualTo(profile);
            assertThat(after.block("EXIF")).isEmpty();
            assertThat(after.block("XMP")).isEmpty();
        }
    }

    @Test
    void anUnknownValueIsAUsageErrorAndNoWriteSaysItDoesNothing() throws Exception {
        photo("a.jpg");
        Path out = dir.resolve("out");

        Cli wrong = Cli.run("--keep-metadata=gps", "-o", out.toString(), dir.resolve("in").toString());

        assertThat(wrong.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(wrong.err()).isEqualTo(
                "loomy: unknown --keep-metadata 'gps' (expected all, none, icc or exif)" + System.lineSeparator());

        Cli noWrite = Cli.run("--no-write", "--keep-metadata=none", "--format=csv", dir.resolve("in").toString());

        assertThat(noWrite.status()).as(noWrite.err()).isEqualTo(ExitCodes.OK);
        assertThat(noWrite.err()).contains("warning: --keep-metadata does nothing with --no-write: no image is written");
    }
}
