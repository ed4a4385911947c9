package dev.loomy.run;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Where the images are processed ({@code --engine}): {@code local} (this JVM and its children) or
 * {@code spark}, with Spark's own settings.
 *
 * @param master     Spark's master URL ({@code --master}); null for the local engine
 * @param sparkConf  {@code --spark-conf}, applied last
 * @param partitions {@code --partitions}, or null for the default
 */
public record EngineChoice(Kind kind, String master, Map<String, String> sparkConf, Integer partitions) {

    public static final EngineChoice LOCAL = new EngineChoice(Kind.LOCAL, null, Map.of(), null);

    /** An engine, as {@code --engine} names it: {@code local}, {@code spark} or another engine's provider. */
    public record Kind(String label) {

        public static final Kind LOCAL = new Kind("local");
        public static final Kind SPARK = new Kind("spark");

        /**
         * An {@code --engine} value among {@code known}: {@code local}, {@code spark} (said to be
         * missing later, when its jars are), then the engines whose providers are on the class path.
         */
        public static Kind parse(String name, List<String> known) {
            if (!known.contains(name)) {
                throw new IllegalArgumentException("--engine=" + name + ": unknown engine (known: "
                        + String.join(", ", known) + ")");
            }
            return new Kind(name);
        }

        // Written out, as in every record a job compares or hashes: a record's own equals and hashCode are
        // linked by a bootstrap method at their first call, 10 ms of a job's start-up in a CPU profile
        // (StartUpLinkageTest checks that a job links none).
        @Override
        public boolean equals(Object other) {
            return other instanceof Kind kind && Objects.equals(label, kind.label);
        }

        @Override
        public int hashCode() {
            return Objects.hashCode(label);
        }
    }

    public EngineChoice {
        sparkConf = Map.copyOf(sparkConf);
    }

    public boolean spark() {
        return kind.equals(Kind.SPARK);
    }

    /** Whether the run is loomy's own JVM's (and its children's), not a provider's engine. */
    public boolean local() {
        return kind.equals(Kind.LOCAL);
    }
}
