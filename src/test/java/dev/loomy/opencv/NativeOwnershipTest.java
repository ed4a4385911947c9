package dev.loomy.opencv;

import static com.tngtech.archunit.base.DescribedPredicate.describe;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import org.opencv.core.Mat;

import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTag;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * Every Mat is freed through {@link Mats#free}, which keeps it reachable until the native release
 * has returned: a bare {@code release()} as a Mat's last use lets its finalizer delete the native
 * header while the release still writes into it (a heap corruption that glibc aborts on, long after).
 */
@ArchTag("slow")
@AnalyzeClasses(packages = "dev.loomy", importOptions = ImportOption.DoNotIncludeTests.class)
class NativeOwnershipTest {

    @ArchTest
    static final ArchRule MATS_ARE_FREED_THROUGH_MATS_FREE = noClasses()
            .that().resideOutsideOfPackage("dev.loomy.opencv..")
            .should().callMethodWhere(describe("Mat.release() (use Mats.free)", (JavaMethodCall call) ->
                    call.getTarget().getName().equals("release")
                            && call.getTarget().getOwner().isAssignableTo(Mat.class)));
}
