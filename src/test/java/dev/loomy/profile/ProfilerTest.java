package dev.loomy.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jdk.jfr.consumer.RecordingFile;

class ProfilerTest {

    private static final Object LOCK = new Object();

    @TempDir
    Path dir;

    /**
     * Blocks a virtual thread where the running JDK pins it to its carrier: up to JDK 23 inside
     * {@code synchronized}; from 24, where monitors no longer pin (JEP 491), inside a class
     * initializer, which still runs with a native frame on the stack.
     */
    private static void blockWhilePinned() throws InterruptedException {
        Runnable pinned = Runtime.version().feature() < 24 ? ProfilerTest::sleepHoldingAMonitor : SlowInit::touch;
        Thread.ofVirtual().start(pinned).join();
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
        Profiler profiler = Profiler.start(EnumSet.of(ProfileKind.PINNING), null);
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
        Profiler profiler = Profiler.start(EnumSet.of(ProfileKind.PINNING), null);
        Thread.ofVirtual().start(() -> sleep(30)).join();
        Profile profile = profiler.stop(1);
        assertThat(profile.pinnedEvents()).isZero();
        assertThat(profile.pinnedSites()).isEmpty();
    }

    @Test
    void allocationPerImageAndCollectionsAreThoseOfTheProfiledSpan() throws Exception {
        Profiler profiler = Profiler.start(EnumSet.of(ProfileKind.GC), null);
        // 64 MiB over 4 "images", on a virtual thread (counted on its carrier), then a collection.
        Thread.ofVirtual().start(() -> {
            List<byte[]> kept = new ArrayList<>();
            for (int i = 0; i < 64; i++) {
                kept.add(new byte[1 << 20]);
            }
            assertThat(kept).hasSize(64);
        }).join();
        System.gc();
        Profile profile = profiler.stop(4);
        assertThat(profile.allocMbPerImage()).isBetween(16.0, 20.0);
        assertThat(profile.gcCount()).isPositive();
        assertThat(profile.gcMs()).isGreaterThanOrEqualTo(0);
        assertThat(profile.pinnedEvents()).isEqualTo(-1);
        assertThat(profile.jfrFile()).isNull();
    }

    @Test
    void jfrWritesAWholeRecordingWhereAsked() throws Exception {
        Path file = dir.resolve("jfr/loop-NoOp.jfr");
        Profiler profiler = Profiler.start(EnumSet.of(ProfileKind.JFR), file);
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
