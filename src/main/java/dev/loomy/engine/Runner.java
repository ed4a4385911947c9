package dev.loomy.engine;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

import org.opencv.core.Core;

import dev.loomy.console.Console;
import dev.loomy.console.Phases;
import dev.loomy.engine.fork.ChildLauncher;
import dev.loomy.engine.fork.ForkEngine;
import dev.loomy.files.OutputLayout;
import dev.loomy.imageio.OneWriter;
import dev.loomy.opencv.OpenCv;
import dev.loomy.opencv.OpenCvPinning;
import dev.loomy.results.MachineInfo;
import dev.loomy.results.Measurement;
import dev.loomy.results.Outcome;
import dev.loomy.results.Provenance;
import dev.loomy.results.Results;
import dev.loomy.results.RunOrder;
import dev.loomy.run.Interrupts;
import dev.loomy.run.JvmComparison;
import dev.loomy.run.RunConfig;
import dev.loomy.run.RunControl;
import dev.loomy.run.Scan;
import dev.loomy.strategy.Strategies;

/**
 * Runs a {@link RunConfig} and returns its results: prepares this JVM, picks the engine the
 * config asks for, lets Ctrl-C stop the run through {@link RunControl}, and cleans up after
 * an interrupt or a crashed child.
 */
public final class Runner {

    private final RunControl control;
    private final OneWriter temps;
    private final RunListener progress;
    private final Console console;

    /** @param progress follows each run (a progress bar), or {@link RunListener#NONE} */
    public Runner(RunControl control, OneWriter temps, RunListener progress, Console console) {
        this.control = control;
        this.temps = temps;
        this.progress = progress;
        this.console = console;
    }

    @SuppressWarnings("try") // the signal handlers are installed for the block, never used in it
    public Results run(RunConfig config) {
        // Carriers are fixed when the first virtual thread starts: set them before any exists.
        System.setProperty("jdk.virtualThreadScheduler.parallelism", Integer.toString(config.execution().parallelism()));
        control.failFast(config.execution().failFast());
        OpenCv.load();
        Core.setNumThreads(config.execution().cvThreads());
        Phases.mark("OpenCV loaded");
        boolean fork = config.measuring().fork();
        // Children and Spark's executors write where this JVM cannot delete for them: the output folder is swept.
        boolean elsewhere = fork || config.engine().spark();
        if (config.execution().maxInFlight().isUnbounded() && !elsewhere) {
            console.info("--max-in-flight=unbounded with --no-fork: should memory run out, the system may end "
                    + "loomy before it reports anything");
        }
        OutputLayout layout = config.layout();
        if (layout != null) {
            sayDeleted(OneWriter.sweep(layout.root()), "an earlier run, stopped before it could delete them, left",
                    layout);
        }
        Provenance provenance = Provenance.now(RunOrder.sequential(null));
        List<Measurement> measurements = new ArrayList<>();
        // A provider's engine says its machine; this one's is read after the run, not before the first image.
        MachineInfo engineMachine = null;
        try (Interrupts interrupts = Interrupts.forRun(control, temps, elsewhere && layout != null ? layout.root() : null,
                console)) {
            Engine whole = config.engine().local() ? null : engine(config, null);
            if (whole != null) {
                engineMachine = whole.machine();
            }
            provenance = provenance.with(measure(config, whole, measurements));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            control.interrupt();
            measurements = List.of();
        }
        cleanUp(measurements, elsewhere, layout);
        MachineInfo machine = engineMachine != null ? engineMachine : MachineInfo.current();
        return new Results(measurements, machine, config.options(), control.interrupted(), fork,
                config.measuring().reference(), Strategies.lanes(config.strategies()), null, provenance);
    }

