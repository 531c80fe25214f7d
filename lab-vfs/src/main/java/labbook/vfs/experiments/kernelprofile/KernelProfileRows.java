package labbook.vfs.experiments.kernelprofile;

import labbook.core.RowType;
import labbook.vfs.VfsSchemas;

/**
 * The rows kernel-profile writes, each a record bound to its schema by {@link RowType}; the report reads them back as
 * the same records.
 */
public final class KernelProfileRows {
    private KernelProfileRows() {}

    /** A row of kernel-profile.csv: one round of one workload, timed plain and under perf, and its samples. */
    public record RoundRow(
            String workload,
            String setting,
            int lookupThreads,
            int round,
            int roundRuns,
            int entries,
            long lookupsPerRun,
            double plainElapsedS,
            double plainUserS,
            double plainSysS,
            double profiledElapsedS,
            double profiledUserS,
            double profiledSysS,
            long samples,
            long kernelSamples,
            double sampleUs) {
        static RoundRow of(KernelProfilePrintout.Round r, long sampleNanos) {
            Workload w = r.workload();
            return new RoundRow(
                    w.workload(),
                    w.setting(),
                    w.threads(),
                    r.round(),
                    r.runs(),
                    r.entries(),
                    r.lookupsPerRun(),
                    r.plain().elapsedS(),
                    r.plain().userS(),
                    r.plain().sysS(),
                    r.profiled().elapsedS(),
                    r.profiled().userS(),
                    r.profiled().sysS(),
                    r.profile().samples(),
                    r.profile().kernelSamples(),
                    sampleNanos / 1000.0);
        }
    }

    public static final RowType<RoundRow> ROUND = RowType.of(VfsSchemas.KERNEL_PROFILE, RoundRow.class);

    /** A row of kernel-profile-functions.csv: one kernel function's samples in one round of one workload. */
    public record FunctionRow(
            String workload, String setting, int round, String category, String function, long samples) {}

    public static final RowType<FunctionRow> FUNCTION =
            RowType.of(VfsSchemas.KERNEL_PROFILE_FUNCTIONS, FunctionRow.class);

    /**
     * kernel-profile-status.csv's one row: whether the profile was taken, why not, and the categories' missing names.
     */
    public record StatusRow(int measured, String reason, String missingFunctions) {}

    public static final RowType<StatusRow> STATUS = RowType.of(VfsSchemas.KERNEL_PROFILE_STATUS, StatusRow.class);
}
