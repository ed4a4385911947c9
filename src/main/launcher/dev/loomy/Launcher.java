package dev.loomy;

import java.lang.reflect.InvocationTargetException;

/**
 * The jar's Main-Class, compiled for Java 8 (the pom's execution "launcher") so that any Java can
 * load it: under a Java older than loomy needs, {@code java -jar loomy.jar} says so in one line and
 * exits 2, where the JVM would fail on loomy's first class with an UnsupportedClassVersionError and
 * its trace. Under Java 21 or newer it runs loomy's {@code dev.loomy.cli.Main}.
 */
public final class Launcher {

    /** The Java loomy is compiled for. */
    static final int NEEDED = 21;

    private Launcher() {
    }

    public static void main(String[] args) throws Throwable {
        String version = System.getProperty("java.specification.version", "");
        if (major(version) < NEEDED) {
            System.err.println("loomy: needs Java " + NEEDED + " or newer; this is Java " + version + " at "
                    + System.getProperty("java.home") + " (./run.sh finds a newer one itself; or set JAVA_HOME to a "
                    + "Java " + NEEDED + "+)");
            System.exit(2);
        }
        try {
            Class.forName("dev.loomy.cli.Main").getMethod("main", String[].class).invoke(null, (Object) args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    /** 8 for "1.8", 17 for "17"; 0 when it cannot be read. */
    static int major(String version) {
        String major = version.startsWith("1.") ? version.substring(2) : version;
        int end = 0;
        while (end < major.length() && Character.isDigit(major.charAt(end))) {
            end++;
        }
        return end == 0 ? 0 : Integer.parseInt(major.substring(0, end));
    }
}
