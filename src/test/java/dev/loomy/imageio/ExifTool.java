package dev.loomy.imageio;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.color.ColorSpace;
import java.awt.color.ICC_Profile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Images with metadata made, and their metadata read back, by ImageMagick's {@code convert} and
 * {@code exiftool} (Debian: imagemagick, libimage-exiftool-perl), as a user's camera or editor
 * would make them: the tests never check loomy's output with loomy's own parsing.
 */
public final class ExifTool {

    private ExifTool() {
    }

    /** A gradient of {@code width} x {@code height} made by ImageMagick, its format by the name's extension. */
    public static Path image(Path file, int width, int height) throws Exception {
        run("convert", "-size", width + "x" + height, "gradient:red-blue", "-quality", "90", file.toString());
        return file;
    }

    /** Writes tags into {@code file} in place: {@code -Make=Acme}, {@code -ICC_Profile<=profile.icc}, ... */
    public static void write(Path file, String... assignments) throws Exception {
        List<String> command = new ArrayList<>(List.of("exiftool", "-q", "-q", "-overwrite_original"));
        command.addAll(List.of(assignments));
        command.add(file.toString());
        run(command.toArray(String[]::new));
    }

    /**
     * {@code file}'s metadata as exiftool reads it, in one call: the blocks {@code EXIF},
     * {@code ICC_Profile} and {@code XMP} as bytes (empty when absent), and the tags asked for,
     * as numbers or text ({@code -n}; absent when the file has none).
     */
    public static Read read(Path file, String... tags) throws Exception {
        List<String> command = new ArrayList<>(List.of("exiftool", "-j", "-b", "-n"));
        BLOCKS.forEach(block -> command.add("-" + block));
        for (String tag : tags) {
            command.add("-" + tag);
        }
        command.add(file.toString());
        JsonNode found = new ObjectMapper().readTree(run(command.toArray(String[]::new))).get(0);
        Map<String, byte[]> blocks = new HashMap<>();
        for (String block : BLOCKS) {
            JsonNode value = found.get(block);
            String text = value == null ? "" : value.asText();
            blocks.put(block, text.startsWith("base64:") ? Base64.getDecoder().decode(text.substring(7))
                    : text.getBytes(StandardCharsets.UTF_8));
        }
        Map<String, String> values = new HashMap<>();
        for (String tag : tags) {
            if (found.has(tag)) {
                values.put(tag, found.get(tag).asText());
            }
        }
        return new Read(blocks, values);
    }

    private static final List<String> BLOCKS = List.of("EXIF", "ICC_Profile", "XMP");

    /** What {@link #read} found. */
    public record Read(Map<String, byte[]> blocks, Map<String, String> tags) {

        public byte[] block(String name) {
            return blocks.get(name);
        }

        public String tag(String name) {
            return tags.get(name);
        }
    }

    /** The JDK's own sRGB profile, a real ICC profile of 3 KB, in a file. */
    public static Path srgbProfile(Path dir) throws IOException {
        return Files.write(dir.resolve("srgb.icc"), ICC_Profile.getInstance(ColorSpace.CS_sRGB).getData());
    }

    /** What {@code command} printed on standard output; it must exit with 0 within a minute. */
    static byte[] run(String... command) throws Exception {
        Path err = Files.createTempFile("tool", ".err");
        try {
            Process process;
            try {
                process = new ProcessBuilder(command).redirectError(err.toFile()).start();
            } catch (IOException e) {
                throw new AssertionError(command[0] + " is needed (Debian: apt-get install imagemagick "
                        + "libimage-exiftool-perl; .ci/run installs them)", e);
            }
            process.getOutputStream().close();
            byte[] out = process.getInputStream().readAllBytes();
            assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("%s ends", command[0]).isTrue();
            assertThat(process.exitValue()).as("%s %s: %s", command[0], List.of(command), Files.readString(err)).isZero();
            return out;
        } finally {
            Files.deleteIfExists(err);
        }
    }
}
