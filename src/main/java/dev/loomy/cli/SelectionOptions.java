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

    /** Refuses a list with an empty name ({@code -f ,} or {@code -s a,,b}), which would otherwise select nothing. */
    void check() throws UsageError {
        checkNames("--strategy", strategies, "loop,virtual");
        checkNames("--filter", filters, "NoOp,Cartoon2");
    }

    private static void checkNames(String option, List<String> names, String example) throws UsageError {
        if (names.isEmpty() || names.stream().anyMatch(String::isBlank)) {
            throw new UsageError(option + ": an empty name (expected one or more names separated by commas, such as "
                    + example + ")");
        }
    }
}
