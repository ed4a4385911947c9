package dev.loomy.admission;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import dev.loomy.filter.AltmRetinex;
import dev.loomy.filter.Cartoon2;
import dev.loomy.filter.NoOp;
import dev.loomy.imageio.ImageException;
import dev.loomy.imageio.ImageHeader;

class AdmissionTest {

    private static final long MIB = 1L << 20;
    private static final AvailableMemory PLENTY = new AvailableMemory(16L << 30, 4L << 30);

    /** Headers for files named 0..n-1, each {@code width x height}. */
    private static ImageHeaders headers(int n, int width, int height) {
        Map<Path, ImageHeader> map = new HashMap<>();
        for (int i = 0; i < n; i++) {
            map.put(Path.of(i + ".png"), new ImageHeader(1000, width, height));
        }
        return new ImageHeaders(map);
    }

    /**
     * Runs one thread per file, each holding its permit until {@code expected} images have been in
     * flight at once (or 2 s have passed), so that a limit is reached however slowly threads
     * start; returns the most held at once.
     */
    @SuppressWarnings("try")
    private static int mostAtOnce(Admission admission, List<Path> files, int expected, ConcurrentLinkedQueue<String> order)
            throws Exception {
        AtomicInteger inFlight = new AtomicInteger();
        AtomicInteger most = new AtomicInteger();
        AtomicBoolean reached = new AtomicBoolean();
        List<FutureTask<Void>> holders = new ArrayList<>();
        for (Path file : files) {
            FutureTask<Void> holder = new FutureTask<>(() -> {
                try (Admission.Permit permit = admission.admit(file)) {
                    if (most.accumulateAndGet(inFlight.incrementAndGet(), Math::max) >= expected) {
                        reached.set(true);
                    }
                    order.add("in " + file);
                    long deadline = System.nanoTime() + 2_000_000_000L;
                    while (!reached.get() && System.nanoTime() < deadline) {
                        Thread.sleep(1);
                    }
                    Thread.sleep(5);
                    order.add("out " + file);
                    inFlight.decrementAndGet();
                }
                return null;
            });
            Thread.ofPlatform().start(holder);
            holders.add(holder);
        }
        // What a thread threw (a refused admission), the test throws; a permit never given fails it too.
        for (FutureTask<Void> holder : holders) {
            holder.get(30, TimeUnit.SECONDS);
        }
        return most.get();
    }

