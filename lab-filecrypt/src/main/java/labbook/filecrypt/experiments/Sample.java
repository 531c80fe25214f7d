package labbook.filecrypt.experiments;

import static labbook.filecrypt.FilecryptSchemas.CPU_SYS_S;
import static labbook.filecrypt.FilecryptSchemas.CPU_THREAD_S;
import static labbook.filecrypt.FilecryptSchemas.CPU_USER_S;
import static labbook.filecrypt.FilecryptSchemas.OUT_BYTES;
import static labbook.filecrypt.FilecryptSchemas.WALL_S;

import java.util.Map;
import labbook.core.PeerResult;

/** One timed encryption: CPU (user, system) and wall seconds, and the encrypted file's size. */
public record Sample(double cpuUserS, double cpuSysS, double wallS, long outBytes, double cpuThreadS) {

    public double cpuS() {
        return cpuUserS + cpuSysS;
    }

    public Sample plus(Sample o) {
        return new Sample(
                cpuUserS + o.cpuUserS,
                cpuSysS + o.cpuSysS,
                wallS + o.wallS,
                outBytes + o.outBytes,
                cpuThreadS + o.cpuThreadS);
    }

    /** A whole process's sample, from lab-core's measurement of it, and the size of the file it wrote. */
    public static Sample of(PeerResult r, long outBytes) {
        return new Sample(
                r.time().userSeconds(), r.time().systemSeconds(), r.time().wallSeconds(), outBytes, Double.NaN);
    }

    /**
     * The sample of a CSV row, by column name (a resumed run's row, or one a variant's JVM measured): its clocks, and
     * its {@code out_bytes} and {@code cpu_thread_s} where the row has them (0 and NaN where not, or empty).
     */
    public static Sample of(Map<String, String> row) {
        String out = row.get(OUT_BYTES.name());
        String thread = row.get(CPU_THREAD_S.name());
        return new Sample(
                Double.parseDouble(row.get(CPU_USER_S.name())),
                Double.parseDouble(row.get(CPU_SYS_S.name())),
                Double.parseDouble(row.get(WALL_S.name())),
                out == null || out.isEmpty() ? 0 : Long.parseLong(out),
                thread == null || thread.isEmpty() ? Double.NaN : Double.parseDouble(thread));
    }

    public static final Sample ZERO = new Sample(0, 0, 0, 0, 0);
}
