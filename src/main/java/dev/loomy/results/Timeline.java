package dev.loomy.results;

import java.util.List;

/**
 * The images of one run that its timeline shows, at most {@link #MAX_POINTS}: every image of a
 * run of that many or fewer, else every {@code every}-th in submission order (index 0, every,
 * 2 x every, ...), so that its memory and the chart's points stay bounded however many images
 * there are.
 *
 * @param every  the stride between the images kept; 1 when every image is
 * @param points the images kept, in submission order
 */
public record Timeline(int every, List<ImageTiming> points) {

    /** The most images a run keeps for its timeline. */
    public static final int MAX_POINTS = 10_000;

    public static final Timeline NONE = new Timeline(1, List.of());

    public Timeline {
        points = List.copyOf(points);
    }

    /** The stride that keeps at most {@code max} of {@code images} images. */
    public static int every(long images, int max) {
        return (int) Math.max(1, (images + max - 1) / max);
    }

    /** Which images of a run its timeline keeps, and where: image {@code index} in slot {@code index / every}. */
    public record Sampler(int every, int slots) {

        /** For a run of {@code images} images, keeping at most {@code max}. */
        public static Sampler of(int images, int max) {
            int every = Timeline.every(images, max);
            return new Sampler(every, (int) Math.min(max, (Math.max(images, 1) + every - 1L) / every));
        }

        /** The slot of image {@code index}, or -1 when the timeline does not keep it. */
        public int slot(int index) {
            return index % every == 0 && index / every < slots ? index / every : -1;
        }

        /** The image a slot holds. */
        public int index(int slot) {
            return slot * every;
        }
    }
}
