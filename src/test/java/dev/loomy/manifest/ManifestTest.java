package dev.loomy.manifest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.loomy.files.ImageFile;
import dev.loomy.imageio.OneWriter;

/** The manifest's file: records written and read back, torn lines, the lock, and what matches. */
class ManifestTest {

    @TempDir
    Path dir;

    private static ManifestRecord record(String output, long size) {
        return new ManifestRecord(output, "/in/" + output, size, 1_700_000_000_000L, "sha256:ab", "1.0", 42);
    }

    private List<ManifestRecord> readAll() throws IOException {
        List<ManifestRecord> all = new ArrayList<>();
        Manifest.read(dir, all::add);
        return all;
    }

    @Test
    void recordsAreAppendedAsLinesAndReadBack() throws IOException {
        try (Manifest manifest = Manifest.open(dir)) {
            manifest.append(record("a.png", 1));
            manifest.append(record("sub/b.png", 2));
        }
        List<String> lines = Files.readAllLines(Manifest.fileIn(dir));
        assertThat(lines).hasSize(2);
        assertThat(lines.get(0)).startsWith("{\"output\":\"a.png\",\"input\":\"/in/a.png\",\"size\":1,");
        assertThat(readAll()).containsExactly(record("a.png", 1), record("sub/b.png", 2));
    }

    @Test
    void aTornLastLineIsSkippedAndTheNextRecordStartsOnALineOfItsOwn() throws IOException {
        try (Manifest manifest = Manifest.open(dir)) {
            manifest.append(record("a.png", 1));
        }
        // A run killed in the middle of its write: half a line, no newline.
        Files.writeString(Manifest.fileIn(dir), "{\"output\":\"b.png\",\"inp", StandardOpenOption.APPEND);
        assertThat(readAll()).containsExactly(record("a.png", 1));
        assertThat(Manifest.read(dir, r -> { })).isEqualTo(1);

        try (Manifest manifest = Manifest.open(dir)) {
            manifest.append(record("c.png", 3));
        }
        assertThat(readAll()).containsExactly(record("a.png", 1), record("c.png", 3));
        assertThat(Files.readString(Manifest.fileIn(dir))).contains("\"inp\n{\"output\":\"c.png\"");
    }

