package dev.loomy.strategy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import dev.loomy.console.DidYouMean;

/** The strategies by name, and the parsing of {@code --strategy} lists. */
public final class Strategies {

    private static final List<Strategy> ALL = List.of(
            new LoopStrategy(), new ThreadsStrategy(), new PoolStrategy(), new ForkJoinStrategy(),
            new VirtualStrategy(), new VirtualPriorityStrategy(), new StructuredStrategy());

    /** The word that stands for {@link #ALL_FIVE}. */
    private static final String ALL_WORD = "all";

    /**
     * What {@code all} stands for: the article's five strategies; not {@code structured}, which needs
     * Java 25 with preview features, nor {@code virtual-priority}, an experiment rather than a way.
     */
    public static final List<String> ALL_FIVE = List.of("loop", "threads", "pool", "forkjoin", "virtual");

    private Strategies() {
    }

    public static List<Strategy> known() {
        return ALL;
    }

    /** The strategy of this exact name, if there is one: for names read back from saved results. */
    public static Optional<Strategy> find(String name) {
        return ALL.stream().filter(s -> s.name().equals(name)).findFirst();
    }

    /** The lanes of each of {@code strategies} that has some ({@link Strategy#lanes}), by name, in their order. */
    public static Map<String, List<String>> lanes(List<Strategy> strategies) {
        Map<String, List<String>> lanes = new LinkedHashMap<>();
        for (Strategy strategy : strategies) {
            if (!strategy.lanes().isEmpty()) {
                lanes.put(strategy.name(), strategy.lanes());
            }
        }
        return lanes;
    }

    /** The strategy named {@code name} (any case); an unknown name's message offers the closest ones. */
    public static Strategy byName(String name) {
        String key = name.trim().toLowerCase(Locale.ROOT);
        return ALL.stream().filter(s -> s.name().equals(key)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown strategy '" + name + "' ("
                        + DidYouMean.hint(name, names()) + ")"));
    }

    /** Every name {@code --strategy} takes: each strategy's, then {@code all}. */
    private static List<String> names() {
        List<String> names = new ArrayList<>(ALL.stream().map(Strategy::name).toList());
        names.add(ALL_WORD);
        return names;
    }

    /** Resolves names and {@code all}, keeping the first occurrence of each strategy. */
    public static List<Strategy> parse(List<String> names) {
        Set<Strategy> chosen = new LinkedHashSet<>();
        for (String name : names) {
            if (name.trim().equalsIgnoreCase(ALL_WORD)) {
                ALL_FIVE.forEach(n -> chosen.add(byName(n)));
            } else {
                chosen.add(byName(name));
            }
        }
        return new ArrayList<>(chosen);
    }
}
