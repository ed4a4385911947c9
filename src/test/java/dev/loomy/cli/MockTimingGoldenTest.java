package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import dev.loomy.run.ExitCodes;
import dev.loomy.testing.MockTimingEngine;

/**
 * Whole command lines run through {@link Main} on the mock timing engine ({@code --engine=mock-timing},
 * {@link MockTimingEngine}: fixed figures, no image read), each one's exit status, standard output,
 * standard error and exported files compared character for character with its golden file under
 * {@code src/test/resources/golden/cli/}: tables, captions, ranking, caveats and exports, without
 * timing noise. The same in a locale whose decimal separator is a comma (de-DE). After a deliberate
 * change of what loomy prints, {@code -Dloomy.golden.update=true} writes the files anew, to be read
 * before they are committed.
 *
 * <p>What still differs from one run to the next is masked, narrowly: json's {@code measured_at} (the
 * clock) and {@code loomy_version} (the build) are {@code "(masked)"}. The machine is the mock engine's
 * own, fixed; the files are written under {@code target/}, on a path that is the same everywhere.
 */
class MockTimingGoldenTest {

    private static final Path GOLDEN = Path.of("src/test/resources/golden/cli");
    private static final String INPUTS = "src/test/resources/golden/inputs";
    /** Where a case's files go: a relative path, so that the lines naming it wrap alike on every machine. */
    private static final Path WORK = Path.of("target/mock-timing-golden");
    private static final String COLUMNS = "loomy.columns";
    private static final Locale BEFORE = Locale.getDefault();
    private static final Locale BEFORE_FORMAT = Locale.getDefault(Locale.Category.FORMAT);
    private static final String BEFORE_COLUMNS = System.getProperty(COLUMNS);

    /**
     * What every case's command line starts with: the mock engine, nothing written, fixed settings
     * ({@code --parallelism=2} too, unless the case gives its own: its default is the machine's cores).
     */
    private static final List<String> COMMON = List.of("--engine=" + MockTimingEngine.NAME, "--no-write",
            "--no-progress", "--cv-threads=1");
    private static final String FIVE = "loop,virtual,pool,threads,virtual-priority";

