package dev.loomy.console;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;

/**
 * What a mistyped name (a filter, a strategy, an option) may have meant among the names known, and
 * the words that offer it: one rule for every name loomy is given, so that a slip is answered alike.
 */
public final class DidYouMean {

    private DidYouMean() {
    }

    /**
     * The known names {@code name} may have meant (case aside): those fewest letter changes,
     * additions, removals or swaps away when that is a slip (at most one in three letters); else those that
     * begin with it ("Sepia": SepiaGray, SepiaRed); else none. In the order {@code known} gives them.
     */
    public static List<String> closest(String name, Collection<String> known) {
        String wanted = key(name);
        int fewest = Integer.MAX_VALUE;
        List<String> closest = new ArrayList<>();
        for (String one : known) {
            int changes = editDistance(wanted, key(one));
            if (changes < fewest) {
                fewest = changes;
                closest.clear();
            }
            if (changes == fewest) {
                closest.add(one);
            }
        }
        if (fewest <= Math.max(1, wanted.length() / 3)) {
            return closest;
        }
        return wanted.length() < 3 ? List.of() : known.stream().filter(one -> key(one).startsWith(wanted)).toList();
    }

    /** "did you mean A or B?" for the names close to {@code name}; else "known: " and every name known. */
    public static String hint(String name, Collection<String> known) {
        List<String> close = closest(name, known);
        return close.isEmpty() ? "known: " + String.join(", ", known) : question(close);
    }

    /** "did you mean A?", "did you mean A or B?", "did you mean A, B or C?". */
    public static String question(List<String> names) {
        int last = names.size() - 1;
        String all = last == 0 ? names.get(0) : String.join(", ", names.subList(0, last)) + " or " + names.get(last);
        return "did you mean " + all + "?";
    }

    /**
     * The fewest single-character insertions, deletions, substitutions and swaps of two neighbours
     * from a to b (the optimal string alignment distance): "tnue" is one slip from "tune", as typed.
     */
    static int editDistance(String a, String b) {
        int[] beforePrevious = new int[b.length() + 1];
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    current[j] = Math.min(current[j], beforePrevious[j - 2] + 1);
                }
            }
            int[] free = beforePrevious;
            beforePrevious = previous;
            previous = current;
            current = free;
        }
        return previous[b.length()];
    }

    private static String key(String name) {
        return name.trim().toLowerCase(Locale.ROOT);
    }
}
