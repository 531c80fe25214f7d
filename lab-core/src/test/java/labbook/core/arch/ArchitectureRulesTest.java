package labbook.core.arch;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.EvaluationResult;
import org.junit.jupiter.api.Test;

/** Each shared rule fires on a planted violation (test classes made for it), and is quiet where there is none. */
class ArchitectureRulesTest {
    private static final JavaClasses PLANTED = new ClassFileImporter().importPackages("labbook.plantedcycle");

    @Test
    void aPlantedCycleBetweenTwoPackagesIsFound() {
        EvaluationResult result =
                ArchitectureRules.noPackageCycles("labbook.plantedcycle").evaluate(PLANTED);
        assertThat(result.hasViolation()).isTrue();
        assertThat(result.getFailureReport().toString())
                .contains("Cycle detected")
                .contains("plantedcycle.a")
                .contains("plantedcycle.b");
    }

    @Test
    void oneHalfOfItAloneIsNoCycle() {
        JavaClasses half = PLANTED.that(com.tngtech.archunit.base.DescribedPredicate.describe(
                "in package a", c -> c.getPackageName().endsWith(".a")));
        assertThat(ArchitectureRules.noPackageCycles("labbook.plantedcycle")
                        .evaluate(half)
                        .hasViolation())
                .isFalse();
    }
}
