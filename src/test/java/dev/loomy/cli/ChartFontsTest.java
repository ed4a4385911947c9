package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import dev.loomy.Slow;
import dev.loomy.TestImages;
import dev.loomy.run.ExitCodes;

/**
 * Charts on a host without fontconfig, simulated with the JDK's own switch for it
 * ({@code USE_J2D_FONTCONFIG=no}: Java2D then behaves as where libfontconfig is missing, and
 * without loomy's fonts fails with "Fontconfig head is null").
 */
@Slow
class ChartFontsTest {

    private static final Map<String, String> NO_FONTCONFIG = Map.of("USE_J2D_FONTCONFIG", "no");

    @TempDir
    Path dir;

    @Test
    @Timeout(120)
    void chartsAreDrawnWithoutFontconfig() throws Exception {
        Path in = dir.resolve("in");
        TestImages.writeMany(in, 2, 16, 16);
        Path chart = dir.resolve("chart.png");
        Path timeline = dir.resolve("timeline.png");

        LoomyProcess loomy = LoomyProcess.start(dir, NO_FONTCONFIG, List.of(), "--strategy=loop", "--no-write",
                "--chart=" + chart, "--timeline=" + timeline, in.toString());

        assertThat(loomy.process().waitFor(100, TimeUnit.SECONDS)).isTrue();
        assertThat(loomy.process().exitValue()).as(loomy.stderr()).isZero();
        assertThat(loomy.stderr()).doesNotContain("Fontconfig");
        BufferedImage bars = ImageIO.read(chart.toFile());
        assertThat(bars.getWidth()).isEqualTo(1200);
        assertThat(ImageIO.read(timeline.toFile()).getHeight()).isPositive();
    }

    @Test
    @Timeout(120)
    void aHostWhereChartsCannotDrawTextIsRefusedBeforeAnyImageIsProcessed() throws Exception {
        Path in = dir.resolve("in");
        TestImages.writeMany(in, 2, 16, 16);
        Path out = dir.resolve("out");

        // A font configuration the user named, and that does not exist: Java2D has no font at all.
        LoomyProcess loomy = LoomyProcess.start(dir, NO_FONTCONFIG, List.of("-Dsun.awt.fontconfig=" + dir.resolve("none")),
                "--strategy=loop", "-o", out.toString(), "--chart=" + dir.resolve("chart.png"), in.toString());

        assertThat(loomy.process().waitFor(100, TimeUnit.SECONDS)).isTrue();
        assertThat(loomy.process().exitValue()).as(loomy.stderr()).isEqualTo(ExitCodes.USAGE);
        assertThat(loomy.stderr().lines()).singleElement().asString()
                .startsWith("loomy: --chart=" + dir.resolve("chart.png") + ": charts cannot draw text here: ")
                .contains("apt-get install fontconfig fonts-dejavu-core");
        assertThat(out).doesNotExist();
        assertThat(dir.resolve("chart.png")).doesNotExist();
    }
}