    /**
     * Measures every row, of every point of a scan (each marked with the point's values), into
     * {@code measurements}, in the order the config asks for where the engine can take it; returns
     * the order taken. {@code whole} is the engine a provider made (null for the local engines).
     */
    private RunOrder measure(RunConfig config, Engine whole, List<Measurement> measurements)
            throws InterruptedException {
        RunConfig.Measuring measuring = config.measuring();
        List<JvmComparison.Setup> setups = config.jvms().setups();
        boolean several = config.trials().size() * config.points().size() * setups.size() > 1
                && (measuring.repeats() > 1 || measuring.settings().autoRepeat());
        boolean interleave = several && measuring.order().interleaved();
        if (whole != null && !(whole instanceof RowEngine)) {
            return measureWhole(whole, config, measurements, interleave);
        }
        List<Row> rows = new ArrayList<>();
        for (Scan.Point point : config.points()) {
            RunConfig one = config.at(point);
            for (JvmComparison.Setup setup : setups) {
                Map<String, String> values = new LinkedHashMap<>(point.values());
                values.putAll(setup.values());
                // Local engines are row engines, and so is a provider's that got past the test above.
                for (Row row : ((RowEngine) engine(one, setup)).rows(one)) {
                    rows.add(values.isEmpty() ? row : new AtPoint(row, values));
                }
            }
        }
        Rounds rounds = new Rounds(control);
        if (interleave && !measuring.fork() && !measuring.settings().profiles().isEmpty()) {
            measurements.addAll(rounds.sequential(rows));
            return notInterleaved("--profile with --no-fork takes each row's runs together: a profiler sees the "
                    + "whole JVM, and rows taken in turns would fall into each other's profiles");
        }
        if (!interleave) {
            measurements.addAll(rounds.sequential(rows));
            return RunOrder.sequential(null);
        }
        long seed = measuring.order().seed() != null ? measuring.order().seed()
                : ThreadLocalRandom.current().nextLong();
        List<List<String>> order = new ArrayList<>();
        measurements.addAll(rounds.interleaved(rows, seed, order));
        return new RunOrder(RunOrder.INTERLEAVED, seed, order, null);
    }

    /**
     * The trials of an engine that measures each whole (Spark, which is never scanned): the run is its
     * one point, or each point of a scan is a run of its own, its measurements marked with its values.
     */
    private RunOrder measureWhole(Engine engine, RunConfig config, List<Measurement> measurements,
                                  boolean interleave) throws InterruptedException {
        List<Scan.Point> points = config.points();
        if (points.size() == 1) {
            measurements.addAll(engine.run(config));
        } else {
            for (Scan.Point point : points) {
                if (control.ended()) {
                    break;
                }
                RunConfig one = config.at(point);
                engine.run(one).forEach(measured -> measurements.add(measured.at(point.values())));
            }
        }
        return interleave ? notInterleaved("--engine=" + config.engine().kind().label() + " takes each row's runs "
                + "together: rounds are the local engine's") : RunOrder.sequential(null);
    }

    /** Said once, on standard error: the rows were taken one after the other though interleaving was asked for. */
    private RunOrder notInterleaved(String why) {
        console.note(why);
        return RunOrder.sequential(why);
    }

    /** A row of one point of a scan, or of one JVM and option set: its label and measurement name their values. */
    private static final class AtPoint extends ForwardingRow {

        private final Map<String, String> values;
        private final String label;

        AtPoint(Row row, Map<String, String> values) {
            super(row);
            this.values = new LinkedHashMap<>(values);
            this.label = row.label() + " (" + new Scan.Point(null, values).label() + ")";
        }

        @Override
        public String label() {
            return label;
        }

        @Override
        public Measurement finish() throws InterruptedException {
            return row.finish().at(values);
        }
    }

    /**
     * Where the trials are measured: in this JVM, in one child JVM each (on {@code setup}'s JVM), or by
     * the engine of the provider the config names (Spark), found on the class path.
     */
    private Engine engine(RunConfig config, JvmComparison.Setup setup) {
        FailureLog failures = new FailureLog(console);
        if (!config.engine().local()) {
            String name = config.engine().kind().label();
            EngineProvider provider = EngineProviders.named(name).orElseThrow(() -> new IllegalStateException(
                    "--engine=" + name + ": no provider of that engine on the class path"));
            return provider.engine(new EngineProvider.Context(control, failures, progress, temps, console));
        }
        if (config.measuring().fork()) {
            Map<String, String> environment = config.execution().pinChildren() ? OpenCvPinning.ENVIRONMENT : Map.of();
            return new ForkEngine(ChildLauncher.ofThisJvm(config.execution().parallelism(), environment)
                    .on(setup.jvm(), setup.options()), control, failures, progress, console);
        }
        return new InProcessEngine(control, failures, progress, temps, console::info);
    }

    /**
     * After an interrupt, deletes this JVM's temporary files (none should be left: every write
     * ends by renaming or deleting its own); after a child was stopped or died, those it may
     * have left in the output folder.
     */
    private void cleanUp(List<Measurement> measurements, boolean elsewhere, OutputLayout layout) {
        if (control.interrupted()) {
            temps.deleteAll();
        }
        boolean childStopped = control.interrupted() || measurements.stream().anyMatch(m -> m.outcome() == Outcome.CRASHED);
        if (elsewhere && layout != null && childStopped) {
            sayDeleted(OneWriter.sweepWithThisRun(layout.root()), "a stopped child JVM or Spark task left", layout);
        }
    }

    private void sayDeleted(int swept, String who, OutputLayout layout) {
        if (swept > 0) {
            console.info("deleted " + swept + " temporary file" + (swept == 1 ? "" : "s") + " that " + who + " in "
                    + layout.root());
        }
    }
}
