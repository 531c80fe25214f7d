package labbook.core;

/** User and system CPU time, in nanoseconds. */
public record CpuTimes(long userNanos, long systemNanos) {

    public static final CpuTimes ZERO = new CpuTimes(0, 0);

    public CpuTimes minus(CpuTimes earlier) {
        return new CpuTimes(userNanos - earlier.userNanos, systemNanos - earlier.systemNanos);
    }

    public CpuTimes plus(CpuTimes other) {
        return new CpuTimes(userNanos + other.userNanos, systemNanos + other.systemNanos);
    }

    public double userSeconds() {
        return userNanos / 1e9;
    }

    public double systemSeconds() {
        return systemNanos / 1e9;
    }

    public double totalSeconds() {
        return (userNanos + systemNanos) / 1e9;
    }
}
