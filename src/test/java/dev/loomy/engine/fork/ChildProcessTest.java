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
    void otherwiseLoomysLastMessageIsTheCause() {
        assertThat(ChildProcess.crashReason(2, List.of("noise", "loomy: in/a.jpg: vanished", "loomy: out: disk full")))
                .endsWith("before reporting a result: out: disk full");
    }
}
