package dev.loomy.testing;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.loomy.TestImages;

/** Images to make a gallery of, and the reading of the gallery's page as tests check it. */
public final class Galleries {

    /** A name that is markup, an entity, both quotes and URL syntax, all at once. */
    public static final String HOSTILE = "a <b> & \"c\" 'd' #1%?.png";

    private Galleries() {
    }

    /** Three small images, one of them portrait, in {@code folder}. */
    public static Path inputs(Path folder) {
        TestImages.write(folder.resolve("one.png"), 96, 64, 1);
        TestImages.write(folder.resolve("two.jpg"), 64, 96, 2);
        TestImages.write(folder.resolve("sub/three.png"), 80, 80, 3);
        return folder;
    }

    /** The text of each column head's name (without the places where it may break). */
    public static List<String> heads(String html) {
        return groups(html.replace("<wbr>", ""), "<span class=\"name\">([^<]*)</span>");
    }

    /** Every value of {@code attribute} on the page, as written (escaped). */
    public static List<String> attributes(String html, String attribute) {
        return groups(html, " " + attribute + "=\"([^\"]*)\"");
    }

    /** The file a URL of the page names, relative to {@code folder}: entities and percent-escapes undone. */
    public static Path resolve(Path folder, String url) {
        String unescaped = url.replace("&quot;", "\"").replace("&#39;", "'").replace("&lt;", "<").replace("&gt;", ">")
                .replace("&amp;", "&");
        return folder.resolve(URLDecoder.decode(unescaped.replace("+", "%2B"), StandardCharsets.UTF_8));
    }

    /** The first group of each match of {@code regex} on the page, in order. */
    public static List<String> groups(String html, String regex) {
        List<String> found = new ArrayList<>();
        Matcher matcher = Pattern.compile(regex).matcher(html);
        while (matcher.find()) {
            found.add(matcher.group(1));
        }
        return found;
    }
}
