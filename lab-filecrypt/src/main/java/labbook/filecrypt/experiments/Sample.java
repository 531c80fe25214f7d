package labbook.filecrypt.experiments;

/** One timed encryption: CPU (user, system) and wall seconds, and the encrypted file's size. */
public record Sample(double cpuUserS, double cpuSysS, double wallS, long outBytes, double cpuThreadS) {

    public double cpuS() {
        return cpuUserS + cpuSysS;
    }

    public Sample plus(Sample o) {
        return new Sample(cpuUserS + o.cpuUserS, cpuSysS + o.cpuSysS, wallS + o.wallS, outBytes + o.outBytes,
                cpuThreadS + o.cpuThreadS);
    }

    public static final Sample ZERO = new Sample(0, 0, 0, 0, 0);
}
