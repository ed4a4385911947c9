package dev.loomy;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.FileOutputStream;
import java.io.FileWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaCall;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTag;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * Every file loomy writes goes through its one writer, {@code imageio.OneWriter}: temporary name
 * in the same folder, every byte checked, renamed, never through a link, never into an input. A
 * direct write anywhere else (a new report, export or manifest written with {@code Files.write},
 * say) fails this test; write it with {@code OneWriter.replace} instead.
 */
@ArchTag("slow")
@AnalyzeClasses(packages = "dev.loomy", importOptions = ImportOption.DoNotIncludeTests.class)
class OneWriterTest {

    /** The writer itself and what it holds open; and OpenCV's library copy, made before any writer can load. */
    static final Set<String> WRITERS = Set.of("dev.loomy.imageio.OneWriter", "dev.loomy.imageio.OpenFolder",
            "dev.loomy.imageio.StateFiles",
            "dev.loomy.opencv.OpenCv");

    /** Ways to create or write a file by name, outside an OutputStream the writer hands out. */
    static final DescribedPredicate<JavaCall<?>> WRITES_A_FILE = DescribedPredicate.describe("write a file by name",
            call -> {
                JavaClass owner = call.getTargetOwner();
                String name = call.getName();
                List<JavaClass> parameters = call.getTarget().getRawParameterTypes();
                if (owner.isEquivalentTo(Files.class)) {
                    return name.matches("write|writeString|newOutputStream|newBufferedWriter|newByteChannel|move"
                            + "|createFile|createTempFile|createTempDirectory|createDirectory|createDirectories"
                            + "|createLink|createSymbolicLink")
                            || name.equals("copy") && parameters.get(1).isEquivalentTo(Path.class);
                }
                if (owner.isEquivalentTo(FileOutputStream.class) || owner.isEquivalentTo(FileWriter.class)
                        || owner.isEquivalentTo(RandomAccessFile.class)) {
                    return name.equals("<init>");
                }
                if (owner.isEquivalentTo(PrintStream.class) || owner.isEquivalentTo(PrintWriter.class)) {
                    return name.equals("<init>") && !parameters.isEmpty()
                            && (parameters.get(0).isEquivalentTo(File.class) || parameters.get(0).isEquivalentTo(String.class));
                }
                if (owner.isEquivalentTo(File.class)) {
                    return name.matches("createNewFile|createTempFile|mkdirs?|renameTo");
                }
                if (owner.getName().equals("javax.imageio.ImageIO")) {
                    return name.equals("write") && parameters.get(2).isEquivalentTo(File.class);
                }
                if (owner.getName().equals("org.opencv.imgcodecs.Imgcodecs")) {
                    return name.equals("imwrite") || name.equals("imwritemulti");
                }
                if (owner.getName().equals("jdk.jfr.Recording")) {
                    return name.equals("dump") || name.equals("setDestination");
                }
                if (owner.getName().startsWith("org.knowm.xchart.")) {
                    return name.startsWith("save");
                }
                return false;
            });

    @ArchTest
    static final ArchRule EVERY_FILE_GOES_THROUGH_THE_ONE_WRITER = noClasses()
            .that(DescribedPredicate.describe("are not the writer", (JavaClass c) ->
                    !WRITERS.contains(c.getName().replaceAll("\\$.*", ""))))
            .should().callCodeUnitWhere(WRITES_A_FILE)
            .because("every file loomy writes goes through imageio.OneWriter (OneWriter.replace)");

    /** A channel opened to write (FileChannel.open, newByteChannel) names one of these; one opened to read, none. */
    @ArchTest
    static final ArchRule NO_FILE_IS_OPENED_TO_WRITE_BUT_BY_THE_WRITER = noClasses()
            .that(DescribedPredicate.describe("are not the writer", (JavaClass c) ->
                    !WRITERS.contains(c.getName().replaceAll("\\$.*", ""))))
            .should().accessFieldWhere(DescribedPredicate.describe("an option to write a file", access ->
                    access.getTargetOwner().isEquivalentTo(StandardOpenOption.class)
                            && access.getName().matches("WRITE|APPEND|CREATE|CREATE_NEW|TRUNCATE_EXISTING")))
            .because("every file loomy writes goes through imageio.OneWriter (OneWriter.replace)");

    /** The Spark engine's sources, which the tests' class path lacks: the same calls, found in the text. */
    static final Pattern DIRECT_WRITE = Pattern.compile("Files\\.(write|writeString|newOutputStream|newBufferedWriter"
            + "|move|createFile|createTempFile|createDirector(y|ies))\\(|new (FileOutputStream|FileWriter|RandomAccessFile)\\("
            + "|Imgcodecs\\.imwrite|\\.dump\\(|BitmapEncoder\\.save");

    @Test
    void theSparkEngineWritesNoLocalFileButThroughTheWriter() throws Exception {
        Path sources = Path.of("src/spark/java");
        assertThat(sources).isDirectory();
        try (Stream<Path> files = Files.walk(sources)) {
            List<String> found = files.filter(p -> p.toString().endsWith(".java")).flatMap(OneWriterTest::directWrites)
                    .toList();
            assertThat(found).isEmpty();
        }
    }

    @Test
    void theScanFindsADirectWrite() {
        assertThat(DIRECT_WRITE.matcher("Files.writeString(manifest, json);").find()).isTrue();
        assertThat(DIRECT_WRITE.matcher("temps.replace(manifest, json.getBytes());").find()).isFalse();
    }

    private static Stream<String> directWrites(Path file) {
        try {
            List<String> lines = Files.readAllLines(file);
            return java.util.stream.IntStream.range(0, lines.size())
                    .filter(i -> DIRECT_WRITE.matcher(lines.get(i)).find())
                    .mapToObj(i -> file + ":" + (i + 1) + ": " + lines.get(i).strip());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
