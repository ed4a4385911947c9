package dev.loomy.strategy;

/**
 * Structured concurrency, Loom's other half: each image a subtask forked into one
 * {@code StructuredTaskScope} over virtual threads, as many at once as a {@link SubmissionWindow}
 * holds, the scope's join the end of the run. With {@code --fail-fast}, the first image that fails
 * cancels the scope: its subtasks under way are interrupted by the scope itself, not by loomy.
 *
 * <p>The scope is JDK {@value #RELEASE}'s preview API (JEP 505), whose shape changed from JDK 21's
 * (JEP 453) and may change again: its one class is compiled against that release alone, with
 * preview features, and loaded by name only when this strategy runs, so that the rest of loomy
 * still runs on Java 21. {@link #unavailable()} says why a JVM cannot run it.
 */
public final class StructuredStrategy implements Strategy {

    public static final String NAME = "structured";

    /** The one Java release whose preview {@code StructuredTaskScope} the scope's class is compiled against. */
    public static final int RELEASE = 25;

    /** The class that opens the scope (src/main/java25). */
    private static final String SCOPE_CLASS = "dev.loomy.strategy.StructuredScope";

    /** What the scope's class does: {@link Strategy#run(ImageJobs, int)}. */
    interface Body {
        void run(ImageJobs jobs, int parallelism) throws InterruptedException;
    }

    /** Loaded on first use: a JVM that cannot load it never tries unless asked. */
    private static final class Loaded {
        static final Body BODY = load();
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "virtual threads forked into a StructuredTaskScope";
    }

    @Override
    public boolean cancelsItself() {
        return true;
    }

    @Override
    public void run(ImageJobs jobs, int parallelism) throws InterruptedException {
        Loaded.BODY.run(jobs, parallelism);
    }

    /** Why this JVM cannot run the strategy, in words for a user, or null when it can. */
    public static String unavailable() {
        int feature = Runtime.version().feature();
        if (feature != RELEASE) {
            return "-s " + NAME + " needs Java " + RELEASE + ", whose StructuredTaskScope it is built against (a preview "
                    + "API that changes from one release to the next); this is Java " + feature;
        }
        try {
            load();
            return null;
        } catch (UnsupportedClassVersionError e) {
            return "-s " + NAME + " needs Java's preview features, which this JVM was started without: run loomy "
                    + "with run.sh, or give java --enable-preview";
        } catch (IllegalStateException e) {
            return "-s " + NAME + " is not in this build of loomy: it builds only with JDK " + RELEASE;
        }
    }

    private static Body load() {
        try {
            return Class.forName(SCOPE_CLASS).asSubclass(Body.class).getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(SCOPE_CLASS + " could not be made: " + e, e);
        }
    }
}
