package dev.loomy.gallery;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The column heads' text: where a name may break between two lines, and which parameters a
 * sweep changes from column to column.
 */
final class Heads {

    private Heads() {
    }

    /**
     * A filter's name in pieces, between which a line may break: before {@code [}, after
     * {@code ,}, {@code =} and {@code _}, and between a lower-case letter or digit and an upper-case
     * one ({@code Gamma|Correction}); never elsewhere, so that no word is cut in two.
     */
    static List<String> filterName(String name) {
        List<String> pieces = new ArrayList<>();
        int start = 0;
        for (int i = 1; i < name.length(); i++) {
            char before = name.charAt(i - 1);
            char at = name.charAt(i);
            boolean hump = (Character.isLowerCase(before) || Character.isDigit(before)) && Character.isUpperCase(at);
            if (at == '[' || before == ',' || before == '=' || before == '_' || hump) {
                pieces.add(name.substring(start, i));
                start = i;
            }
        }
        pieces.add(name.substring(start));
        return pieces;
    }

    /** A file's relative path in pieces, between which a line may break: after {@code /} and {@code _}. */
    static List<String> fileName(String name) {
        List<String> pieces = new ArrayList<>();
        int start = 0;
        for (int i = 1; i < name.length(); i++) {
            char before = name.charAt(i - 1);
            if (before == '/' || before == '_') {
                pieces.add(name.substring(start, i));
                start = i;
            }
        }
        pieces.add(name.substring(start));
        return pieces;
    }

    /**
     * Each column's parameters, those that a sweep changes marked: among the variants of one filter
     * ({@code Cartoon2[red=20]}, {@code Cartoon2[red=200]}), the parameters whose value is not the same
     * in all of them. Columns that are no variant, or a filter's only one, mark none.
     *
     * @param shown every filter's column, in order
     * @return for each column, its parameters in order
     */
    static List<List<GalleryPage.Parameter>> parameters(List<Gallery.Shown> shown) {
        Map<String, List<Gallery.Shown>> families = new HashMap<>();
        for (Gallery.Shown column : shown) {
            String family = family(column.filter());
            if (family != null) {
                families.computeIfAbsent(family, f -> new ArrayList<>()).add(column);
            }
        }
        Map<String, Set<String>> changing = new HashMap<>();
        families.forEach((family, columns) -> changing.put(family, changing(columns)));
        List<List<GalleryPage.Parameter>> all = new ArrayList<>();
        for (Gallery.Shown column : shown) {
            Set<String> changes = changing.getOrDefault(family(column.filter()), Set.of());
            List<GalleryPage.Parameter> parameters = new ArrayList<>();
            for (String parameter : column.parameters()) {
                parameters.add(new GalleryPage.Parameter(parameter, changes.contains(name(parameter))));
            }
            all.add(parameters);
        }
        return all;
    }

    /** The names of the parameters whose value is not the same in every one of {@code columns}. */
    private static Set<String> changing(List<Gallery.Shown> columns) {
        Map<String, Set<String>> values = new HashMap<>();
        for (Gallery.Shown column : columns) {
            for (String parameter : column.parameters()) {
                values.computeIfAbsent(name(parameter), n -> new HashSet<>()).add(parameter);
            }
        }
        Set<String> changing = new HashSet<>();
        values.forEach((name, seen) -> {
            if (seen.size() > 1) {
                changing.add(name);
            }
        });
        return changing;
    }

    /** The filter a variant was made from ({@code Cartoon2} for {@code Cartoon2[red=20]}), or null for no variant. */
    private static String family(String filter) {
        int open = filter.indexOf('[');
        return open > 0 && filter.endsWith("]") ? filter.substring(0, open) : null;
    }

    /** {@code red} for {@code red=20}; a chain's step, which has no value, is its own name. */
    private static String name(String parameter) {
        int eq = parameter.indexOf('=');
        return eq < 0 ? parameter : parameter.substring(0, eq);
    }
}
