package dev.loomy.engine.fork;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.loomy.Slow;
import dev.loomy.TestImages;
import dev.loomy.console.Console;
import dev.loomy.engine.FailureLog;
import dev.loomy.engine.RunListener;
import dev.loomy.files.ImageFile;
import dev.loomy.files.InputWalker;
import dev.loomy.filter.NoOp;
import dev.loomy.results.ImageTiming;
import dev.loomy.results.Measurement;
import dev.loomy.results.Outcome;
import dev.loomy.results.RunRecord;
import dev.loomy.run.RunControl;
import dev.loomy.run.RunConfig;
import dev.loomy.run.TestConfigs;

@Slow
class ForkEngineTest {

    @TempDir
    Path dir;

    @Test
    void anInterruptStopsTheRunningChildWhichReportsItsPartialMeasurementAndNoNewChildStarts() throws Exception {
        Path in = dir.resolve("in");
        TestImages.writeMany(in, 20, 16, 16);
        List<ImageFile> images = new InputWalker(w -> { }, w -> { }).walk(List.of(in));
        // 20 images, 300 ms each, one after the other: six seconds, unless stopped.
        RunConfig config = TestConfigs.forked(List.of(in), images, List.of("loop", "pool"), List.of(new NoOp()));
        config = config.withExecution(config.execution().withIoLatency(Duration.ofMillis(300)));
        RunControl control = new RunControl();
        List<String> events = new CopyOnWriteArrayList<>();
        RunListener listener = new RunListener() {
            @Override
            public void runStarted(String label, int count) {
                events.add("started " + label + " " + count);
            }

            @Override
            public void imageDone(ImageTiming.Status status) {
                events.add("image " + status);
                control.interrupt();
            }
        };
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Console console = new Console(new PrintStream(err, true), false);
        ForkEngine engine = new ForkEngine(ChildLauncher.ofThisJvm(2, Map.of()), control, new FailureLog(console),
                listener, console);

        List<Measurement> measurements = engine.run(config);

        assertThat(measurements).as(err.toString()).hasSize(1);
        Measurement loop = measurements.get(0);
        assertThat(loop.strategy()).isEqualTo("loop");
        assertThat(loop.outcome()).as(loop.note()).isEqualTo(Outcome.INTERRUPTED);
        assertThat(loop.runs()).hasSize(1);
        RunRecord run = loop.runs().get(0);
        assertThat(run.interrupted()).isTrue();
        assertThat(run.done()).isPositive();
        assertThat(run.skipped()).isPositive();
        assertThat(run.done() + run.skipped()).isEqualTo(20);
        assertThat(events.get(0)).isEqualTo("started loop / NoOp run 1/1 20");
        assertThat(events).contains("image DONE");
    }
}
