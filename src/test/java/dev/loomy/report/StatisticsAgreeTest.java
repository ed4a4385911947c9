package dev.loomy.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.loomy.results.Measurement;
import dev.loomy.results.Outcome;
import dev.loomy.results.TestResults;

/** Over saved results, images/sec and the speed-up come from one statistic and so never disagree. */
class StatisticsAgreeTest {

    /**
     * Cartoon2's pool row had one disturbed run: its median is the fastest, its mean the slowest.
     * NoOp's rows are plain. Rows of the same filter are compared pairwise.
     */
    @Test
    void aRowWithMoreImagesPerSecNeverShowsASpeedupBelowASlowerRow() throws Exception {
        List<Measurement> rows = List.of(
                row("loop", "Cartoon2", 214, 214, 216),
                row("pool", "Cartoon2", 180, 183, 600),
                row("virtual", "Cartoon2", 190, 240, 260),
                row("loop", "NoOp", 50, 52, 51),
                row("pool", "NoOp", 30, 31, 90));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        new JsonFormat().write(TestResults.of(rows, SampleResults.MACHINE, SampleResults.options("3", "local", null),
                false, true), new PrintStream(bytes, true, StandardCharsets.UTF_8));
        JsonNode saved = new ObjectMapper().readTree(bytes.toString(StandardCharsets.UTF_8)).get("results");

        List<String> checked = new ArrayList<>();
        for (JsonNode a : saved) {
            for (JsonNode b : saved) {
                if (a == b || !a.get("filter").equals(b.get("filter"))) {
                    continue;
                }
                double perSecA = a.get("images_per_sec").asDouble();
                double perSecB = b.get("images_per_sec").asDouble();
                double speedupA = a.get("speedup").asDouble();
                double speedupB = b.get("speedup").asDouble();
                String pair = a.get("strategy").asText() + " against " + b.get("strategy").asText() + " / "
                        + a.get("filter").asText();
                if (perSecA > perSecB) {
                    assertThat(speedupA).as(pair + ": more images/sec, a speed-up at least the slower row's")
                            .isGreaterThanOrEqualTo(speedupB);
                    if (b.get("strategy").asText().equals("loop")) {
                        assertThat(speedupA).as(pair + ": faster than the reference").isGreaterThanOrEqualTo(1);
                    }
                } else if (perSecA < perSecB) {
                    assertThat(speedupA).as(pair + ": fewer images/sec, a speed-up at most the faster row's")
                            .isLessThanOrEqualTo(speedupB);
                }
                checked.add(pair);
            }
        }
        assertThat(checked).hasSize(8);
    }

    private static Measurement row(String strategy, String filter, long... wallMs) {
        return new Measurement(strategy, filter, 10, 1, java.util.Arrays.stream(wallMs)
                .mapToObj(ms -> SampleResults.run(ms, 10)).toList(), Outcome.OK, null);
    }
}
