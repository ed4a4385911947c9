package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.loomy.Slow;
import dev.loomy.TestImages;
import dev.loomy.run.ExitCodes;

/** {@code --param}: each value of a filter's parameter is a variant measured as rows of its own. */
class ParamSweepTest {

    @TempDir
    Path dir;

    @Test
    void everyVariantIsARowForEveryStrategyAndSeveralSweepsGiveTheProduct() throws Exception {
        Path in = dir.resolve("in");
        TestImages.writeMany(in, 2, 40, 30);

        Cli run = Cli.run("-s", "loop,pool", "-f", "Cartoon2,NoOp", "--param=red=20,200", "--param=green=3,9",
                "--no-fork", "--no-write", "--quiet", "--format=json", in.toString());

        assertThat(run.status()).as(run.err()).isEqualTo(ExitCodes.OK);
        JsonNode results = new ObjectMapper().readTree(run.out()).get("results");
        List<String> rows = results.valueStream().map(r -> r.get("strategy").asText() + " " + r.get("filter").asText())
                .toList();
        List<String> filters = List.of("Cartoon2[red=20,green=3]", "Cartoon2[red=20,green=9]",
                "Cartoon2[red=200,green=3]", "Cartoon2[red=200,green=9]", "NoOp");
        assertThat(rows).containsExactlyElementsOf(
                List.of("loop", "pool").stream().flatMap(s -> filters.stream().map(f -> s + " " + f)).toList());
        results.forEach(r -> assertThat(r.get("images").asInt()).isEqualTo(2));
        // Each variant is compared with loop's row of the same variant.
        assertThat(results.get(5).get("speedup_vs_loop").isNumber()).isTrue();
    }

    @Slow
    @Test
    void aVariantMeasuredInAChildJvmWritesWhatTheSameFilterFromTheFileWrites() throws Exception {
        Path in = dir.resolve("in");
        TestImages.write(in.resolve("photo.png"), 90, 70, 3);
        Path config = Files.writeString(dir.resolve("filters.yaml"), """
                filters:
                  Few: {kind: Cartoon2, red: 3, green: 4}
                """);

        Cli swept = Cli.run("--config=" + config, "-s", "loop", "-f", "Cartoon2", "--param=red=3,200", "--param=green=4",
                "--fork", "--quiet", "-o", dir.resolve("swept").toString(), in.toString());
        Cli defined = Cli.run("--config=" + config, "-s", "loop", "-f", "Few", "--fork", "--quiet",
                "-o", dir.resolve("defined").toString(), in.toString());

        assertThat(swept.status()).as(swept.err()).isEqualTo(ExitCodes.OK);
        assertThat(defined.status()).as(defined.err()).isEqualTo(ExitCodes.OK);
        byte[] fromFile = Files.readAllBytes(dir.resolve("defined/photo.png"));
        assertThat(Files.readAllBytes(dir.resolve("swept/Cartoon2[red=3,green=4]/loop/photo.png"))).isEqualTo(fromFile);
        assertThat(Files.readAllBytes(dir.resolve("swept/Cartoon2[red=200,green=4]/loop/photo.png")))
                .isNotEqualTo(fromFile);
    }

    @Test
    void anUnknownNameOrAValueOfTheWrongTypeIsBadUsageNamingTheFilterAndTheParameter() throws Exception {
        Path in = dir.resolve("in");
        TestImages.writeMany(in, 1, 16, 16);
        Path out = dir.resolve("out");

        Cli unknown = Cli.run("-f", "Cartoon2,NoOp", "--param=gamma=1,2", "-o", out.toString(), in.toString());
        Cli wrongType = Cli.run("-f", "Cartoon2", "--param=red=40,4.5", "-o", out.toString(), in.toString());
        Cli outOfRange = Cli.run("-f", "Cartoon2", "--param=blue=0", "-o", out.toString(), in.toString());
        // A box whose r * r overflows: refused before any image is read, not hours of filtering later.
        Cli hugeBox = Cli.run("-f", "ALTMRetinex", "--param=r=250000", "-o", out.toString(), in.toString());

        assertThat(unknown.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(unknown.err().strip()).isEqualTo("loomy: --param=gamma=1,2: no selected filter has a parameter gamma "
                + "(Cartoon2: red, green, blue; NoOp: none)");
        assertThat(wrongType.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(wrongType.err().strip())
                .isEqualTo("loomy: --param=red=40,4.5: parameter red of filter Cartoon2 is an integer, not '4.5'");
        assertThat(outOfRange.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(outOfRange.err().strip()).startsWith("loomy: --param for filter Cartoon2, parameter blue: ")
                .hasLineCount(1);
        assertThat(hugeBox.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(hugeBox.err().strip()).isEqualTo("loomy: --param for filter ALTMRetinex, parameter r: ALTMRetinex: "
                + "r must be at most 46340 (its box's normalisation 1 / (r * r) is computed in 32-bit integers), not 250000");
        assertThat(out).doesNotExist();
    }
}
