package dev.loomy.cli;

import picocli.CommandLine.Mixin;
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

    @Option(names = "--order", paramLabel = "interleaved|sequential",
            description = "with several strategies and filters and more than one run: interleaved takes their "
                    + "runs round by round, in an order shuffled each round, so that load arriving meanwhile falls "
                    + "on each alike; sequential takes one's runs, then the next's (default: ${DEFAULT-VALUE})")
    String order = "interleaved";

    @Option(names = "--order-seed", paramLabel = "N",
            description = "what the interleaved order is shuffled from, to take the runs again in the same order "
                    + "(default: a seed of the run's own, in the json results)")
    Long orderSeed;

    // Listed in this one's section of --help, after these.
    @Mixin
    RigorOptions rigor = new RigorOptions();

    @Mixin
    JvmOptions jvms = new JvmOptions();
}
