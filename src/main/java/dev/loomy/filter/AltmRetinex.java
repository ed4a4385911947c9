package dev.loomy.filter;

import java.util.LinkedHashMap;
import java.util.Map;

import org.opencv.core.Mat;

/**
 * PLACEHOLDER for the ALTMRetinex filter: the constructors, name and parameters of the real
 * class, but apply() only copies its input. To be replaced by the real implementation.
 */
public final class AltmRetinex implements Filter {

    public static final String NAME = "ALTMRetinex";

    private final String name;
    private final int r;
    private final double eps;
    private final double eta;
    private final double lambda;
    private final double kernelRatio;

    public AltmRetinex() {
        this(NAME, 10, 0.01, 36.0, 10.0, 0.1);
    }

    public AltmRetinex(String name, int r, double eps, double eta, double lambda, double kernelRatio) {
        if (r < 1) {
            throw new IllegalArgumentException("r must be at least 1, not " + r);
        }
        if (!(eps > 0 && eta > 0 && lambda > 0 && kernelRatio > 0)) {
            throw new IllegalArgumentException("eps, eta, lambda and kernelRatio must be above 0");
        }
        this.name = name;
        this.r = r;
        this.eps = eps;
        this.eta = eta;
        this.lambda = lambda;
        this.kernelRatio = kernelRatio;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public Mat apply(Mat image) {
        return image.clone();
    }

    @Override
    public Map<String, Object> parameters() {
        Map<String, Object> parameters = new LinkedHashMap<>();
        parameters.put("r", r);
        parameters.put("eps", eps);
        parameters.put("eta", eta);
        parameters.put("lambda", lambda);
        parameters.put("kernelRatio", kernelRatio);
        return parameters;
    }
}
