package dev.loomy.engine;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

import org.opencv.core.Core;

import dev.loomy.imageio.OneWriter;
import dev.loomy.results.Measurement;
import dev.loomy.run.RunConfig;
import dev.loomy.run.RunControl;
import dev.loomy.run.Trial;

/** Measures every trial in this JVM ({@code --no-fork}). */
public final class InProcessEngine implements RowEngine {

    private final RunControl control;
    private final Benchmark benchmark;
    private final OneWriter temps;
    private final Consumer<String> notes;

    /** @param notes receives the line that says the in-flight limit, one for all the run's filters */
    public InProcessEngine(RunControl control, FailureLog failures, RunListener listener, OneWriter temps,
                           Consumer<String> notes) {
        this.control = control;
        this.benchmark = new Benchmark(control, failures, listener);
        this.temps = temps;
        this.notes = notes;
    }

    @Override
    public List<Measurement> run(RunConfig config) throws InterruptedException {
        return new Rounds(control).sequential(rows(config));
    }

    /** Measures every trial of {@code workload}, one after the other. */
    public List<Measurement> run(Workload workload) throws InterruptedException {
        return new Rounds(control).sequential(workload.trials().stream()
                .<Row>map(trial -> workload.row(benchmark, trial, () -> { })).toList());
    }

    /** Each trial's row; before each of its runs, OpenCV's threads are set to its point's (rows of a scan interleave). */
    @Override
    public List<Row> rows(RunConfig config) {
        Workload workload = Workload.of(config, temps, control::interrupted, notes);
        int cvThreads = config.execution().cvThreads();
        List<Trial> trials = workload.trials();
        // The workload's manifest is closed (synced) when its last row is finished; rows an interrupt
        // kept from starting leave it to the JVM's exit, which loses no record already appended.
        AtomicInteger open = new AtomicInteger(trials.size());
        return trials.stream().<Row>map(trial -> new ClosingRow(workload.row(benchmark, trial,
                () -> Core.setNumThreads(cvThreads)), () -> {
                    if (open.decrementAndGet() == 0) {
                        workload.close();
                    }
                })).toList();
    }

    /** A row that says when it is finished. */
    private static final class ClosingRow extends ForwardingRow {

        private final Runnable finished;

        ClosingRow(Row row, Runnable finished) {
            super(row);
            this.finished = finished;
        }

        @Override
        public Measurement finish() throws InterruptedException {
            try {
                return row.finish();
            } finally {
                finished.run();
            }
        }
    }
}
