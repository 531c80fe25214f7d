package labbook.core;

import java.util.List;
import java.util.Map;

/**
 * This JVM's CPU time, and its children's, as the kernel counts them for {@code getrusage}: user and system time to the
 * microsecond, through a small JNI library ({@code lab-core/src/main/jni/process_cpu.c}) built with gcc on first use
 * into {@code lab-core/target/process-cpu/} ({@link NativeBuild}). The JDK's own readings of a process's CPU time
 * ({@code /proc/self/stat}, {@code times(2)}, {@code OperatingSystemMXBean.getProcessCpuTime}) come in 10 ms clock
 * ticks, coarser than much of the work the lab times in its own JVM.
 *
 * <p>What the microseconds hold is what {@link TimedExec} says of a peer's: user + system is the scheduler's exact
 * count; on a kernel with tick-based accounting the split between them is that sum shared in proportion to the ticks
 * sampled in each. Where the library cannot be built, the first reading fails with one line naming what is missing: a
 * fallback to ticks would put two resolutions in one CSV column.
 */
final class ProcessCpu {
    private static final String LIBRARY = "libprocess-cpu.so";
    private static final String WHAT = "the lab's process CPU clock " + LIBRARY;
    private static final int SELF = 0;
    private static final int CHILDREN = 1;

    private ProcessCpu() {}

    /** This process's CPU time so far: every thread, the JIT and GC included, and threads that have ended. */
    static CpuTimes self() {
        return read(SELF);
    }

    /** The CPU time of this process's children that have ended and been waited for. */
    static CpuTimes children() {
        return read(CHILDREN);
    }

    private static CpuTimes read(int who) {
        if (!loaded) {
            load();
        }
        long[] micros = new long[2];
        int errno = rusage(who, micros);
        if (errno != 0) {
            throw new LabException("getrusage failed (errno " + errno + ") in " + WHAT);
        }
        return new CpuTimes(micros[0] * 1000, micros[1] * 1000);
    }

    private static native int rusage(int who, long[] micros);

    private static volatile boolean loaded;

    /** Builds the library if needed and loads it, once per JVM; a failure is one line, again at each reading. */
    private static synchronized void load() {
        if (loaded) {
            return;
        }
        NativeBuild.jniLibrary(
                        WHAT,
                        "how the lab's own CPU time is measured",
                        LIBRARY,
                        Repo.root()
                                .resolve("lab-core")
                                .resolve("src")
                                .resolve("main")
                                .resolve("jni"),
                        Repo.root().resolve("lab-core").resolve("target").resolve("process-cpu"),
                        List.of(),
                        Map.of())
                .ensureLoaded();
        loaded = true;
    }
}
