package dev.loomy.engine;

import dev.loomy.console.Console;
import dev.loomy.imageio.OneWriter;
import dev.loomy.run.RunControl;

/**
 * An engine that {@code --engine=NAME} chooses, found through {@link java.util.ServiceLoader}: a line
 * naming the class in {@code META-INF/services/dev.loomy.engine.EngineProvider} of a jar on the class
 * path (the Spark engine's, which loomy's own jar leaves out). The local engine is not one: it is the
 * default, made by {@link Runner} for each JVM compared, so a plain run never looks for providers.
 */
public interface EngineProvider {

    /** The {@code --engine} value that chooses it; never {@code local}. */
    String name();

    /** The engine for one run. */
    Engine engine(Context context);

    /**
     * What an engine is made with: the run's control, where failed images are counted and said, who
     * follows each run (a progress bar), the writer of this JVM's files and the console.
     */
    record Context(RunControl control, FailureLog failures, RunListener listener, OneWriter files, Console console) {
    }
}
