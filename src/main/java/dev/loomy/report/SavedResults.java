package dev.loomy.report;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.loomy.contention.Contention;
import dev.loomy.files.Names;
import dev.loomy.profile.Profile;
import dev.loomy.results.BaselineComparison;
import dev.loomy.results.ImageCounts;
import dev.loomy.results.ImageTiming;
import dev.loomy.results.Latencies;
import dev.loomy.results.MachineInfo;
import dev.loomy.results.Measurement;
import dev.loomy.results.OptionsUsed;
import dev.loomy.results.Outcome;
import dev.loomy.results.Provenance;
import dev.loomy.results.Reference;
import dev.loomy.results.ResourcePeaks;
import dev.loomy.results.Results;
import dev.loomy.results.RowComparison;
import dev.loomy.results.RowKey;
import dev.loomy.results.RunOrder;
import dev.loomy.results.RunRecord;
import dev.loomy.results.Timeline;
import dev.loomy.results.Verdict;
import dev.loomy.strategy.Strategies;

/**
 * Results saved as json ({@link JsonFormat}: {@code --format=json}, {@code --export-json}) read back
 * into the {@link Results} they were rendered from, so that {@code loomy report} renders the same
 * measurement again in any format, without measuring: every row's raw runs, to the microsecond,
 * and what the json says of the machine, the options and the order of the runs. The one reader
 * of loomy's json: {@code --baseline} reads its files here too. A row's figures are read by the
 * schema's columns ({@link SavedRow}); the raw runs, which no column holds, here.
 */
public final class SavedResults {

    /** More than any results file holds but for millions of images: a bound on what is read. */
    static final long MAX_BYTES = 512L << 20;

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private SavedResults() {
    }

    /**
     * A results file read: its {@link Results}, each row's columns as the schema reads them, in the
     * order of the results' measurements, and the options as the file has them (a missing one is
     * not a default).
     */
    public record Saved(Results results, List<SavedRow> rows, JsonNode options) {

        public Saved {
            rows = List.copyOf(rows);
        }
    }

    /** Reads {@code file}'s {@link Results}; see {@link #open}. */
    public static Results read(Path file) {
        return open(file).results();
    }

    /**
     * Reads {@code file}; a problem is one line naming the file and what is wrong. Only a regular
     * file is read: a FIFO would block for ever, a device never end.
     */
    public static Saved open(Path file) {
        String shown = Names.shown(file);
        JsonNode root;
        try {
            BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
            if (!attributes.isRegularFile()) {
                throw new IllegalArgumentException(shown + ": not a regular file ("
                        + (attributes.isDirectory() ? "a directory" : "a named pipe, socket or device") + "): not read");
            }
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException(shown + ": no such file");
        } catch (IOException e) {
            throw new IllegalArgumentException(shown + ": cannot be read: " + Names.shown(e.getMessage()));
        }
        try (InputStream in = bounded(Files.newInputStream(file), file)) {
            root = MAPPER.readTree(in);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException(shown + ": no such file");
        } catch (JacksonException e) {
            throw new IllegalArgumentException(shown + ": not json (" + Names.shown(e.getOriginalMessage()) + ")");
        } catch (IOException e) {
            throw new IllegalArgumentException(shown + ": cannot be read: " + Names.shown(e.getMessage()));
        }
        if (root == null || !root.path("results").isArray() || !root.path("machine").isObject()) {
            throw new IllegalArgumentException(shown + ": not loomy's json results (no \"results\" and \"machine\")");
        }
        try {
            List<SavedRow> rows = new ArrayList<>();
            root.path("results").forEach(row -> rows.add(SavedRow.of(row)));
            return new Saved(results(root, rows), rows, root.path("options"));
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(shown + ": not loomy's json results (" + Names.shown(e.getMessage()) + ")");
        }
    }

