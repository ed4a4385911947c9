package dev.loomy.samples;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** An image's width and height in pixels, written {@code 640x480}. */
public record ImageSize(int width, int height) {

    /** Smaller images are no photos; larger ones than 20000 would only exhaust memory. */
    public static final int MIN = 16;
    public static final int MAX = 20_000;

    private static final Pattern FORM = Pattern.compile("\\s*(\\d{1,9})\\s*[xX×]\\s*(\\d{1,9})\\s*");

    public ImageSize {
        if (width < MIN || height < MIN || width > MAX || height > MAX) {
            throw new IllegalArgumentException("size " + width + "x" + height + " out of range: width and height must be "
                    + MIN + " to " + MAX);
        }
    }

    /** Parses {@code WxH}, such as {@code 640x480}. */
    public static ImageSize parse(String text) {
        Matcher m = FORM.matcher(text);
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a size: expected WIDTHxHEIGHT, such as 640x480");
        }
        return new ImageSize(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
    }

    public long pixels() {
        return (long) width * height;
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%dx%d", width, height);
    }
}
