package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.loomy.TestImages;
import dev.loomy.run.ExitCodes;
import dev.loomy.testing.OsFixtures;

/**
 * {@code loomy report FILE.json} as a user runs it on what a run saved: the run's own figures in
 * every format (an {@code --incremental} run's up-to-date images included), names from the file
 * never driving the terminal, and a file that is not a regular one refused at once.
 */
class ReportCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int IMAGES = 6;

    @TempDir
    Path dir;

    Path in;
    Path out;

    @BeforeEach
    void images() {
        in = dir.resolve("in");
        out = dir.resolve("out");
        TestImages.writeMany(in, IMAGES, 32, 24);
    }

    private Cli incremental(String... more) {
        List<String> args = new ArrayList<>(List.of("-s", "loop", "-f", "NoOp", "--no-fork", "--incremental",
                "-o", out.toString()));
        args.addAll(List.of(more));
        args.add(in.toString());
        return Cli.run(args.toArray(String[]::new));
    }

    /** A second --incremental run that does {@code redo} images again and finds the rest up to date. */
    private Cli rerun(int redo, String... exports) throws Exception {
        assertThat(incremental("--quiet").status()).isZero();
        try (var outputs = Files.list(out)) {
            for (Path made : outputs.filter(Files::isRegularFile).sorted().limit(redo).toList()) {
                Files.delete(made);
            }
        }
        return incremental(exports);
    }

    private static String csvCell(String csv, String column) {
        List<String> header = List.of(csv.lines().findFirst().orElseThrow().split(","));
        return csv.lines().skip(1).findFirst().orElseThrow().split(",", -1)[header.indexOf(column)];
    }

    @Test
    void anIncrementalRunReadBackGivesTheRunsOwnFiguresInEveryFormat() throws Exception {
        Path json = dir.resolve("r.json");
        Path csv = dir.resolve("r.csv");
        Path md = dir.resolve("r.md");

        Cli run = rerun(2, "--format=table", "--export-json=" + json, "--export-csv=" + csv,
                "--export-markdown=" + md);

        assertThat(run.status()).as(run.err()).isZero();
        assertThat(csvCell(Files.readString(csv), "images")).isEqualTo("2");
        assertThat(csvCell(Files.readString(csv), "skipped")).isEqualTo(Integer.toString(IMAGES - 2));
        Cli table = Cli.run("report", json.toString());
        Cli markdown = Cli.run("report", json.toString(), "--format=markdown");
        Cli csvAgain = Cli.run("report", json.toString(), "--format=csv");
        Cli jsonAgain = Cli.run("report", json.toString(), "--format=json");
        assertThat(table.status()).as(table.err()).isZero();
        assertThat(table.out()).isEqualTo(run.out());
        assertThat(markdown.out()).isEqualTo(Files.readString(md));
        assertThat(csvAgain.out()).isEqualTo(Files.readString(csv));
        assertThat(jsonAgain.out()).isEqualTo(Files.readString(json));
    }

    @Test
    void resultsSavedBeforeUpToDateImagesWereListedStillCountThemAsSkipped() throws Exception {
        Path json = dir.resolve("r.json");
        Path csv = dir.resolve("r.csv");
        assertThat(rerun(2, "--export-json=" + json, "--export-csv=" + csv, "--quiet").status()).isZero();
        ObjectNode saved = (ObjectNode) JSON.readTree(json.toFile());
        ((ObjectNode) saved.at("/results/0/raw_runs/0")).remove("up_to_date_images");
        Path older = dir.resolve("older.json");
        Files.writeString(older, saved.toPrettyString());

        Cli again = Cli.run("report", older.toString(), "--format=csv");

        assertThat(again.status()).as(again.err()).isZero();
        assertThat(again.out()).isEqualTo(Files.readString(csv));
    }

    @Test
    void everyImageUpToDateGivesNoTimePerImageAndEveryFormatSaysTheSame() throws Exception {
        Path json = dir.resolve("r.json");
        Path csv = dir.resolve("r.csv");

        Cli run = rerun(0, "--format=table", "--wide", "--export-json=" + json, "--export-csv=" + csv);

        assertThat(run.status()).as(run.err()).isZero();
        assertThat(run.out()).doesNotContain("Infinity").doesNotContain("NaN");
        assertThat(Files.readString(csv)).doesNotContain("Infinity").doesNotContain("NaN");
        assertThat(csvCell(Files.readString(csv), "time_ms_per_image")).isEmpty();
        assertThat(JSON.readTree(json.toFile()).at("/results/0/time_ms_per_image").isNull()).isTrue();
        Cli markdown = Cli.run("report", json.toString(), "--format=markdown");
        assertThat(markdown.out()).doesNotContain("Infinity").doesNotContain("NaN");
    }

    @Test
    void controlCharactersInSavedNamesAreEscapedInEveryFormat() throws Exception {
        Path json = dir.resolve("r.json");
        assertThat(rerun(1, "--export-json=" + json, "--quiet").status()).isZero();
        ObjectNode saved = (ObjectNode) JSON.readTree(json.toFile());
        String title = "\u001B]0;owned\u0007";
        ObjectNode row = (ObjectNode) saved.at("/results/0");
        row.put("filter", "Evil" + title + "\nnext|row\u202E");
        row.put("note", "a note\u001B[2J");
        ((ObjectNode) saved.get("options")).set("filter", JSON.createArrayNode().add("Evil" + title));
        ((ObjectNode) saved.get("options")).put("output", out + "/\u001B[31mred\r");
        ((ArrayNode) saved.at("/options/inputs")).add(in + "\u009B31m\u007F");
        ((ObjectNode) saved.get("machine")).put("cpu", "cpu\u001Bc");
        Path hostile = dir.resolve("hostile.json");
        Files.writeString(hostile, saved.toPrettyString());

        for (String format : List.of("table", "markdown", "csv", "json")) {
            Cli shown = Cli.run("report", hostile.toString(), "--format=" + format, "--wide");

            assertThat(shown.status()).as(format + ": " + shown.err()).isZero();
            String text = shown.out() + shown.err();
            assertThat(text.codePoints().filter(c -> c != '\n' && (Character.getType(c) == Character.CONTROL
                    || c == 0x202E))).as(format + ":\n" + text).isEmpty();
            if (!format.equals("json")) {
                assertThat(shown.out()).as(format).contains("Evil\\x1B]0;owned\\x07\\nnext");
            }
        }
        // Markdown's row stays one row: the newline in the name is shown, not written.
        Cli markdown = Cli.run("report", hostile.toString(), "--format=markdown");
        assertThat(markdown.out().lines().filter(line -> line.startsWith("| loop"))).singleElement().asString()
                .contains("next\\|row");
        // json keeps the names as they were, in escapes that a terminal does not act on.
        JsonNode again = JSON.readTree(Cli.run("report", hostile.toString(), "--format=json").out());
        assertThat(again.at("/results/0/filter").asText()).isEqualTo("Evil" + title + "\nnext|row\u202E");
        assertThat(again.at("/machine/cpu").asText()).isEqualTo("cpu\u001Bc");
    }

    @Test
    @Timeout(30)
    void aFifoADirectoryOrADeviceAsTheFileIsOneLineAndExit2() throws Exception {
        Path fifo = dir.resolve("results.json");
        assertThat(OsFixtures.mkfifo(fifo)).isZero();
        Path folder = Files.createDirectories(dir.resolve("folder.json"));

        for (Path special : List.of(fifo, folder, Path.of("/dev/zero"))) {
            Cli refused = CompletableFuture.supplyAsync(() -> Cli.run("report", special.toString()))
                    .get(10, TimeUnit.SECONDS);

            assertThat(refused.status()).as(refused.err()).isEqualTo(ExitCodes.USAGE);
            assertThat(refused.err().lines()).as(special.toString()).singleElement().asString()
                    .startsWith("loomy: " + special + ": ").contains("not a regular file");
            assertThat(refused.out()).isEmpty();
        }
    }
}
