package dev.loomy.filter;

import org.opencv.core.Core;
import org.opencv.core.Mat;

/** How two images differ: how many channel values, and by how much at most. */
record MatDifference(String shape, long differing, long total, double maxDifference) {

    static MatDifference between(Mat actual, Mat expected) {
        if (!actual.size().equals(expected.size()) || actual.type() != expected.type()) {
            return new MatDifference("got " + actual + ", expected " + expected, -1, -1, Double.NaN);
        }
        Mat difference = new Mat();
        try {
            Core.absdiff(actual, expected, difference);
            Mat values = difference.reshape(1);
            long differing = Core.countNonZero(values);
            double max = differing == 0 ? 0 : Core.minMaxLoc(values).maxVal;
            values.release();
            return new MatDifference(null, differing, difference.total() * difference.channels(), max);
        } finally {
            difference.release();
        }
    }

    boolean identical() {
        return shape == null && differing == 0;
    }

    boolean sameShape() {
        return shape == null;
    }

    /** The share of channel values that differ, 0 to 1. */
    double share() {
        return total <= 0 ? 1 : (double) differing / total;
    }

    @Override
    public String toString() {
        if (shape != null) {
            return "different shapes: " + shape;
        }
        return differing + " of " + total + " channel values differ, by at most " + (int) maxDifference;
    }
}
