package dev.loomy.cli;

import java.util.List;

import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** Which strategies and filters to run. */
public final class SelectionOptions {

    @Option(names = {"-s", "--strategy"}, split = ",", paramLabel = "S", defaultValue = "virtual",
            description = "loop, threads, pool, forkjoin, virtual, virtual-priority, or all (the first five); "
                    + "a comma list runs several (default: ${DEFAULT-VALUE})")
    List<String> strategies;

    @Option(names = {"-f", "--filter"}, split = ",", paramLabel = "F", defaultValue = "NoOp",
            description = "NoOp, Cartoon2, ALTMRetinex or a name from filters.yaml, in any case; "
                    + "a comma list runs several (default: ${DEFAULT-VALUE})")
    List<String> filters;

    @Mixin
    ConfigOption config;
}
