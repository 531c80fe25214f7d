package labbook.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A JMH run waits while another process holds JMH's lock, instead of failing at once. */
class JmhRunLockTest {

    @Test
    void waitsUntilAnotherProcessReleasesTheLock(@TempDir Path dir) throws Exception {
        Path lock = dir.resolve("jmh.lock");
        Path held = dir.resolve("held");
        Path holder = Files.writeString(dir.resolve("Hold.java"), """
                import java.nio.channels.FileChannel;
                import java.nio.file.*;
                public class Hold {
                    public static void main(String[] a) throws Exception {
                        try (FileChannel c = FileChannel.open(Path.of(a[0]),
                                StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                             var l = c.lock()) {
                            Files.writeString(Path.of(a[1]), "yes");
                            Thread.sleep(2500);
                        }
                    }
                }
                """);
        try (Child p = Child.start(
                Child.spec("lock holder", ForkedJava.javaBinary(), holder.toString(), lock.toString(), held.toString())
                        .limit(Duration.ofMinutes(2)))) {
            long until = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (!Files.exists(held) && System.nanoTime() < until) {
                Thread.sleep(20);
            }
            assertThat(held).exists();
            long start = System.nanoTime();
            JmhRun.awaitLockFree(lock, Duration.ofMinutes(1));
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThan(Duration.ofMillis(300));
            p.waitForSuccess();
        }
    }

    @Test
    void aFreeLockDoesNotWait(@TempDir Path dir) {
        long start = System.nanoTime();
        JmhRun.awaitLockFree(dir.resolve("jmh.lock"), Duration.ofMinutes(1));
        assertThat(Duration.ofNanos(System.nanoTime() - start))
                .isLessThan(Duration.ofSeconds(30)); // returned at once, not after its minute of waiting
    }
}
