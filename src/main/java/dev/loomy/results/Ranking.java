package dev.loomy.results;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

import dev.loomy.stats.MeanDifference;
import dev.loomy.stats.Sample;
import dev.loomy.stats.Speedup;

/**
 * The rows of each filter (and scan point) ordered fastest first, as hyperfine sums up its commands:
 * each against the fastest, from the medians that give images/sec, so that the order, the ratio and
 * images/sec never disagree; and whether Welch's t-test at 5% (outlying runs left out, as for the
 * speed-up) tells each row from the one above it. A filter measured in one row only has no ranking.
 */
public final class Ranking {

    /**
     * A row's place among the rows of its filter and point.
     *
     * @param rank      1 for the fastest
     * @param vsFastest the fastest row's median time per image over this row's: 1 for the fastest, below 1 for the others
     * @param separable whether the t-test tells this row from the one ranked above it; null for the
     *                  fastest, or where a side has a single run and nothing can be told
     * @param fastest   the name of the fastest row
     * @param above     the name of the row ranked just above, or null for the fastest
     */
    public record Place(int rank, Speedup vsFastest, Boolean separable, String fastest, String above) {
    }

    private Ranking() {
    }

    /** {@code rows} with their places, in the same order; rows that cannot be ranked (no images done) have none. */
    static List<Summary> of(List<Summary> rows) {
        Map<Summary, Place> places = new IdentityHashMap<>();
        for (List<Summary> group : groups(rows)) {
            if (group.size() < 2) {
                continue;
            }
            List<Summary> ordered = group.stream()
                    .sorted(Comparator.comparingDouble((Summary s) -> s.speed().imagesPerSec()).reversed()).toList();
            Summary fastest = ordered.get(0);
            for (int i = 0; i < ordered.size(); i++) {
                Summary row = ordered.get(i);
                Summary above = i == 0 ? null : ordered.get(i - 1);
                Speedup ratio = i == 0 ? new Speedup(1, Double.NaN)
                        : Speedup.of(Sample.of(Summary.perImageMs(fastest.measurement())),
                        Sample.of(Summary.perImageMs(row.measurement())));
                MeanDifference d = above == null ? null : MeanDifference.ofRuns(Summary.perImageMs(row.measurement()),
                        Summary.perImageMs(above.measurement()));
                places.put(row, new Place(i + 1, ratio, d == null ? null : d.significant(), name(fastest),
                        above == null ? null : name(above)));
            }
        }
        return rows.stream().map(s -> places.containsKey(s) ? s.ranked(places.get(s)) : s).toList();
    }

    /**
     * The rankable rows (some image done, a time measured) by filter and point, in the order their
     * first row came; each group's rows in theirs.
     */
    public static List<List<Summary>> groups(List<Summary> rows) {
        List<List<Summary>> groups = new ArrayList<>();
        for (Summary s : rows) {
            if (!(s.speed().imagesPerSec() > 0) || s.measurement().runs().isEmpty()) {
                continue;
            }
            groups.stream().filter(g -> g.get(0).measurement().sameFilterAndPoint(s.measurement())).findFirst()
                    .ifPresentOrElse(g -> g.add(s), () -> groups.add(new ArrayList<>(List.of(s))));
        }
        return groups;
    }

    /** How the ranking names a row: its strategy, as the rows it is ranked among share its filter and point. */
    public static String name(Summary s) {
        return s.measurement().strategy();
    }
}
