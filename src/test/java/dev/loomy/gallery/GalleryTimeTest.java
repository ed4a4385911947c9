package dev.loomy.gallery;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.loomy.results.ImageTiming;
import dev.loomy.results.ImageTiming.Status;
import dev.loomy.results.MachineInfo;
import dev.loomy.results.Measurement;
import dev.loomy.results.Outcome;
import dev.loomy.results.ResourcePeaks;
import dev.loomy.results.RunRecord;

class GalleryTimeTest {

    private static ImageTiming image(int index, double millis, Status status) {
        long start = index * 1_000_000_000L;
        return new ImageTiming(index, start, start + Math.round(millis * 1e6), status, null);
    }

    private static Measurement measured(ImageTiming... images) {
        RunRecord run = new RunRecord(5_000_000_000L, List.of(images), ResourcePeaks.UNKNOWN, 1, false);
        return new Measurement("loop", "Gray", images.length, 0, List.of(run), Outcome.OK, null);
    }

    @Test
    void theMedianOfTheImagesDoneLeavesOutAColdFirstImageAndTheFailedOnes() {
        Measurement measurement = measured(image(0, 140, Status.DONE), image(1, 8.2, Status.DONE),
                image(2, 7.9, Status.WARNED), image(3, 9.4, Status.DONE), image(4, 0.1, Status.FAILED));

        assertThat(Gallery.timeText(measurement)).isEqualTo("8.8 ms / image");
    }

    @Test
    void anImagesTimeIsFromTheStartOfItsWorkNotFromItsSubmission() {
        // Five images handed over at once to one thread: each waits for the ones before it.
        ImageTiming[] images = new ImageTiming[5];
        for (int i = 0; i < images.length; i++) {
            images[i] = new ImageTiming(i, 0, i * 20_000_000L, (i + 1) * 20_000_000L, Status.DONE, null);
        }

        assertThat(Gallery.timeText(measured(images))).isEqualTo("20 ms / image");
        assertThat(Gallery.cellTime(images[4])).isEqualTo("20 ms to read, filter and write");
    }

    @Test
    void tensOfMillisecondsAreWholeAndNothingDoneIsNoTime() {
        assertThat(Gallery.timeText(measured(image(0, 22.4, Status.DONE)))).isEqualTo("22 ms / image");
        assertThat(Gallery.timeText(measured(image(0, 3, Status.FAILED)))).isEmpty();
        assertThat(Gallery.timeText(null)).isEmpty();
    }

    @Test
    void theFootSaysHowManyImagesRanAtATime() {
        MachineInfo machine = new MachineInfo(8, 1L << 34, "JDK 25", "Linux", "Some CPU");

        assertThat(Gallery.timing("pool", 8, 1, machine)).startsWith("Time: the median, over the images, of one "
                + "image's service time (its read, filter and write, from when a thread started on it to its end; not "
                + "the time it waited for a thread), 8 images at a time on 8 threads (pool strategy, one run, OpenCV on "
                + "1 thread each); a column took about its time \u00d7 the images \u00f7 8. Measured on 8 cores, Some CPU, "
                + "JDK 25, after a warm-up that was not timed: NoOp over the first images, then each filter over a few "
                + "of them, so that no column's time is its filter's first use.");
        assertThat(Gallery.timing("loop", 1, 2, machine)).contains("one image at a time (loop strategy, one run, "
                + "OpenCV on 2 threads). Measured").doesNotContain("\u00f7");
    }
}
