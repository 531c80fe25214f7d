package labbook.filecrypt.experiments;

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

    public static final Sample ZERO = new Sample(0, 0, 0, 0, 0);
}
