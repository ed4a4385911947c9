package dev.loomy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.opencv.core.Core;
import org.opencv.core.CvType;
import org.opencv.core.Mat;
import org.opencv.imgcodecs.Imgcodecs;

import dev.loomy.opencv.OpenCv;

/** Writes small noisy PNG images for tests (noise, so that decoding them takes real work). */
public final class TestImages {

    private TestImages() {
    }

    public static List<Path> write(Path folder, int count, int width, int height) throws Exception {
        OpenCv.load();
        Files.createDirectories(folder);
        List<Path> files = new ArrayList<>();
        Mat image = new Mat(height, width, CvType.CV_8UC3);
        try {
            for (int i = 0; i < count; i++) {
                Core.randu(image, 0, 256);
                Path file = folder.resolve(String.format("img%02d.png", i));
                if (!Imgcodecs.imwrite(file.toString(), image)) {
                    throw new IllegalStateException("cannot write " + file);
                }
                files.add(file);
            }
        } finally {
            image.release();
        }
        return files;
    }
}
