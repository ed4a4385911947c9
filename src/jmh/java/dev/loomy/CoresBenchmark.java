package dev.loomy;

import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Pure computation, no memory traffic: run with {@code -t 1} and {@code -t 2}, the ratio of the
 * two throughputs is what a second core adds when nothing is shared (2.0 on two real cores,
 * about 1.2 on two hardware threads of one core). It is the ceiling for any strategy's speed-up.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 5, time = 2)
public class CoresBenchmark {

    private long state = 42;

    /** A million steps of a 64-bit generator: each step depends on the last, so nothing is skipped. */
    @Benchmark
    public long spin() {
        long x = state;
        for (int i = 0; i < 1_000_000; i++) {
            x = x * 6364136223846793005L + 1442695040888963407L;
            x ^= x >>> 29;
        }
        state = x;
        return x;
    }
}
