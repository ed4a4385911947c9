package dev.loomy.results;

import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonRawValue;
import com.fasterxml.jackson.annotation.JsonUnwrapped;

/**
 * The options a run was made with, as the user gave or defaulted them, under their long
 * names: what the json format shows under {@code options} (one object: the parts are unwrapped
 * into it, in this order) and the captions quote.
 */
public record OptionsUsed(@JsonUnwrapped Selection selection, @JsonUnwrapped Output output,
                          @JsonUnwrapped Measuring measuring, @JsonUnwrapped Execution execution,
                          @JsonUnwrapped Reporting reporting, @JsonUnwrapped Where where) {

    /** @param param each {@code --param} as given */
    public record Selection(List<String> strategy, List<String> filter, List<String> param) {
    }

    /**
     * @param output  the output folder, or null when nothing was written
     * @param quality the quality of written JPEG and WebP images; null in results saved before {@code --quality}
     */
    public record Output(String output, @JsonProperty("no-write") boolean noWrite,
                         @JsonProperty("image-format") String imageFormat,
                         @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean incremental,
                         @JsonInclude(JsonInclude.Include.NON_NULL) Integer quality) {

        public Output(String output, boolean noWrite, String imageFormat) {
            this(output, noWrite, imageFormat, false, null);
        }
    }

    /**
     * @param repeat    a number, or "auto"
     * @param reference {@code --reference} as given, or null for the default
     * @param baseline  null when not asked for; likewise save-baseline and fail-on-regression
     * @param order     interleaved or sequential, as asked ({@code --order}); null when not known
     */
    public record Measuring(@JsonIgnore String repeat, String reference, String baseline,
                            @JsonProperty("save-baseline") String saveBaseline,
                            @JsonProperty("fail-on-regression") String failOnRegression, List<String> profile,
                            int warmup, String order) {

        /** Options of results made before {@code --order} existed. */
        public Measuring(String repeat, String reference, String baseline, String saveBaseline, String failOnRegression,
                         List<String> profile, int warmup) {
            this(repeat, reference, baseline, saveBaseline, failOnRegression, profile, warmup, null);
        }

        /** {@code repeat} as json has it: a number, or "auto". */
        @JsonProperty("repeat")
        @JsonRawValue
        String repeatJson() {
            return "auto".equals(repeat) ? "\"auto\"" : repeat;
        }
    }

    /**
     * @param parallelism  as given or defaulted: a number, or a comma list when scanned; likewise cv-threads,
     *                     io-latency and max-in-flight
     * @param ioLatency    "20ms", "0.5ms", or "0" for none
     * @param strict       whether a damaged but decodable image failed ({@code --strict})
     * @param reproducible whether OpenCV ran pinned to its baseline code
     */
    public record Execution(String parallelism, @JsonProperty("cv-threads") String cvThreads,
                            @JsonProperty("io-latency") String ioLatency,
                            @JsonProperty("max-in-flight") String maxInFlight, boolean strict, boolean fork,
                            boolean reproducible) {
    }

    /**
     * @param report every file the results were also written to ({@code --report}, {@code --export-*})
     * @param chart  null when not asked for; likewise timeline
     */
    public record Reporting(String format, List<String> report, String chart, String timeline) {

        public Reporting {
            report = report == null ? List.of() : List.copyOf(report);
        }
    }

    /**
     * Where the images came from and were processed, and where the filters were defined.
     *
     * @param engine local or spark; master, partitions and spark-conf are Spark's, null for the local engine
     * @param config the filters file the filters came from, or null for the one packaged in loomy
     */
    public record Where(List<String> inputs, String engine, String master, Integer partitions, String config,
                        @JsonProperty("spark-conf") Map<String, String> sparkConf) {
    }
}
