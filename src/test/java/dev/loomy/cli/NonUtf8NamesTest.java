package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.loomy.Slow;
import dev.loomy.TestImages;
import dev.loomy.testing.Galleries;

/**
 * Names that are not UTF-8 are the bytes they are: {@code caf\xE9.png} and {@code caf\xE8.png}
 * read the same as text, yet are two files, two outputs, two pairs, two rows of a gallery; shown escaped.
 */
@Slow
class NonUtf8NamesTest {

    @TempDir
    Path dir;

    /** Copies {@code from} to {@code folder/caf<byte>.png}: Java cannot spell such a name, the shell can. */
    private static void copyAs(Path from, Path folder, String hexByte) throws Exception {
        Files.createDirectories(folder);
        Process bash = new ProcessBuilder("bash", "-c", "cp \"$0\" \"$1\"/$'caf\\x" + hexByte + ".png'",
                from.toString(), folder.toString()).inheritIO().start();
        assertThat(bash.waitFor()).isZero();
    }

    private static int[] pixels(Path png) throws Exception {
        try (InputStream in = Files.newInputStream(png)) {
            BufferedImage image = ImageIO.read(in);
            return image.getRGB(0, 0, image.getWidth(), image.getHeight(), null, 0, image.getWidth());
        }
    }

    @Test
    void diffComparesTwoNamesThatReadAlikeAsTwoPairs() throws Exception {
        Path one = TestImages.write(dir.resolve("src/one.png"), 16, 12, 1);
        Path two = TestImages.write(dir.resolve("src/two.png"), 16, 12, 2);
        Path a = dir.resolve("a");
        Path b = dir.resolve("b");
        copyAs(one, a, "e9");
        copyAs(two, a, "e8");
        copyAs(one, b, "e9");
        copyAs(one, b, "e8");

        LoomyProcess loomy = LoomyProcess.start(dir, List.of(), "diff", a.toString(), b.toString());
        assertThat(loomy.process().waitFor(60, TimeUnit.SECONDS)).isTrue();

        assertThat(loomy.stdout()).as(loomy.stderr()).contains("compared 2: 1 identical, 1 different")
                .contains("caf\\xE8.png").doesNotContain("\uFFFD");
        assertThat(loomy.process().exitValue()).isEqualTo(1);
    }

    @Test
    void theMainCommandWritesEachUnderItsOwnBytes() throws Exception {
        Path in = dir.resolve("in");
        copyAs(TestImages.write(dir.resolve("src/one.png"), 16, 12, 1), in, "e9");
        copyAs(TestImages.write(dir.resolve("src/two.png"), 16, 12, 2), in, "e8");
        Path out = dir.resolve("out");

        LoomyProcess loomy = LoomyProcess.start(dir, List.of(), "-s", "loop", "-f", "NoOp", "--no-fork", "-o",
                out.toString(), in.toString());
        assertThat(loomy.process().waitFor(60, TimeUnit.SECONDS)).isTrue();

        assertThat(loomy.process().exitValue()).as(loomy.stderr()).isZero();
        try (Stream<Path> outputs = Files.list(out)) {
            List<Path> written = outputs.toList();
            assertThat(written).hasSize(2);
            for (Path output : written) {
                // Each output's pixels are its own input's (NoOp, PNG: lossless): the names were not merged on the way.
                assertThat(pixels(output)).isEqualTo(pixels(in.resolve(output.getFileName())));
            }
        }
    }

    @Test
    void theGalleryGivesEachItsOwnRowAndLinksThatReachItsOwnFiles() throws Exception {
        Path in = dir.resolve("in");
        copyAs(TestImages.write(dir.resolve("src/one.png"), 16, 12, 1), in, "e9");
        copyAs(TestImages.write(dir.resolve("src/two.png"), 16, 12, 2), in, "e8");
        Path out = dir.resolve("gallery");

        LoomyProcess loomy = LoomyProcess.start(dir, List.of(), "gallery", "-q", "-f", "NoOp", "-o", out.toString(),
                in.toString());
        assertThat(loomy.process().waitFor(60, TimeUnit.SECONDS)).isTrue();

        assertThat(loomy.process().exitValue()).as(loomy.stderr()).isZero();
        String html = Files.readString(out.resolve("index.html"));
        assertThat(html.split("<tr>", -1)).as("a head and two rows").hasSize(1 + 1 + 2);
        List<String> hrefs = Galleries.attributes(html, "href");
        List<String> srcs = Galleries.attributes(html, "src");
        assertThat(hrefs).hasSize(2 * 2);
        assertThat(srcs).hasSize(2 * 2);
        // Every link, read as a browser reads it (percent-escapes as bytes), reaches a file of its own.
        Set<Path> linked = new HashSet<>();
        for (String url : Stream.concat(hrefs.stream(), srcs.stream()).toList()) {
            Path file = linked(out, url);
            assertThat(file).as(url).isRegularFile();
            linked.add(file);
        }
        assertThat(linked).hasSize(2 * 2 * 2);
        // The original's column links to a copy of each input, the two different.
        Set<String> inputs = new HashSet<>();
        try (Stream<Path> files = Files.list(in)) {
            files.forEach(file -> inputs.add(bytesOf(file)));
        }
        Set<String> copies = new HashSet<>();
        for (int row = 0; row < 2; row++) {
            copies.add(bytesOf(linked(out, hrefs.get(row * 2))));
        }
        assertThat(copies).hasSize(2).isEqualTo(inputs);
    }

    /**
     * The file a link of the page reaches from {@code folder}: each percent-escape one byte, each name
     * matched by its bytes. (Path.of(URI) would decode the escapes as UTF-8 text, as loomy must not.)
     */
    private static Path linked(Path folder, String url) throws IOException {
        Path file = folder;
        for (String segment : url.replace("&amp;", "&").split("/")) {
            if (segment.equals(".")) {
                continue;
            }
            byte[] wanted = percentDecoded(segment);
            try (Stream<Path> entries = Files.list(file)) {
                file = entries.filter(entry -> Arrays.equals(rawName(entry), wanted)).findFirst()
                        .orElseThrow(() -> new AssertionError(url + " reaches no file"));
            }
        }
        return file;
    }

    /** The bytes of {@code entry}'s name: its URI percent-encodes every byte beyond ASCII. */
    private static byte[] rawName(Path entry) {
        String raw = entry.toUri().getRawPath();
        raw = raw.endsWith("/") ? raw.substring(0, raw.length() - 1) : raw;
        return percentDecoded(raw.substring(raw.lastIndexOf('/') + 1));
    }

    private static byte[] percentDecoded(String text) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == '%') {
                bytes.write(Integer.parseInt(text.substring(i + 1, i + 3), 16));
                i += 2;
            } else {
                bytes.write(text.charAt(i));
            }
        }
        return bytes.toByteArray();
    }

    private static String bytesOf(Path file) {
        try {
            return Arrays.toString(Files.readAllBytes(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
