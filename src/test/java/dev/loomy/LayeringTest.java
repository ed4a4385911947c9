package dev.loomy;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTag;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The layering docs/architecture.md describes, checked on loomy's classes (the tests' aside): its
 * rules, and its list of which package uses which, both ways.
 * Reading them takes more than a few seconds: tagged slow, as {@link Slow} tags JUnit's own tests.
 */
@ArchTag("slow")
@AnalyzeClasses(packages = "dev.loomy", importOptions = ImportOption.DoNotIncludeTests.class)
class LayeringTest {

    /** The command line builds a run and starts it: nothing runs the command line. */
    @ArchTest
    static final ArchRule NOTHING_DEPENDS_ON_THE_COMMAND_LINE = noClasses()
            .that().resideOutsideOfPackage("dev.loomy.cli..")
            .should().dependOnClassesThat().resideInAPackage("dev.loomy.cli..");

    /** What was measured knows nothing of how: results come out of a run, never go back into one. */
    @ArchTest
    static final ArchRule RESULTS_DEPEND_ON_NO_RUN_OR_ENGINE = noClasses()
            .that().resideInAPackage("dev.loomy.results..")
            .should().dependOnClassesThat().resideInAnyPackage("dev.loomy.run..", "dev.loomy.engine..");

    /**
     * Results are a leaf: beside the JDK and Jackson's annotations, only the statistics, a profile's
     * figures, a run's contention and HdrHistogram, whose histogram holds the latencies.
     */
    @ArchTest
    static final ArchRule RESULTS_ARE_A_LEAF = classes()
            .that().resideInAPackage("dev.loomy.results..")
            .should().onlyDependOnClassesThat().resideInAnyPackage("dev.loomy.results..", "dev.loomy.stats..",
                    "dev.loomy.profile..", "dev.loomy.contention..", "java..", "com.sun.management..",
                    "com.fasterxml.jackson.annotation..", "org.HdrHistogram..");

    /** The contention readers are a leaf, the JDK only: any layer, a child JVM's included, may measure with them. */
    @ArchTest
    static final ArchRule CONTENTION_IS_A_LEAF = classes()
            .that().resideInAPackage("dev.loomy.contention..")
            .should().onlyDependOnClassesThat().resideInAnyPackage("dev.loomy.contention..", "java..");

    /** Data flows one way: no two packages (a package with those below it) depend on each other, however far round. */
    @ArchTest
    static final ArchRule NO_CYCLES_BETWEEN_PACKAGES = slices().matching("dev.loomy.(*)..").should().beFreeOfCycles();

    /** The document whose list of package dependencies the classes must match. */
    static final Path ARCHITECTURE = Path.of("docs", "architecture.md");
    /** The list: a fence of its own kind, so that no other code block of the document is taken for it. */
    private static final Pattern BLOCK = Pattern.compile("(?ms)^```layering\\n(.*?)^```$");
    private static final Pattern LINE = Pattern.compile("([a-z0-9]+) ->(.*)");

    /**
     * Every dependency between loomy's packages that docs/architecture.md lists is one the classes
     * have, and the classes have no other: a package using one not listed fails, and so does a listed
     * one that no class of the package uses any more.
     */
    @ArchTest
    static void thePackagesUseWhatTheDocumentListsAndNothingElse(JavaClasses classes) {
        assertThat(differences(stated(read(ARCHITECTURE)), used(classes))).isEmpty();
    }

    /**
     * The check sees a drift either way: a dependency the list leaves out, one it lists that is unused,
     * a package it leaves out and one that has gone.
     */
    @ArchTest
    static void theCheckSeesAMissingAndAnUnusedDependency(JavaClasses classes) {
        Map<String, Set<String>> listed = stated("""
                ```layering
                report -> results
                results -> engine
                engine -> results
                stats ->
                ```
                """);
        Map<String, Dependencies> used = new TreeMap<>();
        used.put("report", new Dependencies(Set.of("results", "engine"), Map.of("engine", "a.Report -> b.Engine")));
        used.put("results", new Dependencies(Set.of(), Map.of()));
        used.put("engine", new Dependencies(Set.of("results"), Map.of()));
        used.put("files", new Dependencies(Set.of(), Map.of()));
        assertThat(differences(listed, used)).containsExactly(
                "files has no line in docs/architecture.md",
                "report uses engine, which docs/architecture.md does not list (a.Report -> b.Engine)",
                "results -> engine is listed in docs/architecture.md, but no class of results uses engine",
                "stats has no class");
    }