    @Test
    void foreignAndOverlongLinesAreSkippedWithoutHoldingThemWhole() throws IOException {
        String good = new String(new com.fasterxml.jackson.databind.ObjectMapper().writeValueAsBytes(record("a.png", 1)),
                StandardCharsets.UTF_8);
        String text = "not json\n" + "x".repeat(Manifest.MAX_LINE * 3) + "\n{\"output\":\"only\"}\n" + good + "\n"
                + "[" + good + "]\n" + good.replace("\"output\":\"a.png\"", "\"output\":{\"a\":\"b\"}") + "\n"
                + good + " trailing\n" + good.replace("}", ",\"later\":{\"x\":[1,2]}}") + "\n";
        List<ManifestRecord> read = new ArrayList<>();
        int skipped = ManifestLines.read(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), read::add);
        // An array, an output that is no text, words after the record: no records; a field of a later version: ignored.
        assertThat(read).containsExactly(record("a.png", 1), record("a.png", 1));
        assertThat(skipped).isEqualTo(6);
    }

    @Test
    void linesAcrossTheReadsBlocksAreReadWholeAndAValidRecordTooLongIsSkipped() throws IOException {
        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
        StringBuilder text = new StringBuilder();
        List<ManifestRecord> written = new ArrayList<>();
        for (int i = 0; i < 3000; i++) {
            ManifestRecord each = record("folder" + i % 7 + "/img" + i + ".png", i);
            written.add(each);
            text.append(json.writeValueAsString(each)).append('\n');
        }
        text.append(json.writeValueAsString(record("y".repeat(Manifest.MAX_LINE), 1))).append('\n');
        text.append(json.writeValueAsString(record("last.png", 9)).substring(0, 20));
        byte[] bytes = text.toString().getBytes(StandardCharsets.UTF_8);

        // Whole, as a file gives it, and a few bytes at a time, as a pipe may.
        for (int most : new int[] {bytes.length, 7}) {
            List<ManifestRecord> read = new ArrayList<>();
            int skipped = ManifestLines.read(new ByteArrayInputStream(bytes) {
                @Override
                public synchronized int read(byte[] b, int off, int len) {
                    return super.read(b, off, Math.min(len, most));
                }
            }, read::add);
            assertThat(read).as("at most %d bytes a read", most).isEqualTo(written);
            assertThat(skipped).as("the record too long and the torn last line").isEqualTo(2);
        }
    }

    @Test
    void compactingKeepsTheLastRecordOfEachOutputOnceSupersededOnesAreMoreThanHalf() throws IOException {
        try (Manifest manifest = Manifest.open(dir)) {
            manifest.append(record("a.png", 1));
            manifest.append(record("b.png", 1));
            manifest.append(record("a.png", 2));
            manifest.append(record("b.png", 2));
        }
        ManifestIndex half = Manifest.index(dir);
        assertThat(Manifest.compact(dir, half, OneWriter.noInputs())).as("two superseded of four: kept").isFalse();
        assertThat(readAll()).hasSize(4);

        try (Manifest manifest = Manifest.open(dir)) {
            manifest.append(record("a.png", 3));
            manifest.append(record("b.png", 2));
        }
        Files.writeString(Manifest.fileIn(dir), "{\"output\":\"torn", StandardOpenOption.APPEND);
        ManifestIndex index = Manifest.index(dir);
        assertThat(Manifest.compact(dir, index, OneWriter.noInputs())).isTrue();

        assertThat(readAll()).containsExactly(record("a.png", 3), record("b.png", 2));
        ManifestIndex after = Manifest.index(dir);
        assertThat(after.matches(record("a.png", 3))).isTrue();
        assertThat(after.matches(record("b.png", 2))).isTrue();
        assertThat(after.records()).isEqualTo(2);
        try (Stream<Path> left = Files.list(Manifest.fileIn(dir).getParent())) {
            assertThat(left.map(p -> p.getFileName().toString())).containsExactly(Manifest.FILE);
        }
    }

    @Test
    void aRecordTooLongForALineIsNotWritten() throws IOException {
        try (Manifest manifest = Manifest.open(dir)) {
            assertThat(manifest.append(record("x".repeat(Manifest.MAX_LINE), 1))).isFalse();
            assertThat(manifest.append(record("a.png", 1))).isTrue();
        }
        assertThat(readAll()).containsExactly(record("a.png", 1));
    }

    @Test
    void noManifestHasNoRecords() throws IOException {
        assertThat(readAll()).isEmpty();
        assertThat(Manifest.index(dir).size()).isZero();
    }

    @Test
    void aSecondRunCannotTakeTheLockUntilTheFirstLetsGo() throws IOException {
        Manifest.Lock first = Manifest.lock(dir);
        assertThatThrownBy(() -> Manifest.lock(dir)).isInstanceOf(ManifestException.class)
                .hasMessageContaining("another loomy run is writing into this folder");
        first.close();
        Manifest.lock(dir).close();
    }

    @Test
    void aLinkInPlaceOfTheManifestsFolderIsRefused() throws IOException {
        Path elsewhere = Files.createDirectories(dir.resolve("elsewhere"));
        Path out = Files.createDirectories(dir.resolve("out"));
        Files.createSymbolicLink(out.resolve(Manifest.FOLDER), elsewhere);
        assertThatThrownBy(() -> Manifest.open(out)).isInstanceOf(ManifestException.class).hasMessageContaining("link");
        assertThatThrownBy(() -> Manifest.lock(out)).isInstanceOf(ManifestException.class).hasMessageContaining("link");
        assertThat(elsewhere).isEmptyDirectory();
    }

    @Test
    void aLinkInPlaceOfTheManifestIsNotFollowed() throws IOException {
        Path target = Files.writeString(dir.resolve("target.txt"), "keep");
        Files.createDirectories(dir.resolve(Manifest.FOLDER));
        Files.createSymbolicLink(Manifest.fileIn(dir), target);
        assertThatThrownBy(() -> Manifest.open(dir)).isInstanceOf(ManifestException.class);
        assertThat(Files.readString(target)).isEqualTo("keep");
    }

    @Test
    void theIndexKeepsTheLastRecordOfEachOutput() {
        ManifestIndex index = new ManifestIndex();
        for (int i = 0; i < 5000; i++) {
            index.put(record("img" + i + ".png", i));
        }
        index.put(record("img7.png", 700));
        assertThat(index.size()).isEqualTo(5000);
        assertThat(index.matches(record("img7.png", 700))).isTrue();
        assertThat(index.matches(record("img7.png", 7))).isFalse();
        assertThat(index.matches(record("img4999.png", 4999))).isTrue();
        assertThat(index.matches(record("other.png", 1))).isFalse();
    }

    @Test
    void anOutputIsUpToDateOnlyWhenEveryFieldMatchesAndItIsThere() throws IOException {
        Path input = Files.writeString(dir.resolve("in.png"), "pixels");
        Path out = Files.createDirectories(dir.resolve("out"));
        Path output = Files.writeString(out.resolve("in.png"), "made");
        ManifestIndex index = new ManifestIndex();
        Incremental made = new Incremental(out, index, "sha256:one", index::put, true);
        made.made(input, Incremental.look(input), output);
        assertThat(made.upToDate(input, output)).isTrue();

        // Another definition (parameters, format, metadata kept): not up to date.
        assertThat(new Incremental(out, index, "sha256:two", index::put, true).upToDate(input, output)).isFalse();
        // Without --incremental nothing is skipped.
        assertThat(new Incremental(out, index, "sha256:one", index::put, false).upToDate(input, output)).isFalse();
        // The input touched: another modification time.
        Files.setLastModifiedTime(input, FileTime.fromMillis(Files.getLastModifiedTime(input).toMillis() - 5000));
        assertThat(made.upToDate(input, output)).isFalse();
        made.made(input, Incremental.look(input), output);
        assertThat(made.upToDate(input, output)).isTrue();
        // The input's size changed (same time, kept).
        FileTime time = Files.getLastModifiedTime(input);
        Files.writeString(input, "more pixels");
        Files.setLastModifiedTime(input, time);
        assertThat(made.upToDate(input, output)).isFalse();
        made.made(input, Incremental.look(input), output);
        // The output replaced by something else, or gone.
        Files.writeString(output, "truncated by a crash");
        assertThat(made.upToDate(input, output)).isFalse();
        Files.writeString(output, "made");
        made.made(input, Incremental.look(input), output);
        assertThat(made.upToDate(input, output)).isTrue();
        Files.delete(output);
        assertThat(made.upToDate(input, output)).isFalse();
    }

    @Test
    void whatTheWalkSawOfAnInputStandsForALookAtIt() throws IOException {
        Path input = Files.writeString(dir.resolve("in.png"), "pixels");
        Path out = Files.createDirectories(dir.resolve("out"));
        Path output = Files.writeString(out.resolve("in.png"), "made");
        ManifestIndex index = new ManifestIndex();
        Incremental made = new Incremental(out, index, "sha256:one", index::put, true);
        ImageFile.Seen then = Incremental.look(input);
        made.made(input, then, output);

        // Seen as recorded: up to date, without looking at the input (gone since).
        Files.delete(input);
        assertThat(made.upToDate(new ImageFile(input, input.getFileName(), null, then), output)).isTrue();
        assertThat(made.upToDate(input, output)).as("looked at, it is gone").isFalse();
        // Seen other than recorded: not up to date, whatever the input is now.
        Files.writeString(input, "pixels");
        Files.setLastModifiedTime(input, FileTime.fromMillis(then.modified()));
        assertThat(made.upToDate(input, output)).isTrue();
        assertThat(made.upToDate(new ImageFile(input, input.getFileName(), null,
                new ImageFile.Seen(then.size() + 1, then.modified())), output)).isFalse();
        // Not seen by a walk: looked at.
        assertThat(made.upToDate(new ImageFile(input, input.getFileName()), output)).isTrue();
    }

    @Test
    void anotherVersionOfLoomyDoesNotMatch() {
        ManifestIndex index = new ManifestIndex();
        ManifestRecord then = new ManifestRecord("a.png", "/in/a.png", 1, 2, "sha256:ab", "0.9", 3);
        index.put(then);
        assertThat(index.matches(then)).isTrue();
        assertThat(index.matches(new ManifestRecord("a.png", "/in/a.png", 1, 2, "sha256:ab", "1.0", 3))).isFalse();
    }

    @Test
    void theDefinitionChangesWithEachPart() {
        String base = ManifestRecord.definition("{\"kind\":\"Canny\",\"t\":1}", "png", "q");
        assertThat(ManifestRecord.definition("{\"kind\":\"Canny\",\"t\":1}", "png", "q")).isEqualTo(base);
        assertThat(ManifestRecord.definition("{\"kind\":\"Canny\",\"t\":2}", "png", "q")).isNotEqualTo(base);
        assertThat(ManifestRecord.definition("{\"kind\":\"Canny\",\"t\":1}", "jpg", "q")).isNotEqualTo(base);
        assertThat(ManifestRecord.definition("{\"kind\":\"Canny\",\"t\":1}", "png", "r")).isNotEqualTo(base);
    }
}
