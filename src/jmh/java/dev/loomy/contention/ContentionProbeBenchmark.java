package dev.loomy.contention;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What measuring contention costs a run: {@code interval} is one start and one stop (two
 * snapshots, each listing and reading every thread of the JVM), with {@code threads} parked
 * platform threads besides JMH's and the JVM's own; {@code sampleThisThread} is the sample a
 * thread takes of itself where its work ends, inside an interval.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class ContentionProbeBenchmark {

    @Param({"100"})
    public int threads;

    private final CountDownLatch release = new CountDownLatch(1);
    private final List<Thread> parked = new ArrayList<>();
    private ContentionProbe probe;
    private ContentionProbe sampling;

    @Setup(Level.Trial)
    public void setUp() {
        for (int i = 0; i < threads; i++) {
            parked.add(Thread.ofPlatform().daemon().start(() -> {
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }));
        }
        probe = ContentionProbe.system();
        sampling = ContentionProbe.system();
        sampling.start();
    }

    @TearDown(Level.Trial)
    public void tearDown() throws InterruptedException {
        sampling.stop();
        release.countDown();
        for (Thread thread : parked) {
            thread.join();
        }
    }

    @Benchmark
    public Contention interval() {
        probe.start();
        return probe.stop();
    }

    @Benchmark
    public void sampleThisThread() {
        sampling.sampleThisThread();
    }
}
