package dev.loomy.cli;

import picocli.CommandLine;

/** Picocli's converter for {@code --quality}: a whole number from 1 to 100, as OpenCV's encoders take it. */
final class QualityConverter implements CommandLine.ITypeConverter<Integer> {

    @Override
    public Integer convert(String value) {
        int quality;
        try {
            quality = Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new CommandLine.TypeConversionException("'" + value + "' is not a whole number from 1 to 100");
        }
        if (quality < 1 || quality > 100) {
            throw new CommandLine.TypeConversionException(quality + " is not from 1 to 100");
        }
        return quality;
    }
}
