package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.loomy.Slow;

/**
 * When run.sh builds the jar, and what it says while it does: in a copy of the repository's
 * launcher, pom.xml, a source and filters.yaml, with a jar that runs loomy from the test's class
 * path and a stand-in {@code mvn} first on the PATH, which prints what Maven prints and notes that it ran.
 */
@Slow
class LauncherBuildTest {

    @TempDir
    Path dir;

    private Path repo;
    private Path jar;
    private Path mvnRan;

    private record Ran(int status, String out, String err) {
    }

    @BeforeEach
    void repository() throws Exception {
        repo = Files.createDirectories(dir.resolve("repo"));
        Files.copy(Path.of("run.sh"), repo.resolve("run.sh"));
        Files.copy(Path.of("filters.yaml"), repo.resolve("filters.yaml"));
        Files.copy(Path.of("scripts/install.sh"), Files.createDirectories(repo.resolve("scripts")).resolve("install.sh"));
        Files.writeString(repo.resolve("pom.xml"), "<project/>\n");
        Path source = Files.createDirectories(repo.resolve("src/main/java/dev/loomy")).resolve("A.java");
        Files.writeString(source, "class A {}\n");
        Files.createDirectories(repo.resolve("samples"));
        Files.writeString(repo.resolve("samples/note.txt"), "not a source\n");
        Files.writeString(Files.createDirectories(repo.resolve("docs")).resolve("notes.txt"), "not a source\n");
        Files.writeString(Files.createDirectories(repo.resolve("bench")).resolve("peers.sh"), "not a source\n");
        jar = ClassPathJar.write(repo.resolve("target/loomy.jar"));
        Instant then = Instant.now().minusSeconds(3600);
        for (Path file : List.of(repo.resolve("run.sh"), repo.resolve("pom.xml"), source, repo.resolve("filters.yaml"),
                source.getParent(), repo.resolve("src/main/java/dev"), repo.resolve("src/main/java"),
                repo.resolve("src/main"))) {
            Files.setLastModifiedTime(file, FileTime.from(then));
        }
        Files.setLastModifiedTime(jar, FileTime.from(then.plusSeconds(60)));
        mvnRan = dir.resolve("mvn-ran");
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path mvn = Files.writeString(bin.resolve("mvn"), """
                #!/bin/bash
                echo "$*" >> %s
                echo "[INFO] Scanning for projects..."
                echo "[INFO] --- resources:3.3.1:resources (default-resources) @ loomy ---"
                echo "[INFO] --- maven-compiler-plugin:3.14.1:compile (default-compile) @ loomy ---"
                echo "[INFO] Compiling 254 source files with javac [debug release 21] to target/classes"
                echo "[INFO] --- maven-compiler-plugin:3.14.1:compile (launcher) @ loomy ---"
                echo "[INFO] Compiling 1 source file with javac [debug release 8] to target/classes"
                [[ -n "${MVN_FAILS:-}" ]] && { echo "[ERROR] A.java:[1,1] class, interface or enum expected"; exit 1; }
                echo "[INFO] --- maven-jar-plugin:3.4.2:jar (default-jar) @ loomy ---"
                echo "[INFO] --- shade:3.6.1:shade (default) @ loomy ---"
                echo "[INFO] BUILD SUCCESS"
                touch target/loomy.jar
                """.formatted(mvnRan));
        Files.setPosixFilePermissions(mvn, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private Ran run(Path folder, String... env) throws Exception {
        return launch(folder, List.of("--version"), env);
    }

    /** run.sh with {@code args}, in {@code folder}, with {@code env}'s names and values added. */
    private Ran launch(Path folder, List<String> args, String... env) throws Exception {
        List<String> command = new ArrayList<>(List.of("bash", repo.resolve("run.sh").toString()));
        command.addAll(args);
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(folder.toFile())
                .redirectOutput(dir.resolve("out.txt").toFile()).redirectError(dir.resolve("err.txt").toFile());
        builder.environment().put("PATH", dir.resolve("bin") + ":" + System.getenv("PATH"));
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        for (int i = 0; i < env.length; i += 2) {
            builder.environment().put(env[i], env[i + 1]);
        }
        Process process = builder.start();
        process.getOutputStream().close();
        assertThat(process.waitFor(2, TimeUnit.MINUTES)).isTrue();
        return new Ran(process.exitValue(), Files.readString(dir.resolve("out.txt")),
                Files.readString(dir.resolve("err.txt")));
    }

    private void touch(Path file) throws Exception {
        Files.setLastModifiedTime(file, FileTime.from(Instant.now()));
    }

    @Test
    void editingFiltersYamlSamplesDocsOrBenchDoesNotRebuildTheJar() throws Exception {
        touch(repo.resolve("filters.yaml"));
        touch(repo.resolve("samples/note.txt"));
        touch(repo.resolve("docs/notes.txt"));
        touch(repo.resolve("bench/peers.sh"));
        FileTime before = Files.getLastModifiedTime(jar);

        Ran ran = run(repo);

        assertThat(ran.status()).as(ran.err()).isZero();
        assertThat(ran.out()).startsWith("loomy ");
        assertThat(ran.err()).doesNotContain("building");
        assertThat(Files.getLastModifiedTime(jar)).isEqualTo(before);
        assertThat(mvnRan).doesNotExist();

        // From a folder without a filters.yaml of its own, a run reads the jar's copy: that must be the repository's.
        Ran elsewhere = run(Files.createDirectories(dir.resolve("elsewhere")));

        assertThat(elsewhere.status()).as(elsewhere.err()).isZero();
        assertThat(elsewhere.err()).contains("loomy: building " + jar);
        assertThat(mvnRan).exists();
    }

    @Test
    void aChangedSourceRebuildsSayingEachStepAndItsTimeAndAFailedBuildAllMavenSaid() throws Exception {
        touch(repo.resolve("src/main/java/dev/loomy/A.java"));

        Ran ran = run(repo);

        assertThat(ran.status()).as(ran.err()).isZero();
        assertThat(Files.readString(mvnRan)).contains("-Dmaven.test.skip=true package");
        // The seconds since the build began, whatever they are on a busy machine.
        assertThat(ran.err().lines().map(line -> line.replaceAll("\\b\\d+ s\\b", "N s")))
                .filteredOn(line -> !line.startsWith("loomy: building "))
                .containsExactly("loomy:   compiling 254 sources ... (N s)",
                        "loomy:   compiling 1 source (launcher) ... (N s)", "loomy:   packaging ... (N s)",
                        "loomy:   adding the libraries to the jar ... (N s)", "loomy:   done in N s");

        touch(repo.resolve("pom.xml"));
        Ran failed = run(repo, "MVN_FAILS", "1");

        assertThat(failed.status()).isEqualTo(2);
        assertThat(failed.err()).contains("[INFO] Scanning for projects...", "[ERROR] A.java:[1,1] class, interface",
                "loomy: build failed");
    }

    @Test
    void installRefusesABadPrefixOrOptionInOneLineBeforeBuildingAnything() throws Exception {
        Path file = Files.writeString(dir.resolve("file"), "x");
        for (List<String> args : List.of(List.of("install", "--bogus"), List.of("install", "--prefix="),
                List.of("install", "--prefix"), List.of("install", "--prefix=" + file))) {
            Ran refused = launch(dir, args);

            assertThat(refused.status()).as("%s: %s", args, refused.err()).isEqualTo(2);
            assertThat(refused.err()).as("%s", args).startsWith("loomy: ").hasLineCount(1);
            assertThat(mvnRan).as("%s: Maven ran", args).doesNotExist();
        }
    }

    @Test
    void testWithoutTheBrowserAndNotRootNamesThePackagesInOneLineBeforeAnyTest() throws Exception {
        // Every command on the PATH but the browser and its driver, and an id that says this is not root.
        Path bin = Files.createDirectories(dir.resolve("no-browser"));
        Set<String> left = Set.of("chromium", "chromium-browser", "google-chrome", "chromedriver", "id");
        for (String folder : (dir.resolve("bin") + ":" + System.getenv("PATH")).split(":")) {
            Path path = Path.of(folder);
            if (!folder.isEmpty() && Files.isDirectory(path)) {
                try (Stream<Path> commands = Files.list(path)) {
                    for (Path command : commands.toList()) {
                        Path link = bin.resolve(command.getFileName().toString());
                        if (!left.contains(link.getFileName().toString()) && !Files.exists(link, LinkOption.NOFOLLOW_LINKS)) {
                            Files.createSymbolicLink(link, command);
                        }
                    }
                }
            }
        }
        Path id = Files.writeString(bin.resolve("id"), "#!/bin/sh\necho 1000\n");
        Files.setPosixFilePermissions(id, PosixFilePermissions.fromString("rwxr-xr-x"));

        Ran ran = launch(repo, List.of("test"), "PATH", bin.toString(), "LOOMY_CHROMIUM", "", "LOOMY_CHROMEDRIVER", "");

        assertThat(ran.status()).as(ran.err()).isEqualTo(2);
        assertThat(ran.err()).startsWith("loomy: the tests need ").contains("chromium chromium-driver",
                "(Debian packages; as root: apt-get install ").hasLineCount(1);
        assertThat(mvnRan).as("Maven ran").doesNotExist();
    }
}
