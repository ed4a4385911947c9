package dev.loomy.run;

/**
 * Settings that the engine refused as it started, before any image: the user's to mend, as if
 * refused before the run (Spark checks some of its settings only while its context starts).
 */
public final class RefusedSettings extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    /** @param message one line that names the settings and says why */
    public RefusedSettings(String message) {
        super(message);
    }
}
