package dev.loomy.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.loomy.admission.InFlightLimit;
import dev.loomy.results.Schema;

class ScanTest {

    private static final Execution BASE = Execution.DEFAULT.withParallelism(2);

    @Test
    void withoutAListThereIsOnePointTheRunItself() {
        Scan scan = new Scan(List.of(2), List.of(1), List.of(Duration.ZERO), List.of(InFlightLimit.auto()));

        assertThat(scan.scanned()).isEmpty();
        assertThat(scan.size()).isOne();
        assertThat(scan.points(BASE)).containsExactly(new Scan.Point(BASE, Map.of()));
    }

    @Test
    void severalListsGiveEveryCombinationTheFirstOptionVaryingSlowest() {
        Scan scan = new Scan(List.of(1, 4), List.of(1), List.of(Duration.ZERO, Duration.ofMillis(5), Duration.ofNanos(500_000)),
                List.of(InFlightLimit.auto()));

        List<Scan.Point> points = scan.points(BASE);

        assertThat(scan.scanned()).containsExactly(Schema.PARALLELISM, Schema.IO_LATENCY);
        assertThat(scan.size()).isEqualTo(6);
        assertThat(points).extracting(Scan.Point::values).containsExactly(
                Map.of("parallelism", "1", "io_latency_ms", "0"), Map.of("parallelism", "1", "io_latency_ms", "5"),
                Map.of("parallelism", "1", "io_latency_ms", "0.5"), Map.of("parallelism", "4", "io_latency_ms", "0"),
                Map.of("parallelism", "4", "io_latency_ms", "5"), Map.of("parallelism", "4", "io_latency_ms", "0.5"));
        Execution last = points.get(5).execution();
        assertThat(last.parallelism()).isEqualTo(4);
        assertThat(last.ioLatency()).isEqualTo(Duration.ofNanos(500_000));
        assertThat(last.cvThreads()).isEqualTo(1);
        assertThat(last.maxInFlight()).isEqualTo(InFlightLimit.auto());
    }

    @Test
    void eachPointIsARunWithoutAScanThatAChildReceivesWhole() throws Exception {
        Scan scan = new Scan(List.of(2), List.of(1, 3), List.of(Duration.ZERO), List.of(InFlightLimit.auto(),
                InFlightLimit.parse("7")));
        RunConfig scanned = TestConfigs.forked(List.of(), List.of(), List.of("pool"), List.of()).withScan(scan);

        Scan.Point point = scanned.points().get(3);
        RunConfig child = RunConfig.fromJson(scanned.at(point).toJson());

        assertThat(point.values()).containsExactly(Map.entry("cv_threads", "3"), Map.entry("max_in_flight", "7"));
        assertThat(child.scan()).isEqualTo(Scan.NONE);
        assertThat(child.execution().cvThreads()).isEqualTo(3);
        assertThat(child.execution().maxInFlight()).isEqualTo(InFlightLimit.parse("7"));
        assertThat(RunConfig.fromJson(scanned.toJson()).points()).isEqualTo(scanned.points());
        assertThat(scanned.options().execution().cvThreads()).isEqualTo("1,3");
        assertThat(scanned.options().execution().maxInFlight()).isEqualTo("auto,7");
    }
}
