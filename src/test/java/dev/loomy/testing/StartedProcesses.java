package dev.loomy.testing;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The processes a test started, ended after it whatever happened (one that failed the test may still
 * run), with whatever they started in turn. Register it with {@code @RegisterExtension}.
 */
public final class StartedProcesses implements AfterEachCallback {

    private final List<Process> started = new ArrayList<>();

    /** Ends {@code process} after the test; returns it. */
    public Process add(Process process) {
        started.add(process);
        return process;
    }

    @Override
    public void afterEach(ExtensionContext context) {
        for (Process process : started) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
        started.clear();
    }
}
