package dev.loomy.cli;

import dev.loomy.admission.InFlightLimit;
import picocli.CommandLine;

/** Picocli's converter for {@code --max-in-flight}, with the reason in its error. */
final class InFlightLimitConverter implements CommandLine.ITypeConverter<InFlightLimit> {

    @Override
    public InFlightLimit convert(String value) {
        try {
            return InFlightLimit.parse(value);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.TypeConversionException(e.getMessage());
        }
    }
}
