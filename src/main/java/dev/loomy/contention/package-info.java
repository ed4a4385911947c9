/**
 * How much other programs, and this JVM's own threads, kept a measurement from the CPU: read
 * from Linux's proc files over an interval (a run), summed over several intervals (a row's
 * counted runs) as raw times, the percentages derived from the sums. JDK only; it depends on
 * nothing else in loomy.
 *
 * <h2>Use</h2>
 *
 * {@link dev.loomy.contention.ContentionProbe#system()} once per JVM; {@code start()} just
 * before a run's clock starts and {@code stop()} just after it ends (the reading then stays out
 * of the timed run); {@code sampleThisThread()} where a thread that may end before the
 * interval does finishes its work, or, simpler, the threads of a pool that ends with the run
 * made by {@code samplingAtEnd(ThreadFactory)} or {@code samplingForkJoinWorkers()}, which
 * sample themselves as they end. {@code stop()} gives a {@link
 * dev.loomy.contention.Contention}, a plain record that travels as JSON; {@code plus} and
 * {@code sum} add intervals. A figure whose files the kernel does not give (not Linux, pressure
 * stall information turned off, a kernel without scheduler statistics) is empty in every
 * interval it is missing from and in every sum that holds one such interval: empty, never zero.
 *
 * <h2>other_cpu_pct</h2>
 *
 * The share of the CPU time of the CPUs this JVM may run on that other processes and the
 * hypervisor took: over the interval, the busy time of those CPUs in {@code /proc/stat} (user,
 * nice, system, irq, softirq and steal; guest time is already in user and nice; idle and iowait
 * are not busy) less this JVM's own user and system time ({@code utime} and {@code stime} of
 * {@code /proc/self/stat}, which hold its ended threads too), over CPUs x wall time.
 * <ul>
 * <li><b>Others</b> are every other process (a parent JVM that waits for a forked child, and
 * the child processes of this JVM, whose time is not its own), the kernel's threads and
 * interrupts, and, in a virtual machine, the hypervisor's other guests (steal).</li>
 * <li><b>The CPUs</b> are those of the JVM's affinity mask ({@code Cpus_allowed_list} in
 * {@code /proc/self/status}, read at the interval's start): all online CPUs usually; under
 * {@code taskset} or a cpuset, only those, so that load on CPUs the JVM cannot use does not
 * count. A CPU quota (cgroup {@code cpu.max}, {@code docker --cpus}) leaves the mask whole:
 * the figure is then others' share of all the CPUs, and the quota's own throttling is not in
 * it (it is nobody else's load). This is why the CPUs are not {@code
 * Runtime.availableProcessors()}, which counts the quota. In a container {@code /proc/stat} is
 * the host's: others are the host's other processes.</li>
 * <li><b>Ticks.</b> Both files count in clock ticks, whose rate the kernel hands every process
 * in its auxiliary vector ({@code AT_CLKTCK} of {@code /proc/self/auxv}, what {@code getconf
 * CLK_TCK} prints); 100 a second where that cannot be read, the rate on every architecture
 * Linux runs Java on. A tick is 10 ms: a short interval's figure carries a few ticks of
 * rounding (on two CPUs over one second, a point or two); a difference that rounding makes
 * negative on an idle machine reads 0.</li>
 * </ul>
 *
 * <h2>cpu_wait_pct</h2>
 *
 * The share of this JVM's thread time spent ready to run but waiting for a CPU: the run delay
 * (the second figure of {@code /proc/self/task/TID/schedstat}) over run time plus run delay,
 * summed over the JVM's threads over the interval. Every thread of the JVM counts: the workers,
 * and the collector's and the compiler's threads. It includes waiting behind this JVM's own
 * threads: a strategy that runs more threads than there are CPUs waits by design, so the figure
 * says what a strategy costs in waiting as much as whether the machine was quiet. A JVM that
 * hardly runs has a figure made of few, short wake-ups.
 * <ul>
 * <li><b>Threads that end.</b> A thread's figures vanish with it. Each thread counts once: its
 * last reading (its own sample, {@code sampleThisThread}, or the listing at the interval's end)
 * less its reading at the start (zero for a thread born meanwhile). A thread that ends without
 * sampling itself loses what it did after the start; what a thread does after its last sample
 * is not seen either. A thread id reused within an interval is recognised by its figures going
 * down, and both threads count.</li>
 * <li><b>Virtual threads</b> run on carrier threads, platform threads that the kernel
 * schedules: what is measured is the carriers' waiting for a CPU. A virtual thread's wait for
 * a carrier (in the scheduler's queue) is not a wait for a CPU and is not in the figure;
 * {@code sampleThisThread} on a virtual thread does nothing (its carrier is read at the end).</li>
 * <li>A wait under way at a boundary is counted in the interval in which it ends (the kernel
 * adds it when the thread gets a CPU).</li>
 * </ul>
 *
 * <h2>cpu_pressure_pct</h2>
 *
 * The share of the wall time in which at least one runnable task of the whole system waited for
 * a CPU: the growth of {@code total} on the {@code some} line of {@code /proc/pressure/cpu}
 * (pressure stall information, microseconds) over the interval's wall time. It is
 * system-wide (inside a container too) and counts this JVM's own threads waiting behind each
 * other; it says how often someone waited, not how many did nor for how many CPUs.
 *
 * <h2>Load average</h2>
 *
 * The one-minute load average of {@code /proc/loadavg} at the interval's start and end (of a
 * sum: the first interval's start, the last one's end): the kernel's damped average of
 * runnable and uninterruptible tasks, system-wide, this JVM's included, updated every five
 * seconds: context, not a figure of the interval alone.
 *
 * <h2>Cost</h2>
 *
 * Every read is of a small proc file, bounded in size; the cost is mostly the system calls. An
 * interval reads the threads' files twice (start and end), about one open and read per thread
 * each time; a thread's own sample is one link read and one file read.
 */
package dev.loomy.contention;
