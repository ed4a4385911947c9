package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Base64;
import java.util.List;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opencv.core.Core;
import org.opencv.core.Mat;
import org.opencv.core.MatOfByte;
import org.opencv.imgcodecs.Imgcodecs;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

import dev.loomy.Slow;
import dev.loomy.opencv.MatScope;
import dev.loomy.opencv.OpenCv;

/**
 * tune's page in headless Chromium, driven as a user drives it (chromedriver, through Selenium):
 * pick an image, move a Cartoon2 slider with the keyboard; the preview shown must be what the
 * main command writes for that value, and the filters.yaml box's entry, put in a filters file,
 * must give the same pixels through the main command. The page is opened at the address printed,
 * with its token, as a user opens it: its own requests must then be answered. Without Chromium and
 * chromedriver it fails.
 * With {@code -Dloomy.tune.screenshot=FILE} the page's screenshot is also copied to FILE.
 */
@Slow
@Tag("browser")
class TuneBrowserTest {

    /** The image shown, as the page's data: URL of its bytes, once it has loaded. */
    private static final String SHOWN_BYTES = """
            const done = arguments[arguments.length - 1];
            fetch(document.getElementById('filtered').src).then(r => r.arrayBuffer()).then(b => {
              let s = ''; new Uint8Array(b).forEach(x => { s += String.fromCharCode(x); }); done(btoa(s));
            }).catch(e => done('failed: ' + e));
            """;

    @TempDir
    Path dir;

    @Test
    void aMovedSliderShowsWhatTheMainCommandWritesAndTheYamlEntryGivesTheSame() throws Exception {
        Path in = dir.resolve("in");
        assertThat(Cli.run("samples", "-q", "--count=4", in.toString()).status()).isZero();
        Files.createDirectories(dir.resolve("run"));
        LoomyProcess tune = LoomyProcess.start(dir.resolve("run"), List.of(), "tune", "-f", "Cartoon2", in.toString());
        ChromeDriver browser = null;
        try {
            URI address = TuneCommandTest.address(tune);
            assertThat(address.getRawQuery()).as("this run's token").matches("token=[0-9a-f]{64}");
            browser = browser();
            WebDriverWait wait = new WebDriverWait(browser, Duration.ofSeconds(30));
            browser.get(address.toString());
            wait.until(b -> b.findElements(By.cssSelector("#strip .thumb")).size() == 4);
            wait.until(b -> "1".equals(body(b).getDomAttribute("data-shown")));

            // Pick the second image, then move red down from 80 to 60 (75 gives the same picture).
            browser.findElements(By.cssSelector("#strip .thumb")).get(1).click();
            wait.until(b -> "2".equals(body(b).getDomAttribute("data-shown")));
            String name = browser.findElement(By.id("image-name")).getText().split(" ")[0];
            byte[] before = shown(browser);
            WebElement red = browser.findElement(By.id("p-red"));
            // Twenty key presses, twenty previews asked for (sequences 3 to 22) while the first are under way.
            for (int i = 0; i < 20; i++) {
                red.sendKeys(Keys.ARROW_LEFT);
            }
            wait.until(b -> "22".equals(body(b).getDomAttribute("data-shown")));
            assertThat(browser.findElement(By.cssSelector("input[aria-label=red]")).getDomProperty("value"))
                    .isEqualTo("60");
            byte[] after = shown(browser);
            String yaml = browser.findElement(By.id("yaml")).getDomProperty("value");
            assertThat(browser.findElement(By.id("time")).getText()).matches("filter \\d+\\.\\d ms, shown \\d+ ms.*");
            screenshot(browser);

            assertThat(after).as("the preview changed").isNotEqualTo(before);
            Path out = dir.resolve("out");
            Cli cli = Cli.run("-f", "Cartoon2", "--param=red=60", "--image-format=png", "-o", out.toString(),
                    in.resolve(name).toString());
            assertThat(cli.status()).as(cli.err()).isZero();
            Path written = out.resolve(name.replaceAll("\\.[a-z]+$", ".png"));
            assertSamePixels(after, Files.readAllBytes(written));

            assertThat(yaml).isEqualTo("filters:\n  Cartoon2: {kind: Cartoon2, red: 60, green: 15, blue: 10}\n");
            Path config = Files.writeString(dir.resolve("filters.yaml"), yaml);
            Path fromYaml = dir.resolve("yaml-out");
            cli = Cli.run("-f", "Cartoon2", "--config=" + config, "--image-format=png", "-o", fromYaml.toString(),
                    in.resolve(name).toString());
            assertThat(cli.status()).as(cli.err()).isZero();
            assertSamePixels(after, Files.readAllBytes(fromYaml.resolve(written.getFileName())));
        } finally {
            if (browser != null) {
                browser.quit();
            }
            tune.process().destroyForcibly();
        }
    }

    private static WebElement body(org.openqa.selenium.WebDriver browser) {
        return browser.findElement(By.tagName("body"));
    }

    private static byte[] shown(ChromeDriver browser) {
        String shown = (String) ((JavascriptExecutor) browser).executeAsyncScript(SHOWN_BYTES);
        assertThat(shown).as("the shown image's bytes").doesNotStartWith("failed");
        return Base64.getDecoder().decode(shown);
    }

    private static void assertSamePixels(byte[] shown, byte[] written) {
        OpenCv.load();
        try (MatScope scope = new MatScope()) {
            Mat a = scope.add(Imgcodecs.imdecode(scope.add(new MatOfByte(shown)), Imgcodecs.IMREAD_UNCHANGED));
            Mat b = scope.add(Imgcodecs.imdecode(scope.add(new MatOfByte(written)), Imgcodecs.IMREAD_UNCHANGED));
            assertThat(a.size()).isEqualTo(b.size());
            assertThat(a.type()).isEqualTo(b.type());
            assertThat(Core.norm(a, b, Core.NORM_INF)).as("the largest difference of a pixel's value").isZero();
        }
    }

    private void screenshot(ChromeDriver browser) throws Exception {
        File shot = browser.getScreenshotAs(OutputType.FILE);
        Path kept = Files.copy(shot.toPath(), dir.resolve("tune.png"));
        assertThat(Files.size(kept)).isGreaterThan(10_000);
        String wanted = System.getProperty("loomy.tune.screenshot");
        if (wanted != null && !wanted.isBlank()) {
            Files.copy(kept, Path.of(wanted), StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** Headless Chromium through the system's chromedriver (no driver downloaded). */
    private static ChromeDriver browser() {
        ChromeOptions options = new ChromeOptions();
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1400,900",
                "--hide-scrollbars");
        String chromium = System.getenv("LOOMY_CHROMIUM");
        options.setBinary(chromium != null ? chromium : "/usr/bin/chromium");
        String driver = System.getenv().getOrDefault("LOOMY_CHROMEDRIVER", "/usr/bin/chromedriver");
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(new File(driver))
                .usingAnyFreePort().build();
        return new ChromeDriver(service, options);
    }
}
