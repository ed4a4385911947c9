package dev.loomy;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTag;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The layering docs/architecture.md describes, checked on loomy's classes (the tests' aside).
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
}
