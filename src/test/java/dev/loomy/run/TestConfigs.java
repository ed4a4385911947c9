package dev.loomy.run;

import java.nio.file.Path;
import java.util.List;

import dev.loomy.files.ImageFile;
import dev.loomy.files.ImageSet;
import dev.loomy.files.OutputFormat;
import dev.loomy.filter.Filter;
import dev.loomy.filter.config.ResolvedFilter;
import dev.loomy.results.Format;
import dev.loomy.results.Reference;
import dev.loomy.strategy.Strategies;

/** Run descriptions for tests that start below the command line. */
public final class TestConfigs {

    private TestConfigs() {
    }

    /**
     * A run over {@code images} that writes nothing and says nothing: each trial in a child JVM, one
     * counted run without a warm-up, on two threads, the limit {@code auto}; the {@code with} methods change it.
     */
    public static RunConfig forked(List<Path> inputs, List<ImageFile> images, List<String> strategies,
                                   List<Filter> filters) {
        return new RunConfig(inputs, ImageSet.of(images), strategies.stream().map(Strategies::byName).toList(),
                filters.stream().map(ResolvedFilter::of).toList(),
                new RunConfig.Selection(strategies, filters.stream().map(Filter::name).toList(), List.of(), null, null),
                new RunConfig.Output(Path.of("out"), false, OutputFormat.SAME, null),
                new RunConfig.Measuring(0, 1, true, MeasureSettings.DEFAULT, Reference.DEFAULT,
                        RunConfig.Baselines.NONE),
                Execution.DEFAULT.withParallelism(2), Reporting.of(Format.TABLE).withQuiet(true),
                EngineChoice.LOCAL, Scan.NONE);
    }

    /** {@code config}, writing its outputs below {@code folder}. */
    public static RunConfig writingTo(RunConfig config, Path folder) {
        return config.withOutput(new RunConfig.Output(folder, true, OutputFormat.SAME, null));
    }
}
