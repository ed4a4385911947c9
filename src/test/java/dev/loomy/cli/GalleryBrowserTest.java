package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opencv.core.Mat;
import org.opencv.core.MatOfDouble;
import org.opencv.core.Core;
import org.opencv.imgcodecs.Imgcodecs;

import dev.loomy.Slow;
import dev.loomy.TestImages;
import dev.loomy.opencv.MatScope;
import dev.loomy.opencv.OpenCv;

/**
 * The gallery as a browser shows it: headless Chromium opens the page from the file system,
 * every image must load, and a screenshot must show the pictures. Runs in {@code ./run.sh test}
 * like any test (tagged so that it can be picked alone: {@code -Dgroups=browser}); without
 * Chromium it fails, saying how to install it.
 */
@Slow
@Tag("browser")
class GalleryBrowserTest {

    /** Marks the body, once every image has loaded or failed, with the counts and the broken ones' names. */
    private static final String CHECK = """
            <script>
            const images = [...document.images];
            images.forEach(i => { i.loading = 'eager'; });
            Promise.all(images.map(i => new Promise(done => {
              if (i.complete) { done(); } else { i.addEventListener('load', done); i.addEventListener('error', done); }
            }))).then(() => {
              const broken = images.filter(i => i.naturalWidth === 0);
              document.body.setAttribute('data-total', images.length);
              document.body.setAttribute('data-loaded', images.length - broken.length);
              document.body.setAttribute('data-broken', broken.map(i => i.getAttribute('src')).join(' '));
            });
            </script>
            """;
    private static final Pattern BODY = Pattern.compile(
            "<body data-total=\"(\\d+)\" data-loaded=\"(\\d+)\" data-broken=\"([^\"]*)\"");

    @TempDir
    Path dir;

    @Test
    void everyImageOfThePageLoadsFromTheFileSystem() throws Exception {
        Path in = GalleryCommandTest.inputs(dir.resolve("in"));
        TestImages.write(in.resolve(GalleryCommandTest.HOSTILE), 64, 48, 4);
        Path out = dir.resolve("gallery");
        Cli cli = Cli.run("gallery", "-q", "-f", "Gray,Cartoon2,Invert", "-o", out.toString(), in.toString());
        assertThat(cli.status()).as(cli.err()).isZero();
        int images = 4 * (1 + 3);

        Matcher loaded = loadedImages(out);
        assertThat(loaded.group(3)).as("images that did not load").isEmpty();
        assertThat(Integer.parseInt(loaded.group(1))).isEqualTo(images);
        assertThat(Integer.parseInt(loaded.group(2))).isEqualTo(images);

        // The same check sees an image that is missing.
        String thumb = GalleryCommandTest.attributes(Files.readString(out.resolve("index.html")), "src").get(5);
        Files.delete(GalleryCommandTest.resolve(out, thumb));
        Matcher missing = loadedImages(out);
        assertThat(Integer.parseInt(missing.group(2))).isEqualTo(images - 1);
        assertThat(missing.group(3)).isEqualTo(thumb);
    }

    @Test
    void aScreenshotOfThePageShowsThePictures() throws Exception {
        Path in = dir.resolve("in");
        assertThat(Cli.run("samples", "-q", "--count=3", "--size=320x240", in.toString()).status()).isZero();
        Path out = dir.resolve("gallery");
        assertThat(Cli.run("gallery", "-q", "-f", "Gotham,Canny,Cartoon2", "-o", out.toString(), in.toString())
                .status()).isZero();

        Path shot = screenshot(out, dir.resolve("shot.png"));
        // The same page with no thumbnail to show: its text, boxes and colours alone.
        for (String thumb : GalleryCommandTest.attributes(Files.readString(out.resolve("index.html")), "src")) {
            Files.delete(GalleryCommandTest.resolve(out, thumb));
        }
        Path empty = screenshot(out, dir.resolve("empty.png"));

        OpenCv.load();
        try (MatScope scope = new MatScope()) {
            Mat page = scope.add(Imgcodecs.imread(shot.toString()));
            Mat bare = scope.add(Imgcodecs.imread(empty.toString()));
            assertThat(page.cols()).isEqualTo(1280);
            assertThat(page.rows()).isEqualTo(800);
            int colours = colours(page);
            int bareColours = colours(bare);
            assertThat(colours).as("colours in the screenshot, against %d without the pictures", bareColours)
                    .isGreaterThan(20_000).isGreaterThan(5 * bareColours);
            assertThat(spread(page)).isGreaterThan(spread(bare) + 10);
        }
    }

