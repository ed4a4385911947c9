package dev.loomy.gallery;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import com.samskivert.mustache.Mustache;
import com.samskivert.mustache.Template;

import dev.loomy.files.Names;

/**
 * The gallery's {@code index.html}, rendered from a Mustache template whose every value is
 * HTML-escaped: a file named {@code <b>&"'.jpg} shows as its name, never as markup. The
 * page is one file with its style inline: it opens from the file system, fetches nothing
 * from the network, and its images load lazily, as they scroll into view.
 */
public final class GalleryPage {

    /**
     * A column: the original's, or a filter's.
     *
     * @param name       its name, in the pieces between which a line may break ({@link Heads#filterName})
     * @param parameters its parameters, or a chain's steps
     */
    public record Column(List<String> name, List<Parameter> parameters, String time) {

        public boolean hasParameters() {
            return !parameters.isEmpty();
        }
    }

    /**
     * One parameter as a head shows it.
     *
     * @param text    {@code red=20}, or a chain's step
     * @param changes whether a sweep changes it from this filter's column to the next: it is marked
     */
    public record Parameter(String text, boolean changes) {
    }

    /**
     * One image in one column.
     *
     * @param full   the full-size file, as a URL relative to the page; empty when there is none
     * @param thumb  its thumbnail, likewise
     * @param reason why there is no image (the filter failed on it), or empty
     * @param time   its image's service time under its column's filter, or empty
     */
    public record Cell(String full, String thumb, int width, int height, String alt, String reason, String time) {

        Cell timed(String time) {
            return new Cell(full, thumb, width, height, alt, reason, time);
        }
    }

    /** One input image: its name in pieces ({@link Heads#fileName}) and a cell per column, the original's first. */
    public record Row(List<String> name, List<Cell> cells) {
    }

    /**
     * The whole page.
     *
     * @param caption  what the page shows, in one line
     * @param timing   how the times in the column heads were measured
     * @param width    about how wide the table is, in CSS pixels: narrower windows are told that it scrolls
     *                 sideways, where the browser cannot tell by itself
     */
    public record Page(String title, String caption, String timing, List<Column> columns, List<Row> rows, int width) {

        /** How many columns there are, the original's too. */
        public int count() {
            return columns.size();
        }
    }

    /** A column's width in CSS pixels, as the page's style sets it: the thumbnail's box, padding included. */
    static final int COLUMN_WIDTH = 196;
    /** The table's left margin (its right one makes no room to scroll into). */
    static final int MARGIN = 24;

    private static final Template TEMPLATE = compile();

    private GalleryPage() {
    }

    private static Template compile() {
        try (InputStream in = GalleryPage.class.getResourceAsStream("index.html.mustache");
             Reader reader = new InputStreamReader(in, StandardCharsets.UTF_8)) {
            // Absent values are empty strings, never nulls: a section on "" is skipped.
            return Mustache.compiler().escapeHTML(true).emptyStringIsFalse(true).compile(reader);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static String render(Page page) {
        return TEMPLATE.execute(page);
    }

    /**
     * {@code target} as a URL relative to {@code folder}: each name's bytes percent-encoded, so that
     * '#', '?', '%', ':' or a space in a file name stays part of the name, and a name that is not
     * UTF-8 links to its own file, not to the text it decodes to. The page's escaping then takes
     * care of '&' and quotes.
     */
    public static String url(Path folder, Path target) {
        Path relative = folder.toAbsolutePath().normalize().relativize(target.toAbsolutePath().normalize());
        List<String> parts = new ArrayList<>();
        for (Path name : relative) {
            parts.add(percentEncoded(Names.bytes(name)));
        }
        // "./" first: a first name such as "a:b.jpg" would otherwise read as a URL scheme.
        return "./" + String.join("/", parts);
    }

    /** {@code bytes} with every byte but letters, digits and {@code .-*_} as {@code %XX}, as URLEncoder does for UTF-8. */
    private static String percentEncoded(byte[] bytes) {
        StringBuilder encoded = new StringBuilder(bytes.length * 3);
        for (byte b : bytes) {
            int c = b & 0xFF;
            boolean plain = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '-'
                    || c == '*' || c == '_';
            encoded.append(plain ? String.valueOf((char) c) : String.format("%%%02X", c));
        }
        return encoded.toString();
    }
}
