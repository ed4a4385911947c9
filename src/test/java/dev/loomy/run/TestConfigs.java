package dev.loomy.run;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import dev.loomy.files.ImageFile;
import dev.loomy.files.ImageSet;
import dev.loomy.files.OutputFormat;
import dev.loomy.filter.Filter;
import dev.loomy.filter.config.ResolvedFilter;
import dev.loomy.results.Format;
import dev.loomy.results.Reference;

/** Run descriptions for tests that start below the command line. */
public final class TestConfigs {

    private TestConfigs() {
    }

    /** A run over {@code images} that writes nothing and says nothing, with the limit {@code auto}. */
    public static RunConfig noWrite(List<Path> inputs, List<ImageFile> images, List<String> strategies,
                                    List<Filter> filters, Duration ioLatency, int warmups, int repeats,
                                    int parallelism, boolean fork) {
        return new RunConfig(inputs, ImageSet.of(images), strategies, filters.stream().map(ResolvedFilter::of).toList(),
                new RunConfig.Selection(strategies, filters.stream().map(Filter::name).toList(), List.of(), null, null),
                new RunConfig.Output(Path.of("out"), false, OutputFormat.SAME, null),
                new RunConfig.Measuring(warmups, repeats, fork, MeasureSettings.DEFAULT, Reference.DEFAULT,
                        RunConfig.Baselines.NONE),
                Execution.DEFAULT.withParallelism(parallelism).withIoLatency(ioLatency),
                Reporting.of(Format.TABLE).withQuiet(true), RunConfig.EngineChoice.LOCAL,
                Scan.NONE);
    }

    /** {@code config}, writing its outputs below {@code folder}. */
    public static RunConfig writingTo(RunConfig config, Path folder) {
        return config.withOutput(new RunConfig.Output(folder, true, OutputFormat.SAME, null));
    }
}
