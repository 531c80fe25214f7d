package labbook.vfs.experiments.kernelprofile;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import labbook.core.CsvResults;
import labbook.core.ExperimentCommand;
import labbook.core.LabException;
import labbook.core.LabRun;
import labbook.core.Mode;
import labbook.core.OptionValues;
import labbook.core.OwnedScratch;
import labbook.core.Progress;
import labbook.vfs.VfsSchemas;
import labbook.vfs.experiments.CachedGitDiff;
import labbook.vfs.experiments.PreloadWalk;
import labbook.vfs.experiments.TreeOptions;
import labbook.vfs.experiments.gitdiff.GitDiffExperiment;
import labbook.vfs.tree.KernelTree;
import me.tongfei.progressbar.ProgressBar;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * kernel-profile: the real kernel's path walk, sampled: where git diff's system time goes today, per lookup.
 *
 * <p><b>The question.</b> Axboe ended his reply in the seed with an offer: "Let me know if you want profiles or
 * anything like that." git-diff measures today's kernel only from outside (user, system, elapsed), and the dentry model
 * explains the mechanism only in Java. Where does a lookup's system time go on the real kernel, in the seed's terms
 * (the store-free lookup; stores on shared dentries and their references; reading the attributes; system call entry and
 * exit; scheduling; the rest), and does a parallel lookup store to shared dentries more than a serial one, the
 * mechanism Piggin's patch removed?
 *
 * <p><b>Baseline.</b> Serial: git diff with {@code core.preloadIndex=false}, and the Java stat walk on 1 thread.
 *
 * <p><b>Variants.</b> Parallel: git diff with {@code core.preloadIndex=true} (its preload threads), and the Java stat
 * walk on 20 threads. Each workload's lookups per run are counted once under {@code perf stat} on the lookup calls'
 * tracepoints, before the rounds. In each round every workload's runs are timed without perf, then timed again under
 * {@code perf record -e cpu-clock -g} (only those processes and their threads); the order of workloads, and of plain
 * and profiled, alternates from round to round. Kernel samples fall into the categories declared in
 * {@code kernel-categories.csv} ({@link KernelCategories}); the raw samples are kept as folded stacks, one file per
 * workload and setting, in {@code <results>/vfs/kernel-profile/}, for a flame graph.
 *
 * <p><b>Run.</b> {@code ./labbook vfs kernel-profile --quick} (quick: {@value #QUICK_ROUNDS} rounds of
 * {@value #QUICK_RUNS} runs on the quick tree; {@code --full}: {@value #FULL_ROUNDS} rounds of {@value #FULL_RUNS} on
 * the full tree; both sampled at 4 kHz). {@code --rounds N --runs N} override, {@code --perf BINARY} names perf. It
 * needs perf (Debian's {@code linux-perf}) and root or {@code kernel.perf_event_paranoid=-1}; without them it prints
 * one line saying what is missing and how to enable it, and records why in {@code kernel-profile-status.csv}.
 */
@Command(
        name = "kernel-profile",
        description = "Where git diff's and the Java stat walk's system time goes in the kernel, per lookup: perf "
                + "samples by category, serial against parallel.")
public final class KernelProfileExperiment extends ExperimentCommand {
    public static final String EXPERIMENT = VfsSchemas.KERNEL_PROFILE.experiment();
    /** The folder of folded stacks in the study's results folder. */
    public static final String STACKS_FOLDER = "kernel-profile";
    /** The Java stat walk's parallel setting: git's 20 preload threads, as stat-walk's parallel figure uses. */
    public static final int WALK_THREADS = 20;
    /** Where the running kernel lists its functions. */
    static final Path KALLSYMS = Path.of("/proc/kallsyms");

    @Mixin
    TreeOptions treeOptions;

    @Option(
            names = "--rounds",
            paramLabel = "N",
            description = "Rounds (default: quick " + QUICK_ROUNDS + ", full " + FULL_ROUNDS + ").")
    Integer rounds;

    @Option(
            names = "--runs",
            paramLabel = "N",
            description = "git diff runs, or walks, per workload and round (default: quick " + QUICK_RUNS + ", full "
                    + FULL_RUNS + ").")
    Integer runs;

    @Option(
            names = "--perf",
            paramLabel = "BINARY",
            defaultValue = "perf",
            description = "The perf to run (default: perf on PATH).")
    String perfBinary = "perf";

    @Override
    public Integer call() {
        OptionValues.atLeast("--rounds", rounds, 1, 1);
        OptionValues.atLeast("--runs", runs, 1, 1);
        KernelTree tree = treeOptions.open(lab);
        try (LabRun run = startRun(VfsSchemas.STUDY, EXPERIMENT)) {
            run(run, tree, rounds, runs, new Perf(perfBinary), System.out);
        }
        return 0;
    }

    /**
     * Rounds per workload. The stores' share of a round moves with the machine's state at the time, beyond its sampling
     * error (on a shared machine it can sit at one of two levels, one twice the other, from one profile to the next),
     * and the report's interval is a bootstrap over rounds: with three, it spans the lowest round against the highest.
     * Quick mode runs {@value #QUICK_ROUNDS} rounds of {@value #QUICK_RUNS} runs, full mode {@value #FULL_ROUNDS} of
     * {@value #FULL_RUNS}: both sample at perf's default 4 kHz, so quick mode gets its samples from runs rather than a
     * faster rate (20 kHz added half again to the sampled threads' system time, which moved the shares it measured; the
     * module's JOURNAL.md gives the runs).
     */
    static int rounds(Mode mode) {
        return mode == Mode.FULL ? FULL_ROUNDS : QUICK_ROUNDS;
    }

    static final int QUICK_ROUNDS = 8;
    static final int FULL_ROUNDS = 5;

    static int runs(Mode mode) {
        return mode == Mode.FULL ? FULL_RUNS : QUICK_RUNS;
    }

    static final int QUICK_RUNS = 10;
    static final int FULL_RUNS = 20;

    /** What the time grows with: the entries the runs look up; for the plan of a mode not yet run here. */
    public static double work(Mode mode) {
        return (double) rounds(mode) * runs(mode) * TreeOptions.entries(mode);
    }

    /**
     * The profile of {@code tree}'s four workloads, or, where this machine cannot profile its kernel, one line saying
     * why (and {@code kernel-profile-status.csv} saying it too). Returns whether it was measured.
     */
    public static boolean run(
            LabRun run, KernelTree tree, Integer roundsOption, Integer runsOption, Perf perf, PrintStream out) {
        int rounds = OptionValues.atLeast("--rounds", roundsOption, 1, rounds(run.mode()));
        int runs = OptionValues.atLeast("--runs", runsOption, 1, runs(run.mode()));
        KernelCategories categories = KernelCategories.shipped();
        Path stacks = run.studyDir().resolve(STACKS_FOLDER);
        createFolder(run.studyDir());
        try (OwnedScratch scratch = OwnedScratch.claim(stacks, "partial", OwnedScratch.Type.FOLDER);
                CsvResults status = run.csv(VfsSchemas.KERNEL_PROFILE_STATUS)) {
            // perf's data, its script and the counts are written in a folder of their own, removed before the stacks
            // go into place
            Path work = scratch.path().resolve(".work");
            createFolder(work);
            Optional<String> unavailable = perf.unavailable(work);
            List<String> missing = missingFunctions(categories, out);
            KernelProfileRows.StatusRow said = new KernelProfileRows.StatusRow(
                    unavailable.isEmpty() ? 1 : 0, unavailable.orElse(""), String.join(" ", missing));
            status.row(KernelProfileRows.STATUS, said);
            if (unavailable.isPresent()) {
                out.println("kernel-profile: not measured: " + unavailable.get());
                status.commit();
                return false;
            }
            run.peer("perf", perf.version());
            run.peer("git", tree.git().requireInstalled());
            Map<String, FoldedStacks> folded = profile(run, tree, rounds, runs, perf, categories, work, out);
            OwnedScratch.remove(work);
            for (Map.Entry<String, FoldedStacks> f : folded.entrySet()) {
                f.getValue().write(scratch.path().resolve(f.getKey() + ".folded"));
            }
            replace(scratch, stacks);
            status.commit();
        }
        return true;
    }

    private static void createFolder(Path folder) {
        try {
            Files.createDirectories(folder);
        } catch (IOException e) {
            throw LabException.cannot("create", folder, e);
        }
    }

    /** The declared functions this kernel lacks, said in one line when there are any. */
    private static List<String> missingFunctions(KernelCategories categories, PrintStream out) {
        List<String> missing;
        try {
            missing = categories.missingFrom(KernelCategories.kernelFunctions(KALLSYMS));
        } catch (LabException unreadable) {
            out.println("kernel-profile: cannot check the declared functions against this kernel: "
                    + unreadable.getMessage());
            return List.of();
        }
        if (!missing.isEmpty()) {
            out.println("kernel-profile: this kernel (" + System.getProperty("os.version") + ") has none of "
                    + missing.size() + " declared functions: " + String.join(", ", missing)
                    + "; their samples fall to the next declared caller, or to the rest");
        }
        return missing;
    }

    private static Map<String, FoldedStacks> profile(
            LabRun run,
            KernelTree tree,
            int rounds,
            int runs,
            Perf perf,
            KernelCategories categories,
            Path scratch,
            PrintStream out) {
        int entries = tree.entries().size();
        int preloadThreads = GitDiffExperiment.preloadThreads(entries);
        PreloadWalk walk = JavaStatWalk.walkOf(tree.dir(), tree.entries());
        List<Workload> workloads = List.of(
                new GitDiffLoop(tree, CachedGitDiff.SERIAL, preloadThreads, scratch),
                new GitDiffLoop(tree, CachedGitDiff.PARALLEL, preloadThreads, scratch),
                new JavaStatWalk(walk, 1, scratch),
                new JavaStatWalk(walk, WALK_THREADS, scratch));
        Map<String, FoldedStacks> folded = new LinkedHashMap<>();
        List<KernelProfilePrintout.Round> measured = new ArrayList<>();
        try (CsvResults csv = run.csv(VfsSchemas.KERNEL_PROFILE);
                CsvResults functions = run.csv(VfsSchemas.KERNEL_PROFILE_FUNCTIONS);
                ProgressBar bar = Progress.bar("kernel-profile", (long) rounds * workloads.size(), "profiles")) {
            // warm-up: the tree's dentries and inodes cached, the walk compiled, before anything is timed
            workloads.forEach(w -> w.plain(2));
            // a run's lookups are the tree's entries and the paths around them, the same from round to round: counted
            // once per workload, outside the rounds, so that the rounds' time goes to runs
            Map<Workload, Long> lookups = new LinkedHashMap<>();
            workloads.forEach(w -> lookups.put(w, w.lookupsPerRun(perf)));
            for (int r = 0; r < rounds; r++) {
                List<Workload> order = new ArrayList<>(workloads);
                if (r % 2 == 1) {
                    Collections.reverse(order);
                }
                for (Workload w : order) {
                    KernelProfilePrintout.Round round =
                            round(w, r, runs, entries, lookups.get(w), perf, categories, scratch, folded);
                    measured.add(round);
                    write(csv, functions, round, perf.sampleNanos());
                    bar.step();
                }
            }
            tree.requireClean();
            csv.commit();
            functions.commit();
        }
        KernelProfilePrintout.print(measured, out);
        return folded;
    }

    /** One round of one workload: timed plain and under perf (which first alternates), its samples read. */
    private static KernelProfilePrintout.Round round(
            Workload w,
            int round,
            int runs,
            int entries,
            long lookups,
            Perf perf,
            KernelCategories categories,
            Path scratch,
            Map<String, FoldedStacks> folded) {
        Path data = scratch.resolve("perf.data");
        Workload.Times plain;
        Workload.Times profiled;
        if (round % 2 == 0) {
            plain = w.plain(runs);
            profiled = w.profiled(perf, data, runs);
        } else {
            profiled = w.profiled(perf, data, runs);
            plain = w.plain(runs);
        }
        Path text = scratch.resolve("perf.script");
        perf.script(data, text);
        Profile profile = new Profile(categories);
        FoldedStacks stacks = folded.computeIfAbsent(w.workload() + "-" + w.setting(), k -> new FoldedStacks());
        PerfScript.read(text, s -> {
            profile.add(s);
            stacks.add(s);
        });
        try {
            Files.delete(data);
            Files.delete(text);
        } catch (IOException e) {
            throw LabException.cannot("remove perf's samples in", scratch, e);
        }
        return new KernelProfilePrintout.Round(w, round, runs, entries, lookups, plain, profiled, profile);
    }

    private static void write(CsvResults csv, CsvResults functions, KernelProfilePrintout.Round r, long sampleNanos) {
        KernelProfileRows.RoundRow row = KernelProfileRows.RoundRow.of(r, sampleNanos);
        csv.row(KernelProfileRows.ROUND, row);
        r.profile()
                .forEachFunction((category, byFunction) -> byFunction.forEach((function, samples) -> {
                    var f = new KernelProfileRows.FunctionRow(
                            row.workload(), row.setting(), row.round(), category.id(), function, samples);
                    functions.row(KernelProfileRows.FUNCTION, f);
                }));
    }

    /** The new folder of folded stacks in place of the last run's, which is removed. */
    private static void replace(OwnedScratch scratch, Path target) {
        try (OwnedScratch old = OwnedScratch.claim(target, "old", OwnedScratch.Type.NAME)) {
            if (Files.exists(target)) {
                Files.move(target, old.path());
            }
            Files.move(scratch.path(), target);
            scratch.release();
        } catch (IOException e) {
            throw LabException.cannot("move the folded stacks into", target, e);
        }
    }
}