    /** The list in {@code text}: each package, with the packages it may use. */
    static Map<String, Set<String>> stated(String text) {
        Matcher block = BLOCK.matcher(text);
        assertThat(block.find()).as("a ```layering block in " + ARCHITECTURE).isTrue();
        Map<String, Set<String>> stated = new TreeMap<>();
        for (String line : block.group(1).strip().split("\n")) {
            Matcher m = LINE.matcher(line.strip());
            assertThat(m.matches()).as("a line 'package -> a, b' in " + ARCHITECTURE + ": " + line).isTrue();
            Set<String> uses = new TreeSet<>();
            Arrays.stream(m.group(2).split(",")).map(String::strip).filter(s -> !s.isEmpty()).forEach(uses::add);
            assertThat(stated.put(m.group(1), uses)).as("one line for " + m.group(1)).isNull();
        }
        return stated;
    }

    /** The packages one package uses, each with one dependency of a class that shows where. */
    record Dependencies(Set<String> packages, Map<String, String> examples) {
    }

    /**
     * Which of loomy's packages each package's classes use, a sub-package counted as its package
     * ({@code engine.fork} as {@code engine}); the classes directly in {@code dev.loomy} (the launcher)
     * are in no package of the list.
     */
    static Map<String, Dependencies> used(JavaClasses classes) {
        Map<String, Dependencies> used = new TreeMap<>();
        for (JavaClass type : classes) {
            String from = room(type);
            if (from == null) {
                continue;
            }
            Dependencies uses = used.computeIfAbsent(from, k -> new Dependencies(new TreeSet<>(), new TreeMap<>()));
            for (Dependency dependency : type.getDirectDependenciesFromSelf()) {
                JavaClass target = dependency.getTargetClass().getBaseComponentType();
                String to = room(target);
                if (to != null && !to.equals(from) && uses.packages().add(to)) {
                    uses.examples().put(to, type.getName() + " -> " + target.getName());
                }
            }
        }
        return used;
    }

    /** Where the list and the classes differ, a line each; none when they agree. */
    static List<String> differences(Map<String, Set<String>> listed, Map<String, Dependencies> used) {
        List<String> differences = new ArrayList<>();
        Set<String> packages = new TreeSet<>(listed.keySet());
        packages.addAll(used.keySet());
        for (String from : packages) {
            if (!listed.containsKey(from)) {
                differences.add(from + " has no line in " + ARCHITECTURE);
            } else if (!used.containsKey(from)) {
                differences.add(from + " has no class");
            } else {
                Dependencies uses = used.get(from);
                for (String to : uses.packages()) {
                    if (!listed.get(from).contains(to)) {
                        differences.add(from + " uses " + to + ", which " + ARCHITECTURE + " does not list ("
                                + uses.examples().get(to) + ")");
                    }
                }
                for (String to : listed.get(from)) {
                    if (!uses.packages().contains(to)) {
                        differences.add(from + " -> " + to + " is listed in " + ARCHITECTURE + ", but no class of "
                                + from + " uses " + to);
                    }
                }
            }
        }
        return differences;
    }

    /** The package of loomy's that {@code type} is in (its first name under dev.loomy), or null. */
    private static String room(JavaClass type) {
        String name = type.getPackageName();
        if (!name.startsWith("dev.loomy.")) {
            return null;
        }
        String rest = name.substring("dev.loomy.".length());
        int dot = rest.indexOf('.');
        return dot < 0 ? rest : rest.substring(0, dot);
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new AssertionError("cannot read " + file, e);
        }
    }
}
