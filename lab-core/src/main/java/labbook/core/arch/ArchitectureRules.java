package labbook.core.arch;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.lang.ArchRule;

/**
 * The architecture rules every module's tests apply to its own classes ({@code ArchitectureTest}): one rule, one place,
 * and {@code ArchitectureRulesTest} plants a violation of each to see it fire. Test code only: ArchUnit is on the class
 * path of the modules' tests, not of any run.
 */
public final class ArchitectureRules {
    private ArchitectureRules() {}

    /**
     * No package cycle among the packages of the classes it is given ({@code @AnalyzeClasses(packages =
     * "labbook.wallet")}: that module's), the root package itself included: each package is a slice of its own, so a
     * cycle through a study's root (its schemas beside a main class that imports every experiment) is one too. A cycle
     * means no package can be read, changed or tested without the others of its cycle; the layering the architecture
     * draws (one direction of flow) is what remains. {@code root} names the module's root package.
     */
    public static ArchRule noPackageCycles(String root) {
        int prefix = root.lastIndexOf('.');
        String parent = prefix < 0 ? "" : root.substring(0, prefix + 1);
        return slices().matching(parent + "(**)")
                .should()
                .beFreeOfCycles()
                .because("a package cycle makes its packages one unit: none can be understood or changed alone");
    }
}
