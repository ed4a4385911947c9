package dev.loomy.profile;

import java.io.IOException;
import java.io.InputStream;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.text.ParseException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

import jdk.jfr.Configuration;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingStream;

import dev.loomy.files.IoReasons;
import dev.loomy.files.Names;
import dev.loomy.imageio.OneWriter;

/**
 * Records what {@code --profile} asks for, in the JVM that measures, from {@link #start} to
 * {@link #stop}: around a row's counted runs, not its warm-ups.
 */
public final class Profiler {

    static final String PINNED = "jdk.VirtualThreadPinned";
    private static final int SITES = 3;

    private final Set<ProfileKind> kinds;
    private final Path jfrFile;
    private final OneWriter files;
    private final long allocatedBefore;
    private final long gcCountBefore;
    private final long gcMillisBefore;
    private final RecordingStream pinning;
    private final List<RecordedEvent> pinnedEvents = new CopyOnWriteArrayList<>();
    private final Recording whole;

    private Profiler(Set<ProfileKind> kinds, Path jfrFile, OneWriter files) throws IOException {
        this.kinds = Set.copyOf(kinds);
        this.jfrFile = jfrFile;
        this.files = files;
        this.allocatedBefore = allocatedBytes();
        this.gcCountBefore = gcCount();
        this.gcMillisBefore = gcMillis();
        if (kinds.contains(ProfileKind.PINNING)) {
            // Streamed as they come, not dumped to a file and read back: loomy writes no file it does not report.
            pinning = new RecordingStream();
            // Every pinned park, however short: the default 20 ms threshold would hide most.
            pinning.enable(PINNED).withThreshold(Duration.ZERO).withStackTrace();
            pinning.setReuse(false);
            pinning.onEvent(PINNED, pinnedEvents::add);
            pinning.startAsync();
        } else {
            pinning = null;
        }
        if (kinds.contains(ProfileKind.JFR)) {
            try {
                whole = new Recording(Configuration.getConfiguration("profile"));
            } catch (ParseException e) {
                throw new IOException("the JDK's JFR 'profile' settings cannot be read: " + e.getMessage(), e);
            }
            whole.setName("loomy " + jfrFile.getFileName());
            whole.start();
        } else {
            whole = null;
        }
    }

    /**
     * Starts recording.
     *
     * @param jfrFile where {@link ProfileKind#JFR}'s recording goes (its folder is made); unused otherwise
     * @param files   the writer it goes through: whole or not at all, never through a link, never into an input
     */
    public static Profiler start(Set<ProfileKind> kinds, Path jfrFile, OneWriter files) throws IOException {
        return new Profiler(kinds, jfrFile, files);
    }

    /** Stops recording; {@code images} is how many images the runs processed, for per-image figures. */
    public Profile stop(long images) throws IOException {
        double allocMb = Double.NaN;
        long gcCount = -1;
        double gcMs = Double.NaN;
        if (kinds.contains(ProfileKind.GC)) {
            long allocated = allocatedBytes();
            if (allocated >= 0 && allocatedBefore >= 0 && images > 0) {
                allocMb = (allocated - allocatedBefore) / (double) images / (1 << 20);
            }
            gcCount = gcCount() - gcCountBefore;
            gcMs = gcMillis() - gcMillisBefore;
        }
        long pinnedEvents = -1;
        List<String> sites = List.of();
        if (pinning != null) {
            // Returns once every event recorded so far has been handed to pinnedEvents.
            pinning.stop();
            pinning.close();
            List<RecordedEvent> events = List.copyOf(this.pinnedEvents);
            pinnedEvents = events.size();
            sites = sites(events);
        }
        String jfr = null;
        if (whole != null) {
            whole.stop();
            try {
                files.replace(jfrFile, out -> {
                    try (InputStream recorded = whole.getStream(null, null)) {
                        if (recorded != null) {
                            recorded.transferTo(out);
                        }
                    }
                });
            } catch (IOException e) {
                throw new IOException("the recording " + Names.shown(jfrFile) + " cannot be written: " + IoReasons.of(e), e);
            } finally {
                whole.close();
            }
            jfr = jfrFile.toString();
        }
        return new Profile(allocMb, gcCount, gcMs, pinnedEvents, sites, jfr);
    }

    /** Stops recording and keeps nothing: for runs that crashed or were interrupted. */
    public void discard() {
        if (pinning != null) {
            pinning.close();
        }
        if (whole != null) {
            whole.close();
        }
    }

    /** The most frequent places, each the first frame outside the JDK: the code that blocked while pinned. */
    static List<String> sites(List<RecordedEvent> events) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (RecordedEvent event : events) {
            counts.merge(site(event), 1, Integer::sum);
        }
        List<Map.Entry<String, Integer>> sorted = new ArrayList<>(counts.entrySet());
        sorted.sort(Map.Entry.<String, Integer>comparingByValue().reversed());
        return sorted.stream().limit(SITES).map(e -> e.getKey() + " (" + e.getValue() + ")").toList();
    }

    private static String site(RecordedEvent event) {
        if (event.getStackTrace() == null || event.getStackTrace().getFrames().isEmpty()) {
            return "unknown";
        }
        List<RecordedFrame> frames = event.getStackTrace().getFrames();
        RecordedFrame chosen = frames.stream().filter(f -> !inJdk(f)).findFirst().orElse(frames.get(0));
        String line = chosen.getLineNumber() > 0 ? ":" + chosen.getLineNumber() : "";
        return chosen.getMethod().getType().getName() + "." + chosen.getMethod().getName() + line;
    }

    private static boolean inJdk(RecordedFrame frame) {
        String type = frame.getMethod().getType().getName();
        return type.startsWith("java.") || type.startsWith("jdk.") || type.startsWith("sun.");
    }

    /** Every thread's heap allocation since the JVM started (virtual threads count on their carriers), or -1. */
    private static long allocatedBytes() {
        if (ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean threads
                && threads.isThreadAllocatedMemorySupported() && threads.isThreadAllocatedMemoryEnabled()) {
            return threads.getTotalThreadAllocatedBytes();
        }
        return -1;
    }

    private static long gcCount() {
        return ManagementFactory.getGarbageCollectorMXBeans().stream()
                .mapToLong(GarbageCollectorMXBean::getCollectionCount).filter(c -> c > 0).sum();
    }

    private static long gcMillis() {
        return ManagementFactory.getGarbageCollectorMXBeans().stream()
                .mapToLong(GarbageCollectorMXBean::getCollectionTime).filter(t -> t > 0).sum();
    }
}
