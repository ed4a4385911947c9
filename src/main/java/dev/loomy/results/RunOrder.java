package dev.loomy.results;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The order in which a comparison's counted runs were taken: {@code interleaved}, round by round,
 * each round's rows in an order shuffled from {@code seed}; or {@code sequential}, all of one row's
 * runs before the next row's.
 *
 * @param mode   interleaved or sequential
 * @param seed   what each round's order was shuffled from; null when sequential
 * @param rounds each round's rows, by their labels, in the order they ran; empty when sequential
 * @param why    why a comparison that could have been interleaved was not, or null
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RunOrder(String mode, Long seed, List<List<String>> rounds, String why) {

    public static final String INTERLEAVED = "interleaved";
    public static final String SEQUENTIAL = "sequential";

    public RunOrder {
        rounds = rounds == null ? List.of() : rounds.stream().map(List::copyOf).toList();
    }

    /** All of one row's runs, then the next row's; {@code why} says why when it was not asked for, or null. */
    public static RunOrder sequential(String why) {
        return new RunOrder(SEQUENTIAL, null, List.of(), why);
    }

    public boolean interleaved() {
        return INTERLEAVED.equals(mode);
    }
}
