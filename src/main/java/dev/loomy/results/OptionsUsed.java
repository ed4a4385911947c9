package dev.loomy.results;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonRawValue;

/**
 * The options a run was made with, as the user gave or defaulted them, under their long
 * names: what the json format shows under {@code options} and the captions quote.
 *
 * @param output     the output folder, or null when nothing was written
 * @param param      each {@code --param} as given
 * @param parallelism as given or defaulted: a number, or a comma list when scanned; likewise cv-threads,
 *                    io-latency and max-in-flight
 * @param ioLatency  "20ms", "0.5ms", or "0" for none
 * @param strict     whether a damaged but decodable image failed ({@code --strict})
 * @param reproducible whether OpenCV ran pinned to its baseline code
 * @param report     null when not asked for; likewise chart and timeline
 * @param repeat     a number, or "auto"
 * @param reference  {@code --reference} as given, or null for the default
 * @param baseline   null when not asked for; likewise save-baseline and fail-on-regression
 * @param engine     local or spark; master, partitions and spark-conf are Spark's, null for the local engine
 * @param config     the filters file the filters came from, or null for the one packaged in loomy
 */
public record OptionsUsed(
        List<String> strategy,
        List<String> filter,
        List<String> param,
        String output,
        @JsonProperty("no-write") boolean noWrite,
        @JsonProperty("image-format") String imageFormat,
        @JsonIgnore String repeat,
        String reference,
        String baseline,
        @JsonProperty("save-baseline") String saveBaseline,
        @JsonProperty("fail-on-regression") String failOnRegression,
        List<String> profile,
        int warmup,
        String parallelism,
        @JsonProperty("cv-threads") String cvThreads,
        @JsonProperty("io-latency") String ioLatency,
        @JsonProperty("max-in-flight") String maxInFlight,
        boolean strict,
        boolean fork,
        boolean reproducible,
        String format,
        String report,
        String chart,
        String timeline,
        List<String> inputs,
        String engine,
        String master,
        Integer partitions,
        String config,
        @JsonProperty("spark-conf") java.util.Map<String, String> sparkConf) {

    /** {@code repeat} as json has it: a number, or "auto". */
    @JsonProperty("repeat")
    @JsonRawValue
    String repeatJson() {
        return "auto".equals(repeat) ? "\"auto\"" : repeat;
    }
}
