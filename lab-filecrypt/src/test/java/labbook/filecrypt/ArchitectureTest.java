package labbook.filecrypt;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import labbook.core.arch.ArchitectureRules;

/** The shared architecture rules on lab-filecrypt's own classes (ArchitectureRulesTest shows each one fire). */
@AnalyzeClasses(packages = "labbook.filecrypt", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {
    @ArchTest
    static final ArchRule noPackageCycles = ArchitectureRules.noPackageCycles("labbook.filecrypt");
}