    @BeforeEach
    void emptyFolderAndHundredColumns() throws IOException {
        if (Files.exists(WORK)) {
            try (Stream<Path> paths = Files.walk(WORK)) {
                for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(path);
                }
            }
        }
        Files.createDirectories(WORK);
        System.setProperty(COLUMNS, "100");
    }

    @AfterEach
    void restore() {
        Locale.setDefault(BEFORE);
        Locale.setDefault(Locale.Category.FORMAT, BEFORE_FORMAT);
        if (BEFORE_COLUMNS == null) {
            System.clearProperty(COLUMNS);
        } else {
            System.setProperty(COLUMNS, BEFORE_COLUMNS);
        }
    }

    /**
     * A case: its golden file's name, a command line run first whose output is not compared (to make a
     * baseline), the command line compared, and the files it writes in {@link #WORK}, compared too.
     */
    record Case(String name, List<String> before, List<String> args, List<String> files) {

        static Case of(String name, String... args) {
            return new Case(name, List.of(), List.of(args), List.of());
        }

        Case writing(String... names) {
            return new Case(name, before, args, List.of(names));
        }

        Case after(String... first) {
            return new Case(name, List.of(first), args, files);
        }

        @Override
        public String toString() {
            return name;
        }
    }

    static List<Case> cases() {
        return List.of(
                Case.of("help", "--help"),
                Case.of("table", "-s", FIVE, "-f", "NoOp,Gray", "--warmup=1", "--repeat=3"),
                Case.of("wide", "-s", FIVE, "-f", "NoOp,Gray", "--warmup=1", "--repeat=3", "--wide"),
                Case.of("markdown", "-s", FIVE, "-f", "NoOp,Gray", "--repeat=3", "--format=markdown"),
                Case.of("csv", "-s", FIVE, "-f", "NoOp,Gray", "--repeat=3", "--format=csv"),
                Case.of("json", "-s", "loop,virtual,pool", "-f", "NoOp", "--repeat=3", "--format=json"),
                Case.of("one-run", "-s", "loop,virtual,pool", "-f", "NoOp"),
                Case.of("job", "-s", "virtual", "-f", "NoOp,Gray,SepiaRed"),
                Case.of("many-filters", "-s", "loop,virtual", "-f", "NoOp,Gray,SepiaRed,Invert,Cartoon2",
                        "--repeat=3"),
                Case.of("unknown-filter", "-s", "loop,virtual", "-f", "NoOp,Sepia"),
                Case.of("reference", "-s", FIVE, "-f", "NoOp", "--repeat=3", "--reference=pool"),
                Case.of("scan", "-s", "loop,virtual", "-f", "NoOp", "--repeat=3", "--parallelism=1,2,4"),
                Case.of("baseline", "-s", "loop,virtual,pool,threads", "-f", "NoOp", "--repeat=3",
                        "--baseline=" + at("base.json"))
                        .after(BASELINE),
                Case.of("fail-on-regression", "-s", "loop,virtual,pool,threads", "-f", "NoOp", "--repeat=3",
                        "--baseline=" + at("base.json"), "--fail-on-regression=10%", "--format=csv")
                        .after(BASELINE),
                Case.of("exports", "-s", "loop,virtual,virtual-priority", "-f", "NoOp", "--repeat=3",
                        "--export-csv=" + at("results.csv"), "--export-json=" + at("results.json"),
                        "--export-markdown=" + at("results.md"), "--report=" + at("report.csv"))
                        .writing("results.csv", "results.json", "results.md", "report.csv"));
    }

    /** {@code name} in the folder a case's files go to. */
    private static String at(String name) {
        return WORK.resolve(name).toString();
    }

    /** A baseline whose loop is as fast as virtual now is, and the other way round. */
    private static final String[] BASELINE = {"-s", "virtual,loop,pool,threads", "-f", "NoOp", "--repeat=3",
        "--quiet", "--export-json=" + at("base.json")};

    static Stream<Arguments> casesAndLocales() {
        return Stream.of(Locale.ROOT, Locale.GERMANY)
                .flatMap(locale -> cases().stream().map(c -> Arguments.of(c, locale)));
    }

    @ParameterizedTest(name = "{0} in {1}")
    @MethodSource("casesAndLocales")
    void eachCommandLinePrintsItsGoldenFile(Case c, Locale locale) throws IOException {
        Locale.setDefault(locale);
        Locale.setDefault(Locale.Category.FORMAT, locale);
        if (!c.before().isEmpty()) {
            Cli first = run(c.before());
            assertThat(first.status()).as(first.err()).isEqualTo(ExitCodes.OK);
        }

        String actual = transcript(c, run(c.args()));
        Path golden = GOLDEN.resolve(c.name() + ".txt");
        if (Boolean.getBoolean("loomy.golden.update") && locale.equals(Locale.ROOT)) {
            Files.createDirectories(GOLDEN);
            Files.writeString(golden, actual);
        }

        assertThat(actual).as(golden.toString()).isEqualTo(Files.readString(golden));
    }

    private static Cli run(List<String> args) {
        return Cli.run(line(args).toArray(String[]::new));
    }

    private static List<String> line(List<String> args) {
        List<String> line = new ArrayList<>(COMMON);
        if (args.stream().noneMatch(arg -> arg.startsWith("--parallelism="))) {
            line.add("--parallelism=2");
        }
        line.addAll(args);
        line.add(INPUTS);
        return line;
    }

    /** The command line, its exit status, what it printed on each stream and each file it wrote, masked. */
    private static String transcript(Case c, Cli run) throws IOException {
        StringBuilder text = new StringBuilder("$ loomy ").append(String.join(" ", line(c.args()))).append('\n')
                .append("exit status ").append(run.status()).append('\n')
                .append("--- standard output\n").append(run.out())
                .append("--- standard error\n").append(run.err());
        for (String name : c.files()) {
            text.append("--- ").append(WORK.resolve(name)).append('\n').append(Files.readString(WORK.resolve(name)));
        }
        return mask(text.toString());
    }

    private static String mask(String text) {
        return text.replaceAll("(?m)^(\\s*\"(?:measured_at|loomy_version)\" : )\"[^\"]*\"", "$1\"(masked)\"");
    }
}
