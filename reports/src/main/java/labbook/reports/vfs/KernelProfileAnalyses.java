package labbook.reports.vfs;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import labbook.reports.results.Results;
import labbook.reports.results.ResultsRoot;
import labbook.reports.stats.TableOf;
import labbook.vfs.VfsSchemas;
import labbook.vfs.VfsSeeds;
import labbook.vfs.experiments.kernelprofile.KernelCategories;
import labbook.vfs.experiments.kernelprofile.KernelCategory;
import labbook.vfs.experiments.kernelprofile.PerLookup;
import tech.tablesaw.api.Table;

/**
 * The kernel profile's tables: system time per lookup by category, the top kernel functions, the seed's system time per
 * file beside today's, what perf's sampling added, and the categories' declared functions; or, for a root where the
 * profile could not be taken, why.
 */
final class KernelProfileAnalyses {
    /** How many kernel functions the top-functions table lists. */
    static final int TOP_FUNCTIONS = 15;

    private KernelProfileAnalyses() {}

    static Map<String, Table> of(Results results) {
        Map<String, Table> out = new LinkedHashMap<>();
        boolean any = false;
        for (ResultsRoot root : results.roots()) {
            if (!root.study(VfsSchemas.STUDY).ran()) {
                continue;
            }
            KernelProfileData.notMeasured(root)
                    .ifPresent(why -> out.put(
                            "kernel-profile: not measured [" + root.label() + "]",
                            TableOf.rows(List.of(why)).text("why", w -> w).named("not measured")));
            List<KernelProfileData.Workload> workloads = KernelProfileData.workloads(root);
            if (workloads.isEmpty()) {
                continue;
            }
            any = true;
            out.put(
                    "kernel-profile: system time per lookup by category, us (medians over the rounds) [" + root.label()
                            + "]",
                    perLookup(workloads));
            out.put(
                    "kernel-profile: the " + TOP_FUNCTIONS + " kernel functions with the most samples, % of each"
                            + " workload's kernel samples [" + root.label() + "]",
                    topFunctions(root, workloads));
            out.put(
                    "kernel-profile: what perf's sampling adds, the same runs under perf / without (medians) ["
                            + root.label() + "]",
                    cost(workloads));
        }
        if (any) {
            out.put(
                    "kernel-profile: system time per file, the seed's "
                            + VfsSeeds.seedTree().kernel() + " tree beside today's git diff",
                    perFile(results));
            out.put(
                    "kernel-profile: the categories and the kernel functions each holds (kernel-categories.csv)",
                    categories());
        }
        return out;
    }

    private static Table perLookup(List<KernelProfileData.Workload> workloads) {
        TableOf<KernelProfileData.Workload> t = TableOf.rows(workloads)
                .text("workload", KernelProfileData.Workload::name)
                .count("threads", KernelProfileData.Workload::threads)
                .count("lookups / run", w -> (int) w.lookupsPerRun())
                .number("sys us / lookup", w -> w.sysPerLookupUs().median());
        for (KernelCategory c : KernelCategory.values()) {
            t = t.number(c.label(), w -> w.perLookupUs(c));
        }
        return t.number(
                        "stores' share %",
                        w -> 100 * w.share(KernelCategory.STORES).median())
                .count("kernel samples", w -> (int) w.kernelSamples())
                .count("rounds", w -> w.rounds().size())
                .named("per lookup");
    }

    private static Table topFunctions(ResultsRoot root, List<KernelProfileData.Workload> workloads) {
        TableOf<KernelProfileData.FunctionShare> t = TableOf.rows(
                        KernelProfileData.topFunctions(root, workloads, TOP_FUNCTIONS))
                .text("function", KernelProfileData.FunctionShare::function)
                .text("category", f -> f.category().label());
        for (KernelProfileData.Workload w : workloads) {
            t = t.number(w.name(), f -> 100 * f.shareByWorkload().getOrDefault(w.name(), 0.0));
        }
        return t.named("top functions");
    }

    private static Table cost(List<KernelProfileData.Workload> workloads) {
        return TableOf.rows(workloads)
                .text("workload", KernelProfileData.Workload::name)
                .number(
                        "elapsed without perf s",
                        w -> w.spread(KernelProfileData.Round::plainElapsedS).median())
                .number(
                        "elapsed under perf s",
                        w -> w.spread(KernelProfileData.Round::profiledElapsedS).median())
                .number(
                        "elapsed ratio",
                        w -> w.spread(r -> r.profiledElapsedS() / r.plainElapsedS())
                                .median())
                .number(
                        "sys ratio",
                        w -> w.spread(r -> r.profiledSysS() / r.plainSysS()).median())
                .named("perf's cost");
    }

    /** A row of the per-file table: a configuration and its system time per file of its tree. */
    record PerFile(String configuration, long files, double perFileUs) {}

    private static Table perFile(Results results) {
        List<PerFile> rows = new ArrayList<>();
        VfsSeeds.Tree tree = VfsSeeds.seedTree();
        for (VfsSeeds.Figures s : VfsSeeds.piggin()) {
            rows.add(new PerFile(
                    s.config() + " (2009)", tree.entries(), PerLookup.perFileUs(s.sys(), s.runs(), tree.entries())));
        }
        for (ResultsRoot root : results.roots()) {
            for (KernelProfileData.Workload w : KernelProfileData.workloads(root)) {
                if (w.workload().equals("git-diff")) {
                    rows.add(new PerFile(
                            "today " + w.setting() + " [" + root.label() + "]",
                            w.rounds().get(0).perLookup().entries(),
                            w.sysPerFileUs().median()));
                }
            }
        }
        return TableOf.rows(rows)
                .text("configuration", PerFile::configuration)
                .count("files", r -> (int) r.files())
                .number("sys us / file", PerFile::perFileUs)
                .named("per file");
    }

    private static Table categories() {
        List<KernelCategories.Declared> declared = KernelCategories.shipped().declared();
        List<KernelCategory> rows = List.of(KernelCategory.values());
        return TableOf.rows(rows)
                .text("category", KernelCategory::label)
                .text(
                        "functions (stack: and what they call; self: their own samples)",
                        c -> c == KernelCategory.REST
                                ? "every kernel function no category names, listed by name"
                                : declared.stream()
                                        .filter(d -> d.category() == c)
                                        .map(d -> d.function()
                                                + (d.scope() == KernelCategories.Scope.SELF ? " (self)" : ""))
                                        .collect(Collectors.joining(", ")))
                .text(
                        "checked on",
                        c -> declared.stream()
                                .filter(d -> d.category() == c)
                                .map(KernelCategories.Declared::checkedOn)
                                .distinct()
                                .collect(Collectors.joining(", ")))
                .named("categories");
    }
}
