package dev.loomy.cli;

import java.util.List;

import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** Which strategies and filters to run. */
public final class SelectionOptions {

    @Option(names = {"-s", "--strategy"}, split = ",", paramLabel = "S",
            description = "loop, threads, pool, forkjoin, virtual, virtual-priority, or all (the first five); "
                    + "a comma list runs several (default: virtual)")
    List<String> strategies = List.of("virtual");

    @Option(names = {"-f", "--filter"}, split = ",", paramLabel = "F",
            description = "NoOp, Cartoon2, ALTMRetinex, a catalogue filter (loomy filters lists them) "
                    + "or a name from filters.yaml, in any case; "
                    + "a comma list runs several (default: NoOp)")
    List<String> filters = List.of("NoOp");

    @Option(names = "--param", paramLabel = "NAME=V1[,V2...]",
            description = "repeatable: every selected filter that has parameter NAME runs once per value, as a "
                    + "variant named Filter[NAME=V]; several give every combination")
    List<String> params = List.of();

    @Mixin
    ConfigOption config = new ConfigOption();
}
