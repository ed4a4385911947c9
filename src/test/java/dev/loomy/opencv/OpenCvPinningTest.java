package dev.loomy.opencv;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class OpenCvPinningTest {

    @Test
    void openCvsNoticesAsItLoadsPinnedAreKnownAsSuch() {
        assertThat(OpenCvPinning.isLoadNotice("[ INFO:0@0.004] global ipp.cpp:49 setUseIPP IPP was disabled by OPENCV_IPP"))
                .isTrue();
        assertThat(OpenCvPinning.isLoadNotice(
                "OPENCV: Trying to disable unavailable CPU feature on the current platform: 'AVX512F'.")).isTrue();
    }

    @Test
    void otherLinesAreNot() {
        assertThat(OpenCvPinning.isLoadNotice("loomy: a.jpg: not an image")).isFalse();
        assertThat(OpenCvPinning.isLoadNotice("OpenCV(4.9.0) Error: Insufficient memory")).isFalse();
    }
}
