package dev.loomy.strategy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class StrategiesTest {

    /** A job that counts its runs and remembers the thread and lane it ran with. */
    static class CountingJob implements ImageJob {
        final AtomicInteger submissions = new AtomicInteger();
        final AtomicInteger runs = new AtomicInteger();
        volatile Thread thread;
        volatile String lane;

        @Override
        public ImageJob submitted() {
            submissions.incrementAndGet();
            return this;
        }

        @Override
        public ImageJob submitted(String lane) {
            this.lane = lane;
            return submitted();
        }

        @Override
        public void run() {
            thread = Thread.currentThread();
            runs.incrementAndGet();
        }
    }

    static List<Strategy> strategies() {
        return Strategies.known();
    }

    /** A job that, once run, waits (at most 5 s) until {@code together} jobs have been running at once. */
    static final class Meeting extends CountingJob {
        private final CountDownLatch arrived;
        volatile boolean met;

        Meeting(CountDownLatch arrived) {
            this.arrived = arrived;
        }

        @Override
        public void run() {
            super.run();
            arrived.countDown();
            try {
                met = arrived.await(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static List<CountingJob> meeting(int n, int together) {
        CountDownLatch arrived = new CountDownLatch(together);
        List<CountingJob> jobs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            jobs.add(new Meeting(arrived));
        }
        return jobs;
    }

    private static List<CountingJob> jobs(int n) {
        List<CountingJob> jobs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            jobs.add(new CountingJob());
        }
        return jobs;
    }

    @ParameterizedTest
    @MethodSource("strategies")
    void handsOverNoJobOnceTheRunIsStopping(Strategy strategy) throws Exception {
        // The run stops as job 50 comes up: a stop after thousands of images must not start
        // thousands of threads only for each to mark its image skipped.
        AtomicInteger asked = new AtomicInteger();
        List<CountingJob> jobs = new ArrayList<>();
        for (int i = 0; i < 5000; i++) {
            int index = i;
            jobs.add(new CountingJob() {
                @Override
                public boolean stopping() {
                    asked.incrementAndGet();
                    return index >= 50;
                }
            });
        }

        strategy.run(jobs, 4);

        assertThat(asked.get()).as("asked before handing over").isPositive();
        assertThat(jobs.subList(0, 50)).allSatisfy(job -> assertThat(job.runs.get()).isEqualTo(1));
        assertThat(jobs.subList(50, jobs.size())).allSatisfy(job -> assertThat(job.runs.get()).isZero());
    }

    @ParameterizedTest
    @MethodSource("strategies")
    void runsEveryJobExactlyOnceAndStampsItsSubmission(Strategy strategy) throws Exception {
        List<CountingJob> jobs = jobs(101);

        strategy.run(jobs, 3);

        assertThat(jobs).allSatisfy(job -> {
            assertThat(job.runs).hasValue(1);
            assertThat(job.submissions).hasValue(1);
        });
    }

    @ParameterizedTest
    @MethodSource("strategies")
    @Timeout(value = 10, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void handlesAnEmptyBatchAndReturns(Strategy strategy) {
        assertThatCode(() -> strategy.run(List.of(), 2)).doesNotThrowAnyException();
    }

    @Test
    void eachStrategyUsesTheThreadsItPromises() throws Exception {
        List<CountingJob> loop = jobs(5);
        new LoopStrategy().run(loop, 4);
        assertThat(loop).allSatisfy(j -> assertThat(j.thread).isSameAs(Thread.currentThread()));

        List<CountingJob> threads = jobs(20);
        new ThreadsStrategy().run(threads, 4);
        assertThat(distinct(threads)).hasSize(20);
        assertThat(threads).noneSatisfy(j -> assertThat(j.thread.isVirtual()).isTrue());

        // Until as many jobs as the pool has threads run at once, none finishes: inline, or on fewer
        // threads, the first would wait in vain.
        List<CountingJob> pool = meeting(50, 3);
        new PoolStrategy().run(pool, 3);
        assertThat(distinct(pool)).hasSize(3).doesNotContain(Thread.currentThread())
                .noneMatch(Thread::isVirtual).noneMatch(ForkJoinWorkerThread.class::isInstance);
        assertThat(pool).allSatisfy(j -> assertThat(((Meeting) j).met).isTrue());

        List<CountingJob> forkJoin = meeting(50, 2);
        new ForkJoinStrategy().run(forkJoin, 2);
        assertThat(distinct(forkJoin)).hasSize(2).doesNotContain(Thread.currentThread())
                .allMatch(ForkJoinWorkerThread.class::isInstance);
        assertThat(forkJoin).allSatisfy(j -> assertThat(((Meeting) j).met).isTrue());

        List<CountingJob> virtual = jobs(20);
        new VirtualStrategy().run(virtual, 2);
        assertThat(distinct(virtual)).hasSize(20);
        assertThat(virtual).allSatisfy(j -> assertThat(j.thread.isVirtual()).isTrue());
    }

    @Test
    void threadsKeepsANewThreadPerImageButBoundsHowManyLive() throws Exception {
        // Every job blocks until released: without a bound, every one of them would be a live
        // platform thread at once (about 64 KB of memory each, whether it works or waits).
        int parallelism = 2;
        int bound = ThreadsStrategy.liveThreads(parallelism);
        AtomicInteger live = new AtomicInteger();
        AtomicInteger mostLive = new AtomicInteger();
        CountDownLatch release = new CountDownLatch(1);
        List<ImageJob> jobs = new ArrayList<>();
        List<Thread> ranOn = java.util.Collections.synchronizedList(new ArrayList<>());
        for (int i = 0; i < bound * 3; i++) {
            jobs.add(new CountingJob() {
                @Override
                public void run() {
                    ranOn.add(Thread.currentThread());
                    mostLive.accumulateAndGet(live.incrementAndGet(), Math::max);
                    try {
                        release.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    live.decrementAndGet();
                }
            });
        }
        Future<Void> runner = running(new ThreadsStrategy(), jobs, parallelism);
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (live.get() < bound && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        Thread.sleep(300);
        int liveWhileBlocked = live.get();
        release.countDown();
        runner.get(30, TimeUnit.SECONDS);

        assertThat(liveWhileBlocked).isEqualTo(bound);
        assertThat(mostLive.get()).isLessThanOrEqualTo(bound);
        assertThat(ranOn).hasSize(bound * 3).doesNotHaveDuplicates();
    }

    @Test
    void threadsLetsFinishedThreadsGoWhileTheRunGoesOn() throws Exception {
        // The first jobs end at once, the last one waits: the finished threads must be free for the
        // collector before the run ends, or a run of 10,000 images holds 10,000 dead threads.
        int finishing = 50;
        List<java.lang.ref.WeakReference<Thread>> finished = java.util.Collections.synchronizedList(new ArrayList<>());
        CountDownLatch release = new CountDownLatch(1);
        List<ImageJob> jobs = new ArrayList<>();
        for (int i = 0; i < finishing; i++) {
            jobs.add(new CountingJob() {
                @Override
                public void run() {
                    finished.add(new java.lang.ref.WeakReference<>(Thread.currentThread()));
                }
            });
        }
        jobs.add(new CountingJob() {
            @Override
            public void run() {
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        });
        Future<Void> runner = running(new ThreadsStrategy(), jobs, 2);
        try {
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (System.nanoTime() < deadline && (finished.size() < finishing
                    || finished.stream().anyMatch(reference -> reference.get() != null))) {
                System.gc();
                Thread.sleep(50);
            }
            assertThat(finished).hasSize(finishing);
            assertThat(finished).as("threads of finished jobs still reachable while the run goes on")
                    .allSatisfy(reference -> assertThat(reference.get()).isNull());
            assertThat(runner.isDone()).as("the run, still waiting for its last job").isFalse();
        } finally {
            release.countDown();
            runner.get(30, TimeUnit.SECONDS);
        }
    }

    @Test
    void virtualPrioritySplitsTheImagesInTwoLanes() throws Exception {
        List<CountingJob> jobs = jobs(7);

        new VirtualPriorityStrategy().run(jobs, 2);

        assertThat(jobs.subList(0, 3)).allSatisfy(j -> assertThat(j.lane).isEqualTo(VirtualPriorityStrategy.LOW));
        assertThat(jobs.subList(3, 7)).allSatisfy(j -> assertThat(j.lane).isEqualTo(VirtualPriorityStrategy.HIGH));
        assertThat(jobs).allSatisfy(j -> assertThat(j.thread.isVirtual()).isTrue());
    }

    @Test
    void parsesNamesListsAndAll() {
        assertThat(Strategies.parse(List.of("all")).stream().map(Strategy::name))
                .containsExactly("loop", "threads", "pool", "forkjoin", "virtual");
        assertThat(Strategies.parse(List.of("VIRTUAL", "loop", "virtual")).stream().map(Strategy::name))
                .containsExactly("virtual", "loop");
        assertThat(Strategies.parse(List.of("virtual-priority", "all")).stream().map(Strategy::name))
                .containsExactly("virtual-priority", "loop", "threads", "pool", "forkjoin", "virtual");
        assertThatThrownBy(() -> Strategies.parse(List.of("fibers")))
                .hasMessageContaining("unknown strategy 'fibers'").hasMessageContaining("virtual-priority");
    }

    /** {@code strategy} running {@code jobs} on a thread of its own; its failure is the future's. */
    private static Future<Void> running(Strategy strategy, List<ImageJob> jobs, int parallelism) {
        FutureTask<Void> run = new FutureTask<>(() -> {
            strategy.run(jobs, parallelism);
            return null;
        });
        Thread.ofPlatform().start(run);
        return run;
    }

    private static Set<Thread> distinct(List<CountingJob> jobs) {
        Set<Thread> threads = ConcurrentHashMap.newKeySet();
        jobs.forEach(j -> threads.add(j.thread));
        return threads;
    }
}
