package labbook.core;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What the machine did besides the lab while an experiment measured, from {@code /proc}: the share of CPU time the
 * hypervisor stole from this VM (steal: another guest ran on our cores), the cores that other processes of this machine
 * kept busy (all the CPU time /proc/stat counts busy, less this process's and its waited-for children's), and the CPU's
 * clock. A shared cloud VM drifts between runs mostly through these; an experiment past a limit is flagged in run.json
 * and on the terminal, and compare names it, so a changed figure can be read beside what the machine did.
 */
public record MachineLoad(double stealShare, double otherCores, double cpuMhz) {
    /** Above 2 % of CPU time stolen, a run is quarantined in the randomised-interleaving literature's practice. */
    public static final double STEAL_LIMIT = 0.02;

    /** A quarter of a core kept busy by other processes: enough to shift a 2-core machine's timings. */
    public static final double OTHER_CORES_LIMIT = 0.25;

    /** USER_HZ, the unit of /proc/stat's counters on every Linux architecture the lab runs on. */
    static final double TICKS_PER_SECOND = 100;

    /** /proc/stat's first line and this process's CPU at one moment; null fields where /proc does not show them. */
    @SuppressWarnings("ArrayRecordComponent") // a reading, never compared or hashed
    public record Snapshot(long nanos, long[] cpuTicks, double ownCpuSeconds, double cpuMhz) {}

    /** Now; with no /proc/stat (not Linux), a snapshot that gives no load. */
    public static Snapshot now() {
        return new Snapshot(
                System.nanoTime(),
                cpuTicks(Path.of("/proc/stat")),
                Clocks.withChildrenSeconds(),
                cpuMhz(Path.of("/proc/cpuinfo")));
    }

    /** The load between two snapshots; null when /proc/stat was not read or no time passed. */
    public static MachineLoad between(Snapshot a, Snapshot b) {
        if (a.cpuTicks() == null || b.cpuTicks() == null || b.nanos() <= a.nanos()) {
            return null;
        }
        long[] d = new long[Math.min(a.cpuTicks().length, b.cpuTicks().length)];
        for (int i = 0; i < d.length; i++) {
            d[i] = b.cpuTicks()[i] - a.cpuTicks()[i];
        }
        // user nice system idle iowait irq softirq steal (proc(5)); guest time is already inside user
        long total = 0;
        for (int i = 0; i < Math.min(8, d.length); i++) {
            total += d[i];
        }
        long busy = d[0] + d[1] + d[2] + at(d, 5) + at(d, 6);
        double wall = (b.nanos() - a.nanos()) / 1e9;
        double own = b.ownCpuSeconds() - a.ownCpuSeconds();
        double others = Math.max(0, (busy / TICKS_PER_SECOND - own) / wall);
        double steal = total == 0 ? 0 : (double) at(d, 7) / total;
        double mhz = Double.isNaN(a.cpuMhz())
                ? b.cpuMhz()
                : Double.isNaN(b.cpuMhz()) ? a.cpuMhz() : (a.cpuMhz() + b.cpuMhz()) / 2;
        return new MachineLoad(steal, others, mhz);
    }

    private static long at(long[] d, int i) {
        return i < d.length ? d[i] : 0;
    }

    /** Past a limit: its figures may be off. */
    public boolean flagged() {
        return stealShare > STEAL_LIMIT || otherCores > OTHER_CORES_LIMIT;
    }

    /** "steal 3.1 %, other processes 0.42 cores": what was past its limit, in words. */
    public String flagText() {
        List<String> parts = new ArrayList<>();
        if (stealShare > STEAL_LIMIT) {
            parts.add(String.format(Locale.ROOT, "steal %.1f %% (limit %.0f %%)", stealShare * 100, STEAL_LIMIT * 100));
        }
        if (otherCores > OTHER_CORES_LIMIT) {
            parts.add(String.format(
                    Locale.ROOT, "other processes %.2f cores (limit %.2f)", otherCores, OTHER_CORES_LIMIT));
        }
        return String.join(", ", parts);
    }

    /**
     * The load as run.json's outcomes and ab's load.json hold it: steal in % to a tenth, other processes' cores to a
     * hundredth, the clock in MHz where /proc shows it, and "flagged" with what passed its limit.
     */
    public record Fields(
            double stealPct,
            double otherCores,
            @JsonInclude(JsonInclude.Include.NON_NULL) Long cpuMhz,
            @JsonInclude(JsonInclude.Include.NON_NULL) String flagged) {}

    /** The load as run.json and load.json write it ({@link Fields}). */
    public Fields fields() {
        return new Fields(
                Math.round(stealShare * 1000) / 10.0,
                Math.round(otherCores * 100) / 100.0,
                Double.isNaN(cpuMhz) ? null : Math.round(cpuMhz),
                flagged() ? flagText() : null);
    }

    /** The aggregate "cpu" line's counters; null when the file cannot be read. */
    static long[] cpuTicks(Path procStat) {
        try {
            for (String line : Files.readAllLines(procStat)) {
                if (line.startsWith("cpu ")) {
                    String[] f = line.trim().split("\\s+");
                    long[] out = new long[f.length - 1];
                    for (int i = 1; i < f.length; i++) {
                        out[i - 1] = Long.parseLong(f[i]);
                    }
                    return out;
                }
            }
            return null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** The mean of /proc/cpuinfo's "cpu MHz" lines; NaN where it shows none (some VMs and architectures). */
    static double cpuMhz(Path cpuinfo) {
        try {
            return Files.readAllLines(cpuinfo).stream()
                    .filter(l -> l.startsWith("cpu MHz"))
                    .mapToDouble(l ->
                            Double.parseDouble(l.substring(l.indexOf(':') + 1).trim()))
                    .average()
                    .orElse(Double.NaN);
        } catch (IOException | RuntimeException e) {
            return Double.NaN;
        }
    }
}
