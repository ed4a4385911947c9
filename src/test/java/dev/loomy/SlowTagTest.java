package dev.loomy;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.methods;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.AccessTarget.CodeUnitAccessTarget;
import com.tngtech.archunit.core.domain.JavaAccess;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaMethod;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;

import dev.loomy.testing.OsFixtures;

/**
 * The rule {@link Slow} states, checked on the tests: a test that starts a process, a browser or a
 * server, itself or through a helper of the tests, is tagged slow (on the method or its class), so that
 * {@code ./run.sh test --fast} leaves it out. Followed: the test's own code, its class's set-up and
 * tear-down, and every method of the tests they call; loomy's own code is not followed, only its entries
 * known to start something ({@link #starts}). A command line run in-process whose options make loomy
 * start JVMs of its own (forks, a JVM comparison) is beyond this static check: tag such tests by hand
 * (docs/testing.md).
 */
@AnalyzeClasses(packages = "dev.loomy", importOptions = ImportOption.OnlyIncludeTests.class)
class SlowTagTest {

    @ArchTest
    static final ArchRule TESTS_THAT_START_A_PROCESS_A_BROWSER_OR_A_SERVER_ARE_SLOW = methods()
            .that(areTests()).and().areNotAnnotatedWith(Slow.class)
            .should(startNothing());

    private static DescribedPredicate<JavaMethod> areTests() {
        return DescribedPredicate.describe("are tests in classes not tagged slow",
                method -> TEST_ANNOTATIONS.stream().anyMatch(method::isAnnotatedWith) && !taggedSlow(method.getOwner()));
    }

    /** By name: JUnit's classes are not read (archunit.properties), so its meta-annotations are not seen. */
    private static final List<String> TEST_ANNOTATIONS = List.of("org.junit.jupiter.api.Test",
            "org.junit.jupiter.params.ParameterizedTest", "org.junit.jupiter.api.RepeatedTest",
            "org.junit.jupiter.api.TestFactory", "org.junit.jupiter.api.TestTemplate");

    /** {@link Slow} on the class, a class it is nested in, or one it extends (JUnit's tags are inherited). */
    private static boolean taggedSlow(JavaClass clazz) {
        for (JavaClass c = clazz; c != null; c = c.getEnclosingClass().orElse(null)) {
            for (JavaClass inHierarchy : c.getClassHierarchy()) {
                if (inHierarchy.isAnnotatedWith(Slow.class)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static ArchCondition<JavaMethod> startNothing() {
        return new ArchCondition<>("start no process, browser or server (or be tagged @Slow)") {
            @Override
            public void check(JavaMethod test, ConditionEvents events) {
                Optional<String> started = firstStart(test);
                started.ifPresent(what -> events.add(SimpleConditionEvent.violated(test,
                        test.getFullName() + " is not tagged @Slow but " + what)));
            }
        };
    }

    /** What the test starts, with the path of calls to it, if anything. */
    private static Optional<String> firstStart(JavaMethod test) {
        Deque<JavaCodeUnit> toRead = new ArrayDeque<>();
        Set<JavaCodeUnit> seen = new HashSet<>();
        toRead.add(test);
        for (JavaClass c = test.getOwner(); c != null; c = c.getEnclosingClass().orElse(null)) {
            for (JavaClass inHierarchy : c.getClassHierarchy()) {
                for (JavaCodeUnit unit : inHierarchy.getCodeUnits()) {
                    if (unit.isConstructor() || unit.getName().equals("<clinit>") || isLifecycle(unit)) {
                        toRead.add(unit);
                    }
                }
            }
        }
        while (!toRead.isEmpty()) {
            JavaCodeUnit unit = toRead.poll();
            if (!seen.add(unit)) {
                continue;
            }
            Set<JavaAccess<? extends CodeUnitAccessTarget>> calls = new LinkedHashSet<>(unit.getCallsFromSelf());
            calls.addAll(unit.getMethodReferencesFromSelf());
            calls.addAll(unit.getConstructorReferencesFromSelf());
            for (JavaAccess<? extends CodeUnitAccessTarget> call : calls) {
                CodeUnitAccessTarget target = call.getTarget();
                String owner = target.getOwner().getName();
                if (starts(owner, target.getName())) {
                    return Optional.of("calls " + owner + "." + target.getName() + " in " + unit.getFullName());
                }
                if (isTestCode(target.getOwner()) && !owner.equals(OsFixtures.class.getName())) {
                    target.resolveMember().ifPresent(toRead::add);
                }
            }
            // A lambda's body is a method of its own, named after the method that holds it.
            String lambdas = "lambda$" + switch (unit.getName()) {
                case "<init>" -> "new";
                case "<clinit>" -> "static";
                default -> unit.getName();
            } + "$";
            unit.getOwner().getCodeUnits().stream().filter(u -> u.getName().startsWith(lambdas)).forEach(toRead::add);
        }
        return Optional.empty();
    }

    private static boolean isLifecycle(JavaCodeUnit unit) {
        return unit.isAnnotatedWith(BeforeEach.class) || unit.isAnnotatedWith(BeforeAll.class)
                || unit.isAnnotatedWith(AfterEach.class) || unit.isAnnotatedWith(AfterAll.class);
    }

    private static boolean isTestCode(JavaClass clazz) {
        return clazz.getSource().map(source -> source.getUri().toString().contains("/test-classes/")).orElse(false);
    }

    /** The calls that start a process, a browser or a server: the JDK's, a browser driver's, and loomy's own. */
    static boolean starts(String owner, String name) {
        return switch (owner) {
            case "java.lang.ProcessBuilder" -> name.equals("start") || name.equals("startPipeline");
            case "java.lang.Runtime" -> name.equals("exec");
            case "java.net.ServerSocket", "javax.net.ssl.SSLServerSocket" -> name.equals("<init>");
            case "java.nio.channels.ServerSocketChannel", "java.nio.channels.AsynchronousServerSocketChannel" ->
                    name.equals("open");
            case "com.sun.net.httpserver.HttpServer", "com.sun.net.httpserver.HttpsServer" -> name.equals("create");
            case "dev.loomy.tune.TuneServer" -> name.equals("start");
            case "dev.loomy.tune.LoopbackHttp" -> name.equals("listen");
            case "dev.loomy.engine.fork.ChildProcess" -> name.equals("<init>");
            case "dev.loomy.cli.Jvms" -> name.equals("probe") || name.equals("choice");
            default -> owner.startsWith("org.openqa.selenium.");
        };
    }
}
