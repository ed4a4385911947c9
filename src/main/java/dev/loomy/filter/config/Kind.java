package dev.loomy.filter.config;

import java.util.List;
import java.util.Map;

import dev.loomy.filter.AltmRetinex;
import dev.loomy.filter.Canny;
import dev.loomy.filter.Cartoon;
import dev.loomy.filter.Cartoon2;
import dev.loomy.filter.DetailEnhance;
import dev.loomy.filter.EdgePreserving;
import dev.loomy.filter.Filter;
import dev.loomy.filter.GammaCorrection;
import dev.loomy.filter.Gotham;
import dev.loomy.filter.Gray;
import dev.loomy.filter.HighContrast;
import dev.loomy.filter.Invert;
import dev.loomy.filter.Lark;
import dev.loomy.filter.Mayfair;
import dev.loomy.filter.NoOp;
import dev.loomy.filter.PixelSepia;
import dev.loomy.filter.Sepia;
import dev.loomy.filter.Sobelo;
import dev.loomy.filter.Valencia;
import dev.loomy.filter.Vignetting;
import dev.loomy.filter.Walden;

/**
 * A built-in algorithm that a filters.yaml entry names as its {@code kind}.
 *
 * <p>The built-in filter itself (made with its default constructor) is the one source of the
 * parameters: their names, their order, their types (Integer or Double, or Boolean for its flags) and their defaults.
 */
record Kind(Filter builtIn, Factory factory) {

    /** Makes a filter of this kind from a full set of parameter values (defaults filled in). */
    interface Factory {
        Filter create(String name, Values v);
    }

    /** The parameter values of one entry, each of its default's type. */
    record Values(Map<String, Number> numbers, Map<String, Boolean> flags) {

        int integer(String parameter) {
            return numbers.get(parameter).intValue();
        }

        double real(String parameter) {
            return numbers.get(parameter).doubleValue();
        }

        boolean flag(String parameter) {
            return flags.get(parameter);
        }
    }

    String name() {
        return builtIn.name();
    }

    /** Every kind, each with a new built-in instance. */
    static List<Kind> all() {
        return List.of(
                new Kind(new NoOp(), (name, v) -> new NoOp(name)),
                new Kind(new Cartoon2(), (name, v) -> new Cartoon2(name,
                        v.integer("red"), v.integer("green"), v.integer("blue"))),
                new Kind(new AltmRetinex(), (name, v) -> new AltmRetinex(name, v.integer("r"),
                        v.real("eps"), v.real("eta"), v.real("lambda"), v.real("kernelRatio"))),
                // origami's catalogue (docs/filters.md).
                new Kind(new Gray(), (name, v) -> new Gray(name)),
                new Kind(new Canny(), (name, v) -> new Canny(name,
                        v.integer("threshold1"), v.integer("threshold2"), v.flag("inverted"))),
                new Kind(Sepia.gray(), (name, v) -> Sepia.gray(name)),
                new Kind(Sepia.red(), (name, v) -> Sepia.red(name)),
                new Kind(new Invert(), (name, v) -> new Invert(name)),
                new Kind(new GammaCorrection(), (name, v) -> new GammaCorrection(name, v.real("gamma"))),
                new Kind(new EdgePreserving(), (name, v) -> new EdgePreserving(name,
                        v.integer("flags"), v.real("sigma_s"), v.real("sigma_r"))),
                new Kind(new DetailEnhance(), (name, v) -> new DetailEnhance(name, v.real("sigma_s"), v.real("sigma_r"))),
                new Kind(new Sobelo(), (name, v) -> new Sobelo(name)),
                new Kind(new Gotham(), (name, v) -> new Gotham(name)),
                new Kind(new HighContrast(), (name, v) -> new HighContrast(name, v.real("alpha"))),
                new Kind(new PixelSepia(), (name, v) -> new PixelSepia(name, v.integer("depth"), v.integer("intensity"))),
                new Kind(new Vignetting(), (name, v) -> new Vignetting(name)),
                new Kind(new Lark(), (name, v) -> new Lark(name)),
                new Kind(new Mayfair(), (name, v) -> new Mayfair(name)),
                new Kind(new Valencia(), (name, v) -> new Valencia(name)),
                new Kind(new Walden(), (name, v) -> new Walden(name)),
                new Kind(new Cartoon(), (name, v) -> new Cartoon(name, v.integer("d"), v.integer("sigmaColor"),
                        v.integer("sigmaSpace"), v.integer("ksize"), v.real("maxValue"), v.integer("blockSize"),
                        v.integer("C"))));
    }
}
