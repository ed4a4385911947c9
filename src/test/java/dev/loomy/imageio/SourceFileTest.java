package dev.loomy.imageio;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opencv.core.Mat;

import dev.loomy.opencv.OpenCv;

/** A file read straight into native memory: every byte, whether its size is told right or not. */
class SourceFileTest {

    @TempDir
    Path dir;

    private static byte[] bytes(Mat mat) {
        byte[] bytes = new byte[(int) mat.total()];
        NativeBytes.view(mat, 0, bytes.length).get(bytes);
        return bytes;
    }

    @Test
    void aFileIsReadWhole() throws Exception {
        OpenCv.load();
        byte[] content = new byte[300_000];
        new java.util.Random(5).nextBytes(content);
        Mat read = SourceFile.read(Files.write(dir.resolve("a.jpg"), content));
        assertThat(bytes(read)).isEqualTo(content);
        read.release();
    }

    @Test
    void aFileLongerThanTheSizeItGivesIsReadToItsEnd() throws Exception {
        OpenCv.load();
        // /proc files say they are 0 bytes long; this one holds a few hundred lines.
        Path cpuinfo = Path.of("/proc/cpuinfo");
        assertThat(Files.size(cpuinfo)).isZero();
        Mat read = SourceFile.read(cpuinfo);
        assertThat(new String(bytes(read))).isEqualTo(Files.readString(cpuinfo));
        read.release();
    }
}
