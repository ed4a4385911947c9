package dev.loomy.filter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.function.UnaryOperator;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.opencv.core.CvType;
import org.opencv.core.Mat;
import org.opencv.core.Scalar;

import dev.loomy.opencv.OpenCv;

class ChainTest {

    /** A Mat that counts its releases. */
    static final class CountedMat extends Mat {
        int releases;

        CountedMat(int value) {
            super(2, 2, CvType.CV_8UC3);
            setTo(new Scalar(value, value, value));
        }

        @Override
        public void release() {
            releases++;
            super.release();
        }
    }

    /** One call of a fake step: which step, what it got, what it gave. */
    record Call(String step, Mat input, Mat output) {
    }

    private final List<Call> calls = new ArrayList<>();
    private CountedMat input;
    private final List<CountedMat> made = new ArrayList<>();

    /** A step that makes a new Mat, as a real filter does. */
    private Filter making(String name) {
        return fake(name, image -> {
            CountedMat output = new CountedMat(made.size() + 1);
            made.add(output);
            return output;
        });
    }

    /** A step that returns its input, as NoOp does. */
    private Filter passing(String name) {
        return fake(name, image -> image);
    }

    private Filter failing(String name) {
        return fake(name, image -> {
            throw new IllegalStateException("step " + name + " failed");
        });
    }

    private Filter fake(String name, UnaryOperator<Mat> body) {
        return new Filter() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public String kind() {
                return name;
            }

            @Override
            public Mat apply(Mat image) {
                Mat output = body.apply(image);
                calls.add(new Call(name, image, output));
                return output;
            }

            @Override
            public Map<String, Number> parameters() {
                return Map.of();
            }
        };
    }

    @BeforeAll
    static void loadOpenCv() {
        OpenCv.load();
    }

    @BeforeEach
    void makeInput() {
        input = new CountedMat(7);
    }

    @AfterEach
    void releaseAll() {
        made.forEach(Mat::release);
        input.release();
    }

    @Test
    void appliesStepsInOrderEachToThePreviousResult() {
        Chain chain = new Chain("c", List.of(making("A"), passing("B"), making("C")));

        Mat result = chain.apply(input);

        assertThat(calls).extracting(Call::step).containsExactly("A", "B", "C");
        assertThat(calls.get(0).input()).isSameAs(input);
        assertThat(calls.get(1).input()).isSameAs(calls.get(0).output());
        assertThat(calls.get(2).input()).isSameAs(calls.get(0).output());
        assertThat(result).isSameAs(calls.get(2).output());
    }

    @Test
    void aChainAskedToStopGivesUpBeforeItsNextStepAndReleasesWhatItMade() {
        Chain chain = new Chain("c", List.of(making("A"), making("B"), making("C")));

        // The stop comes once the first step is done.
        assertThatThrownBy(() -> chain.apply(input, () -> !calls.isEmpty())).isInstanceOf(CancellationException.class);

        assertThat(calls).extracting(Call::step).containsExactly("A");
        assertThat(made.get(0).releases).as("A's result").isEqualTo(1);
        assertThat(input.releases).isZero();
    }

    @Test
    void releasesEveryIntermediateOnceAndNeitherTheInputNorTheResult() {
        Chain chain = new Chain("c", List.of(making("A"), passing("B"), making("C"), making("D")));

        Mat result = chain.apply(input);

        assertThat(made).hasSize(3);
        assertThat(made.get(0).releases).as("A's result, handed on by B").isEqualTo(1);
        assertThat(made.get(1).releases).as("C's result").isEqualTo(1);
        assertThat(made.get(2)).isSameAs(result);
        assertThat(made.get(2).releases).as("the result").isZero();
        assertThat(input.releases).isZero();
        assertThat(input.get(0, 0)).containsExactly(7, 7, 7);
    }

    @Test
    void aLastStepThatReturnsItsInputHandsBackTheIntermediateUnreleased() {
        Chain chain = new Chain("c", List.of(making("A"), passing("B")));

        Mat result = chain.apply(input);

        assertThat(result).isSameAs(made.get(0));
        assertThat(made.get(0).releases).isZero();
        assertThat(input.releases).isZero();
    }

    @Test
    void returnsTheInputItselfWhenEveryStepDoes() {

        Mat result = new Chain("c", List.of(passing("A"), passing("B"))).apply(input);

        assertThat(result).isSameAs(input);
        assertThat(input.releases).isZero();
    }

    @Test
    void aFailingStepReleasesTheIntermediateAndLeavesTheInput() {
        Chain chain = new Chain("c", List.of(making("A"), failing("B"), making("C")));

        assertThatThrownBy(() -> chain.apply(input)).isInstanceOf(IllegalStateException.class)
                .hasMessage("step B failed");
        assertThat(made).hasSize(1);
        assertThat(made.get(0).releases).isEqualTo(1);
        assertThat(input.releases).isZero();
    }

    @Test
    void aNestedChainsResultIsAnIntermediateOfTheOuterOne() {
        Chain inner = new Chain("inner", List.of(making("A"), making("B")));
        Chain outer = new Chain("outer", List.of(inner, passing("C"), making("D")));

        Mat result = outer.apply(input);

        assertThat(calls).extracting(Call::step).containsExactly("A", "B", "C", "D");
        assertThat(made).extracting(m -> m.releases).containsExactly(1, 1, 0);
        assertThat(result).isSameAs(made.get(2));
        assertThat(input.releases).isZero();
    }

    @Test
    void showsItsStepsAsItsParameters() {
        Chain chain = new Chain("Night", List.of(passing("ALTMRetinex"), passing("Poster")));

        assertThat(chain.name()).isEqualTo("Night");
        assertThat(chain.parameters()).isEmpty();
        assertThat(chain.steps()).extracting(Filter::name).containsExactly("ALTMRetinex", "Poster");
    }

    @Test
    void needsItsHungriestStepsMemoryPlusTheIntermediateItWorksOn() {
        assertThat(new Chain("Alias", List.of(new NoOp())).workingBytesPerPixel()).isZero();
        Filter unknown = making("Unknown");
        assertThat(new Chain("Trial", List.of(new NoOp(), unknown)).workingBytesPerPixel())
                .isEqualTo(unknown.workingBytesPerPixel() + 3);
    }

    @Test
    void needsItsHungriestStepsJavaHeap() {
        // The steps run one at a time, each freeing its Java arrays (or keeping them idle) before the next.
        Filter wide = new AltmRetinex("Wide", 500, 0.01, 36, 10, 0.1);
        Chain chain = new Chain("Night", List.of(new Cartoon2(), wide, new NoOp()));

        assertThat(chain.workingHeapBytes(4000, 3000)).isEqualTo(wide.workingHeapBytes(4000, 3000))
                .isGreaterThan(new Cartoon2().workingHeapBytes(4000, 3000));
        assertThat(new Chain("Plain", List.of(new NoOp(), new NoOp())).workingHeapBytes(4000, 3000)).isZero();
    }

    @Test
    void refusesAnEmptyList() {
        assertThatThrownBy(() -> new Chain("Empty", List.of())).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Empty");
    }
}
