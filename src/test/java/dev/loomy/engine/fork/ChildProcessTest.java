package dev.loomy.engine.fork;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

class ChildProcessTest {

    @Test
    void aKilledChildIsDescribedBySignal() {
        assertThat(ChildProcess.crashReason(137, List.of())).isEqualTo("the measuring JVM ended with exit status 137 "
                + "(SIGKILL: killed, e.g. by the kernel's out-of-memory killer) before reporting a result");
        assertThat(ChildProcess.crashReason(134, List.of())).contains("exit status 134 (SIGABRT)");
        assertThat(ChildProcess.crashReason(1, List.of())).isEqualTo(
                "the measuring JVM ended with exit status 1 before reporting a result");
    }

    @Test
    void anOutOfMemoryErrorOnStandardErrorIsNamed() {
        List<String> tail = List.of("loomy: something else", "Exception in thread \"main\" java.lang.OutOfMemoryError: Java heap space",
                "\tat dev.loomy.X.y(X.java:1)", "loomy: later words");
        assertThat(ChildProcess.crashReason(1, tail)).endsWith(": java.lang.OutOfMemoryError: Java heap space");
        assertThat(ChildProcess.crashReason(3, List.of("Terminating due to java.lang.OutOfMemoryError: Metaspace")))
                .endsWith(": java.lang.OutOfMemoryError: Metaspace");
    }

    @Test
    void otherwiseTheLastUncaughtExceptionOrInternalErrorIsTheCauseAndANoteIsNot() {
        List<String> uncaught = List.of("loomy: about 4 images in flight at once (auto: 2 per core)",
                "Exception in thread \"main\" java.lang.Exception: std::exception: std::bad_alloc",
                "\tat org.opencv.imgproc.Imgproc.adaptiveThreshold_0(Native Method)");
        assertThat(ChildProcess.crashReason(1, uncaught))
                .isEqualTo("the measuring JVM ended with exit status 1 before reporting a result: "
                        + "java.lang.Exception: std::exception: std::bad_alloc");
        assertThat(ChildProcess.crashReason(2, List.of("noise", "loomy: a child JVM takes one argument, STRATEGY/FILTER",
                "loomy: warning: something else"))).endsWith("before reporting a result: a child JVM takes one argument, "
                + "STRATEGY/FILTER");
        assertThat(ChildProcess.crashReason(137, List.of("loomy: about 4 images in flight at once (auto: 2 per core)")))
                .endsWith("before reporting a result");
    }
}
