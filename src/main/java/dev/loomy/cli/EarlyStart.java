package dev.loomy.cli;

import java.lang.management.ManagementFactory;

import dev.loomy.filter.FilterRegistry;
import dev.loomy.imageio.JpegCodec;
import dev.loomy.manifest.ManifestRecord;
import dev.loomy.opencv.OpenCv;

/**
 * What a job needs in its first second, begun on a thread of its own as the JVM starts: OpenCV's
 * library, the JPEG codec with one small image through it, the built-in filters, SHA-256 for the
 * output manifest, the operating system's management bean. Meanwhile the main thread builds the
 * command line's model and checks the options, the work of one thread, so that on two cores or
 * more the two overlap. Nothing here is required: each step is done again where it is used, and
 * finds it done or waits for it; a failure is left for that place to say. Starts no virtual thread
 * (their carriers are fixed at the first one, from the options).
 */
final class EarlyStart {

    /** Set to {@code false}, the JVM property leaves it all to the main thread (to measure what it saves). */
    static final String PROPERTY = "loomy.early.start";

    private EarlyStart() {
    }

    /** Begins, for the main command on a machine of two cores or more. */
    static void begin(String[] args) {
        boolean command = args.length > 0 && Main.COMMANDS.containsKey(args[0]);
        if (command || Runtime.getRuntime().availableProcessors() < 2
                || "false".equals(System.getProperty(PROPERTY))) {
            return;
        }
        Thread.ofPlatform().daemon().name("loomy-early-start").start(EarlyStart::run);
    }

    private static void run() {
        try {
            OpenCv.load();
            JpegCodec.prepare();
            FilterRegistry.builtIns();
            ManifestRecord.definition("", "", "");
            // The memory available and the machine's description come from it: its first call loads a library.
            ManagementFactory.getOperatingSystemMXBean();
        } catch (RuntimeException | LinkageError e) {
            // Met again, and said, where the run needs what failed here.
        }
    }
}
