package labbook.reports;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The report's layering: its layers know no study. That the study modules know no report and no notebook, and lab-core
 * no study, Maven itself holds (their poms depend on neither), so no rule here repeats it; package cycles are
 * {@code ArchitectureTest}'s.
 *
 * <p>The studies are read from {@link Studies#ALL}, the one list: a study unit's package is its {@code Study}
 * implementation's, its module's is {@code labbook.<id>}. Every other package of {@code labbook.reports} below the root
 * is a layer (today results, stats, chart, site and the {@code study} interfaces), so a fourth study or a new layer is
 * covered without touching this test.
 */
@AnalyzeClasses(packages = "labbook", importOptions = ImportOption.DoNotIncludeTests.class)
class LayeringTest {
    static final String REPORTS = "labbook.reports";

    /** {@code labbook.wallet}, {@code labbook.filecrypt}, ...: each study module's root package. */
    static List<String> studyModules() {
        return Studies.ALL.stream().map(s -> "labbook." + s.id()).toList();
    }

    /** {@code labbook.reports.wallet}, ...: the package of each study's unit in reports. */
    static List<String> studyUnits() {
        return Studies.ALL.stream().map(s -> s.getClass().getPackageName()).toList();
    }

    /** Every package just below labbook.reports that is not a study unit's. */
    static List<String> layers(JavaClasses lab) {
        TreeSet<String> found = new TreeSet<>();
        for (JavaClass c : lab) {
            String p = c.getPackageName();
            if (p.startsWith(REPORTS + ".")) {
                int end = p.indexOf('.', REPORTS.length() + 1);
                found.add(end < 0 ? p : p.substring(0, end));
            }
        }
        found.removeAll(studyUnits());
        return List.copyOf(found);
    }

    static String[] withSubpackages(Stream<String> packages) {
        return packages.map(p -> p + "..").toArray(String[]::new);
    }

    @ArchTest
    static void theReportsLayersKnowNoStudy(JavaClasses lab) {
        List<String> layers = layers(lab);
        assertThat(layers)
                .containsAll(List.of(
                        REPORTS + ".results",
                        REPORTS + ".stats",
                        REPORTS + ".chart",
                        REPORTS + ".site",
                        REPORTS + ".study"));
        layersKnowNoStudy(layers).check(lab);
    }

    /** The rule over {@code layers}: none of their classes depends on a study module's or a study unit's. */
    static ArchRule layersKnowNoStudy(List<String> layers) {
        return noClasses()
                .that()
                .resideInAnyPackage(withSubpackages(layers.stream()))
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(withSubpackages(Stream.concat(studyModules().stream(), studyUnits().stream())))
                .because("the layers (results loading, statistics and fits, charts and site) know no study:"
                        + " a study is one unit, and adding one is a package and a line in Studies.ALL");
    }

    /**
     * The rule fires on a planted violation: {@code labbook.reports.chart.PlantedStudyChart}, a test class in the chart
     * layer that reads the wallet study's unit, imported with the test classes; without it the same layer passes.
     */
    @Test
    void aLayerThatReadsAStudyIsCaught() {
        JavaClasses withPlanted = new ClassFileImporter().importPackages(REPORTS + ".chart", REPORTS + ".wallet");
        List<String> chart = List.of(REPORTS + ".chart");
        assertThat(layersKnowNoStudy(chart)
                        .evaluate(withPlanted)
                        .getFailureReport()
                        .getDetails())
                .anyMatch(line -> line.contains("PlantedStudyChart") && line.contains("WalletStudy"));
        JavaClasses withoutTests = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages(REPORTS + ".chart", REPORTS + ".wallet");
        assertThat(layersKnowNoStudy(chart).evaluate(withoutTests).hasViolation())
                .isFalse();
    }
}
