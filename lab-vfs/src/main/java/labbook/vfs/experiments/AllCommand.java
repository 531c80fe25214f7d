package labbook.vfs.experiments;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import labbook.core.ConsoleTable;
import labbook.core.LabOptions;
import labbook.core.LabRun;
import labbook.core.Progress;
import labbook.vfs.VfsResults;
import labbook.vfs.experiments.dcachemodel.DcacheModelExperiment;
import labbook.vfs.experiments.gitdiff.GitDiffExperiment;
import labbook.vfs.experiments.statwalk.StatWalkExperiment;
import labbook.vfs.tree.KernelTree;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code all}: every experiment of the study in the chosen mode, on the mode's default tree (built from the shipped
 * manifest when missing) or {@code --tree DIR}: git-diff, stat-walk, dcache-model. It ends by printing how long each
 * part took. Quick mode is sized for the lab's main job (its times are in the module README).
 */
@Command(
        name = "all",
        mixinStandardHelpOptions = true,
        description = "Run git-diff, stat-walk and dcache-model (building the default tree when missing).")
public final class AllCommand implements Callable<Integer> {
    @Mixin
    LabOptions lab;

    @Mixin
    TreeOptions treeOptions;

    /** One part of the run and how long it took. */
    record Part(String name, Duration time) {}

    @Override
    public Integer call() {
        long start = System.nanoTime();
        List<Part> parts = new ArrayList<>();
        KernelTree tree = timed(parts, "tree", () -> treeOptions.open(lab));
        try (LabRun run = LabRun.start(lab, VfsResults.STUDY, "all", treeOptions.rerun())) {
            System.out.println("== git-diff");
            timed(parts, "git-diff", () -> GitDiffExperiment.run(run, tree, null, null, System.out));
            System.out.println("\n== stat-walk");
            StatWalkExperiment.Ratios ratios =
                    timed(parts, "stat-walk", () -> StatWalkExperiment.run(run, tree, null, System.out));
            System.out.println("\n== dcache-model");
            timed(parts, "dcache-model", () -> {
                // the default tree's paths come from the manifest (no git needed); another tree's from its index
                List<String> paths = treeOptions.tree() == null ? treeOptions.paths(lab.mode()) : tree.entries();
                return DcacheModelExperiment.run(
                        run, paths, null, DcacheModelExperiment.hasRenamedFolder(paths) ? null : "off", System.out);
            });
            System.out.printf(
                    Locale.ROOT,
                    "%nlab-vfs all (%s): Java stat-walk / git diff elapsed: serial %.2f, parallel %.2f; "
                            + "results in %s%n",
                    run.mode().label(),
                    ratios.serial(),
                    ratios.parallel(),
                    run.studyDir());
        }
        printTimes(parts, Duration.ofNanos(System.nanoTime() - start), System.out);
        return 0;
    }

    private static <T> T timed(List<Part> parts, String name, Supplier<T> work) {
        long start = System.nanoTime();
        T result = work.get();
        parts.add(new Part(name, Duration.ofNanos(System.nanoTime() - start)));
        return result;
    }

    static void printTimes(List<Part> parts, Duration total, PrintStream out) {
        ConsoleTable t = new ConsoleTable("part", "time");
        for (Part p : parts) {
            t.row(p.name(), Progress.human(p.time()));
        }
        t.row("all", Progress.human(total));
        out.println();
        t.print(out);
    }
}
