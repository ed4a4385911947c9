package dev.loomy.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.loomy.admission.InFlightLimit;
import dev.loomy.files.ImageFile;
import dev.loomy.files.ImageSet;
import dev.loomy.files.OutputFormat;
import dev.loomy.filter.AltmRetinex;
import dev.loomy.filter.Canny;
import dev.loomy.filter.Cartoon2;
import dev.loomy.filter.Chain;
import dev.loomy.filter.Filter;
import dev.loomy.filter.Gray;
import dev.loomy.filter.NoOp;
import dev.loomy.filter.config.ResolvedFilter;
import dev.loomy.imageio.KeepMetadata;
import dev.loomy.results.Format;
import dev.loomy.results.Reference;
import dev.loomy.strategy.Strategies;

class RunConfigTest {

    private static RunConfig config(InFlightLimit limit) {
        Filter chain = new Chain("Soft", List.of(new Cartoon2("Warm", 90, 20, 5), new NoOp()));
        List<ImageFile> images = List.of(new ImageFile(Path.of("in/a b.jpg"), Path.of("a b.jpg")),
                new ImageFile(Path.of("/abs/ünï/c.png"), Path.of("ünï/c.png")));
        return new RunConfig(List.of(Path.of("in"), Path.of("/abs")), ImageSet.of(images), Strategies.parse(List.of("loop", "virtual")),
                List.of(ResolvedFilter.of(new AltmRetinex()), ResolvedFilter.of(chain)),
                new RunConfig.Selection(List.of("loop,virtual"), List.of("altmretinex", "Soft"), List.of(), null, null),
                new RunConfig.Output(Path.of("out/x"), true, OutputFormat.PNG, null, KeepMetadata.ICC),
                new RunConfig.Measuring(1, 3, true, MeasureSettings.DEFAULT, Reference.DEFAULT, RunConfig.Baselines.NONE),
                Execution.DEFAULT.withParallelism(4).withCvThreads(2).withIoLatency(Duration.ofNanos(1_500_000))
                        .withMaxInFlight(limit).withStrict(true).withReproducible(true).withFailFast(true),
                Reporting.of(Format.CSV).withReport(Path.of("r.json")).withTimeline(Path.of("t.png")).withProgress(true),
                EngineChoice.LOCAL, Scan.NONE);
    }

    @Test
    void aRunSurvivesTheTripToAChildJvmExactlyInPureAscii() throws Exception {
        for (InFlightLimit limit : List.of(InFlightLimit.auto(), InFlightLimit.parse("unbounded"), InFlightLimit.parse("7"))) {
            RunConfig config = config(limit);
            String json = config.toJson();
            assertThat(json.chars()).allMatch(c -> c < 128);
            assertThat(json).contains("\"in/a b.jpg\"").doesNotContain("file:");
            assertThat(json).contains("\"strategies\":[\"loop\",\"virtual\"]");
            RunConfig back = RunConfig.fromJson(json);
            assertThat(back).isEqualTo(config);
            assertThat(back.strategies()).containsExactlyElementsOf(Strategies.parse(List.of("loop", "virtual")));
            assertThat(back.execution().maxInFlight()).isEqualTo(limit);
        }
    }

    @Test
    void aResolvedFilterMakesTheFilterItWasResolvedFrom() throws Exception {
        RunConfig back = RunConfig.fromJson(config(InFlightLimit.auto()).toJson());
        Filter altm = back.filters().get(0).create();
        assertThat(altm).isInstanceOf(AltmRetinex.class);
        assertThat(altm.parameters()).isEqualTo(new AltmRetinex().parameters());
        Filter chain = back.filters().get(1).create();
        assertThat(chain).isInstanceOf(Chain.class);
        List<Filter> steps = ((Chain) chain).steps();
        assertThat(steps.get(0).name()).isEqualTo("Warm");
        assertThat(steps.get(0).parameters()).isEqualTo(new Cartoon2("Warm", 90, 20, 5).parameters());
        assertThat(steps.get(1)).isInstanceOf(NoOp.class);
    }

    @Test
    void aCatalogueFilterKeepsItsFlagOnTheTripToAChildJvm() throws Exception {
        Filter edges = new Canny("Edges", 40, 90, false);
        Filter chain = new Chain("Look", List.of(new Gray(), edges));
        RunConfig sent = config(InFlightLimit.auto());
        sent = sent.withFilters(List.of(ResolvedFilter.of(edges), ResolvedFilter.of(chain)));
        String json = sent.toJson();
        assertThat(json).contains("\"inverted\":false");

        RunConfig back = RunConfig.fromJson(json);
        assertThat(back).isEqualTo(sent);
        Filter made = back.filters().get(0).create();
        assertThat(made).isInstanceOf(Canny.class);
        assertThat(made.name()).isEqualTo("Edges");
        assertThat(made.parameters()).containsExactlyEntriesOf(edges.parameters());
        assertThat(made.flags()).containsExactlyEntriesOf(Map.of("inverted", false));
        Filter step = ((Chain) back.filters().get(1).create()).steps().get(1);
        assertThat(step.flags()).containsExactlyEntriesOf(Map.of("inverted", false));
        assertThat(step.parameters()).containsExactlyEntriesOf(edges.parameters());
    }

    @Test
    void eachTrialCarriesTheStrategyItselfAndTheLanesComeFromIt() {
        RunConfig config = config(InFlightLimit.auto());
        assertThat(config.trials()).extracting(Trial::strategy).containsExactly(config.strategies().get(0),
                config.strategies().get(0), config.strategies().get(1), config.strategies().get(1));
        assertThat(Strategies.lanes(Strategies.parse(List.of("loop", "virtual-priority"))))
                .containsOnlyKeys("virtual-priority");
    }

    @Test
    void trialsAreEveryStrategyWithEveryFilterStrategyByStrategy() {
        assertThat(config(InFlightLimit.auto()).trials()).extracting(Trial::key)
                .containsExactly("loop/ALTMRetinex", "loop/Soft", "virtual/ALTMRetinex", "virtual/Soft");
    }

    @Test
    void theOptionsShownAreThoseGiven() {
        var options = config(InFlightLimit.parse("7")).options();
        assertThat(options.selection().strategy()).containsExactly("loop,virtual");
        assertThat(options.execution().ioLatency()).isEqualTo("1.5ms");
        assertThat(options.execution().maxInFlight()).isEqualTo("7");
        assertThat(options.output().imageFormat()).isEqualTo("png");
        assertThat(options.output().output()).isEqualTo("out/x");
        assertThat(options.where().inputs()).containsExactly("in", "/abs");
    }

    @Test
    void sparkConfInTheResultsHidesCredentials() {
        assertThat(SparkSecrets.redacted(Map.of("spark.hadoop.fs.s3a.secret.key", "s3cr3t",
                "spark.hadoop.fs.s3a.access.key", "AKIA", "spark.executor.memory", "4g",
                "spark.executor.extraJavaOptions", "-Djavax.net.ssl.trustStorePassword=hunter2")))
                .containsExactly(Map.entry("spark.executor.extraJavaOptions", "*********(redacted)"),
                        Map.entry("spark.executor.memory", "4g"),
                        Map.entry("spark.hadoop.fs.s3a.access.key", "*********(redacted)"),
                        Map.entry("spark.hadoop.fs.s3a.secret.key", "*********(redacted)"));
        assertThat(SparkSecrets.redacted(Map.of("spark.redaction.regex", "(?i)memory", "spark.executor.memory", "4g",
                "spark.app.name", "x"))).containsEntry("spark.executor.memory", "*********(redacted)")
                .containsEntry("spark.app.name", "x");
    }
}
