package dev.loomy.baseline;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.loomy.report.SavedResults;
import dev.loomy.report.SavedRow;
import dev.loomy.results.BaselineComparison;
import dev.loomy.results.MachineInfo;
import dev.loomy.results.OptionsUsed;
import dev.loomy.results.Results;
import dev.loomy.results.RowComparison;
import dev.loomy.results.Schema;
import dev.loomy.results.Summary;

/**
 * Saved results to compare with: loomy's own json results ({@code --format=json},
 * {@code --report=FILE.json} or {@code --save-baseline}), read by {@link SavedResults} as
 * {@code loomy report} reads them. The run times are taken from every row's raw runs, so any
 * loomy json with raw runs serves, and the comparison treats both sides' runs alike. Scanned options, when the results name them in {@code scanned}, are part of each
 * row's key.
 *
 * @param source where it was read from, for messages
 * @param engine where its rows were measured (local, spark), or null when its results do not say
 */
public record Baseline(String source, int cores, String cpu, String jdk, String engine, List<RowTimes> rows,
        JsonNode options) {

    /**
     * The options that change what a run measures, beside the machine: a baseline made with
     * others measured something else. (Where one is scanned, its values are part of each row's
     * key instead, and it is not compared here.)
     */
    private static final List<String> MEASURED = List.of("io-latency", "no-write", "image-format", "parallelism",
            "cv-threads", "max-in-flight", "fork", "reproducible", "strict");

    private static final ObjectMapper MAPPER = new ObjectMapper();

    /**
     * Reads a baseline through the one reader of loomy's json; the exception's message names the
     * file and what is wrong with it.
     */
    public static Baseline read(Path file) throws BaselineException {
        SavedResults.Saved saved;
        try {
            saved = SavedResults.open(file);
        } catch (IllegalArgumentException e) {
            throw new BaselineException(e.getMessage());
        }
        List<RowTimes> rows = new ArrayList<>();
        Set<String> engines = new TreeSet<>();
        List<Summary> summaries = saved.results().summaries();
        for (int i = 0; i < summaries.size(); i++) {
            Summary summary = summaries.get(i);
            SavedRow row = saved.rows().get(i);
            // A run without a usable time (hand-edited, or from another tool) is left out, not compared as 0.
            double[] walls = summary.measurement().runs().stream().mapToDouble(run -> run.wallNanos() / 1e6)
                    .filter(ms -> ms > 0).toArray();
            rows.add(new RowTimes(Schema.keyOf(summary), row.decimal("images_per_sec"), walls,
                    (int) row.count("images", 0)));
            if (row.text("engine") != null) {
                engines.add(row.text("engine"));
            }
        }
        MachineInfo machine = saved.results().machine();
        return new Baseline(file.toString(), machine.cores(), machine.cpu(), machine.jdk(),
                engines.isEmpty() ? null : String.join(", ", engines), List.copyOf(rows), saved.options());
    }

    /** {@code results} compared with this baseline: each row's change, and why the two may not be comparable. */
    public Results compare(Results results) {
        List<RowTimes> now = results.summaries().stream().map(s -> new RowTimes(Schema.keyOf(s),
                s.speed().imagesPerSec(), s.measurement().wallMs(), s.measurement().imagesFinished())).toList();
        return results.comparedWith(new BaselineComparison(source, differences(results.machine(), results.engine(),
                results.images(), results.options()), compare(now)));
    }

    /**
     * The rows of {@code now} that this baseline has too, each compared with its own. A row without
     * images/sec on either side (no image done: crashed, interrupted at once, or every image
     * failed) is no basis: not compared.
     */
    public List<RowComparison> compare(List<RowTimes> now) {
        List<RowComparison> comparisons = new ArrayList<>();
        for (RowTimes row : now) {
            if (!(row.imagesPerSec() > 0)) {
                continue;
            }
            rows.stream().filter(b -> b.key().equals(row.key()) && b.imagesPerSec() > 0).findFirst()
                    .ifPresent(b -> comparisons.add(row.against(b)));
        }
        return comparisons;
    }

    /** An option's value as a user would type it. */
    private static String shown(JsonNode value) {
        if (value.isArray()) {
            List<String> items = new ArrayList<>();
            value.forEach(v -> items.add(v.asText()));
            return items.isEmpty() ? "(none)" : String.join(",", items);
        }
        return value.isNull() || value.isMissingNode() ? "(none)" : value.asText();
    }

    /**
     * Why these figures may not be comparable: a line each for other counts of images a run
     * ({@code images}; 0: not known), other options that change what is measured ({@code options};
     * null, or a baseline without them: not compared), another machine (cores or CPU), another JDK
     * and another engine ({@code engine}, where the rows compared were measured; null or a
     * baseline that does not say: no line); none when all match.
     */
    public List<String> differences(MachineInfo now, String engine, int images, OptionsUsed options) {
        List<String> lines = new ArrayList<>();
        Set<Integer> counts = new TreeSet<>();
        rows.stream().filter(r -> r.images() > 0).forEach(r -> counts.add(r.images()));
        if (images > 0 && !counts.isEmpty() && !counts.equals(Set.of(images))) {
            lines.add("baseline " + source + " covered " + counts.stream().map(String::valueOf)
                    .collect(Collectors.joining(" or ")) + " images a run, now " + images
                    + ": rows are compared by time per image, which other images change too");
        }
        JsonNode used = options == null ? null : MAPPER.valueToTree(options);
        List<String> differing = new ArrayList<>();
        for (String option : used == null || this.options == null || this.options.isMissingNode() ? List.<String>of()
                : MEASURED) {
            JsonNode before = this.options.path(option);
            JsonNode after = used.path(option);
            // A scanned option (a comma list on either side) is in each row's key: rows are matched by its values.
            boolean scanned = before.asText().contains(",") || after.asText().contains(",");
            if (!before.isMissingNode() && !scanned && !before.equals(after)) {
                differing.add("--" + option + " " + shown(before) + ", now " + shown(after));
            }
        }
        if (!differing.isEmpty()) {
            lines.add("baseline " + source + " was measured with other options (" + String.join("; ", differing)
                    + "): the comparison says as much about the options as about loomy");
        }
        if (cores != now.cores() || !Objects.equals(cpu, now.cpu())) {
            lines.add("baseline " + source + " was measured on another machine (" + cores + " cores, " + cpu
                    + "; now " + now.cores() + " cores, " + now.cpu() + "): the comparison says as much about the "
                    + "machines as about loomy");
        }
        if (!Objects.equals(jdk, now.jdk())) {
            lines.add("baseline " + source + " was measured on another JDK (" + jdk + "; now " + now.jdk() + ")");
        }
        if (this.engine != null && engine != null && !this.engine.equals(engine)) {
            // Spark adds a job's scheduling to every run, and its executors are other JVMs.
            lines.add("baseline " + source + " was measured on another engine (" + this.engine + "; now " + engine
                    + "): the comparison says as much about the engines as about loomy");
        }
        return lines;
    }
}
