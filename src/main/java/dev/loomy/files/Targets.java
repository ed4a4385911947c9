package dev.loomy.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Map;

/**
 * What a file loomy writes may take the place of: nothing, or a regular file of one name. A FIFO, a
 * device (/dev/null, /dev/full), a socket, a folder or a symbolic link is someone else's, and so is
 * a file with another name (a hard link): replacing it would break what the other name means.
 * Looked at without following a link ({@code lstat}).
 */
public final class Targets {

    /** What follows a refusal, for the user. */
    public static final String ONLY_REGULAR = "loomy replaces only a regular file of one name; remove it or choose another path";

    private static final int TYPE = 0170000;

    private Targets() {
    }

    /** Why {@code target} may not be replaced, as "it is ..."; null when it is absent or a regular file of one name. */
    public static String problem(Path target) {
        Map<String, Object> unix;
        try {
            unix = Files.readAttributes(target, "unix:mode,nlink", LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            return null;
        } catch (UnsupportedOperationException | IllegalArgumentException e) {
            return basicProblem(target);
        } catch (IOException e) {
            return null; // not there to be looked at (a folder above it missing or unreadable): the write says why
        }
        return problem((Integer) unix.get("mode"), (Integer) unix.get("nlink"));
    }

    /** As {@link #problem(Path)}, from its {@code st_mode} and link count. */
    public static String problem(int mode, int links) {
        String kind = switch (mode & TYPE) {
            case 0100000 -> null;
            case 0040000 -> "a folder";
            case 0120000 -> "a symbolic link";
            case 0010000 -> "a FIFO (a named pipe)";
            case 0020000 -> "a character device";
            case 0060000 -> "a block device";
            case 0140000 -> "a socket";
            default -> "not a regular file";
        };
        if (kind != null) {
            return kind.startsWith("not") ? "it is " + kind : "it is " + kind + ", not a regular file";
        }
        return links > 1 ? "it is a regular file with " + links + " hard links (other names share it)" : null;
    }

    /** Where the file system has no unix attributes: the kind alone. */
    private static String basicProblem(Path target) {
        try {
            BasicFileAttributes a = Files.readAttributes(target, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            return a.isRegularFile() ? null
                    : "it is " + (a.isDirectory() ? "a folder" : a.isSymbolicLink() ? "a symbolic link" : "not a regular file")
                            + (a.isOther() ? "" : ", not a regular file");
        } catch (IOException e) {
            return null;
        }
    }
}
