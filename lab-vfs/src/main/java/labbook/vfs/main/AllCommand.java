package labbook.vfs.main;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import labbook.core.AllExperiments;
import labbook.core.AllOptions;
import labbook.core.ExperimentCommand;
import labbook.core.JmhRun;
import labbook.core.LabRun;
import labbook.core.Work;
import labbook.vfs.VfsSchemas;
import labbook.vfs.experiments.TreeOptions;
import labbook.vfs.experiments.dcachemodel.DcacheModelExperiment;
import labbook.vfs.experiments.gitdiff.GitDiffExperiment;
import labbook.vfs.experiments.kernelprofile.KernelProfileExperiment;
import labbook.vfs.experiments.kernelprofile.Perf;
import labbook.vfs.experiments.statwalk.StatWalkExperiment;
import labbook.vfs.tree.KernelTree;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code all}: every experiment of the study in the chosen mode, on the mode's default tree (built from the shipped
 * manifest when missing) or {@code --tree DIR}: git-diff, stat-walk, dcache-model, kernel-profile. A failed experiment
 * is one line; the rest are then skipped, or run with {@code --keep-going} ({@link AllExperiments}). It ends by
 * printing how each part ended and how long it took. Quick mode is sized for the lab's main job (its times are in the
 * module README).
 */
@Command(
        name = "all",
        description =
                "Run git-diff, stat-walk, dcache-model and kernel-profile (building the default tree when missing).")
public final class AllCommand extends ExperimentCommand {
    @Mixin
    TreeOptions treeOptions;

    @Mixin
    AllOptions options;

    /** The experiments in the order they run, with what each costs in each mode (the tree is needed first). */
    private static final Map<String, Work> EXPERIMENTS = experiments();

    private static Map<String, Work> experiments() {
        Map<String, Work> work = new LinkedHashMap<>();
        work.put("git-diff", GitDiffExperiment::work);
        work.put("stat-walk", StatWalkExperiment::work);
        work.put("dcache-model", JmhRun.work(DcacheModelExperiment::cost));
        work.put(KernelProfileExperiment.EXPERIMENT, KernelProfileExperiment::work);
        return work;
    }

    @Override
    public Integer call() {
        AllExperiments all = new AllExperiments(VfsSchemas.STUDY, options.keepGoing(), System.err);
        if (options.planOnly()) {
            try (LabRun run = startRun(VfsSchemas.STUDY, "all")) {
                all.plan(run, EXPERIMENTS);
            }
            return 0;
        }
        Optional<KernelTree> opened = all.runFor(null, "tree", () -> treeOptions.open(lab));
        try (LabRun run = startRun(VfsSchemas.STUDY, "all")) {
            if (opened.isEmpty()) {
                EXPERIMENTS.keySet().forEach(e -> all.skip(run, e, "no tree"));
                return all.finish(System.out);
            }
            all.plan(run, EXPERIMENTS);
            KernelTree tree = opened.get();
            all.run(run, "git-diff", () -> GitDiffExperiment.run(run, tree, null, null, System.out));
            Optional<StatWalkExperiment.Ratios> ratios =
                    all.runFor(run, "stat-walk", () -> StatWalkExperiment.run(run, tree, null, System.out));
            all.run(run, "dcache-model", () -> {
                // the default tree's paths come from the manifest (no git needed); another tree's from its index
                List<String> paths = treeOptions.tree() == null ? treeOptions.paths(lab.mode()) : tree.entries();
                DcacheModelExperiment.run(
                        run, paths, null, DcacheModelExperiment.hasRenamedFolder(paths) ? null : "off", System.out);
            });
            // last: where perf cannot sample the kernel, it is one line and the rest of the study has run
            all.run(
                    run,
                    KernelProfileExperiment.EXPERIMENT,
                    () -> KernelProfileExperiment.run(run, tree, null, null, new Perf("perf"), System.out));
            ratios.ifPresent(r -> System.out.printf(
                    Locale.ROOT,
                    "%nlab-vfs all (%s): Java stat-walk / git diff elapsed: serial %.2f, parallel %.2f; "
                            + "results in %s%n",
                    run.mode().label(),
                    r.serial(),
                    r.parallel(),
                    run.studyDir()));
        }
        return all.finish(System.out);
    }
}
