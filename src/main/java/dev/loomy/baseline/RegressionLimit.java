package dev.loomy.baseline;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** {@code --fail-on-regression=P%}: how much slower than the baseline a row may be. */
public final class RegressionLimit {

    private static final Pattern PERCENT = Pattern.compile("\\s*(\\d+(?:\\.\\d+)?)\\s*%?\\s*");

    private RegressionLimit() {
    }

    /** "5%" or "5" is 5.0; anything else, or over 100, is refused with the reason. */
    public static double parse(String text) {
        Matcher m = PERCENT.matcher(text);
        if (!m.matches()) {
            throw new IllegalArgumentException("--fail-on-regression=" + text + ": a percentage such as 5% was expected");
        }
        double pct = Double.parseDouble(m.group(1));
        if (pct > 100) {
            throw new IllegalArgumentException("--fail-on-regression=" + text + ": at most 100%");
        }
        return pct;
    }
}
