package dev.loomy.results;

import java.io.IOException;
import java.io.InputStream;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Properties;

/**
 * When and by which loomy results were measured, and in what order their runs were taken: what
 * a chart's subtitle and a re-rendering of saved results say of them.
 *
 * @param version    loomy's version ({@code unknown} when the jar does not say)
 * @param measuredAt when the measurement started, to the second (ISO 8601, UTC)
 * @param order      the order of the counted runs
 */
public record Provenance(String version, String measuredAt, RunOrder order) {

    /** Nothing known: results made outside a run (tests), or read from json that does not say. */
    public static final Provenance UNKNOWN = new Provenance("unknown", null, RunOrder.sequential(null));

    public Provenance {
        version = version == null ? "unknown" : version;
        order = order == null ? RunOrder.sequential(null) : order;
    }

    /** Results measured by this loomy from now on, in {@code order}. */
    public static Provenance now(RunOrder order) {
        return new Provenance(loomyVersion(), Instant.now().truncatedTo(ChronoUnit.SECONDS).toString(), order);
    }

    /** The version Maven wrote into the jar, or {@code unknown}. */
    public static String loomyVersion() {
        Properties properties = new Properties();
        try (InputStream in = Provenance.class.getResourceAsStream("/dev/loomy/version.properties")) {
            if (in != null) {
                properties.load(in);
            }
        } catch (IOException e) {
            // No version to say.
        }
        return properties.getProperty("version", "unknown");
    }

    /** This provenance with its order of runs. */
    public Provenance with(RunOrder order) {
        return new Provenance(version, measuredAt, order);
    }
}
