package labbook.filecrypt.experiments;

import labbook.core.Clocks;
import labbook.core.CpuTimes;
import labbook.core.LabException;

/**
 * Times work done in this JVM, as the in-process engines are timed: this process's user and system time (getrusage, to
 * the microsecond, every thread, JIT and GC included), the calling thread's CPU clock (ns) and the wall clock, after a
 * short pause.
 */
public final class InProcessClock {
    /** The timed work: an encryption or decryption that writes one file. */
    @FunctionalInterface
    public interface Work {
        void run();
    }

    private InProcessClock() {}

    /** Times {@code work}; {@code outBytes} is the size of what it wrote (read after the clocks stop). */
    public static Sample time(Work work, java.util.function.LongSupplier outBytes) {
        // background work of the previous sample (JIT, cleaners, a gpg run's reader threads) finishes
        // outside the clock; no System.gc() here: a full collection makes C2 recompile
        quiesce();
        CpuTimes before = Clocks.process();
        long thread0 = Clocks.threadCpuNanos();
        long wall0 = Clocks.wallNanos();
        work.run();
        long wall = Clocks.wallNanos() - wall0;
        long thread = Clocks.threadCpuNanos() - thread0;
        CpuTimes cpu = Clocks.process().minus(before);
        return new Sample(cpu.userSeconds(), cpu.systemSeconds(), wall / 1e9, outBytes.getAsLong(), thread / 1e9);
    }

    private static void quiesce() {
        try {
            Thread.sleep(20);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LabException("interrupted", e);
        }
    }
}
