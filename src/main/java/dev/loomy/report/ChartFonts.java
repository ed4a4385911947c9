package dev.loomy.report;

import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import dev.loomy.imageio.OneWriter;
import dev.loomy.opencv.OpenCv;

/**
 * The font the charts are drawn with: DejaVu Sans, carried in loomy's jar.
 *
 * <p>On Linux, Java2D asks fontconfig which files its logical fonts (SansSerif, Dialog...) are;
 * without fontconfig (a bare container, say) it falls back on a {@code fontconfig.properties}
 * that the JDK does not ship, and the first text drawn fails with "Fontconfig head is null".
 * The system property {@code sun.awt.fontconfig} names such a file, read once, when Java2D
 * first loads fonts: loomy writes one that maps every logical font to the DejaVu Sans it
 * carries, so that a chart draws, and draws the same, on every host. A file the user named
 * in that property is kept.
 */
final class ChartFonts {

    static final String PROPERTY = "sun.awt.fontconfig";
    private static final String FOLDER = "/net/sf/jasperreports/fonts/dejavu/";
    private static final String REGULAR = "DejaVuSans.ttf";
    private static final String BOLD = "DejaVuSans-Bold.ttf";
    private static final String[] LOGICAL = {"serif", "sansserif", "monospaced", "dialog", "dialoginput"};
    /** Why text cannot be drawn, once found; "" when it can. */
    private static String problem;

    private ChartFonts() {
    }

    /**
     * Makes Java2D use the fonts loomy carries and draws a few letters, so that a host where
     * text cannot be drawn is found before any work, not after the run.
     *
     * @throws IllegalStateException saying, in one line, why text cannot be drawn and what to install
     */
    static synchronized void ready() {
        if (problem == null) {
            problem = prepare();
        }
        if (!problem.isEmpty()) {
            throw new IllegalStateException("charts cannot draw text here: " + problem + " (install fontconfig "
                    + "and a font, e.g. apt-get install fontconfig fonts-dejavu-core)");
        }
    }

    private static String prepare() {
        // Rendering needs no display; without this, a machine without one may refuse to draw.
        System.setProperty("java.awt.headless", "true");
        try {
            if (System.getProperty(PROPERTY) == null) {
                System.setProperty(PROPERTY, configuration().toString());
            }
            BufferedImage probe = new BufferedImage(8, 8, BufferedImage.TYPE_INT_RGB);
            Graphics2D g = probe.createGraphics();
            try {
                g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 12));
                g.drawString("0.9 images/sec", 0, 8);
            } finally {
                g.dispose();
            }
            return "";
        } catch (IOException | RuntimeException | Error e) {
            String message = e.getMessage() == null ? e.toString() : e.getMessage();
            return message.replaceAll("\\s*\\R\\s*", " ").strip();
        }
    }

    /**
     * Copies the fonts out of the jar (Java2D reads font files by path) and writes the configuration
     * naming them, into loomy's cache folder (beside OpenCV's library), through the one writer.
     */
    private static Path configuration() throws IOException {
        Path folder = OpenCv.cacheFolder().resolve("fonts");
        OneWriter files = OneWriter.noInputs();
        Path regular = copy(REGULAR, folder, files);
        Path bold = copy(BOLD, folder, files);
        List<String> lines = new ArrayList<>(List.of("version=1", "sequence.allfonts=latin-1"));
        for (String logical : LOGICAL) {
            lines.add(logical + ".plain.latin-1=DejaVu Sans");
            lines.add(logical + ".italic.latin-1=DejaVu Sans");
            lines.add(logical + ".bold.latin-1=DejaVu Sans Bold");
            lines.add(logical + ".bolditalic.latin-1=DejaVu Sans Bold");
        }
        lines.add("filename.DejaVu_Sans=" + regular);
        lines.add("filename.DejaVu_Sans_Bold=" + bold);
        Path file = folder.resolve("fontconfig.properties");
        byte[] text = (String.join("\n", lines) + "\n").getBytes(StandardCharsets.ISO_8859_1);
        if (!Files.isRegularFile(file) || !Arrays.equals(Files.readAllBytes(file), text)) {
            files.replace(file, text);
        }
        return file;
    }

    private static Path copy(String font, Path folder, OneWriter files) throws IOException {
        try (InputStream in = ChartFonts.class.getResourceAsStream(FOLDER + font)) {
            if (in == null) {
                throw new IOException("the font " + font + " is missing from loomy's class path");
            }
            byte[] bytes = in.readAllBytes();
            Path file = folder.resolve(font);
            if (!Files.isRegularFile(file) || Files.size(file) != bytes.length) {
                files.replace(file, bytes);
            }
            return file;
        }
    }
}
