package dev.loomy.cli;

import java.util.List;

import picocli.CommandLine.Option;

/** What makes figures comparable: the reference row, baselines, the regression limit, profilers. */
public final class RigorOptions {

    @Option(names = "--reference", paramLabel = "S[/F]",
            description = "the row that speedup is relative to: a strategy (its row of the same filter) or "
                    + "strategy/filter (default: loop when measured, else the first row's strategy)")
    String reference;

    @Option(names = "--save-baseline", paramLabel = "NAME",
            description = "keep these results (json) as NAME under $LOOMY_HOME/baselines (default ~/.loomy)")
    String saveBaseline;

    @Option(names = "--baseline", paramLabel = "NAME|FILE.json",
            description = "compare with saved results: baseline_images_per_sec, change_pct, and a line per row whose "
                    + "change is beyond both runs' noise")
    String baseline;

    @Option(names = "--fail-on-regression", paramLabel = "P%",
            description = "with --baseline: exit 4 when a row is slower by more than P%% and beyond the noise")
    String failOnRegression;

    @Option(names = "--profile", split = ",", paramLabel = "P",
            description = "gc (allocation per image, collections), pinning (JFR's virtual-thread pinned events), "
                    + "jfr (a JFR recording per strategy and filter, in OUTPUT/jfr); in the measuring JVM")
    List<String> profile = List.of();
}
