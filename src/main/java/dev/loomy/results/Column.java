package dev.loomy.results;

import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * One column of the results: its name (csv and json), its heading (table and markdown), its
 * unit, how a row's cell is had, and which formats show it. Every format renders a column
 * the same way for its kind of reader: {@link #text} for csv and people, {@link #value} for json.
 * {@code when} says whether some results have its figures at all (a baseline's, a profiler's).
 */
public record Column(String name, String heading, Unit unit, Function<Summary, Cell> cell, Set<Format> in,
                     Predicate<Results> when) {

    /**
     * What a column's values measure, and so how they are written: decimals for people (csv
     * and json keep three, to the microsecond for times), and a suffix.
     */
    public enum Unit {
        TEXT(0, ""), COUNT(0, ""), FLAG(0, ""), NUMBER(2, ""), MILLISECONDS(1, ""), PER_SECOND(2, ""), RATIO(2, "x"), BYTES(1, "");

        private final int decimals;
        private final String suffix;

        Unit(int decimals, String suffix) {
            this.decimals = decimals;
            this.suffix = suffix;
        }
    }

    /** One row's value in one column; unknown values are empty, never invented. */
    public sealed interface Cell {

        /** A string; null when there is none. */
        record Text(String value) implements Cell {
        }

        /** A count, or a size in bytes; negative when unknown. */
        record Count(long value) implements Cell {
        }

        /** A measured number in the column's unit; NaN when unknown. */
        record Decimal(double value) implements Cell {
        }

        /** A yes or no; null when unknown. */
        record Flag(Boolean value) implements Cell {
        }

        /** Already written for people, from several figures (a range, say): the human formats only. */
        record Shown(String text) implements Cell {
        }

        /** A time in milliseconds per lane (virtual-priority's halves); empty when the row has none. */
        record Lanes(Map<String, Double> ms) implements Cell {
        }
    }

    /** The {@code when} of a column every results show. */
    static final Predicate<Results> ALWAYS = r -> true;

    public Column {
        in = Set.copyOf(in);
    }

    static Column of(String name, String heading, Unit unit, Function<Summary, Cell> cell, Format first,
                     Format... more) {
        return new Column(name, heading, unit, cell, EnumSet.of(first, more), ALWAYS);
    }

    /** This column, shown only for results that {@code shown} accepts. */
    Column onlyWhen(Predicate<Results> shown) {
        return new Column(name, heading, unit, cell, in, shown);
    }

    public boolean shownIn(Format format) {
        return in.contains(format);
    }

    /** Text is aligned left, figures right. */
    public boolean rightAligned() {
        return unit != Unit.TEXT;
    }

    /**
     * The column's name in {@code format}: a size is in MiB ({@code peak_rss_mib}), in csv and
     * json alike, so that a script finds a figure under one name in either.
     */
    public String nameIn(Format format) {
        return unit != Unit.BYTES ? name : name + "_mib";
    }

    /** The cell as csv ({@code machine}) or people read it; "" when unknown. */
    public String text(Summary row, boolean machine) {
        return switch (cell.apply(row)) {
            case Cell.Text(String text) -> text == null ? "" : text;
            case Cell.Count(long count) -> unit == Unit.BYTES ? Numbers.mebibytes(count) : Numbers.count(count);
            case Cell.Flag(Boolean flag) -> flag == null ? "" : flag.toString();
            case Cell.Shown(String text) -> text;
            case Cell.Lanes(Map<String, Double> ms) -> ms.isEmpty() ? "" : Numbers.lanes(ms);
            case Cell.Decimal(double number) -> machine ? Numbers.fixed(number, 3)
                    : !Double.isFinite(number) ? "" : Numbers.fixed(number, unit.decimals) + unit.suffix;
        };
    }

    /** The cell as json takes it: a String, Long, Double or Boolean, or null when unknown. */
    public Object value(Summary row) {
        return switch (cell.apply(row)) {
            case Cell.Text(String text) -> text;
            // A size in MiB to the tenth, as csv writes it: the same figure under the same name.
            case Cell.Count(long count) -> count < 0 ? null : unit == Unit.BYTES
                    ? Double.valueOf(Numbers.mebibytes(count)) : (Object) count;
            case Cell.Flag(Boolean flag) -> flag;
            case Cell.Shown(String text) -> text;
            case Cell.Decimal(double number) -> rounded(number);
            case Cell.Lanes(Map<String, Double> ms) -> {
                Map<String, Double> lanes = new LinkedHashMap<>();
                ms.forEach((lane, value) -> lanes.put(lane, rounded(value)));
                yield lanes;
            }
        };
    }

    /** To the thousandth, as json has every figure; null when unknown. */
    private static Double rounded(double number) {
        return Double.isNaN(number) || Double.isInfinite(number) ? null : Math.round(number * 1000) / 1000.0;
    }
}
