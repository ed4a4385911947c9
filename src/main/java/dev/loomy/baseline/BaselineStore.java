package dev.loomy.baseline;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import dev.loomy.files.Targets;

/**
 * Where named baselines live: {@code $LOOMY_HOME/baselines/NAME.json}, {@code LOOMY_HOME}
 * defaulting to {@code ~/.loomy}. A {@code --baseline} ending in {@code .json} is a file path
 * instead, so that results kept anywhere (a report, a CI artefact) can be compared with.
 */
public final class BaselineStore {

    /** Names are file names in one folder: no separators, nothing hidden. */
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,99}");

    private final Path folder;

    public BaselineStore(Path home) {
        this.folder = home.resolve("baselines");
    }

    /** The store under {@code LOOMY_HOME}, or {@code ~/.loomy} when that is not set. */
    public static BaselineStore fromEnvironment() {
        String home = System.getenv("LOOMY_HOME");
        return new BaselineStore(home != null && !home.isBlank() ? Path.of(home)
                : Path.of(System.getProperty("user.home"), ".loomy"));
    }

    public Path folder() {
        return folder;
    }

    /**
     * Where {@code --save-baseline=name} writes; refuses a name that is not a plain file name, and a
     * folder that could not be made or written. Nothing is made yet: the run's writer makes the
     * folder when it saves, once the path has been checked against the inputs.
     */
    public Path forSaving(String name) throws BaselineException {
        if (name.toLowerCase(Locale.ROOT).endsWith(".json")) {
            // Saved as NAME.json.json, and --baseline=NAME.json would look for a file by that path.
            String stem = name.substring(0, name.length() - ".json".length());
            throw new BaselineException("--save-baseline=" + name + ": a name, without .json (--save-baseline=" + stem
                    + " saves " + folder.resolve(stem + ".json") + ", and --baseline=" + stem + " reads it back)");
        }
        Path file = named(name);
        Path existing = folder.toAbsolutePath();
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing == null || !Files.isDirectory(existing)) {
            throw new BaselineException("--save-baseline=" + name + ": cannot make " + folder + ": "
                    + (existing == null ? "no part of it exists" : existing + " is not a folder"));
        }
        if (!Files.isWritable(existing)) {
            throw new BaselineException("--save-baseline=" + name + ": folder " + existing + " is not writable");
        }
        String problem = Targets.problem(file);
        if (problem != null) {
            throw new BaselineException("--save-baseline=" + name + ": " + file + ": " + problem + ": " + Targets.ONLY_REGULAR);
        }
        return file;
    }

    /** The file {@code --baseline=nameOrFile} means: a path when it ends in .json, else a saved name that must exist. */
    public Path forReading(String nameOrFile) throws BaselineException {
        if (nameOrFile.toLowerCase(Locale.ROOT).endsWith(".json")) {
            Path file = Path.of(nameOrFile);
            if (!Files.isRegularFile(file)) {
                throw new BaselineException("--baseline=" + nameOrFile + ": no such file");
            }
            return file;
        }
        Path file = named(nameOrFile);
        if (!Files.isRegularFile(file)) {
            throw new BaselineException("--baseline=" + nameOrFile + ": no baseline of that name in " + folder
                    + " (saved: " + saved() + ")");
        }
        return file;
    }

    private Path named(String name) throws BaselineException {
        if (!NAME.matcher(name).matches()) {
            throw new BaselineException("baseline name '" + name + "': letters, digits, '.', '_' and '-' only, "
                    + "starting with a letter or digit (or, for --baseline, a path ending in .json)");
        }
        return folder.resolve(name + ".json");
    }

    /** The saved names, for a message: "none" when there are none. */
    private String saved() {
        try (Stream<Path> files = Files.list(folder)) {
            String names = String.join(", ", files.map(p -> p.getFileName().toString())
                    .filter(n -> n.endsWith(".json")).map(n -> n.substring(0, n.length() - 5)).sorted().toList());
            return names.isEmpty() ? "none" : names;
        } catch (IOException e) {
            return "none";
        }
    }
}
