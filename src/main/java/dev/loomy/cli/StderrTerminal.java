package dev.loomy.cli;

import java.io.Console;
import java.lang.reflect.Method;

/** Whether standard error is a terminal, so that a progress bar there is welcome. */
final class StderrTerminal {

    /** Set by run.sh, which can ask the shell ({@code [ -t 2 ]}); the JVM itself cannot ask about stderr. */
    static final String PROPERTY = "loomy.stderr.terminal";

    private StderrTerminal() {
    }

    static boolean detected() {
        String told = System.getProperty(PROPERTY);
        if (told != null) {
            return Boolean.parseBoolean(told);
        }
        // Without run.sh: a console means an interactive session. Since JDK 22 System.console()
        // exists even when redirected, and Console.isTerminal() (absent on 21) says which.
        Console console = System.console();
        if (console == null) {
            return false;
        }
        try {
            Method isTerminal = Console.class.getMethod("isTerminal");
            return (Boolean) isTerminal.invoke(console);
        } catch (ReflectiveOperationException e) {
            return true;
        }
    }
}
