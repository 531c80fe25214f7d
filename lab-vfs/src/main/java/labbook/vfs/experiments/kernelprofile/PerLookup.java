package labbook.vfs.experiments.kernelprofile;

import java.util.Map;

/**
 * The per-lookup arithmetic of one profiled round of one workload, shared by the printout and the report: system time
 * per lookup (the runs' system time without perf, over the lookups their runs made, counted), and each category's part
 * of it (its share of the kernel samples taken of the same runs under perf).
 *
 * @param runs the round's runs (git diffs or walks)
 * @param lookupsPerRun lookup calls of one run, counted
 * @param entries index entries of the tree (files and links): what the seed's tree size counts
 * @param sysS the runs' system time without perf, s
 * @param kernelSamples the kernel samples of the profiled runs
 * @param categorySamples the kernel samples of each category (a missing category had none)
 */
public record PerLookup(
        long runs,
        long lookupsPerRun,
        long entries,
        double sysS,
        long kernelSamples,
        Map<KernelCategory, Long> categorySamples) {

    /** System time per lookup, us. */
    public double sysPerLookupUs() {
        return sysS * 1e6 / ((double) runs * lookupsPerRun);
    }

    /** System time per index entry (per file of the tree), us: the figure the seed's tree size allows. */
    public double sysPerFileUs() {
        return perFileUs(sysS, runs, entries);
    }

    /** {@code category}'s share of the kernel samples (0 to 1); NaN without kernel samples. */
    public double share(KernelCategory category) {
        return kernelSamples == 0 ? Double.NaN : (double) categorySamples.getOrDefault(category, 0L) / kernelSamples;
    }

    /** {@code category}'s part of the system time per lookup, us. */
    public double perLookupUs(KernelCategory category) {
        return sysPerLookupUs() * share(category);
    }

    /** System time per file, us, of {@code runs} runs over a tree of {@code files} that took {@code sysS} in all. */
    public static double perFileUs(double sysS, double runs, double files) {
        return sysS * 1e6 / (runs * files);
    }
}
