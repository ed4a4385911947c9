package dev.loomy.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import dev.loomy.files.InputGuard;
import dev.loomy.files.InputProblem;
import dev.loomy.files.Names;
import dev.loomy.files.OutputLayout;
import dev.loomy.files.Targets;
import dev.loomy.profile.ProfileKind;
import dev.loomy.results.Reference;
import dev.loomy.run.MeasureSettings;
import dev.loomy.run.RunConfig;
import dev.loomy.run.Trial;
import dev.loomy.stats.AutoRepeat;

/** How each trial is measured, from {@link MeasureOptions} and {@link RigorOptions}, checked. */
final class Measures {

    /**
     * {@link MeasureOptions} and {@link RigorOptions} checked.
     *
     * @param repeats the counted runs; with {@code --repeat=auto}, the fewest taken
     */
    record Checked(int warmups, int repeats, RunConfig.Order order, Reference reference, MeasureSettings settings,
                   RunConfig.Baselines baselines) {
    }

    private Measures() {
    }

    /**
     * @param strategies the strategies measured, which {@code --reference} must name; likewise filters
     * @param output     the output folder, which takes {@code --profile=jfr}'s recordings
     */
    static Checked check(MeasureOptions measure, List<String> strategies, List<String> filters, Path output)
            throws UsageError {
        int repeats = repeats(measure);
        int warmups = warmups(measure);
        RunConfig.Order order = order(measure);
        Reference reference = reference(measure.rigor, strategies, filters);
        MeasureSettings settings = settings(measure, measure.rigor, output);
        return new Checked(warmups, repeats, order, reference, settings, baselines(measure.rigor));
    }

    /** Whether the number of counted runs is automatic ({@code --repeat=auto}). */
    static boolean autoRepeat(MeasureOptions measure) {
        return measure.repeat.trim().equalsIgnoreCase("auto");
    }

    /** The counted runs asked for: at least 1 for a number; with auto, the minimum it takes. */
    private static int repeats(MeasureOptions measure) throws UsageError {
        if (autoRepeat(measure)) {
            return AutoRepeat.MIN_RUNS;
        }
        try {
            int n = Integer.parseInt(measure.repeat.trim());
            if (n < 1) {
                throw new UsageError("--repeat must be at least 1, not " + n);
            }
            return n;
        } catch (NumberFormatException e) {
            throw new UsageError("--repeat=" + measure.repeat + ": a whole number or auto was expected");
        }
    }

    private static int warmups(MeasureOptions measure) throws UsageError {
        if (measure.warmup < 0) {
            throw new UsageError("--warmup must be 0 or more, not " + measure.warmup);
        }
        return measure.warmup;
    }

    /** {@code --reference}, checked against the strategies and filters measured. */
    private static Reference reference(RigorOptions rigor, List<String> strategies, List<String> filters) throws UsageError {
        Reference ref = rigor.reference == null ? Reference.DEFAULT : UsageError.of(() -> Reference.parse(rigor.reference));
        if (ref.strategy() != null && !strategies.contains(ref.strategy())) {
            throw new UsageError("--reference=" + rigor.reference + ": strategy " + ref.strategy() + " is not measured");
        }
        if (ref.filter() != null && filters.stream().noneMatch(f -> f.equalsIgnoreCase(ref.filter()))) {
            throw new UsageError("--reference=" + rigor.reference + ": filter " + ref.filter() + " is not measured");
        }
        return ref;
    }

    /** What is measured beyond the run count's number: whether it is automatic, and the profilers. */
    private static MeasureSettings settings(MeasureOptions measure, RigorOptions rigor, Path output) throws UsageError {
        Set<ProfileKind> profiles = UsageError.of(() -> ProfileKind.parse(rigor.profile));
        return new MeasureSettings(autoRepeat(measure), profiles,
                profiles.contains(ProfileKind.JFR) ? output.resolve("jfr") : null);
    }

    /** {@code --order} and {@code --order-seed}. */
    private static RunConfig.Order order(MeasureOptions measure) throws UsageError {
        boolean interleaved = switch (measure.order.trim().toLowerCase(Locale.ROOT)) {
            case "interleaved" -> true;
            case "sequential" -> false;
            default -> throw new UsageError("--order=" + measure.order + ": interleaved or sequential was expected");
        };
        if (!interleaved && measure.orderSeed != null) {
            throw new UsageError("--order-seed with --order=sequential: there is no order to shuffle");
        }
        return new RunConfig.Order(interleaved, measure.orderSeed);
    }

    /** The baseline options as given, once {@code --fail-on-regression} is known to have a baseline. */
    private static RunConfig.Baselines baselines(RigorOptions rigor) throws UsageError {
        if (rigor.failOnRegression != null && rigor.baseline == null) {
            throw new UsageError("--fail-on-regression needs --baseline: there is nothing to regress from");
        }
        return new RunConfig.Baselines(rigor.baseline, rigor.saveBaseline, rigor.failOnRegression);
    }

    /** JFR recordings: checked apart from the output layout, since --no-write has none, yet they are written. */
    static void checkRecordings(RunConfig config, InputGuard guard) throws InputProblem, UsageError {
        Path recordings = config.measuring().settings().jfrFolder();
        if (recordings == null) {
            return;
        }
        guard.check("--profile=jfr recordings in " + recordings, recordings.resolve("recording.jfr"));
        for (Trial trial : config.trials()) {
            // Characters are bytes here: the file name keeps ASCII letters, digits, '.', '_' and '-' alone.
            Path file = config.measuring().settings().jfrFile(trial);
            String name = String.valueOf(file.getFileName());
            String problem = Targets.problem(file);
            if (problem != null) {
                throw new UsageError("--profile=jfr: " + Names.shown(file) + ": " + problem + ": " + Targets.ONLY_REGULAR);
            }
            if (name.length() > OutputLayout.NAME_MAX) {
                throw new UsageError("--profile=jfr: the recording of " + trial.strategyName() + " / "
                        + trial.filter().substring(0, 40) + "... would be named with " + name.length()
                        + " characters, more than a file name may have (" + OutputLayout.NAME_MAX
                        + "): shorten the filter's name");
            }
        }
    }
}
