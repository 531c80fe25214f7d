package labbook.vfs.experiments;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;

/**
 * JMH refuses to start while another JMH run on the machine holds {@code <tmp>/jmh.lock} (two
 * benchmarks at once would disturb each other). Rather than fail at once when another study's
 * benchmark is running, dcache-model waits for that lock to be free before each JMH run.
 */
final class JmhLock {
    static final Path FILE = Path.of(System.getProperty("java.io.tmpdir"), "jmh.lock");

    private JmhLock() {
    }

    /** Returns when no other process holds JMH's lock, or after {@code max} (JMH then says why it cannot start). */
    static void awaitFree(Duration max) {
        awaitFree(FILE, max);
    }

    /** The same for the lock file {@code file}. */
    static void awaitFree(Path file, Duration max) {
        long deadline = System.nanoTime() + max.toNanos();
        boolean said = false;
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
            while (true) {
                try (FileLock lock = channel.tryLock()) {
                    if (lock != null) {
                        return;
                    }
                } catch (OverlappingFileLockException heldInThisJvm) {
                    return;
                }
                if (System.nanoTime() > deadline) {
                    return;
                }
                if (!said) {
                    System.err.println("dcache-model: another JMH run holds " + file + "; waiting for it to finish (at most "
                            + max.toMinutes() + " min)");
                    said = true;
                }
                Thread.sleep(500);
            }
        } catch (IOException cannotOpen) {
            // not ours to write (another user's): JMH will say so itself
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
