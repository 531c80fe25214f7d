package labbook.core;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * Spends CPU in user space and in the kernel, then prints its own user and system time as lab-core reads them, so a
 * test can set them against GNU time's figures for the same process.
 */
public final class SelfTimeMain {
    public static void main(String[] args) throws Exception {
        long until = System.nanoTime() + 600_000_000L;
        long x = 1;
        while (System.nanoTime() < until) {
            x = x * 6364136223846793005L + 1442695040888963407L;
        }
        Path dir = Path.of(System.getProperty("java.io.tmpdir"));
        long stats = 0;
        long kernelUntil = System.nanoTime() + 600_000_000L;
        while (System.nanoTime() < kernelUntil) {
            Files.readAttributes(dir, BasicFileAttributes.class);
            stats++;
        }
        CpuTimes t = Clocks.process();
        System.out.println(t.userSeconds() + " " + t.systemSeconds() + " " + (x == 42 ? stats : 0));
    }
}
