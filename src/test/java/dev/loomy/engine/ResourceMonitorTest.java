package dev.loomy.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;

import org.junit.jupiter.api.Test;
import org.opencv.core.CvType;
import org.opencv.core.Mat;
import org.opencv.core.Scalar;

import dev.loomy.opencv.OpenCv;
import dev.loomy.results.ResourcePeaks;

class ResourceMonitorTest {

    private static final long MIB = 1024 * 1024;

    @Test
    void aResetStartsANewResidentMemoryWindow() {
        OpenCv.load();
        ResourceMonitor monitor = new ResourceMonitor();
        monitor.reset();
        Mat big = new Mat(8192, 8192, CvType.CV_8UC4);
        long withBig;
        try {
            // setTo returns a second header on the same pixels: released too, or they would outlive big.
            big.setTo(new Scalar(1, 2, 3, 4)).release();
            withBig = monitor.peaks().rssBytes();
        } finally {
            big.release();
        }
        // 256 MiB touched, then handed back to the system: the high-water mark still shows it ...
        assertThat(monitor.peaks().rssBytes()).isGreaterThan(withBig - 16 * MIB);
        assertThat(withBig - ResourceMonitor.currentRss()).isGreaterThan(200 * MIB);
        // ... until a new window starts.
        monitor.reset();
        ResourcePeaks peaks = monitor.peaks();
        assertThat(peaks.rssWindowed()).isTrue();
        assertThat(peaks.rssBytes()).isLessThan(withBig - 200 * MIB);
    }

    @Test
    void thePlatformThreadPeakCountsThreadsThatHaveEnded() throws Exception {
        ResourceMonitor monitor = new ResourceMonitor();
        monitor.reset();
        int before = monitor.peaks().threads();
        CountDownLatch release = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            threads.add(Thread.ofPlatform().start(() -> {
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }));
        }
        release.countDown();
        for (Thread thread : threads) {
            thread.join();
        }
        int peak = monitor.peaks().threads();
        assertThat(peak).isGreaterThanOrEqualTo(before + 30);
        monitor.reset();
        assertThat(monitor.peaks().threads()).isLessThan(peak);
    }
}
