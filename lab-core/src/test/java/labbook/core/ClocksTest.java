package labbook.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * lab-core's CPU clocks set against GNU time (Debian package {@code time}), the reference the seeds' own figures came
 * from, and this process's clock against its thread clock. GNU time prints hundredths of a second, so they agree to a
 * few hundredths; these tests check agreement and resolution, not speed (a peer's resolution: {@link PeerCpuTimeTest}).
 */
class ClocksTest {
    private static final String GNU_TIME = "/usr/bin/time";
    /** A few hundredths of slack, plus a little for the GNU time process itself. */
    private static final double TOLERANCE_S = 0.06;

    @TempDir
    static Path dir;

    static Path bigFile;

    @BeforeAll
    static void makeALargeFile() throws IOException {
        bigFile = dir.resolve("big.bin");
        byte[] block = new byte[1 << 20];
        new Random(1).nextBytes(block);
        try (OutputStream out = Files.newOutputStream(bigFile)) {
            for (int i = 0; i < 96; i++) {
                out.write(block);
            }
        }
    }

    @Test
    void processCpuTimeCoversTheBusyThread() {
        CpuTimes before = Clocks.process();
        long threadBefore = Clocks.threadCpuNanos();
        long x = 0;
        // burn a fixed amount of this thread's CPU, however loaded the machine is; the thread clock
        // is itself a system call, so it is read only every few million steps
        while (Clocks.threadCpuNanos() - threadBefore < 300_000_000L) {
            for (int i = 0; i < 5_000_000; i++) {
                x = x * 6364136223846793005L + 1442695040888963407L;
            }
        }
        CpuTimes spent = Clocks.process().minus(before);
        double thread = (Clocks.threadCpuNanos() - threadBefore) / 1e9;
        assertThat(x).isNotEqualTo(42);
        assertThat(spent.userSeconds() + spent.systemSeconds()).isGreaterThanOrEqualTo(thread - 0.03);
        assertThat(spent.userSeconds()).isGreaterThan(0.2);
    }

    /**
     * Burns of 3 ms of this thread's CPU, read on the process clock. A clock of 10 ms ticks reads each as 0 or 10 ms:
     * short of the burn (most of the time) or 7 ms over it. The process clock must cover every burn and read at least
     * one within 1 ms of the thread clock; other threads of this JVM (the JIT, GC, earlier tests' readers) may add to
     * any one burn, so not every burn need be that close.
     */
    @Test
    void processClockResolvesAMillisecond() {
        burn(50_000_000L); // the burn loop compiled first, so the JIT is quiet during the timed burns
        int within = 0;
        for (int i = 0; i < 10; i++) {
            CpuTimes before = Clocks.process();
            long threadBefore = Clocks.threadCpuNanos();
            burn(3_000_000L);
            long thread = Clocks.threadCpuNanos() - threadBefore;
            CpuTimes spent = Clocks.process().minus(before);
            long process = spent.userNanos() + spent.systemNanos();
            assertThat(process).as("the process clock covers the thread's burn").isGreaterThan(thread - 100_000L);
            if (Math.abs(process - thread) < 1_000_000L) {
                within++;
            }
        }
        assertThat(within).as("burns read within 1 ms of the thread clock").isPositive();
    }

    private static long burn(long threadNanos) {
        long start = Clocks.threadCpuNanos();
        long x = 0;
        while (Clocks.threadCpuNanos() - start < threadNanos) {
            for (int i = 0; i < 10_000; i++) {
                x = x * 6364136223846793005L + 1442695040888963407L;
            }
        }
        return x;
    }

    @Test
    void childCpuTimeAgreesWithGnuTimeForTheSameRun() throws IOException {
        Path timeOut = dir.resolve("time.out");
        String f = bigFile.toString();
        // user time from checksumming, system time from a syscall storm, in one child
        PeerResult r = Peer.command(
                        GNU_TIME,
                        "-f",
                        "%U %S",
                        "-o",
                        timeOut.toString(),
                        "sh",
                        "-c",
                        "sha256sum " + f + " " + f + " " + f
                                + " >/dev/null; dd if=/dev/zero of=/dev/null bs=64 count=1500000 2>/dev/null")
                .run()
                .orThrow();
        String[] gnu = Files.readString(timeOut).trim().split("\\s+");
        double gnuUser = Double.parseDouble(gnu[0]);
        double gnuSys = Double.parseDouble(gnu[1]);

        assertThat(gnuUser).as("the child did CPU work").isGreaterThan(0.1);
        assertThat(gnuSys).as("the child made system calls").isGreaterThan(0.05);
        assertThat(r.time().userSeconds()).isCloseTo(gnuUser, within(TOLERANCE_S + gnuUser * 0.05));
        assertThat(r.time().systemSeconds()).isCloseTo(gnuSys, within(TOLERANCE_S + gnuSys * 0.05));
        assertThat(r.time().wallSeconds()).isGreaterThanOrEqualTo((gnuUser + gnuSys) / 2 - TOLERANCE_S);
    }

    @Test
    void ownProcessTimeAgreesWithGnuTimeForTheSameJvm() throws IOException {
        Path timeOut = dir.resolve("self.out");
        List<String> cmd = new ArrayList<>(List.of(GNU_TIME, "-f", "%U %S", "-o", timeOut.toString()));
        cmd.addAll(ForkedJava.command(
                List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"), SelfTimeMain.class.getName(), List.of()));
        PeerResult r = Peer.command(cmd).captureStdout().run().orThrow();
        String[] own = r.stdoutText().trim().split("\\s+");
        String[] gnu = Files.readString(timeOut).trim().split("\\s+");
        double ownUser = Double.parseDouble(own[0]);
        double ownSys = Double.parseDouble(own[1]);
        double gnuUser = Double.parseDouble(gnu[0]);
        double gnuSys = Double.parseDouble(gnu[1]);

        assertThat(ownSys).as("system time is measured apart from user time").isGreaterThan(0.05);
        // the JVM keeps running a little after it printed (shutdown), so GNU time may be slightly larger
        assertThat(ownUser).isCloseTo(gnuUser, within(0.15 + gnuUser * 0.1));
        assertThat(ownSys).isCloseTo(gnuSys, within(0.1 + gnuSys * 0.1));
        assertThat(ownUser).isLessThanOrEqualTo(gnuUser + 0.02);
    }

    @Test
    void commandLineThatCannotStartIsOneClearError() {
        org.assertj.core.api.Assertions.assertThatThrownBy(
                        () -> Peer.command("/no/such/tool", "--secret").run())
                .isInstanceOf(LabException.class)
                .hasMessageStartingWith("cannot run /no/such/tool")
                .hasMessageNotContaining("--secret");
    }

    @Test
    void stdinIsFedAndStdoutCaptured() {
        PeerResult r = Peer.command("tr", "a-z", "A-Z")
                .stdin("hello".getBytes(StandardCharsets.UTF_8))
                .captureStdout()
                .run()
                .orThrow();
        assertThat(r.stdoutText()).isEqualTo("HELLO");
        PeerResult failed = Peer.command("sh", "-c", "echo 'bad thing happened' >&2; exit 3")
                .run();
        assertThat(failed.exitCode()).isEqualTo(3);
        org.assertj.core.api.Assertions.assertThatThrownBy(failed::orThrow)
                .hasMessage("sh failed (exit 3): bad thing happened");
    }
}
