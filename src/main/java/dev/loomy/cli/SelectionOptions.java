package dev.loomy.cli;

import java.util.List;

import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** Which filters run, with which parameters, from which filters file. */
public final class SelectionOptions {

    static final String DEFAULT_FILTER = "NoOp";

    @Option(names = {"-f", "--filter"}, split = ",", paramLabel = "F", defaultValue = DEFAULT_FILTER,
            completionCandidates = Completions.FilterNames.class,
            description = "NoOp, Cartoon2, ALTMRetinex, a catalogue filter (loomy filters lists them) "
                    + "or a name from filters.yaml, in any case; "
                    + "a comma list runs several (default: ${DEFAULT-VALUE})")
    List<String> filters = List.of(DEFAULT_FILTER);

    @Option(names = "--param", paramLabel = "NAME=V1[,V2...]",
            description = "repeatable: every selected filter that has parameter NAME runs once per value, as a "
                    + "variant named Filter[NAME=V]; several give every combination")
    List<String> params = List.of();

    // The option shared with other commands, listed in this one's section of --help.
    @Mixin
    ConfigOption config = new ConfigOption();
}