    private static List<Path> files(int n) {
        List<Path> files = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            files.add(Path.of(i + ".png"));
        }
        return files;
    }

    @Test
    void aFixedLimitHoldsAtMostThatManyImages() throws Exception {
        Admission admission = InFlightLimit.parse("3").admission(new NoOp(), headers(40, 100, 100), 2, PLENTY);

        assertThat(mostAtOnce(admission, files(40), 3, new ConcurrentLinkedQueue<>())).isEqualTo(3);
        assertThat(admission.description()).isEqualTo("at most 3 images in flight (--max-in-flight=3)");
    }

    @Test
    void aByteBudgetLetsAHugeImageInAlone() throws Exception {
        Map<Path, ImageHeader> map = new HashMap<>();
        for (int i = 0; i < 12; i++) {
            map.put(Path.of(i + ".png"), new ImageHeader(1000, 1000, 1000));
        }
        map.put(Path.of("huge.png"), new ImageHeader(1000, 10_000, 10_000));
        // 1000x1000 NoOp needs about 3 MiB: a 16 MiB budget holds 5 of them, or the huge one (300 MiB) alone.
        Admission admission = Admission.bytes(new ImageHeaders(map), new NoOp(), 1L << 40, 1L << 40, 16 * MIB, 16 * MIB, 1, "test");
        List<Path> files = new ArrayList<>(files(6));
        files.add(Path.of("huge.png"));
        files.addAll(files(12).subList(6, 12));
        ConcurrentLinkedQueue<String> order = new ConcurrentLinkedQueue<>();

        int most = mostAtOnce(admission, files, 5, order);

        assertThat(most).isEqualTo(5);
        List<String> events = List.copyOf(order);
        int in = events.indexOf("in huge.png");
        assertThat(events.get(in + 1)).isEqualTo("out huge.png");
        assertThat(events.subList(0, in)).allSatisfy(e -> assertThat(events.subList(0, in)).contains(e.replace("in ", "out ")));
    }

    @Test
    void anImageThatCouldNeverFitIsRefusedBeforeItIsRead() {
        AvailableMemory little = new AvailableMemory(512 * MIB, 512 * MIB);
        Admission admission = InFlightLimit.parse("unbounded").admission(new NoOp(), headers(1, 15_000, 15_000), 2, little);

        assertThatThrownBy(() -> admission.admit(Path.of("0.png")))
                .isInstanceOf(ImageException.class)
                .hasMessage("0.png: too large for the memory available: a 15000x15000 image needs about 644 MiB with NoOp, "
                        + "at most 410 MiB may be used");
    }

    @Test
    void anImageLargerThanOpenCvDecodesIsRefusedWithItsLimit() {
        Admission admission = InFlightLimit.auto().admission(new NoOp(), headers(1, 40_000, 30_000), 2, PLENTY);

        assertThatThrownBy(() -> admission.admit(Path.of("0.png")))
                .isInstanceOf(ImageException.class)
                .hasMessageContaining("too large to decode: 40000x30000 is 1200000000 pixels, more than the limit of "
                        + "268435456 (OPENCV_IO_MAX_IMAGE_PIXELS)");
    }

    @ParameterizedTest
    @ValueSource(strings = {"1", "auto", "unbounded"})
    void aHeaderOf30000x30000IsRefusedInEveryModeWhatever(String limit) {
        // A few kilobytes of JPEG may announce it (see MemoryBoundTest); decoded, it takes 2.7 GB and a minute, with memory to spare or not.
        Admission admission = InFlightLimit.parse(limit).admission(new NoOp(), headers(1, 30_000, 30_000), 2, PLENTY);

        assertThatThrownBy(() -> admission.admit(Path.of("0.png")))
                .isInstanceOf(ImageException.class)
                .hasMessage("0.png: too large to decode: 30000x30000 is 900000000 pixels, more than the limit of "
                        + "268435456 (OPENCV_IO_MAX_IMAGE_PIXELS)");
    }

    @Test
    void autoHoldsTwoImagesPerCoreWhenMemoryAllows() {
        // 1000x1000 NoOp: 3 bytes a pixel, 3 copies of the 1000-byte file and 64 KiB: 2.93 MiB.
        AvailableMemory memory = new AvailableMemory(100 * MIB, 1L << 30);
        Admission admission = InFlightLimit.auto().admission(new NoOp(), headers(100, 1000, 1000), 2, memory);

        assertThat(admission.description()).isEqualTo("about 4 images in flight at once (auto: 2 per core; ~3 MiB per "
                + "NoOp image of 1000x1000, 100 MiB of memory and 1.0 GiB of Java heap available)");
    }

    @Test
    void autoHoldsFewerWhenMemoryIsShortAndSaysSo() {
        // Half of 8 MiB holds one 2.93 MiB image, but 80% holds one per core: 2.
        AvailableMemory memory = new AvailableMemory(8 * MIB, 1L << 30);
        Admission admission = InFlightLimit.auto().admission(new NoOp(), headers(100, 1000, 1000), 2, memory);

        assertThat(admission.description()).startsWith("about 2 images in flight at once (auto: as many as the memory allows;");
    }

    @Test
    void theBudgetIsForTheImagesWantedWithinHalfTheMemoryButKeepsTheCoresBusy() {
        // Two per core of 1 MiB images: 4 MiB.
        assertThat(InFlightLimit.budget(100 * MIB, MIB, 4, 2)).isEqualTo(4 * MIB);
        // Two per core of 20 MiB images would be 80 MiB: half the memory, 50 MiB, is the most.
        assertThat(InFlightLimit.budget(100 * MIB, 20 * MIB, 4, 2)).isEqualTo(50 * MIB);
        // Half the memory holds one 40 MiB image; 2 cores want 2, and 80 MiB is within the ceiling (80%).
        assertThat(InFlightLimit.budget(100 * MIB, 40 * MIB, 4, 2)).isEqualTo(80 * MIB);
        // 4 cores would want 160 MiB: no more than the ceiling is given.
        assertThat(InFlightLimit.budget(100 * MIB, 40 * MIB, 8, 4)).isEqualTo(80 * MIB);
    }

    @Test
    @SuppressWarnings("try")
    void aFileMuchLargerThanTheOthersDoesNotRunAloneWhenTheHeapHasRoom() throws Exception {
        Map<Path, ImageHeader> map = new HashMap<>();
        for (int i = 0; i < 12; i++) {
            map.put(Path.of(i + ".png"), new ImageHeader(100_000, 4000, 3000));
        }
        // The same pixels in a 50 times larger file (a PNG among JPEGs): its bytes on the heap are no reason to wait.
        map.put(Path.of("big.png"), new ImageHeader(5_000_000, 4000, 3000));
        Admission admission = InFlightLimit.auto().admission(new NoOp(), new ImageHeaders(map), 2, PLENTY);

        try (Admission.Permit big = admission.admit(Path.of("big.png"))) {
            CompletableFuture<Admission.Permit> other = CompletableFuture.supplyAsync(() -> {
                try {
                    return admission.admit(Path.of("0.png"));
                } catch (ImageException | InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            });
            assertThat(other).as("admitted beside it").succeedsWithin(2, TimeUnit.SECONDS);
            other.join().close();
        }
    }

    @Test
    void theHeapBudgetCountsToo() throws Exception {
        Map<Path, ImageHeader> map = new HashMap<>();
        for (int i = 0; i < 20; i++) {
            // 10 MB files, read and written through 1 MiB chunks: 2 MiB of heap each, against a 5 MiB heap budget: 2 at once.
            map.put(Path.of(i + ".png"), new ImageHeader(10_000_000, 100, 100));
        }
        Admission admission = Admission.bytes(new ImageHeaders(map), new NoOp(), 1L << 40, 1L << 40, 1L << 40, 5 * MIB, 1, "test");

        assertThat(mostAtOnce(admission, files(20), 2, new ConcurrentLinkedQueue<>())).isEqualTo(2);
    }

    @ParameterizedTest
    @ValueSource(strings = {"1", "auto", "unbounded"})
    void anImageWhoseFilterNeedsMoreJavaHeapThanThereIsIsRefusedInEveryMode(String limit) {
        // Within native memory to spare, but the guided filter's rows of row sums, 2000 of them 4000 wide, are
        // Java arrays: admitted, they ended the whole run with an OutOfMemoryError.
        AvailableMemory smallHeap = new AvailableMemory(1L << 40, 256 * MIB);
        AltmRetinex filter = new AltmRetinex("wide", 2000, 0.01, 36, 10, 0.1);
        Admission admission = InFlightLimit.parse(limit).admission(filter, headers(1, 4000, 3000), 2, smallHeap);

        assertThatThrownBy(() -> admission.admit(Path.of("0.png")))
                .isInstanceOf(ImageException.class)
                .hasMessage("0.png: too large for the Java heap: a 4000x3000 image needs about 367 MiB of it with wide, "
                        + "at most 205 MiB may be used (-Xmx)");
    }

    @Test
    void theJavaHeapPartOfAFiltersWorkIsCountedThereNotInNativeMemory() {
        ImageHeader photo = new ImageHeader(100_000, 4000, 3000);
        ImageCost small = ImageCost.of(photo, new AltmRetinex());
        ImageCost large = ImageCost.of(photo, new AltmRetinex("wide", 2000, 0.01, 36, 10, 0.1));

        assertThat(large.nativeBytes()).isEqualTo(small.nativeBytes());
        // Six planes of row sums over 2000 rows of 4000 doubles, against 10 rows.
        assertThat(large.heapBytes() - small.heapBytes()).isEqualTo(6L * (2000 - 10) * 4000 * Double.BYTES);
    }

    @Test
    void aFixedLimitHoldsNoMoreImagesThanTheJavaHeapHolds() throws Exception {
        // Cartoon2's median holds 2 bytes a pixel on the heap: 30 MiB for 4000x4000; 80% of a 90 MiB heap holds 2.
        AvailableMemory memory = new AvailableMemory(1L << 40, 90 * MIB);
        Admission admission = InFlightLimit.parse("4").admission(new Cartoon2(), headers(12, 4000, 4000), 2, memory);

        assertThat(mostAtOnce(admission, files(12), 2, new ConcurrentLinkedQueue<>())).isEqualTo(2);
    }

    @Test
    void parsesTheOption() {
        assertThat(InFlightLimit.parse("auto")).isEqualTo(InFlightLimit.auto());
        assertThat(InFlightLimit.parse(" Unbounded ").toString()).isEqualTo("unbounded");
        assertThat(InFlightLimit.parse("12")).isEqualTo(new InFlightLimit.Images(12));
        for (String bad : List.of("0", "-3", "lots", "")) {
            assertThatThrownBy(() -> InFlightLimit.parse(bad)).hasMessageContaining("expected a number of images (1 or more), auto or unbounded");
        }
    }
}
