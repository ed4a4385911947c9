package dev.loomy.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The repository's own text, read from the folder the tests run in (Maven's base directory): its
 * documents, its sources and scripts, the headings a link may point at, and the results blocks that
 * {@code bench/tables.sh} copies from {@code bench/results/} into the documents.
 */
final class RepositoryDocs {

    static final Path ROOT = Path.of("").toAbsolutePath();
    /** What the repository holds besides build output and scratch folders. */
    private static final List<String> TRACKED = List.of("README.md", "docs", "src", "bench", "scripts", ".ci",
            "run.sh", "pom.xml", "filters.yaml");
    private static final Pattern BLOCK = Pattern.compile("^<!-- (/?)results:([A-Za-z0-9-]+) -->$");
    private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.*?)\\s*#*\\s*$");

    private RepositoryDocs() {
    }

    /** README.md and every document of docs/. */
    static List<Path> documents() {
        List<Path> documents = new ArrayList<>(List.of(ROOT.resolve("README.md")));
        documents.addAll(filesUnder(ROOT.resolve("docs"), ".md"));
        return documents;
    }

    /** The generated results files of bench/results. */
    static List<Path> generated() {
        return filesUnder(ROOT.resolve("bench/results"), ".md");
    }

    /** Every text file of the repository (a file with a NUL byte is taken for binary and left out). */
    static List<Path> textFiles() {
        List<Path> files = new ArrayList<>();
        for (String name : TRACKED) {
            Path path = ROOT.resolve(name);
            if (Files.isRegularFile(path)) {
                files.add(path);
            } else if (Files.isDirectory(path)) {
                files.addAll(filesUnder(path, ""));
            }
        }
        return files.stream().filter(RepositoryDocs::isText).toList();
    }

    static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String relative(Path file) {
        return ROOT.relativize(file).toString();
    }

    /**
     * The results blocks of {@code text} by name, each its lines between the markers.
     *
     * @throws IllegalArgumentException for a block that is not closed, closed by another name, or twice
     */
    static Map<String, String> blocks(String text, String where) {
        Map<String, String> blocks = new LinkedHashMap<>();
        String open = null;
        StringBuilder lines = new StringBuilder();
        int number = 0;
        for (String line : text.split("\n", -1)) {
            number++;
            Matcher marker = BLOCK.matcher(line);
            if (!marker.matches()) {
                if (open != null) {
                    lines.append(line).append('\n');
                }
                continue;
            }
            boolean closing = !marker.group(1).isEmpty();
            String name = marker.group(2);
            if (closing != (open != null) || (closing && !name.equals(open))) {
                throw new IllegalArgumentException(where + ":" + number + ": results:" + name
                        + (closing ? " closes a block that is not open" : " opens inside block " + open));
            }
            if (closing) {
                if (blocks.put(open, lines.toString()) != null) {
                    throw new IllegalArgumentException(where + ": block " + open + " twice");
                }
                open = null;
            } else {
                open = name;
                lines.setLength(0);
            }
        }
        if (open != null) {
            throw new IllegalArgumentException(where + ": block " + open + " is not closed");
        }
        return blocks;
    }

    /** The anchors a link may name in a Markdown file: its headings, as GitHub makes them. */
    static Set<String> anchors(Path markdown) {
        Set<String> anchors = new HashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        for (String line : withoutCode(read(markdown)).split("\n")) {
            Matcher heading = HEADING.matcher(line);
            if (heading.matches()) {
                String slug = heading.group(1).toLowerCase(Locale.ROOT)
                        .replaceAll("[^\\p{L}\\p{M}\\p{N}\\p{Pc} -]", "").replace(' ', '-');
                int times = seen.merge(slug, 1, Integer::sum);
                anchors.add(times == 1 ? slug : slug + "-" + (times - 1));
            }
        }
        return anchors;
    }

    /** Markdown without its fenced code blocks and inline code, which hold examples, not links or headings. */
    static String withoutCode(String markdown) {
        StringBuilder kept = new StringBuilder();
        boolean fenced = false;
        for (String line : markdown.split("\n", -1)) {
            if (line.stripLeading().startsWith("```")) {
                fenced = !fenced;
                kept.append('\n');
                continue;
            }
            kept.append(fenced ? "" : line.replaceAll("`[^`]*`", "``")).append('\n');
        }
        return kept.toString();
    }

    private static List<Path> filesUnder(Path folder, String suffix) {
        if (!Files.isDirectory(folder)) {
            return List.of();
        }
        try (Stream<Path> walk = Files.walk(folder)) {
            return walk.filter(Files::isRegularFile).filter(p -> p.getFileName().toString().endsWith(suffix))
                    .sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean isText(Path file) {
        try (var in = Files.newInputStream(file)) {
            byte[] head = in.readNBytes(8192);
            for (byte b : head) {
                if (b == 0) {
                    return false;
                }
            }
            return true;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
