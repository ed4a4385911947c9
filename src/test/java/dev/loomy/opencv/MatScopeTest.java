package dev.loomy.opencv;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.ref.PhantomReference;
import java.lang.ref.Reference;
import java.lang.ref.ReferenceQueue;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.opencv.core.CvType;
import org.opencv.core.Mat;
import org.opencv.core.Scalar;

/**
 * The Mats a scope makes are deleted when it closes and leave nothing for the garbage collector's
 * finalizers: a finalizable Mat survives the collection that finds it dead, and the survivors of
 * hundreds of views a photo filled the old generation over long runs.
 */
class MatScopeTest {

    @BeforeAll
    static void loadOpenCv() {
        OpenCv.load();
    }

    @Test
    void thisOpenCvsNativesAreFound() {
        // Otherwise the scope quietly falls back on finalizable Mats, and long runs grow again.
        assertThat(MatHeaders.available()).isTrue();
    }

    @Test
    void theScopesMatsAreCollectedByTheFirstCollectionThatFindsThemDead() throws InterruptedException {
        Mat image = new Mat(64, 48, CvType.CV_8UC3, Scalar.all(7));
        try {
            List<Function<MatScope, Mat>> makers = List.of(
                    MatScope::mat,
                    scope -> scope.mat(4, 4, CvType.CV_32F),
                    scope -> scope.rowRange(image, 2, 10),
                    scope -> scope.colRange(image, 3, 9),
                    scope -> scope.reshape(image, 1, 64));
            ReferenceQueue<Mat> queue = new ReferenceQueue<>();
            List<Reference<Mat>> references = new ArrayList<>();
            try (MatScope scope = new MatScope()) {
                for (Function<MatScope, Mat> maker : makers) {
                    references.add(new PhantomReference<>(maker.apply(scope), queue));
                }
            }
            // A finalizable Mat is only finalized after this collection, and reclaimed by a later one:
            // its reference would not be enqueued within the wait.
            System.gc();
            for (int i = 0; i < makers.size(); i++) {
                assertThat(queue.remove(10_000)).as("reference %d of %d enqueued", i + 1, makers.size()).isNotNull();
            }
            // A phantom reference that is itself collected is never enqueued: they are kept up to here.
            Reference.reachabilityFence(references);
        } finally {
            image.release();
        }
    }

    @Test
    void viewsShareTheImagesPixelsAndClosingLeavesTheImageWhole() {
        Mat image = new Mat(6, 4, CvType.CV_8UC1, Scalar.all(1));
        try {
            try (MatScope scope = new MatScope()) {
                scope.rowRange(image, 1, 3).setTo(Scalar.all(5));
                scope.colRange(image, 3, 4).setTo(Scalar.all(9));
                Mat flat = scope.reshape(image, 1, 1);
                assertThat(flat.cols()).isEqualTo(24);
                Mat mask = scope.mat(6, 4, CvType.CV_8UC1);
                mask.setTo(Scalar.all(0));
                mask.put(5, 0, 255);
                scope.setTo(image, Scalar.all(42), mask);
            }
            assertThat(image.get(0, 0)[0]).isEqualTo(1);
            assertThat(image.get(1, 0)[0]).isEqualTo(5);
            assertThat(image.get(2, 3)[0]).isEqualTo(9);
            assertThat(image.get(5, 0)[0]).isEqualTo(42);
            assertThat(image.get(5, 1)[0]).isEqualTo(1);
        } finally {
            image.release();
        }
    }

    @Test
    void aMatOfTheScopeRegisteredTwiceIsDeletedOnce() {
        // A second delete of the same native header would corrupt the heap (glibc aborts the JVM).
        Mat image = new Mat(8, 8, CvType.CV_8UC1, Scalar.all(3));
        try {
            try (MatScope outer = new MatScope(); MatScope inner = new MatScope()) {
                Mat view = inner.rowRange(image, 0, 4);
                inner.add(view);
                outer.add(view);
                inner.add(inner.mat(2, 2, CvType.CV_8UC1));
            }
            assertThat(image.get(7, 7)[0]).isEqualTo(3);
        } finally {
            image.release();
        }
    }

    @Test
    void aMatOfAnotherScopeCannotBeKept() {
        try (MatScope owner = new MatScope(); MatScope other = new MatScope()) {
            Mat made = owner.mat(2, 2, CvType.CV_8UC1);
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> other.keep(made))
                    .isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void aKeptMatOutlivesItsScopeWithItsPixels() {
        Mat kept;
        try (MatScope scope = new MatScope()) {
            Mat made = scope.mat(3, 3, CvType.CV_8UC1);
            made.setTo(Scalar.all(77));
            kept = scope.keep(made);
        }
        try {
            assertThat(kept.rows()).isEqualTo(3);
            assertThat(kept.get(2, 2)[0]).isEqualTo(77);
        } finally {
            kept.release();
        }
    }
}
