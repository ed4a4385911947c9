package dev.loomy.imageio;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.loomy.testing.OsFixtures;

/** Temporary names: within the file system's limit, and owned, so that a sweep deletes only a dead run's. */
class TemporaryNamesTest {

    @TempDir
    Path dir;

    private final OneWriter temps = OneWriter.noInputs();

    /** The temporary name for {@code target} that process {@code pid} would use. */
    private static Path ownedBy(long pid, Path target) {
        String own = OneWriter.nameBeside(target).getFileName().toString();
        String mine = "." + ProcessHandle.current().pid() + "-";
        int at = own.lastIndexOf(mine);
        return target.resolveSibling(own.substring(0, at) + "." + pid + "-" + own.substring(at + mine.length()));
    }

    @Test
    void aNameOfTheLongestLengthIsWrittenAndReplaced() throws Exception {
        // 255 bytes: the longest name ext4, xfs and tmpfs allow, in ASCII and in two-byte characters.
        for (String name : new String[] {"a".repeat(251) + ".png", "é".repeat(125) + "x.png"}) {
            assertThat(name.getBytes(StandardCharsets.UTF_8)).hasSize(255);
            Path target = dir.resolve(name);
            OneWriter temps = OneWriter.noInputs();
            temps.replace(target, new byte[] {1, 2, 3});
            temps.replace(target, new byte[] {4, 5});

            assertThat(Files.readAllBytes(target)).containsExactly(4, 5);
            assertThat(OneWriter.nameBeside(target).getFileName().toString().getBytes(StandardCharsets.UTF_8).length)
                    .isLessThanOrEqualTo(255);
        }
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files).hasSize(2);
        }
    }

    @Test
    void aNameIsShortenedOnlyBetweenCharacters() {
        assertThat(OneWriter.within("abc", 2)).isEqualTo("ab");
        assertThat(OneWriter.within("aé", 2)).isEqualTo("a");
        assertThat(OneWriter.within("a\uD83D\uDE00b", 4)).isEqualTo("a");
        assertThat(OneWriter.within("a\uD83D\uDE00b", 5)).isEqualTo("a\uD83D\uDE00");
    }

    @Test
    void aSweepDeletesADeadRunsFilesAndLeavesALiveRunsAlone() throws Exception {
        Path target = dir.resolve("sub/a.png");
        Files.createDirectories(target.getParent());
        Path dead = Files.writeString(ownedBy(OsFixtures.deadPid(), target), "left by a killed run");
        Process live = OsFixtures.sleeper();
        try {
            Path alive = Files.writeString(ownedBy(live.pid(), target), "being written by another run");
            Path mine = Files.writeString(OneWriter.nameBeside(target), "being written by this one");

            assertThat(OneWriter.sweep(dir)).isEqualTo(1);

            assertThat(dead).doesNotExist();
            assertThat(alive).exists();
            assertThat(mine).exists();
        } finally {
            live.destroyForcibly();
        }
    }

    @Test
    void aSweepFindsADeadRunsFilesInEveryFolderBelowButNotThroughALink() throws Exception {
        Path outside = Files.createDirectories(dir.resolve("outside"));
        Path root = Files.createDirectories(dir.resolve("out"));
        Files.createSymbolicLink(root.resolve("link"), outside);
        long pid = OsFixtures.deadPid();
        List<Path> left = new ArrayList<>();
        for (String output : List.of("a.png", "sub/b.png", "sub/deeper/c.png", "named.png/d.png", "other/e.png")) {
            Path target = root.resolve(output);
            Files.createDirectories(target.getParent());
            for (int i = 0; i < 5; i++) {
                Files.writeString(target.resolveSibling(i + "-" + target.getFileName()), "an output");
            }
            left.add(Files.writeString(ownedBy(pid, target), "left by a killed run"));
        }
        Path beyondLink = Files.writeString(ownedBy(pid, outside.resolve("f.png")), "not the output folder's");

        assertThat(OneWriter.sweep(root)).isEqualTo(5);

        assertThat(left).allSatisfy(file -> assertThat(file).doesNotExist());
        assertThat(beyondLink).exists();
        assertThat(root.resolve("sub/deeper/4-c.png")).exists();
    }

    @Test
    void aSweepAfterThisRunStoppedAlsoDeletesItsOwnFilesButNotALiveRunsOnes() throws Exception {
        Path target = dir.resolve("b.png");
        Process live = OsFixtures.sleeper();
        try {
            Path alive = Files.writeString(ownedBy(live.pid(), target), "being written by another run");
            Path mine = Files.writeString(OneWriter.nameBeside(target), "left by this run's stopped child");

            assertThat(OneWriter.sweepWithThisRun(dir)).isEqualTo(1);

            assertThat(mine).doesNotExist();
            assertThat(alive).exists();
        } finally {
            live.destroyForcibly();
        }
    }

    @Test
    void temporaryNamesAreHiddenAndBesideTheTarget() {
        // Beside: the rename stays within one file system, so it is atomic. Hidden: a walk never takes one.
        Path output = dir.resolve("sub/a.png");
        Path temp = temps.beside(output);

        assertThat(temp.getParent()).isEqualTo(output.getParent());
        assertThat(temp.getFileName().toString()).startsWith(".a.png." + OneWriter.RUN + "-").endsWith(".loomy-tmp");
        assertThat(temps.beside(output)).isNotEqualTo(temp);
        temps.done(temp);
    }

    @Test
    void deleteAllRemovesTemporaryFilesStillOpen() throws Exception {
        Path temp = temps.beside(dir.resolve("x.png"));
        Files.writeString(temp, "partial");

        assertThat(temps.deleteAll()).isEqualTo(1);
        assertThat(temp).doesNotExist();
        assertThat(temps.count()).isZero();
    }

    @Test
    void aSweepDeletesTheTemporaryFilesAKilledProcessLeftAndNothingElse() throws Exception {
        Path left = ownedBy(OsFixtures.deadPid(), dir.resolve("out/deep/a.png"));
        Files.createDirectories(left.getParent());
        Files.writeString(left, "half an image");
        Path image = Files.writeString(dir.resolve("out/deep/a.png"), "an image");
        Path hidden = Files.writeString(dir.resolve("out/.notes"), "the user's own");
        Path named = Files.writeString(dir.resolve("out/b.loomy-tmp"), "not hidden: not loomy's");
        // Another loomy, writing into the same folder now: its files are its own.
        Path other = Files.writeString(dir.resolve("out/deep/.b.png.1-5eed.loomy-tmp"), "another run's image");

        assertThat(OneWriter.sweep(dir.resolve("out"))).isEqualTo(1);

        assertThat(left).doesNotExist();
        assertThat(image).exists();
        assertThat(hidden).exists();
        assertThat(named).exists();
        assertThat(other).exists();
        assertThat(OneWriter.sweep(dir.resolve("missing"))).isZero();
    }
}
