package dev.loomy.testing;

import java.util.ArrayList;
import java.util.List;

import dev.loomy.contention.Contention;
import dev.loomy.engine.Engine;
import dev.loomy.engine.EngineProvider;
import dev.loomy.results.ImageTiming;
import dev.loomy.results.MachineInfo;
import dev.loomy.results.Measurement;
import dev.loomy.results.Outcome;
import dev.loomy.results.ResourcePeaks;
import dev.loomy.results.RunRecord;
import dev.loomy.run.RunConfig;
import dev.loomy.run.Trial;

/**
 * {@code --engine=mock-timing}, as hyperfine's mock timing mode: it reads no image and times
 * nothing, and gives every trial of the config a measurement of fixed figures, derived only from the
 * trial's place (its strategy's and its filter's) and the config (images, warm-ups, counted runs,
 * parallelism), so that everything the command prints of them, tables, captions, ranking and exports,
 * can be compared with golden files.
 *
 * <p>The figures, for strategy number {@code s} and filter number {@code f} (from 0): a median wall
 * time of {@code images x 200 ms x (1 + f/2) x 2/(1 + parallelism)}, divided by {@code 1 + ceil(s/2)}
 * and, for an even {@code s} above 0, times 1.03: so the strategies come in pairs ({@code 1, 2},
 * {@code 3, 4}, ...) 3% apart, each pair well apart from the next. The counted runs spread round the
 * median by 2% steps for odd {@code s}, 10% for even (0, +1, -1, +2, ... steps): the ranking tells
 * the pairs apart and cannot tell the rows of a pair apart. Images end one after the other over the
 * run, the lanes of a strategy that has some in halves; no other program takes any CPU. The machine
 * is made up ({@link #machine}).
 */
public final class MockTimingEngine implements Engine {

    /** Its {@code --engine} value. */
    public static final String NAME = "mock-timing";

    private static final long MS = 1_000_000L;
    private static final long MIB = 1L << 20;

    /** No machine measured: one made up, the same everywhere. */
    @Override
    public MachineInfo machine() {
        return new MachineInfo(4, 16L << 30, "Mock JDK 21", "MockOS 1.0 (amd64)", "Mock CPU");
    }

    @Override
    public List<Measurement> run(RunConfig config) {
        List<String> strategies = config.strategyNames();
        List<String> filters = config.trials().stream().map(Trial::filter).distinct().toList();
        List<Measurement> measurements = new ArrayList<>();
        for (Trial trial : config.trials()) {
            measurements.add(measure(config, trial, strategies.indexOf(trial.strategyName()),
                    filters.indexOf(trial.filter())));
        }
        return measurements;
    }

    private static Measurement measure(RunConfig config, Trial trial, int s, int f) {
        int images = config.imageCount();
        int parallelism = config.execution().parallelism();
        double median = images * 200.0 * MS * (1 + f / 2.0) * 2 / (1 + parallelism) / (1 + (s + 1) / 2)
                * (s > 0 && s % 2 == 0 ? 1.03 : 1);
        double step = median * (s % 2 == 0 ? 0.10 : 0.02);
        List<RunRecord> runs = new ArrayList<>();
        for (int r = 0; r < Math.max(1, config.measuring().repeats()); r++) {
            // 0, +1, -1, +2, -2, ... steps: symmetric round the median, no run an outlier.
            int steps = (r + 1) / 2 * (r % 2 == 1 ? 1 : -1);
            runs.add(run(Math.round(median + steps * step), images, trial.strategy().lanes(), s, parallelism));
        }
        return new Measurement(trial.strategyName(), trial.filter(), images, config.measuring().warmups(), runs,
                Outcome.OK, null, null, NAME, null, null);
    }

    /** One run of {@code wall} ns: image {@code i} submitted at 0, done at {@code (i + 1) / images} of it. */
    private static RunRecord run(long wall, int images, List<String> lanes, int s, int parallelism) {
        List<ImageTiming> timings = new ArrayList<>();
        for (int i = 0; i < images; i++) {
            String lane = lanes.isEmpty() ? null : lanes.get(Math.min(lanes.size() - 1, i * lanes.size() / images));
            timings.add(new ImageTiming(i, 0, wall * (i + 1) / images, ImageTiming.Status.DONE, lane));
        }
        ResourcePeaks peaks = new ResourcePeaks(10 + s, (64 + 8L * s) * MIB, (256 + 16L * s) * MIB, true);
        int workers = s == 0 ? 1 : parallelism;
        long own = wall * 8 / 10 * workers;
        Contention noneOther = new Contention(1, wall, (long) parallelism * wall, own, own, own, 0L, 0L, 0.5, 0.75);
        return new RunRecord(wall, timings, peaks, workers, false, noneOther);
    }

    /** Its provider, named in the tests' {@code META-INF/services/dev.loomy.engine.EngineProvider}. */
    public static final class Provider implements EngineProvider {

        @Override
        public String name() {
            return NAME;
        }

        @Override
        public Engine engine(Context context) {
            return new MockTimingEngine();
        }
    }
}