    @Test
    void theHeadsStayInViewWhenThePageScrolls() throws Exception {
        Path in = dir.resolve("in");
        for (int i = 0; i < 8; i++) {
            TestImages.write(in.resolve("image" + i + ".png"), 64, 48, i);
        }
        Path out = dir.resolve("gallery");
        assertThat(Cli.run("gallery", "-q", "-o", out.toString(), in.toString()).status()).isZero();
        Path scrolled = out.resolve("scrolled.html");
        // Scrolled right and down, the filters' heads stay at the top and the originals at the left.
        Files.writeString(scrolled, Files.readString(out.resolve("index.html")).replace("</body>", """
                <script>
                window.scrollTo(1200, 600);
                requestAnimationFrame(() => {
                  const head = document.querySelector('thead th:nth-child(6)').getBoundingClientRect();
                  const original = document.querySelector('tbody tr:nth-child(6) th').getBoundingClientRect();
                  document.body.setAttribute('data-at', [scrollX, scrollY, Math.round(head.top),
                      Math.round(original.left)].join(' '));
                });
                </script>
                </body>"""));

        String dom = chromium("--window-size=1024,700", "--virtual-time-budget=5000", "--dump-dom",
                scrolled.toUri().toString());

        assertThat(dom).contains("<body data-at=\"1200 600 0 0\"");
    }

    /** Opens a copy of the page that marks its body once its images are done, and reads the marks. */
    private Matcher loadedImages(Path gallery) throws Exception {
        Path check = gallery.resolve("check.html");
        String html = Files.readString(gallery.resolve("index.html"));
        assertThat(html).contains("</body>");
        Files.writeString(check, html.replace("</body>", CHECK + "</body>"));
        String dom = chromium("--virtual-time-budget=30000", "--dump-dom", check.toUri().toString());
        Matcher matcher = BODY.matcher(dom);
        if (!matcher.find()) {
            fail("the page never marked its images as done; Chromium's DOM began: "
                    + dom.substring(0, Math.min(dom.length(), 400)));
        }
        return matcher;
    }

    private Path screenshot(Path gallery, Path png) throws Exception {
        chromium("--window-size=1280,800", "--hide-scrollbars", "--virtual-time-budget=10000",
                "--screenshot=" + png.toAbsolutePath(), gallery.resolve("index.html").toUri().toString());
        assertThat(png).isRegularFile();
        return png;
    }

    /** Runs headless Chromium with {@code args}; returns what it printed on standard output. */
    private String chromium(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(chromiumPath(), "--headless", "--no-sandbox", "--disable-gpu",
                "--no-first-run", "--disable-dev-shm-usage", "--user-data-dir=" + dir.resolve("profile")));
        command.addAll(List.of(args));
        Path log = dir.resolve("chromium.log");
        // Its output goes to a file, not a pipe read here: a read would wait as long as Chromium hangs.
        Path stdout = dir.resolve("chromium.out");
        Process process = new ProcessBuilder(command).redirectOutput(stdout.toFile()).redirectError(log.toFile()).start();
        if (!process.waitFor(120, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            fail("Chromium did not finish within 120 s: " + command);
        }
        assertThat(process.exitValue()).as("Chromium's exit status; its messages:%n%s", Files.readString(log))
                .isZero();
        return Files.readString(stdout, StandardCharsets.UTF_8);
    }

    /** Chromium from LOOMY_CHROMIUM, else the first of its usual names on the PATH. */
    static String chromiumPath() {
        String given = System.getenv("LOOMY_CHROMIUM");
        if (given != null && !given.isBlank()) {
            return given;
        }
        for (String name : List.of("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")) {
            for (String folder : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
                Path candidate = Path.of(folder.isEmpty() ? "." : folder, name);
                if (Files.isExecutable(candidate)) {
                    return candidate.toString();
                }
            }
        }
        return fail("this test needs headless Chromium, and none was found (chromium, chromium-browser or "
                + "google-chrome on the PATH, or LOOMY_CHROMIUM): on Debian, apt-get install chromium");
    }

    private static int colours(Mat bgr) {
        byte[] pixels = new byte[(int) (bgr.total() * bgr.channels())];
        bgr.get(0, 0, pixels);
        Set<Integer> seen = new HashSet<>();
        for (int i = 0; i < pixels.length; i += 3) {
            seen.add((pixels[i] & 0xFF) << 16 | (pixels[i + 1] & 0xFF) << 8 | pixels[i + 2] & 0xFF);
        }
        return seen.size();
    }

    /** The standard deviation of the pixels' values, all channels together. */
    private static double spread(Mat bgr) {
        try (MatScope scope = new MatScope()) {
            Mat flat = scope.add(bgr.reshape(1));
            MatOfDouble mean = scope.add(new MatOfDouble());
            MatOfDouble deviation = scope.add(new MatOfDouble());
            Core.meanStdDev(flat, mean, deviation);
            return deviation.get(0, 0)[0];
        }
    }
}
