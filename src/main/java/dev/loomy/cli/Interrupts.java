package dev.loomy.cli;

import dev.loomy.measure.RunControl;
import sun.misc.Signal;

/**
 * Turns SIGINT (Ctrl-C) and SIGTERM into {@link RunControl#interrupt}: jobs not yet started
 * are skipped, the measurements so far are reported. A forked child gets SIGTERM from its
 * parent when the session is interrupted, and reports its partial measurement.
 */
final class Interrupts {

    private Interrupts() {
    }

    static void install(RunControl control) {
        for (String name : new String[] {"INT", "TERM"}) {
            try {
                Signal.handle(new Signal(name), signal -> control.interrupt());
            } catch (IllegalArgumentException e) {
                // No such signal here (Windows has no TERM): the JVM's default stays.
            }
        }
    }
}
