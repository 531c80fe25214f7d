package labbook.reports.vfs;

import static labbook.vfs.VfsSchemas.CATEGORY;
import static labbook.vfs.VfsSchemas.FUNCTION;
import static labbook.vfs.VfsSchemas.KERNEL_SAMPLES;
import static labbook.vfs.VfsSchemas.LOOKUPS_PER_RUN;
import static labbook.vfs.VfsSchemas.LOOKUP_THREADS;
import static labbook.vfs.VfsSchemas.MEASURED;
import static labbook.vfs.VfsSchemas.PLAIN_ELAPSED_S;
import static labbook.vfs.VfsSchemas.PLAIN_SYS_S;
import static labbook.vfs.VfsSchemas.PROFILED_ELAPSED_S;
import static labbook.vfs.VfsSchemas.PROFILED_SYS_S;
import static labbook.vfs.VfsSchemas.REASON;
import static labbook.vfs.VfsSchemas.ROUND;
import static labbook.vfs.VfsSchemas.ROUND_RUNS;
import static labbook.vfs.VfsSchemas.SAMPLES;
import static labbook.vfs.VfsSchemas.SETTING;
import static labbook.vfs.VfsSchemas.TREE_ENTRIES;
import static labbook.vfs.VfsSchemas.WORKLOAD;

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
import labbook.vfs.experiments.kernelprofile.PerLookup;
import tech.tablesaw.api.Table;

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
        return root.table(VfsSchemas.KERNEL_PROFILE_STATUS)
                .filter(t -> !t.isEmpty())
                .filter(t -> t.numberColumn(MEASURED.name()).getDouble(0) == 0)
                .map(t -> t.stringColumn(REASON.name()).getString(0));
    }

    /** The root's workloads in order (serial before parallel); empty without a profile. */
    public static List<Workload> workloads(ResultsRoot root) {
        Optional<Table> profile = root.table(VfsSchemas.KERNEL_PROFILE).filter(t -> !t.isEmpty());
        if (profile.isEmpty()) {
            return List.of();
        }
        Map<String, Map<KernelCategory, Long>> samples = categorySamples(root);
        Map<String, List<Round>> rounds = new LinkedHashMap<>();
        Map<String, Workload> first = new LinkedHashMap<>();
        Table t = profile.get();
        for (int i = 0; i < t.rowCount(); i++) {
            String workload = t.stringColumn(WORKLOAD.name()).getString(i);
            String setting = t.stringColumn(SETTING.name()).getString(i);
            int round = (int) number(t, ROUND.name(), i);
            String key = workload + " " + setting;
            PerLookup perLookup = new PerLookup(
                    (long) number(t, ROUND_RUNS.name(), i),
                    (long) number(t, LOOKUPS_PER_RUN.name(), i),
                    (long) number(t, TREE_ENTRIES.name(), i),
                    number(t, PLAIN_SYS_S.name(), i),
                    (long) number(t, KERNEL_SAMPLES.name(), i),
                    samples.getOrDefault(key + " " + round, Map.of()));
            rounds.computeIfAbsent(key, k -> new ArrayList<>())
                    .add(new Round(
                            round,
                            perLookup,
                            number(t, PLAIN_ELAPSED_S.name(), i),
                            number(t, PROFILED_ELAPSED_S.name(), i),
                            number(t, PLAIN_SYS_S.name(), i),
                            number(t, PROFILED_SYS_S.name(), i)));
            first.putIfAbsent(
                    key,
                    new Workload(
                            workload,
                            setting,
                            (int) number(t, LOOKUP_THREADS.name(), i),
                            (long) number(t, LOOKUPS_PER_RUN.name(), i),
                            List.of()));
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
        root.table(VfsSchemas.KERNEL_PROFILE_FUNCTIONS).ifPresent(f -> {
            for (int i = 0; i < f.rowCount(); i++) {
                String key = f.stringColumn(WORKLOAD.name()).getString(i) + " "
                        + f.stringColumn(SETTING.name()).getString(i) + " "
                        + (int) number(f, ROUND.name(), i);
                KernelCategory c = KernelCategory.of(
                        f.stringColumn(CATEGORY.name()).getString(i), VfsSchemas.KERNEL_PROFILE_FUNCTIONS.fileName());
                out.computeIfAbsent(key, k -> new EnumMap<>(KernelCategory.class))
                        .merge(c, (long) number(f, SAMPLES.name(), i), Long::sum);
            }
        });
        return out;
    }

    /** A function of a workload's profile and its share of the workload's kernel samples, over all rounds. */
    public record FunctionShare(String function, KernelCategory category, Map<String, Double> shareByWorkload) {
        public double total() {
            return shareByWorkload.values().stream()
                    .mapToDouble(Double::doubleValue)
                    .sum();
        }
    }

    /** The {@code top} kernel functions of the root by their summed shares, each with its share per workload. */
    public static List<FunctionShare> topFunctions(ResultsRoot root, int top) {
        Optional<Table> functions =
                root.table(VfsSchemas.KERNEL_PROFILE_FUNCTIONS).filter(t -> !t.isEmpty());
        if (functions.isEmpty()) {
            return List.of();
        }
        Map<String, Long> kernel = new LinkedHashMap<>();
        for (Workload w : workloads(root)) {
            kernel.put(w.name(), w.kernelSamples());
        }
        Map<String, Map<String, Double>> shares = new LinkedHashMap<>();
        Map<String, KernelCategory> categories = new LinkedHashMap<>();
        Table f = functions.get();
        for (int i = 0; i < f.rowCount(); i++) {
            String workload = f.stringColumn(WORKLOAD.name()).getString(i) + " "
                    + f.stringColumn(SETTING.name()).getString(i);
            String category = f.stringColumn(CATEGORY.name()).getString(i);
            String key = f.stringColumn(FUNCTION.name()).getString(i) + " " + category;
            categories.put(key, KernelCategory.of(category, VfsSchemas.KERNEL_PROFILE_FUNCTIONS.fileName()));
            double share = number(f, SAMPLES.name(), i) / Math.max(1, kernel.getOrDefault(workload, 0L));
            shares.computeIfAbsent(key, k -> new LinkedHashMap<>()).merge(workload, share, Double::sum);
        }
        return shares.entrySet().stream()
                .map(e -> new FunctionShare(
                        e.getKey().substring(0, e.getKey().lastIndexOf(' ')), categories.get(e.getKey()), e.getValue()))
                .sorted((a, b) -> Double.compare(b.total(), a.total()))
                .limit(top)
                .toList();
    }

    private static double number(Table t, String column, int row) {
        return t.numberColumn(column).getDouble(row);
    }
}
