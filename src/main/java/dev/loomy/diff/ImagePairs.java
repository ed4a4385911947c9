package dev.loomy.diff;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;

import dev.loomy.files.ImageFile;
import dev.loomy.files.InputProblem;
import dev.loomy.files.InputWalker;
import dev.loomy.files.Names;

/**
 * The images to compare: two files, or two folders whose images are matched by relative
 * path (found by the same walk as the main command's inputs: same extensions, hidden
 * files skipped).
 */
public final class ImagePairs {

    /**
     * One image name and where it is, or would be, on each side.
     *
     * @param name the relative path (the first file's name when two files are compared)
     * @param inA  whether {@code a} exists; when not, only B has the image
     * @param inB  whether {@code b} exists; when not, only A has the image
     */
    public record Pair(String name, Path a, Path b, boolean inA, boolean inB) {
    }

    private ImagePairs() {
    }

    /**
     * The pairs for {@code a} and {@code b}, sorted by name.
     *
     * @param problems receives a line per folder or link under them that could not be walked
     * @param notes    receives a line per input that repeats another's images
     *
     * @throws InputProblem when a path is missing, is not an image, or one is a file and the other a folder
     */
    public static List<Pair> of(Path a, Path b, Consumer<String> problems, Consumer<String> notes)
            throws InputProblem {
        InputWalker walker = new InputWalker(problems, notes);
        List<ImageFile> imagesA = walker.walk(List.of(a));
        List<ImageFile> imagesB = walker.walk(List.of(b));
        boolean folderA = Files.isDirectory(a);
        if (folderA != Files.isDirectory(b)) {
            throw new InputProblem("cannot compare a " + (folderA ? "folder" : "file") + " with a "
                    + (folderA ? "file" : "folder") + ": " + a + " and " + b + " (give two images or two folders)");
        }
        if (!folderA) {
            return List.of(new Pair(name(a.getFileName()), a, b, true, true));
        }
        // Matched by relative path, not by its text: names that are not UTF-8 (caf\xE9.png, caf\xE8.png) are
        // distinct paths whose text is the same.
        Map<Path, ImageFile> byPathA = byRelative(imagesA);
        Map<Path, ImageFile> byPathB = byRelative(imagesB);
        Set<Path> relatives = new TreeSet<>(byPathA.keySet());
        relatives.addAll(byPathB.keySet());
        List<Pair> pairs = new ArrayList<>(relatives.size());
        for (Path relative : relatives) {
            ImageFile inA = byPathA.get(relative);
            ImageFile inB = byPathB.get(relative);
            // The missing side is named by where the image would be, for the error line.
            Path pathA = inA != null ? inA.path() : a.resolve(inB.relative());
            Path pathB = inB != null ? inB.path() : b.resolve(inA.relative());
            pairs.add(new Pair(name(relative), pathA, pathB, inA != null, inB != null));
        }
        return pairs;
    }

    private static Map<Path, ImageFile> byRelative(List<ImageFile> images) {
        Map<Path, ImageFile> byRelative = new HashMap<>();
        images.forEach(image -> byRelative.put(image.relative(), image));
        return byRelative;
    }

    /**
     * The relative path with forward slashes, the same on every system, its bytes escaped where
     * they are not UTF-8: two such names stay two, in the report and as heatmaps' names.
     */
    private static String name(Path relative) {
        return File.separatorChar == '/' ? Names.shown(relative) : relative.toString().replace('\\', '/');
    }
}
