package dev.loomy.report;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.util.List;

import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.loomy.files.Names;
import dev.loomy.results.Column;
import dev.loomy.results.Format;
import dev.loomy.results.ImageTiming;
import dev.loomy.results.MachineInfo;
import dev.loomy.results.ResourcePeaks;
import dev.loomy.results.Results;
import dev.loomy.results.RunRecord;
import dev.loomy.results.Schema;
import dev.loomy.results.Summary;


/**
 * Everything, for programs: the machine, the options, per (strategy, filter) the figures of
 * the csv format under the same names, and each counted run's raw figures, down to when each
 * image (by its index in the sorted input list) was submitted and completed. Times are in
 * milliseconds from the run's start, to the microsecond; memory in MiB in a row's figures, as
 * csv has it, and in bytes in the raw runs and the machine; unknown values null. Names keep their
 * characters, but those that would act on a terminal (as {@link Names} escapes them on standard
 * error) are written as json's numeric escapes, so that printing the json cannot drive it.
 */
public final class JsonFormat implements ResultFormat {

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    @Override
    public void write(Results results, PrintStream out) {
        // Objects indented, number arrays on one line: the per-image arrays stay readable.
        DefaultPrettyPrinter printer = new DefaultPrettyPrinter()
                .withObjectIndenter(new DefaultIndenter("  ", "\n"))
                .withArrayIndenter(DefaultPrettyPrinter.FixedSpaceIndenter.instance);
        try {
            out.println(MAPPER.writer(printer).with(TerminalSafe.INSTANCE).writeValueAsString(tree(results)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static JsonNode tree(Results results) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("method", Captions.method(results));
        root.put("loomy_version", results.provenance().version());
        root.put("measured_at", results.provenance().measuredAt());
        root.set("machine", machine(results.machine()));
        root.set("options", MAPPER.valueToTree(results.options()));
        root.put("forked", results.forked());
        root.put("interrupted", results.interrupted());
        root.put("reference", results.reference().label());
        root.set("order", MAPPER.valueToTree(results.provenance().order()));
        if (results.baseline() != null) {
            root.put("baseline", results.baseline().source());
            ArrayNode differences = root.putArray("baseline_differences");
            results.baseline().differences().forEach(differences::add);
        }
        // The scanned options' columns: with strategy and filter, what makes a row the same experiment in a baseline.
        ArrayNode scanned = root.putArray("scanned");
        Schema.scanned(results).forEach(scanned::add);
        List<Column> columns = Schema.in(Format.JSON, results);
        ArrayNode rows = root.putArray("results");
        for (Summary s : results.summaries()) {
            ObjectNode row = result(s, columns);
            if (s.measurement().profile() != null && s.measurement().profile().pinnedEvents() >= 0) {
                ArrayNode sites = row.putArray("pinned_sites");
                s.measurement().profile().pinnedSites().forEach(sites::add);
            }
            rows.add(row);
        }
        return root;
    }

    private static ObjectNode machine(MachineInfo m) {
        ObjectNode node = MAPPER.createObjectNode();
        node.put("cores", m.cores());
        putKnown(node, "memory_bytes", m.memoryBytes());
        node.put("cpu", m.cpu());
        node.put("os", m.os());
        node.put("jdk", m.jdk());
        return node;
    }

    private static ObjectNode result(Summary s, List<Column> columns) {
        ObjectNode node = MAPPER.createObjectNode();
        for (Column column : columns) {
            node.set(column.nameIn(Format.JSON), MAPPER.valueToTree(column.value(s)));
        }
        ArrayNode runs = node.putArray("raw_runs");
        for (RunRecord run : s.measurement().runs()) {
            runs.add(run(run));
        }
        return node;
    }

    private static ObjectNode run(RunRecord run) {
        ObjectNode node = MAPPER.createObjectNode();
        // To the nanosecond, unlike other times: every row figure is derived from it, and a saved file
        // re-rendered (loomy report) must give the same figures.
        node.put("wall_ms", run.wallNanos() / 1e6);
        node.put("done", run.done());
        node.put("failed", run.failed());
        node.put("warned", run.warned());
        node.put("skipped", run.skipped());
        node.put("up_to_date", run.upToDate());
        node.put("interrupted", run.interrupted());
        putPeaks(node, run.peaks());
        putKnown(node, "worker_threads", run.workers());
        if (run.contention() != null) {
            // The raw times the percentages come from, so that the figures of a sum of runs can be derived again.
            node.set("contention", MAPPER.valueToTree(run.contention()));
        }
        ObjectNode lanes = node.putObject("lane_ms");
        run.laneFinishNanos().forEach((lane, nanos) -> putMs(lanes, lane, nanos / 1e6));
        // The timeline's images: every one, or every k-th of a run of many (timeline_every says k,
        // and the latencies' histogram, encoded as HdrHistogram does, keeps what the points do not).
        if (run.timeline().every() > 1) {
            node.put("timeline_every", run.timeline().every());
            node.set("latency_histogram", MAPPER.valueToTree(run.latencies()));
        }
        List<ImageTiming> images = run.timeline().points();
        ArrayNode submitted = node.putArray("submitted_ms");
        ArrayNode completed = node.putArray("completed_ms");
        ArrayNode failed = node.putArray("failed_images");
        ArrayNode warned = node.putArray("warned_images");
        ArrayNode skipped = node.putArray("skipped_images");
        // Not processed, their outputs up to date (--incremental): read back, they count as such, not as done.
        ArrayNode upToDate = node.putArray("up_to_date_images");
        // Each image's lane, where its strategy has lanes: what re-rendering the results needs of them.
        ArrayNode imageLanes = images.stream().anyMatch(t -> t.lane() != null) ? node.putArray("image_lanes") : null;
        // The failed, warned and skipped are named by their place among these (their index, when every one is here).
        for (int place = 0; place < images.size(); place++) {
            ImageTiming t = images.get(place);
            if (imageLanes != null) {
                imageLanes.add(t.lane());
            }
            // To the nanosecond, as the wall time: the latencies are derived from them.
            submitted.add(t.submittedNanos() / 1e6);
            completed.add(t.completedNanos() / 1e6);
            if (t.status() == ImageTiming.Status.FAILED) {
                failed.add(place);
            } else if (t.status() == ImageTiming.Status.WARNED) {
                warned.add(place);
            } else if (t.status() == ImageTiming.Status.SKIPPED) {
                skipped.add(place);
            } else if (t.status() == ImageTiming.Status.UP_TO_DATE) {
                upToDate.add(place);
            }
        }
        return node;
    }

    private static void putPeaks(ObjectNode node, ResourcePeaks peaks) {
        putKnown(node, "peak_threads", peaks.threads());
        putKnown(node, "peak_heap_bytes", peaks.heapBytes());
        putKnown(node, "peak_rss_bytes", peaks.rssBytes());
        if (peaks.rssBytes() < 0) {
            node.putNull("rss_windowed");
        } else {
            node.put("rss_windowed", peaks.rssWindowed());
        }
    }

    private static void putMs(ObjectNode node, String name, double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            node.putNull(name);
        } else {
            node.put(name, round(value));
        }
    }

    /** A count or a size; negative means unknown. */
    private static void putKnown(ObjectNode node, String name, long value) {
        if (value < 0) {
            node.putNull(name);
        } else {
            node.put(name, value);
        }
    }

    /** Json's own escapes, and numeric escapes for what {@link Names#needsEscape} names (DEL, C1, bidi controls). */
    private static final class TerminalSafe extends CharacterEscapes {

        static final TerminalSafe INSTANCE = new TerminalSafe();

        private final int[] ascii = standardAsciiEscapesForJSON();

        private TerminalSafe() {
            ascii[0x7F] = ESCAPE_STANDARD;
        }

        @Override
        public int[] getEscapeCodesForAscii() {
            return ascii;
        }

        @Override
        public SerializableString getEscapeSequence(int c) {
            return Names.needsEscape(c) ? new SerializedString(String.format("\\u%04X", c)) : null;
        }
    }

    /** Milliseconds to the microsecond: more digits would be noise. */
    private static double round(double ms) {
        return Math.round(ms * 1000) / 1000.0;
    }
}
