package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opencv.core.Core;
import org.opencv.core.CvType;
import org.opencv.core.Mat;
import org.opencv.core.Scalar;
import org.opencv.imgcodecs.Imgcodecs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.loomy.Slow;
import dev.loomy.TestImages;
import dev.loomy.filter.Canny;
import dev.loomy.filter.Chain;
import dev.loomy.filter.Filter;
import dev.loomy.filter.Gray;
import dev.loomy.filter.Vignetting;
import dev.loomy.opencv.OpenCv;
import dev.loomy.run.ExitCodes;

/** A chain defined in a filters file runs by its name through the main command, end to end. */
class ChainRunTest {

    @TempDir
    Path dir;

    @Test
    void aChainFromTheFileRunsByNameAndWritesTheImage() throws Exception {
        OpenCv.load();
        Path input = Files.createDirectory(dir.resolve("in"));
        Path image = input.resolve("tiny.png");
        Mat pixels = new Mat(6, 8, CvType.CV_8UC3, new Scalar(10, 120, 240));
        try {
            pixels.put(2, 3, 1, 2, 3);
            assertThat(Imgcodecs.imwrite(image.toString(), pixels)).isTrue();
        } finally {
            pixels.release();
        }
        Path config = Files.writeString(dir.resolve("mine.yaml"), """
                filters:
                  Nothing: {kind: NoOp}
                  Twice: {chain: [nothing, NoOp, Nothing]}
                """);
        Path out = dir.resolve("out");

        Cli run = Cli.run("--config=" + config, "--filter=twice",
                "--strategy=loop", "--format=csv", "--quiet", "-o", out.toString(), input.toString());

        assertThat(run.err()).isEmpty();
        assertThat(run.status()).isEqualTo(ExitCodes.OK);
        String[] csv = run.out().split("\n");
        assertThat(csv).hasSize(2);
        assertThat(csv[1]).startsWith("loop,Twice,1,0,");
        Path written = out.resolve("tiny.png");
        assertThat(written).exists();
        Mat before = Imgcodecs.imread(image.toString());
        Mat after = Imgcodecs.imread(written.toString());
        Mat diff = new Mat();
        try {
            assertThat(after.size()).isEqualTo(before.size());
            Core.absdiff(before, after, diff);
            assertThat(Core.countNonZero(diff.reshape(1))).isZero();
        } finally {
            before.release();
            after.release();
            diff.release();
        }
    }
    @Test
    void jsonNamesTheFiltersFileTheFiltersCameFrom() throws Exception {
        Path input = Files.createDirectory(dir.resolve("in"));
        TestImages.write(input.resolve("a.png"), 8, 6, 1);
        Path config = Files.writeString(dir.resolve("mine.yaml"), "filters:\n  Nothing: {kind: NoOp}\n");

        Cli mine = Cli.run("--config=" + config, "-f", "Nothing", "-s", "loop", "--no-write", "--format=json", "--quiet",
                input.toString());

        assertThat(mine.status()).as(mine.err()).isZero();
        assertThat(new ObjectMapper().readTree(mine.out()).at("/options/config").asText()).isEqualTo(config.toString());
        assertThat(new ObjectMapper().readTree(mine.out()).at("/options/spark-conf").isNull()).isTrue();
    }

    /** Catalogue filters by name, with parameters and in a chain, through the main command: gray ones write 1 channel. */
    @Test
    void catalogueFiltersRunByNameWithParametersAndInChains() throws Exception {
        Path input = Files.createDirectory(dir.resolve("in"));
        TestImages.write(input.resolve("photo.png"), 90, 70, 5);
        Path config = Files.writeString(dir.resolve("mine.yaml"), """
                filters:
                  Edges: {kind: Canny, threshold1: 40, inverted: false}
                  Look: {chain: [Gray, Edges, Vignetting]}
                """);
        Path out = dir.resolve("out");

        Cli run = Cli.run("--config=" + config, "--filter=Look,Gray,sobelo",
                "--strategy=loop", "--no-fork", "--format=csv", "--quiet", "-o", out.toString(), input.toString());

        assertThat(run.err()).isEmpty();
        assertThat(run.status()).isEqualTo(ExitCodes.OK);
        Mat photo = Imgcodecs.imread(input.resolve("photo.png").toString());
        Mat look = Imgcodecs.imread(out.resolve("Look/loop/photo.png").toString(), Imgcodecs.IMREAD_UNCHANGED);
        Mat gray = Imgcodecs.imread(out.resolve("Gray/loop/photo.png").toString(), Imgcodecs.IMREAD_UNCHANGED);
        Mat sobelo = Imgcodecs.imread(out.resolve("Sobelo/loop/photo.png").toString(), Imgcodecs.IMREAD_UNCHANGED);
        Filter chain = new Chain("Look", List.of(new Gray(), new Canny("Edges", 40, 200, false), new Vignetting()));
        Mat expected = chain.apply(photo);
        Mat diff = new Mat();
        try {
            assertThat(gray.channels()).isEqualTo(1);
            assertThat(sobelo.channels()).isEqualTo(1);
            assertThat(look.channels()).isEqualTo(3);
            Core.absdiff(look, expected, diff);
            assertThat(Core.countNonZero(diff.reshape(1))).isZero();
            // White edges on black, then the disc: some pixels lit, not all.
            assertThat(Core.countNonZero(look.reshape(1))).isPositive().isLessThan((int) look.total());
        } finally {
            List.of(photo, look, gray, sobelo, expected, diff).forEach(Mat::release);
        }
    }

    /**
     * Catalogue filters measured in child JVMs (the default with several strategies): each child
     * rebuilds the filter from the run's JSON, Canny's flag included, and writes what this JVM makes.
     */
    @Slow
    @Test
    void catalogueFiltersRunForkedAsTheyRunHere() throws Exception {
        OpenCv.load();
        Path input = Files.createDirectory(dir.resolve("in"));
        TestImages.write(input.resolve("photo.png"), 90, 70, 7);
        Path config = Files.writeString(dir.resolve("mine.yaml"), """
                filters:
                  Edges: {kind: Canny, threshold1: 40, inverted: false}
                """);
        Path out = dir.resolve("out");

        Cli run = Cli.run("--config=" + config, "-s", "loop,virtual",
                "-f", "Canny,Gray,Edges", "--format=json", "--quiet", "-o", out.toString(), input.toString());

        assertThat(run.status()).as(run.err()).isEqualTo(ExitCodes.OK);
        JsonNode root = new ObjectMapper().readTree(run.out());
        assertThat(root.get("forked").asBoolean()).isTrue();
        assertThat(root.get("results")).hasSize(6).allSatisfy(row -> assertThat(row.get("outcome").asText()).isEqualTo("ok"));
        Mat photo = Imgcodecs.imread(input.resolve("photo.png").toString());
        for (Filter filter : List.of(new Canny(), new Gray(), new Canny("Edges", 40, 200, false))) {
            Mat expected = filter.apply(photo);
            try {
                for (String strategy : List.of("loop", "virtual")) {
                    Path written = out.resolve(filter.name() + "/" + strategy + "/photo.png");
                    Mat got = Imgcodecs.imread(written.toString(), Imgcodecs.IMREAD_UNCHANGED);
                    Mat diff = new Mat();
                    try {
                        assertThat(got.size()).as(written.toString()).isEqualTo(expected.size());
                        Core.absdiff(got, expected, diff);
                        assertThat(Core.countNonZero(diff.reshape(1))).as(written.toString()).isZero();
                    } finally {
                        got.release();
                        diff.release();
                    }
                }
            } finally {
                expected.release();
            }
        }
        photo.release();
    }
}
