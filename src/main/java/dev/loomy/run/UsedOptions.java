package dev.loomy.run;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

import dev.loomy.admission.InFlightLimit;
import dev.loomy.profile.ProfileKind;
import dev.loomy.results.OptionsUsed;

/** A {@link RunConfig} as the results show its options: as given, a scanned option's values in a comma list. */
final class UsedOptions {

    private UsedOptions() {
    }

    static OptionsUsed of(RunConfig config) {
        return new OptionsUsed(selection(config.selection()), output(config.output()), measuring(config.measuring()),
                execution(config), reporting(config.reporting()), where(config));
    }

    private static OptionsUsed.Selection selection(RunConfig.Selection selection) {
        return new OptionsUsed.Selection(selection.strategy(), selection.filter(), selection.param());
    }

    private static OptionsUsed.Output output(RunConfig.Output output) {
        String folder = !output.write() ? null : output.uri() != null ? output.uri() : output.folder().toString();
        return new OptionsUsed.Output(folder, !output.write(), output.format().name().toLowerCase(Locale.ROOT),
                output.incremental(), output.quality());
    }

    private static OptionsUsed.Measuring measuring(RunConfig.Measuring measuring) {
        return new OptionsUsed.Measuring(measuring.settings().autoRepeat() ? "auto"
                : Integer.toString(measuring.repeats()),
                measuring.reference().strategy() == null ? null : measuring.reference().given(),
                measuring.baselines().compareWith(), measuring.baselines().saveAs(),
                measuring.baselines().failOnRegression(),
                measuring.settings().profiles().stream().map(ProfileKind::label).sorted().toList(),
                measuring.warmups(), measuring.order().label());
    }

    private static OptionsUsed.Execution execution(RunConfig config) {
        Scan scan = config.scan();
        Execution execution = config.execution();
        return new OptionsUsed.Execution(given(scan.parallelism(), execution.parallelism(), String::valueOf),
                given(scan.cvThreads(), execution.cvThreads(), String::valueOf),
                given(scan.ioLatency(), execution.ioLatency(), Scan::latencyText) + switch (config.jvms().ioLock()) {
                    case MONITOR -> " under a monitor";
                    case REENTRANT -> " under a ReentrantLock";
                    case NONE -> "";
                },
                given(scan.maxInFlight(), execution.maxInFlight(), InFlightLimit::toString), execution.strict(),
                config.measuring().fork(), execution.reproducible());
    }

    private static OptionsUsed.Reporting reporting(Reporting reporting) {
        return new OptionsUsed.Reporting(reporting.format().label(),
                reporting.exports().stream().map(e -> e.file().toString()).toList(),
                text(reporting.chart()), text(reporting.timeline()));
    }

    private static OptionsUsed.Where where(RunConfig config) {
        RunConfig.Selection selection = config.selection();
        EngineChoice engine = config.engine();
        return new OptionsUsed.Where(selection.inputs() != null ? selection.inputs()
                : config.inputs().stream().map(Path::toString).toList(), engine.kind().label(), engine.master(),
                engine.partitions(), selection.config(),
                engine.spark() ? SparkSecrets.redacted(engine.sparkConf()) : null);
    }

    /** An option's values, comma-separated when scanned. */
    private static <T> String given(List<T> scanned, T value, Function<T, String> text) {
        return scanned.size() > 1 ? String.join(",", scanned.stream().map(text).toList()) : text.apply(value);
    }

    private static String text(Path path) {
        return path == null ? null : path.toString();
    }
}
