package dev.loomy.cli;

import picocli.CommandLine.Option;

/** How many times each (strategy, filter) runs, and in which JVM. */
public final class MeasureOptions {

    @Option(names = "--repeat", paramLabel = "N", defaultValue = "1",
            description = "counted runs per strategy and filter (default: ${DEFAULT-VALUE})")
    int repeat;

    @Option(names = "--warmup", paramLabel = "N", defaultValue = "0",
            description = "uncounted runs before them, to warm up the JIT and the caches (default: ${DEFAULT-VALUE})")
    int warmup;

    @Option(names = "--fork", negatable = true,
            description = "measure each strategy and filter in its own child JVM, as JMH does, or (--no-fork) all "
                    + "in this one (default: fork when more than one strategy and filter are measured)")
    Boolean fork;
}
