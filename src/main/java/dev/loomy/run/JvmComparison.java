package dev.loomy.run;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.loomy.imageio.IoLock;
import dev.loomy.results.Schema;

/**
 * The JVMs and JVM option sets a run compares ({@code --jvm}, {@code --jvm-options}), each a
 * dimension of rows as a scanned option is, and what the storage wait holds ({@code --io-lock}),
 * which is what makes one JVM differ from another for virtual threads.
 *
 * @param jvms       the JVMs each trial is measured on, checked; empty for loomy's own
 * @param optionSets the option sets each trial is measured with; empty for loomy's own alone
 * @param ioLock     what a thread holds while it waits out {@code --io-latency}
 */
public record JvmComparison(List<Jvm> jvms, List<OptionSet> optionSets, IoLock ioLock) {

    public static final JvmComparison NONE = new JvmComparison(List.of(), List.of(), IoLock.NONE);

    /**
     * A JVM that can run loomy, as it says of itself.
     *
     * @param java    its {@code java} executable
     * @param label   how rows name it: vendor and version ({@code Eclipse Adoptium 21.0.8+9-LTS})
     * @param feature its feature release (21)
     */
    public record Jvm(String java, String label, int feature) {
    }

    /**
     * One {@code --jvm-options} set.
     *
     * @param options the options, in order; empty for loomy's own ({@code default})
     * @param label   how rows name it: as given, or {@code default (loomy's own collector and heap options)}
     */
    public record OptionSet(List<String> options, String label) {

        public OptionSet {
            options = List.copyOf(options);
        }

        public boolean loomysOwn() {
            return options.isEmpty();
        }
    }

    /**
     * One JVM with one option set: rows of their own.
     *
     * @param jvm     null for the JVM loomy runs on
     * @param options null for loomy's own options
     * @param values  the columns that name it ({@link Schema#JVM}, {@link Schema#JVM_OPTIONS}); empty without a comparison
     */
    public record Setup(Jvm jvm, OptionSet options, Map<String, String> values) {
    }

    public JvmComparison {
        jvms = jvms == null ? List.of() : List.copyOf(jvms);
        optionSets = optionSets == null ? List.of() : List.copyOf(optionSets);
        ioLock = ioLock == null ? IoLock.NONE : ioLock;
    }

    /** Whether rows are made per JVM or per option set: each is then measured in a child JVM. */
    public boolean compares() {
        return !jvms.isEmpty() || !optionSets.isEmpty();
    }

    /** Every JVM with every option set, the JVM varying slowest; one setup of no values without a comparison. */
    public List<Setup> setups() {
        List<Jvm> onJvms = jvms.isEmpty() ? Collections.singletonList(null) : jvms;
        List<OptionSet> withOptions = optionSets.isEmpty() ? Collections.singletonList(null) : optionSets;
        List<Setup> setups = new ArrayList<>();
        for (Jvm jvm : onJvms) {
            for (OptionSet set : withOptions) {
                Map<String, String> values = new LinkedHashMap<>();
                if (jvm != null) {
                    values.put(Schema.JVM, jvm.label());
                }
                if (set != null) {
                    values.put(Schema.JVM_OPTIONS, set.label());
                }
                setups.add(new Setup(jvm, set, values));
            }
        }
        return setups;
    }
}
