package dev.loomy.results;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The options a run was made with, as the user gave or defaulted them, under their long
 * names: what the json format shows under {@code options} and the captions quote.
 *
 * @param output     the output folder, or null when nothing was written
 * @param ioLatency  "20ms", "0.5ms", or "0" for none
 * @param strict     whether a damaged but decodable image failed ({@code --strict})
 * @param reproducible whether OpenCV ran pinned to its baseline code
 * @param report     null when not asked for; likewise chart and timeline
 */
public record OptionsUsed(
        List<String> strategy,
        List<String> filter,
        String output,
        @JsonProperty("no-write") boolean noWrite,
        @JsonProperty("image-format") String imageFormat,
        int repeat,
        int warmup,
        int parallelism,
        @JsonProperty("cv-threads") int cvThreads,
        @JsonProperty("io-latency") String ioLatency,
        @JsonProperty("max-in-flight") String maxInFlight,
        boolean strict,
        boolean fork,
        boolean reproducible,
        String format,
        String report,
        String chart,
        String timeline,
        List<String> inputs) {
}
