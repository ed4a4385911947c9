package dev.loomy.cli;

import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Option;

/** How many times each (strategy, filter) runs, in which JVM, compared with what, profiled how. */
public final class MeasureOptions {

    @Option(names = "--repeat", paramLabel = "N|auto",
            description = "counted runs per strategy and filter, or auto: at least 3, more until the 95%% confidence "
                    + "interval of the mean is within 3%%, at most 30 or 60 s (default: ${DEFAULT-VALUE})")
    String repeat = "1";

    @Option(names = "--warmup", paramLabel = "N",
            description = "uncounted runs before them, to warm up the JIT and the caches (default: ${DEFAULT-VALUE})")
    int warmup;

    @Option(names = "--fork", negatable = true,
            description = "measure each strategy and filter in its own child JVM, as JMH does, or (--no-fork) all "
                    + "in this one (default: fork when more than one strategy and filter are measured)")
    Boolean fork;

    // A group without a heading: its options are listed in this one's section of --help, after these.
    @ArgGroup(validate = false, exclusive = false)
    RigorOptions rigor = new RigorOptions();
}
