package dev.loomy.engine.fork;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import dev.loomy.profile.Profile;
import dev.loomy.results.ImageTiming;
import dev.loomy.results.Measurement;
import dev.loomy.results.Outcome;
import dev.loomy.results.ResourcePeaks;
import dev.loomy.results.RunRecord;

class ChildProtocolTest {

    private static Measurement measurement() {
        RunRecord run = new RunRecord(123_456_789, List.of(
                new ImageTiming(0, 5, 1_000_000, ImageTiming.Status.DONE, "priority 1"),
                new ImageTiming(1, 7, 2_000_000, ImageTiming.Status.FAILED, null),
                new ImageTiming(2, 9, 3_000_000, ImageTiming.Status.SKIPPED, "priority 10")),
                new ResourcePeaks(17, 1L << 33, -1, false), 2, true);
        return new Measurement("virtual-priority", "Cartoon2", 3, 1, List.of(run), Outcome.INTERRUPTED, "stopped: ünïcode");
    }

    @Test
    void aMeasurementSurvivesTheRoundTripExactly() throws Exception {
        ChildProtocol.Message message = new ChildProtocol.Result(measurement());
        String line = ChildProtocol.encode(message);
        assertThat(line).doesNotContain("\n").startsWith("{\"type\":\"result\"");
        assertThat(line.chars()).allMatch(c -> c < 128);
        assertThat(ChildProtocol.decode(line)).isEqualTo(message);
    }

    @Test
    void aProfileSurvivesTheRoundTripUnknownFiguresIncluded() throws Exception {
        Measurement m = measurement();
        Profile profile = new Profile(Double.NaN, -1, Double.NaN, 2, List.of("a.B.c:12 (2)"), "out/jfr/loop-NoOp.jfr");
        ChildProtocol.Message message = new ChildProtocol.Result(new Measurement(m.strategy(), m.filter(), m.images(),
                m.warmups(), m.runs(), m.outcome(), m.note(), profile));
        assertThat(ChildProtocol.decode(ChildProtocol.encode(message))).isEqualTo(message);
    }

    @Test
    void everyKindOfMessageSurvivesTheRoundTrip() throws Exception {
        for (ChildProtocol.Message message : List.of(new ChildProtocol.RunStarted("loop / NoOp run 1/3", 48),
                new ChildProtocol.Progress(3, 1, 0), new ChildProtocol.Failure("in/a, \"b\".jpg", "not an image\nat all"),
                new ChildProtocol.Warning("in/cut.jpg", "truncated: ..."), new ChildProtocol.RunFinished())) {
            String line = ChildProtocol.encode(message);
            assertThat(line).doesNotContain("\n");
            assertThat(ChildProtocol.decode(line)).isEqualTo(message);
        }
    }

    @Test
    void theTypeNamesAreThoseDocumented() {
        assertThat(ChildProtocol.encode(new ChildProtocol.Progress(1, 2, 3)))
                .isEqualTo("{\"type\":\"progress\",\"done\":1,\"failed\":2,\"skipped\":3}");
        assertThat(ChildProtocol.encode(new ChildProtocol.RunFinished())).isEqualTo("{\"type\":\"run-finished\"}");
        assertThat(ChildProtocol.encode(new ChildProtocol.Warning("a.jpg", "cut")))
                .isEqualTo("{\"type\":\"warning\",\"file\":\"a.jpg\",\"reason\":\"cut\"}");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "hello", "WARNING: something", "{", "{}", "[1,2]", "null", "{\"type\":\"bogus\"}",
            "{\"type\":\"progress\",\"done\":\"many\"}", "{\"type\":\"run-started\",\"label\":\"x\",\"images\":1,\"extra\":true}"})
    void malformedLinesAreRefused(String line) {
        assertThatThrownBy(() -> ChildProtocol.decode(line)).isInstanceOf(ChildProtocol.MalformedMessage.class);
    }

    @Test
    void theWriterSendsWholeLinesAndNoticesWhenTheParentIsGone() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        AtomicInteger gone = new AtomicInteger();
        ChildProtocol.Writer writer = new ChildProtocol.Writer(new PrintStream(bytes, true, StandardCharsets.US_ASCII),
                gone::incrementAndGet);
        writer.send(new ChildProtocol.RunStarted("a", 1));
        writer.send(new ChildProtocol.RunFinished());
        String[] lines = bytes.toString(StandardCharsets.US_ASCII).split("\n");
        assertThat(lines).hasSize(2);
        assertThat(ChildProtocol.decode(lines[0])).isEqualTo(new ChildProtocol.RunStarted("a", 1));
        assertThat(gone).hasValue(0);

        OutputStream broken = new OutputStream() {
            @Override
            public void write(int b) throws java.io.IOException {
                throw new java.io.IOException("Broken pipe");
            }
        };
        ChildProtocol.Writer orphan = new ChildProtocol.Writer(new PrintStream(broken), gone::incrementAndGet);
        orphan.send(new ChildProtocol.RunFinished());
        orphan.send(new ChildProtocol.RunFinished());
        assertThat(gone).hasValue(1);
    }
}
