package labbook.core;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * lab-core's place in the lab's layering: the shared harness knows nothing of wallets, ciphers or paths, nor of the
 * report that reads their results (see the architecture's "one direction of flow"). Checked on lab-core's own classes;
 * the studies and reports are not on this module's class path, and need not be: a dependency on one of their classes is
 * seen from lab-core's byte code alone.
 */
@AnalyzeClasses(packages = "labbook.core", importOptions = ImportOption.DoNotIncludeTests.class)
class LayeringTest {
    @ArchTest
    static final ArchRule theHarnessKnowsNoStudyAndNoReport = noClasses()
            .that()
            .resideInAPackage("labbook.core..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                    "labbook.wallet..",
                    "labbook.filecrypt..",
                    "labbook.vfs..",
                    "labbook.reports..",
                    "labbook.notebooks..")
            .because("lab-core is the harness every study shares: results flow from the studies to the report");
}
