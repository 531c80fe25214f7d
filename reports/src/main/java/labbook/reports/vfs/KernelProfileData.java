package labbook.reports.vfs;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.ToDoubleFunction;
import labbook.reports.results.ResultsRoot;
import labbook.reports.stats.Stats;
import labbook.vfs.VfsSchemas;
import labbook.vfs.experiments.CachedGitDiff;
import labbook.vfs.experiments.kernelprofile.KernelCategory;
import labbook.vfs.experiments.kernelprofile.KernelProfileRows;
import labbook.vfs.experiments.kernelprofile.KernelProfileRows.FunctionRow;
import labbook.vfs.experiments.kernelprofile.KernelProfileRows.RoundRow;
import labbook.vfs.experiments.kernelprofile.KernelProfileRows.StatusRow;
import labbook.vfs.experiments.kernelprofile.PerLookup;

/**
 * The kernel profile of one results root, read from its three CSVs: per workload and setting, each round's per-lookup
 * figures (lab-vfs's {@link PerLookup}, the one place that arithmetic lives), and whether the profile was taken at all.
 */
public final class KernelProfileData {
    /** The profile's workloads, in the order tables and charts show them. */
    public static final List<String> WORKLOADS = List.of("git-diff", "stat-walk");

    private KernelProfileData() {}

    /** One profiled round of one workload. */
    public record Round(
            int round,
            PerLookup perLookup,
            double plainElapsedS,
            double profiledElapsedS,
            double plainSysS,
            double profiledSysS) {}

    /** A workload in one setting, over its rounds. */
    public record Workload(String workload, String setting, int threads, long lookupsPerRun, List<Round> rounds) {
        /** "git-diff parallel". */
        public String name() {
            return workload + " " + setting;
        }

        /** A figure of each round, with its median and the 95 % bootstrap interval of that median. */
        public Stats.Spread spread(ToDoubleFunction<Round> figure) {
            return Stats.spread(values(figure));
        }

        public double[] values(ToDoubleFunction<Round> figure) {
            return rounds.stream().mapToDouble(figure).toArray();
        }

        public Stats.Spread share(KernelCategory category) {
            return spread(r -> r.perLookup().share(category));
        }

        public double perLookupUs(KernelCategory category) {
            return spread(r -> r.perLookup().perLookupUs(category)).median();
        }

        public Stats.Spread sysPerLookupUs() {
            return spread(r -> r.perLookup().sysPerLookupUs());
        }

        public Stats.Spread sysPerFileUs() {
            return spread(r -> r.perLookup().sysPerFileUs());
        }

        public long kernelSamples() {
            return rounds.stream().mapToLong(r -> r.perLookup().kernelSamples()).sum();
        }
    }

    /** Why a root's profile was not taken (kernel-profile-status.csv), or empty when it was or when none was tried. */
    public static Optional<String> notMeasured(ResultsRoot root) {
        return root.rows(KernelProfileRows.STATUS).stream()
                .findFirst()
                .filter(status -> status.measured() == 0)
                .map(StatusRow::reason);
    }

    /** The root's workloads in order (serial before parallel); empty without a profile. */
    public static List<Workload> workloads(ResultsRoot root) {
        List<RoundRow> profile = root.rows(KernelProfileRows.ROUND);
        if (profile.isEmpty()) {
            return List.of();
        }
        Map<String, Map<KernelCategory, Long>> samples = categorySamples(root);
        Map<String, List<Round>> rounds = new LinkedHashMap<>();
        Map<String, Workload> first = new LinkedHashMap<>();
        for (RoundRow r : profile) {
            String key = r.workload() + " " + r.setting();
            PerLookup perLookup = new PerLookup(
                    r.roundRuns(),
                    r.lookupsPerRun(),
                    r.entries(),
                    r.plainSysS(),
                    r.kernelSamples(),
                    samples.getOrDefault(key + " " + r.round(), Map.of()));
            rounds.computeIfAbsent(key, k -> new ArrayList<>())
                    .add(new Round(
                            r.round(),
                            perLookup,
                            r.plainElapsedS(),
                            r.profiledElapsedS(),
                            r.plainSysS(),
                            r.profiledSysS()));
            first.putIfAbsent(
                    key, new Workload(r.workload(), r.setting(), r.lookupThreads(), r.lookupsPerRun(), List.of()));
        }
        List<Workload> out = new ArrayList<>();
        for (String workload : WORKLOADS) {
            for (String setting : List.of(CachedGitDiff.SERIAL, CachedGitDiff.PARALLEL)) {
                Workload w = first.get(workload + " " + setting);
                if (w != null) {
                    out.add(new Workload(
                            w.workload(), w.setting(), w.threads(), w.lookupsPerRun(), rounds.get(w.name())));
                }
            }
        }
        return out;
    }

    /** One workload of a root's {@link #workloads}, if profiled. */
    public static Optional<Workload> workload(List<Workload> workloads, String workload, String setting) {
        return workloads.stream()
                .filter(w -> w.workload().equals(workload) && w.setting().equals(setting))
                .findFirst();
    }

    /** Kernel samples per "workload setting round" and category. */
    private static Map<String, Map<KernelCategory, Long>> categorySamples(ResultsRoot root) {
        Map<String, Map<KernelCategory, Long>> out = new LinkedHashMap<>();
        for (FunctionRow f : root.rows(KernelProfileRows.FUNCTION)) {
            out.computeIfAbsent(
                            f.workload() + " " + f.setting() + " " + f.round(),
                            k -> new EnumMap<>(KernelCategory.class))
                    .merge(category(f), f.samples(), Long::sum);
        }
        return out;
    }

    private static KernelCategory category(FunctionRow f) {
        return KernelCategory.of(f.category(), VfsSchemas.KERNEL_PROFILE_FUNCTIONS.fileName());
    }

    /** A function of a workload's profile and its share of the workload's kernel samples, over all rounds. */
    public record FunctionShare(String function, KernelCategory category, Map<String, Double> shareByWorkload) {
        public double total() {
            return shareByWorkload.values().stream()
                    .mapToDouble(Double::doubleValue)
                    .sum();
        }
    }

    /**
     * The {@code top} kernel functions of the root by their summed shares, each with its share per workload;
     * {@code workloads} are the root's ({@link #workloads}), whose kernel samples the shares are of.
     */
    public static List<FunctionShare> topFunctions(ResultsRoot root, List<Workload> workloads, int top) {
        List<FunctionRow> functions = root.rows(KernelProfileRows.FUNCTION);
        if (functions.isEmpty()) {
            return List.of();
        }
        Map<String, Long> kernel = new LinkedHashMap<>();
        for (Workload w : workloads) {
            kernel.put(w.name(), w.kernelSamples());
        }
        Map<String, Map<String, Double>> shares = new LinkedHashMap<>();
        Map<String, KernelCategory> categories = new LinkedHashMap<>();
        for (FunctionRow f : functions) {
            String workload = f.workload() + " " + f.setting();
            String key = f.function() + " " + f.category();
            categories.put(key, category(f));
            double share = (double) f.samples() / Math.max(1, kernel.getOrDefault(workload, 0L));
            shares.computeIfAbsent(key, k -> new LinkedHashMap<>()).merge(workload, share, Double::sum);
        }
        return shares.entrySet().stream()
                .map(e -> new FunctionShare(
                        e.getKey().substring(0, e.getKey().lastIndexOf(' ')), categories.get(e.getKey()), e.getValue()))
                .sorted((a, b) -> Double.compare(b.total(), a.total()))
                .limit(top)
                .toList();
    }
}