    private static Results results(JsonNode root, List<SavedRow> rows) {
        List<String> scanned = strings(root.path("scanned"));
        List<Measurement> measurements = new ArrayList<>();
        List<RowComparison> compared = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            SavedRow saved = rows.get(i);
            Measurement m = measurement(root.path("results").get(i), saved, scanned);
            measurements.add(m);
            if (saved.text("change") != null) {
                compared.add(new RowComparison(m.key(), saved.decimal("baseline_images_per_sec"),
                        saved.decimal("change_pct"), verdict(saved.text("change")), saved.decimal("change_error_pct")));
            }
        }
        OptionsUsed options = options(root.path("options"));
        String reference = options.measuring().reference();
        Map<String, List<String>> lanes = Strategies.lanes(measurements.stream().map(Measurement::strategy).distinct()
                .flatMap(name -> Strategies.find(name).stream()).toList());
        JsonNode machine = root.path("machine");
        JsonNode order = root.path("order");
        List<List<String>> rounds = new ArrayList<>();
        order.path("rounds").forEach(round -> rounds.add(strings(round)));
        return new Results(measurements, new MachineInfo(machine.path("cores").asInt(-1),
                machine.path("memory_bytes").asLong(-1), machine.path("jdk").asText("unknown"),
                machine.path("os").asText("unknown"), machine.path("cpu").asText("unknown")), options,
                root.path("interrupted").asBoolean(), root.path("forked").asBoolean(),
                reference == null ? Reference.DEFAULT : Reference.parse(reference), lanes,
                root.path("baseline").isTextual() ? new BaselineComparison(root.get("baseline").asText(),
                        strings(root.path("baseline_differences")), compared) : null,
                new Provenance(text(root, "loomy_version"), text(root, "measured_at"), order.isObject()
                        ? new RunOrder(order.path("mode").asText(RunOrder.SEQUENTIAL),
                                order.path("seed").isNumber() ? order.get("seed").asLong() : null, rounds,
                                text(order, "why"))
                        : RunOrder.sequential(null)));
    }

    private static Measurement measurement(JsonNode row, SavedRow saved, List<String> scanned) {
        if (saved.text("strategy") == null || saved.text("filter") == null) {
            throw new IllegalArgumentException("a result without strategy and filter");
        }
        List<RunRecord> runs = new ArrayList<>();
        row.path("raw_runs").forEach(run -> runs.add(run(run)));
        Map<String, String> scan = new LinkedHashMap<>();
        for (String option : scanned) {
            JsonNode value = row.path(option);
            scan.put(option, value.isNumber() && !value.isIntegralNumber()
                    ? new BigDecimal(value.asText()).stripTrailingZeros().toPlainString() : value.asText());
        }
        int images = runs.isEmpty() ? (int) saved.count("images", 0) : runs.get(0).counts().total();
        String outcome = saved.text("outcome");
        return new Measurement(saved.text("strategy"), saved.text("filter"), images, (int) saved.count("warmups", 0),
                runs, outcome(outcome == null ? "ok" : outcome), saved.text("note"), profile(row, saved),
                saved.text("engine"), scan, saved.text("jpeg_codec"));
    }

    private static RunRecord run(JsonNode run) {
        long[] submitted = nanos(run.path("submitted_ms"));
        long[] completed = nanos(run.path("completed_ms"));
        ImageTiming.Status[] status = new ImageTiming.Status[submitted.length];
        Arrays.fill(status, ImageTiming.Status.DONE);
        mark(status, run.path("failed_images"), ImageTiming.Status.FAILED);
        mark(status, run.path("warned_images"), ImageTiming.Status.WARNED);
        mark(status, run.path("skipped_images"), ImageTiming.Status.SKIPPED);
        if (run.has("up_to_date_images")) {
            mark(status, run.path("up_to_date_images"), ImageTiming.Status.UP_TO_DATE);
        } else {
            markUpToDate(status, submitted, completed, run.path("up_to_date").asInt());
        }
        JsonNode lanes = run.path("image_lanes");
        int every = Math.max(1, run.path("timeline_every").asInt(1));
        List<ImageTiming> images = new ArrayList<>(submitted.length);
        for (int i = 0; i < submitted.length; i++) {
            images.add(new ImageTiming(i * every, submitted[i], completed[i], status[i],
                    lanes.path(i).isTextual() ? lanes.get(i).asText() : null));
        }
        ResourcePeaks peaks = new ResourcePeaks(run.path("peak_threads").asInt(-1), run.path("peak_heap_bytes").asLong(-1),
                run.path("peak_rss_bytes").asLong(-1), run.path("rss_windowed").asBoolean(false));
        Contention contention = null;
        if (run.path("contention").isObject()) {
            try {
                contention = MAPPER.treeToValue(run.get("contention"), Contention.class);
            } catch (JacksonException | IllegalArgumentException e) {
                throw new IllegalArgumentException("a run's contention: " + e.getMessage());
            }
        }
        long wall = Math.round(run.path("wall_ms").asDouble() * 1e6);
        int workers = run.path("worker_threads").asInt(-1);
        boolean interrupted = run.path("interrupted").asBoolean();
        if (!run.has("timeline_every")) {
            // Every image is on the timeline: the figures come from their times, as they did when measured.
            return new RunRecord(wall, images, peaks, workers, interrupted, contention);
        }
        // A run of many: its counts and latency histogram as saved, the timeline's sample of images.
        Map<String, Long> laneFinishes = new LinkedHashMap<>();
        run.path("lane_ms").properties().forEach(lane -> laneFinishes.put(lane.getKey(),
                Math.round(lane.getValue().asDouble() * 1e6)));
        int warned = run.path("warned").asInt();
        ImageCounts counts = new ImageCounts(run.path("done").asInt() - warned, warned, run.path("failed").asInt(),
                run.path("skipped").asInt(), run.path("up_to_date").asInt());
        Latencies latencies;
        try {
            latencies = MAPPER.treeToValue(run.get("latency_histogram"), Latencies.class);
        } catch (JacksonException | IllegalArgumentException e) {
            throw new IllegalArgumentException("a run's latency histogram: " + e.getMessage());
        }
        return new RunRecord(wall, counts, latencies, laneFinishes, new Timeline(every, images),
                peaks, workers, interrupted, contention);
    }

    /** What the profilers recorded, from the row's columns; null when nothing was profiled. */
    private static Profile profile(JsonNode row, SavedRow saved) {
        if (!row.has("gc_count") && !row.has("pinned_events") && !row.has("jfr_file")) {
            return null;
        }
        return new Profile(saved.decimal("alloc_mb_per_image"), saved.count("gc_count", -1), saved.decimal("gc_ms"),
                saved.count("pinned_events", -1), strings(row.path("pinned_sites")), saved.text("jfr_file"));
    }

    private static OptionsUsed options(JsonNode o) {
        JsonNode conf = o.path("spark-conf");
        Map<String, String> sparkConf = null;
        if (conf.isObject()) {
            Map<String, String> given = new LinkedHashMap<>();
            conf.properties().forEach(e -> given.put(e.getKey(), e.getValue().asText()));
            sparkConf = given;
        }
        JsonNode report = o.path("report");
        return new OptionsUsed(
                new OptionsUsed.Selection(strings(o.path("strategy")), strings(o.path("filter")), strings(o.path("param"))),
                new OptionsUsed.Output(text(o, "output"), o.path("no-write").asBoolean(), text(o, "image-format"),
                        o.path("incremental").asBoolean(), o.has("quality") ? o.path("quality").asInt() : null),
                new OptionsUsed.Measuring(o.path("repeat").asText("1"), text(o, "reference"), text(o, "baseline"),
                        text(o, "save-baseline"), text(o, "fail-on-regression"), strings(o.path("profile")),
                        o.path("warmup").asInt(), text(o, "order")),
                new OptionsUsed.Execution(text(o, "parallelism"), text(o, "cv-threads"), text(o, "io-latency"),
                        text(o, "max-in-flight"), o.path("strict").asBoolean(), o.path("fork").asBoolean(),
                        o.path("reproducible").asBoolean()),
                new OptionsUsed.Reporting(text(o, "format"), report.isTextual() ? List.of(report.asText())
                        : strings(report), text(o, "chart"), text(o, "timeline")),
                new OptionsUsed.Where(strings(o.path("inputs")), o.path("engine").asText("local"), text(o, "master"),
                        o.path("partitions").isNumber() ? o.get("partitions").asInt() : null, text(o, "config"),
                        sparkConf));
    }

    private static Outcome outcome(String label) {
        return Arrays.stream(Outcome.values()).filter(o -> o.label().equals(label)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown outcome " + label));
    }

    private static Verdict verdict(String label) {
        return Arrays.stream(Verdict.values()).filter(v -> v.label().equals(label)).findFirst().orElse(Verdict.UNKNOWN);
    }

    /** Milliseconds to the microsecond, as json has them, in nanoseconds. */
    private static long[] nanos(JsonNode ms) {
        long[] nanos = new long[ms.size()];
        for (int i = 0; i < nanos.length; i++) {
            nanos[i] = Math.round(ms.get(i).asDouble() * 1e6);
        }
        return nanos;
    }

    private static void mark(ImageTiming.Status[] status, JsonNode indices, ImageTiming.Status as) {
        indices.forEach(index -> status[index.asInt()] = as);
    }

    /**
     * Results saved before the up-to-date images were listed: each is the one image of no time at
     * all (found up to date, it is ended when it is submitted), which an image processed never is
     * to the nanosecond. The first {@code count} such are marked, as many as the run counted.
     */
    private static void markUpToDate(ImageTiming.Status[] status, long[] submitted, long[] completed, int count) {
        for (int i = 0; i < status.length && count > 0; i++) {
            if (status[i] == ImageTiming.Status.DONE && submitted[i] == completed[i]) {
                status[i] = ImageTiming.Status.UP_TO_DATE;
                count--;
            }
        }
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.path(field);
        return value.isNull() || value.isMissingNode() ? null : value.asText();
    }

    private static List<String> strings(JsonNode array) {
        List<String> values = new ArrayList<>();
        array.forEach(value -> values.add(value.asText()));
        return values;
    }

    /** {@code in}, refused once more than {@link #MAX_BYTES} have been read from it. */
    private static InputStream bounded(InputStream in, Path file) {
        return new FilterInputStream(in) {
            private long read;

            @Override
            public int read() throws IOException {
                int b = super.read();
                count(b < 0 ? 0 : 1);
                return b;
            }

            @Override
            public int read(byte[] buffer, int offset, int length) throws IOException {
                int n = super.read(buffer, offset, length);
                count(Math.max(0, n));
                return n;
            }

            private void count(int n) throws IOException {
                read += n;
                if (read > MAX_BYTES) {
                    throw new IOException("larger than " + (MAX_BYTES >> 20) + " MiB");
                }
            }
        };
    }
}
