package dev.loomy.cli;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import picocli.CommandLine;

/** Parses durations as people write them: {@code 20ms}, {@code 1.5s}, {@code 500us}, {@code 0}. */
public final class DurationConverter implements CommandLine.ITypeConverter<Duration> {

    private static final Pattern FORMAT = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ns|us|µs|ms|s|m)?");

    @Override
    public Duration convert(String text) {
        Matcher m = FORMAT.matcher(text.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new CommandLine.TypeConversionException("'" + text + "' is not a duration (examples: 20ms, 1.5s, 500us)");
        }
        double value = Double.parseDouble(m.group(1));
        String unit = m.group(2) == null ? (value == 0 ? "s" : null) : m.group(2);
        if (unit == null) {
            throw new CommandLine.TypeConversionException("'" + text + "' needs a unit: ns, us, ms, s or m");
        }
        double nanosPerUnit = switch (unit) {
            case "ns" -> 1;
            case "us", "µs" -> 1e3;
            case "ms" -> 1e6;
            case "s" -> 1e9;
            default -> 60e9;
        };
        return Duration.ofNanos(Math.round(value * nanosPerUnit));
    }
}
