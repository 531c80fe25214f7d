package labbook.vfs;

import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Callable;
import labbook.core.LabOptions;
import labbook.core.LabRun;
import labbook.core.Progress;
import labbook.vfs.tree.KernelTree;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code all}: every experiment of the study in the chosen mode, on the default tree (built from
 * the shipped manifest when missing): git-diff, stat-walk, dcache-model. Quick mode takes about
 * four minutes on 2 cores (plus about 15 s the first time, to build the tree).
 */
@Command(name = "all", mixinStandardHelpOptions = true,
        description = "Run git-diff, stat-walk and dcache-model (building the default tree when missing).")
public final class AllCommand implements Callable<Integer> {
    @Mixin
    LabOptions lab;
    @Mixin
    TreeOptions treeOptions;

    @Override
    public Integer call() {
        long start = System.nanoTime();
        KernelTree tree = treeOptions.open(lab);
        try (LabRun run = LabRun.start(lab, "vfs", "all")) {
            System.out.println("== git-diff");
            GitDiffExperiment.run(run, tree, null, null, System.out);
            System.out.println("\n== stat-walk");
            StatWalkExperiment.Ratios ratios = StatWalkExperiment.run(run, tree, null, System.out);
            System.out.println("\n== dcache-model");
            DcacheModelExperiment.run(run, null, null, "both", System.out);
            System.out.printf(Locale.ROOT, "%nlab-vfs all (%s): Java stat-walk / git diff elapsed: serial %.2f, parallel %.2f; "
                    + "results in %s; %s%n", run.mode().label(), ratios.serial(), ratios.parallel(), run.studyDir(),
                    Progress.human(Duration.ofNanos(System.nanoTime() - start)));
        }
        return 0;
    }
}
