package dev.loomy.pipeline;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The temporary files being written right now, so that an interrupted run can delete them.
 *
 * <p>Every output is written under a hidden temporary name in its own folder and then
 * renamed over the final name, so an output file is either complete or absent.
 */
public final class TempFiles {

    private final Set<Path> open = ConcurrentHashMap.newKeySet();

    /** A new hidden temporary name beside {@code target}, registered until {@link #done}. */
    public Path beside(Path target) {
        String name = "." + target.getFileName() + "." + Long.toHexString(ThreadLocalRandom.current().nextLong()) + ".loomy-tmp";
        Path temp = target.resolveSibling(name);
        open.add(temp);
        return temp;
    }

    /** Deletes {@code temp} if it still exists (it was not renamed) and forgets it. */
    public void done(Path temp) {
        try {
            Files.deleteIfExists(temp);
        } catch (IOException ignored) {
            // Left for deleteAll, or for the user; a temporary name is never mistaken for an image.
        } finally {
            open.remove(temp);
        }
    }

    /** Deletes every temporary file still registered; returns how many were deleted. */
    public int deleteAll() {
        int deleted = 0;
        for (Path temp : Set.copyOf(open)) {
            try {
                if (Files.deleteIfExists(temp)) {
                    deleted++;
                }
            } catch (IOException ignored) {
                // Nothing more can be done here.
            }
            open.remove(temp);
        }
        return deleted;
    }

    public int count() {
        return open.size();
    }
}
