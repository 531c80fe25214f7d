package labbook.vfs.experiments.kernelprofile;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import labbook.core.ConsoleTable;
import labbook.core.Summary;
import labbook.vfs.VfsSeeds;
import labbook.vfs.experiments.CachedGitDiff;

/**
 * What kernel-profile prints: per workload and setting, system time per lookup and each category's part of it (medians
 * over the rounds), the kernel functions that took the most samples, the seed's system time per file beside today's,
 * and what perf's sampling added to the measured times.
 */
final class KernelProfilePrintout {
    /** How many of the functions with the most samples the table lists. */
    private static final int TOP = 12;

    private KernelProfilePrintout() {}

    /** One profiled round of one workload, as its CSV rows hold it. */
    record Round(
            Workload workload,
            int round,
            int runs,
            int entries,
            long lookupsPerRun,
            Workload.Times plain,
            Workload.Times profiled,
            Profile profile) {
        String name() {
            return workload.workload() + " " + workload.setting();
        }

        PerLookup perLookup() {
            Map<KernelCategory, Long> samples = new EnumMap<>(KernelCategory.class);
            for (KernelCategory c : KernelCategory.values()) {
                samples.put(c, profile.samples(c));
            }
            return new PerLookup(runs, lookupsPerRun, entries, plain.sysS(), profile.kernelSamples(), samples);
        }
    }

    static void print(List<Round> rounds, PrintStream out) {
        Map<String, List<Round>> byName = new LinkedHashMap<>();
        rounds.stream()
                .sorted(Comparator.comparing((Round r) -> r.workload().workload())
                        .thenComparing(r -> !r.workload().setting().equals(CachedGitDiff.SERIAL)))
                .forEach(r ->
                        byName.computeIfAbsent(r.name(), k -> new ArrayList<>()).add(r));
        int n = byName.values().iterator().next().size();
        out.printf(
                Locale.ROOT,
                "%nkernel-profile: system time per lookup by category, us: medians of %d rounds "
                        + "(system time without perf; each category's share from the samples under perf)%n",
                n);
        List<String> header = new ArrayList<>(List.of("workload", "threads", "lookups/run", "sys us/lookup"));
        for (KernelCategory c : KernelCategory.values()) {
            header.add(c.id());
        }
        header.add("kernel samples");
        ConsoleTable t = new ConsoleTable(header.toArray(String[]::new));
        for (List<Round> rs : byName.values()) {
            List<Object> row = new ArrayList<>(List.of(
                    rs.get(0).name(),
                    rs.get(0).workload().threads(),
                    String.format(Locale.ROOT, "%,d", rs.get(0).lookupsPerRun()),
                    f3(median(rs, r -> r.perLookup().sysPerLookupUs()))));
            for (KernelCategory c : KernelCategory.values()) {
                row.add(f3(median(rs, r -> r.perLookup().perLookupUs(c))));
            }
            row.add(rs.stream().mapToLong(r -> r.profile().kernelSamples()).sum());
            t.row(row.toArray());
        }
        t.print(out);
        printStores(byName, out);
        printTopFunctions(byName, out);
        printPerFile(byName, out);
        printCost(byName, out);
    }

    /** The mechanism the seed's patch removed: the stores' share, serial against parallel. */
    private static void printStores(Map<String, List<Round>> byName, PrintStream out) {
        out.print("share of kernel samples in '" + KernelCategory.STORES.label() + "':");
        byName.forEach((name, rs) -> out.printf(
                Locale.ROOT,
                " %s %.1f %%;",
                name,
                100 * median(rs, r -> r.perLookup().share(KernelCategory.STORES))));
        out.println();
    }

    private static void printTopFunctions(Map<String, List<Round>> byName, PrintStream out) {
        Map<String, Map<String, Double>> shares = new LinkedHashMap<>();
        Map<String, Double> total = new LinkedHashMap<>();
        byName.forEach((name, rs) -> {
            long kernel =
                    rs.stream().mapToLong(r -> r.profile().kernelSamples()).sum();
            for (Round r : rs) {
                r.profile()
                        .forEachFunction((c, functions) -> functions.forEach((f, s) -> {
                            String key = f + " (" + c.id() + ")";
                            double share = (double) s / Math.max(1, kernel);
                            shares.computeIfAbsent(key, k -> new LinkedHashMap<>())
                                    .merge(name, share, Double::sum);
                            total.merge(key, share, Double::sum);
                        }));
            }
        });
        out.printf(
                Locale.ROOT,
                "%nthe %d kernel functions with the most samples, %% of each workload's kernel samples%n",
                TOP);
        List<String> header = new ArrayList<>(List.of("function (category)"));
        header.addAll(byName.keySet());
        ConsoleTable t = new ConsoleTable(header.toArray(String[]::new));
        total.entrySet().stream()
                .sorted(Map.Entry.<String, Double>comparingByValue().reversed())
                .limit(TOP)
                .forEach(e -> {
                    List<Object> row = new ArrayList<>(List.of(e.getKey()));
                    for (String name : byName.keySet()) {
                        row.add(String.format(
                                Locale.ROOT,
                                "%.1f",
                                100 * shares.get(e.getKey()).getOrDefault(name, 0.0)));
                    }
                    t.row(row.toArray());
                });
        t.print(out);
    }

    /** The seed's system time per file of its tree, beside today's git diff. */
    private static void printPerFile(Map<String, List<Round>> byName, PrintStream out) {
        VfsSeeds.Tree tree = VfsSeeds.seedTree();
        List<VfsSeeds.Figures> piggin = VfsSeeds.piggin();
        out.printf(
                Locale.ROOT,
                "%nsystem time per file, us: the seed's %s tree (%,d entries)",
                tree.kernel(),
                tree.entries());
        for (VfsSeeds.Figures s : piggin) {
            out.printf(Locale.ROOT, "; %s %.2f", s.config(), PerLookup.perFileUs(s.sys(), s.runs(), tree.entries()));
        }
        out.print("; today's");
        byName.forEach((name, rs) -> {
            if (name.startsWith("git-diff")) {
                out.printf(
                        Locale.ROOT,
                        "; %s %.2f",
                        name,
                        median(rs, r -> r.perLookup().sysPerFileUs()));
            }
        });
        out.println();
    }

    /** What perf's sampling added: each time of the same runs under perf over without it. */
    private static void printCost(Map<String, List<Round>> byName, PrintStream out) {
        out.print("perf record's cost, the same runs under perf / without (medians): ");
        List<String> parts = new ArrayList<>();
        byName.forEach((name, rs) -> parts.add(String.format(
                Locale.ROOT,
                "%s elapsed x%.2f, sys x%.2f",
                name,
                median(rs, r -> r.profiled().elapsedS() / r.plain().elapsedS()),
                median(rs, r -> r.profiled().sysS() / r.plain().sysS()))));
        out.println(String.join("; ", parts));
    }

    private static double median(List<Round> rounds, ToDoubleFunction<Round> value) {
        return Summary.of(rounds.stream().mapToDouble(value).toArray()).median();
    }

    private static String f3(double v) {
        return String.format(Locale.ROOT, "%.3f", v);
    }
}
