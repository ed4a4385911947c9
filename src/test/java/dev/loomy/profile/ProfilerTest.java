package dev.loomy.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jdk.jfr.consumer.RecordingFile;

import dev.loomy.imageio.OneWriter;

class ProfilerTest {

    private static final Object LOCK = new Object();

    @TempDir
    Path dir;

    /**
     * Blocks a virtual thread where the running JDK pins it to its carrier: up to JDK 23 inside
     * {@code synchronized}; from 24, where monitors no longer pin (JEP 491), inside a class
     * initializer, which still runs with a native frame on the stack.
     */
    private static void blockWhilePinned() throws Exception {
        Runnable pinned = Runtime.version().feature() < 24 ? ProfilerTest::sleepHoldingAMonitor : SlowInit::touch;
        onAVirtualThread(Executors.callable(pinned));
    }

    /** Runs {@code work} on a virtual thread of its own and waits for it: what it throws, the test throws. */
    private static <T> T onAVirtualThread(Callable<T> work) throws Exception {
        try (ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor()) {
            return executor.submit(work).get();
        }
    }

    /**
     * Allocates {@code mib} MiB on a virtual thread (counted on its carrier), then has them collected;
     * returns the profile of that span over {@code images} images. The arrays are handed back from
     * the thread, so that the compiler cannot leave them out.
     */
    private static Profile allocating(int mib, int images) throws Exception {
        Profiler profiler = Profiler.start(EnumSet.of(ProfileKind.GC), null, OneWriter.noInputs());
        onAVirtualThread(() -> {
            List<byte[]> kept = new ArrayList<>();
            for (int i = 0; i < mib; i++) {
                kept.add(new byte[1 << 20]);
            }
            return kept;
        });
        System.gc();
        return profiler.stop(images);
    }

    private static void sleepHoldingAMonitor() {
        synchronized (LOCK) {
            try {
                Thread.sleep(30);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Its initializer blocks; initialized by the one test that provokes pinning. */
    private static final class SlowInit {
        static {
            try {
                Thread.sleep(30);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        static void touch() {
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void aVirtualThreadBlockingWhilePinnedIsCountedWithItsPlace() throws Exception {
        Profiler profiler = Profiler.start(EnumSet.of(ProfileKind.PINNING), null, OneWriter.noInputs());
        blockWhilePinned();
        Profile profile = profiler.stop(1);
        assertThat(profile.pinnedEvents()).isEqualTo(1);
        String where = Runtime.version().feature() < 24 ? "ProfilerTest.sleepHoldingAMonitor" : "ProfilerTest$SlowInit.<clinit>";
        assertThat(profile.pinnedSites()).singleElement().asString().contains(where).endsWith("(1)");
        assertThat(profile.allocMbPerImage()).isNaN();
        assertThat(profile.gcCount()).isEqualTo(-1);
    }

    @Test
    void aVirtualThreadBlockingUnpinnedIsNotCounted() throws Exception {
        Profiler profiler = Profiler.start(EnumSet.of(ProfileKind.PINNING), null, OneWriter.noInputs());
        onAVirtualThread(Executors.callable(() -> sleep(30)));
        Profile profile = profiler.stop(1);
        assertThat(profile.pinnedEvents()).isZero();
        assertThat(profile.pinnedSites()).isEmpty();
    }

    @Test
    void allocationPerImageAndCollectionsAreThoseOfTheProfiledSpan() throws Exception {
        // 64 MiB over 4 "images", then a collection; other threads of this JVM may allocate a little meanwhile.
        Profile profile = allocating(64, 4);
        assertThat(profile.allocMbPerImage()).isBetween(16.0, 20.0);
        // A quarter of that, a quarter of the figure: measured, not a constant.
        assertThat(allocating(16, 4).allocMbPerImage()).isBetween(4.0, 8.0);
        assertThat(profile.gcCount()).isPositive();
        assertThat(profile.gcMs()).isGreaterThanOrEqualTo(0);
        assertThat(profile.pinnedEvents()).isEqualTo(-1);
        assertThat(profile.jfrFile()).isNull();
    }

    @Test
    void jfrWritesAWholeRecordingWhereAsked() throws Exception {
        Path file = dir.resolve("jfr/loop-NoOp.jfr");
        Profiler profiler = Profiler.start(EnumSet.of(ProfileKind.JFR), file, OneWriter.noInputs());
        sleep(50);
        Profile profile = profiler.stop(1);
        assertThat(profile.jfrFile()).isEqualTo(file.toString());
        assertThat(file).isRegularFile();
        assertThat(RecordingFile.readAllEvents(file)).isNotEmpty();
    }

    @Test
    void kindsAreParsedByNameInAnyCase() {
        assertThat(ProfileKind.parse(List.of("GC", "pinning", "gc"))).isEqualTo(Set.of(ProfileKind.GC, ProfileKind.PINNING));
        assertThatThrownBy(() -> ProfileKind.parse(List.of("cpu"))).hasMessage("--profile=cpu: unknown profiler (gc, pinning or jfr)");
    }
}
