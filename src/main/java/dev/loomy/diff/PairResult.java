package dev.loomy.diff;

/**
 * What comparing one pair gave.
 *
 * @param difference the figures, for IDENTICAL and DIFFERENT only (else null)
 * @param problem    one line naming the file and the reason, for the other kinds; for IDENTICAL and
 *                   DIFFERENT, why the pair's heatmap could not be written (else null)
 */
public record PairResult(String name, Kind kind, ImageComparison.Difference difference, String problem) {

    public enum Kind {
        IDENTICAL("identical"), DIFFERENT("different"), ONLY_IN_A("only-in-a"), ONLY_IN_B("only-in-b"),
        UNREADABLE("unreadable"), SIZE_MISMATCH("size-mismatch");

        private final String label;

        Kind(String label) {
            this.label = label;
        }

        /** The word scripts see in the CSV's result column. */
        public String label() {
            return label;
        }
    }

    static PairResult compared(String name, ImageComparison.Difference difference) {
        return new PairResult(name, difference.identical() ? Kind.IDENTICAL : Kind.DIFFERENT, difference, null);
    }

    /** This result, with its heatmap's problem. */
    PairResult unwritten(String why) {
        return new PairResult(name, kind, difference, why);
    }

    static PairResult problem(String name, Kind kind, String problem) {
        return new PairResult(name, kind, null, problem);
    }
}
