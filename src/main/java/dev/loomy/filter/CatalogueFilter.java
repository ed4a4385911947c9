package dev.loomy.filter;

import org.opencv.core.Mat;

import dev.loomy.opencv.MatScope;

/**
 * One of origami's catalogue filters: a short sequence of OpenCV calls with origami's defaults and
 * quirks, which are part of its pixels.
 *
 * <p>What they share with every filter of a kind (name, kind, checked parameters) is {@link
 * KindFilter}'s; what they share among themselves lives here: the check of the input and a scope
 * that releases every temporary, and the result too when a step fails. A subclass registers every
 * Mat it makes with the scope, the result included; the result is kept.
 */
public abstract class CatalogueFilter extends KindFilter {

    /** As {@link KindFilter#KindFilter(Kind, String, String, Value...)}. */
    protected CatalogueFilter(Kind kind, String name, String description, Value... values) {
        super(kind, name, description, values);
    }

    @Override
    public final Mat apply(Mat image) {
        Filters.requireBgr(kind(), image);
        try (MatScope scope = new MatScope()) {
            return scope.keep(apply(image, scope));
        }
    }

    /** The filtered image, a new Mat registered with {@code scope} like every temporary. */
    protected abstract Mat apply(Mat image, MatScope scope);
}
