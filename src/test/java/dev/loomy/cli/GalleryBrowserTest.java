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
import dev.loomy.testing.Galleries;

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
        Path in = Galleries.inputs(dir.resolve("in"));
        TestImages.write(in.resolve(Galleries.HOSTILE), 64, 48, 4);
        Path out = dir.resolve("gallery");
        Cli cli = Cli.run("gallery", "-q", "-f", "Gray,Cartoon2,Invert", "-o", out.toString(), in.toString());
        assertThat(cli.status()).as(cli.err()).isZero();
        int images = 4 * (1 + 3);

        Matcher loaded = loadedImages(out);
        assertThat(loaded.group(3)).as("images that did not load").isEmpty();
        assertThat(Integer.parseInt(loaded.group(1))).isEqualTo(images);
        assertThat(Integer.parseInt(loaded.group(2))).isEqualTo(images);

        // The same check sees an image that is missing.
        String thumb = Galleries.attributes(Files.readString(out.resolve("index.html")), "src").get(5);
        Files.delete(Galleries.resolve(out, thumb));
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
        for (String thumb : Galleries.attributes(Files.readString(out.resolve("index.html")), "src")) {
            Files.delete(Galleries.resolve(out, thumb));
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

    @Test
    void aNoteAtTheRightEdgeSaysThatColumnsAreOffToTheRightUntilTheLastIsInView() throws Exception {
        Path in = dir.resolve("in");
        TestImages.write(in.resolve("one.png"), 64, 48, 1);
        TestImages.write(in.resolve("two.png"), 48, 64, 2);
        Path wide = dir.resolve("wide");
        assertThat(Cli.run("gallery", "-q", "-o", wide.toString(), in.toString()).status()).isZero();
        Path narrow = dir.resolve("narrow");
        assertThat(Cli.run("gallery", "-q", "-f", "Gray,Invert", "-o", narrow.toString(), in.toString()).status())
                .isZero();
        // The note's display and how many heads end within the window: at first, then scrolled to the end.
        String script = """
                const more = document.querySelector('.more');
                const heads = [...document.querySelectorAll('thead th')];
                const inView = () => heads.filter(h => h.getBoundingClientRect().right <= innerWidth).length;
                const first = [getComputedStyle(more).display, inView()];
                scrollTo(document.documentElement.scrollWidth, 0);
                later(() => mark([...first, getComputedStyle(more).display, inView(), heads.length].join(' ')));
                """;

        String[] many = probe(wide, "--window-size=1400,900", script).split(" ");
        assertThat(many[0]).as("the note, at first").isEqualTo("flex");
        assertThat(Integer.parseInt(many[1])).as("heads in view at first").isLessThan(Integer.parseInt(many[4]));
        assertThat(many[2]).as("the note, with the last column in view").isEqualTo("none");
        assertThat(many[3]).as("heads that end within the window, at the end").isEqualTo(many[4]);
        assertThat(probe(narrow, "--window-size=1400,900", script)).isEqualTo("none 3 none 3 3");
    }

    @Test
    void aNameBreaksBetweenTwoLinesOnlyBetweenWords() throws Exception {
        Path in = dir.resolve("in");
        TestImages.write(in.resolve("one.png"), 64, 48, 1);
        Path out = dir.resolve("gallery");
        assertThat(Cli.run("gallery", "-q", "-f", "GammaCorrection,Cartoon2", "--param=gamma=0.5,2.25",
                "--param=red=20,200", "--param=green=4,15", "-o", out.toString(), in.toString()).status()).isZero();
        // How many names take more than a line; each piece of text between two places to break that lies on two.
        String script = """
                const lines = node => { const range = document.createRange(); range.selectNodeContents(node);
                  return new Set([...range.getClientRects()].map(r => Math.round(r.top))).size; };
                const names = [...document.querySelectorAll('.name')];
                const cut = names.flatMap(n => [...n.childNodes]).filter(n => n.nodeType === Node.TEXT_NODE)
                  .filter(n => lines(n) > 1).map(n => n.textContent);
                mark(names.filter(n => lines(n) > 1).length + '|' + cut.join(' '));
                """;

        String[] marks = probe(out, "--window-size=1400,900", script).split("\\|", -1);

        assertThat(Integer.parseInt(marks[0])).as("names on two lines or more").isGreaterThanOrEqualTo(4);
        assertThat(marks[1]).as("pieces cut in two").isEmpty();
    }

    /**
     * Runs {@code script} in a copy of the page, in a window of {@code size}, once it has been laid out
     * for two frames; the script calls {@code mark(text)} with what it found, and {@code later(then)} to
     * let the page follow a change (a scroll) first. Returns the text.
     */
    private String probe(Path gallery, String size, String script) throws Exception {
        Path copy = gallery.resolve("probe.html");
        Files.writeString(copy, Files.readString(gallery.resolve("index.html")).replace("</body>", """
                <script>
                const frames = (n, then) => n === 0 ? then() : requestAnimationFrame(() => frames(n - 1, then));
                const mark = text => document.body.setAttribute('data-probe', text);
                const later = then => setTimeout(then, 200);
                frames(2, () => {
                %s
                });
                </script>
                </body>""".formatted(script)));
        Pattern probe = Pattern.compile("<body data-probe=\"([^\"]*)\"");
        String dom = dumpedDom(probe, size, "--virtual-time-budget=30000", "--dump-dom", copy.toUri().toString());
        Matcher marked = probe.matcher(dom);
        if (!marked.find()) {
            fail("the page was never marked; Chromium's DOM began: " + dom.substring(0, Math.min(dom.length(), 400)));
        }
        return marked.group(1);
    }

    /** Opens a copy of the page that marks its body once its images are done, and reads the marks. */
    private Matcher loadedImages(Path gallery) throws Exception {
        Path check = gallery.resolve("check.html");
        String html = Files.readString(gallery.resolve("index.html"));
        assertThat(html).contains("</body>");
        Files.writeString(check, html.replace("</body>", CHECK + "</body>"));
        String dom = dumpedDom(BODY, "--virtual-time-budget=30000", "--dump-dom", check.toUri().toString());
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
    /**
     * The DOM Chromium dumps with {@code args}, once it holds {@code marked}: on a loaded machine a
     * headless Chromium now and then dumps the page before its scripts ran, so up to three tries.
     */
    private String dumpedDom(Pattern marked, String... args) throws IOException, InterruptedException {
        String dom = chromium(args);
        for (int attempt = 1; attempt < 3 && !marked.matcher(dom).find(); attempt++) {
            dom = chromium(args);
        }
        return dom;
    }

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
