package labbook.filecrypt.pgp;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.Adler32;
import labbook.core.Clocks;
import labbook.core.CpuTimes;
import labbook.core.Measurement;
import labbook.core.Peer;
import labbook.core.PeerResult;
import labbook.filecrypt.corpus.QuickCorpus;

/**
 * By hand, not a test: bcpg's wall and CPU time on 1 and 2 compressing threads beside gpg's, at {@code -z 6} and
 * {@code -z 9}, on the quick corpus' 10 MB text (or the file given), rounds interleaved so that every engine sees the
 * same machine load. bcpg is timed in this process after a JIT warm-up, as the level sweep's in-process engine; gpg as
 * a process, with its start-up.
 *
 * <pre>
 * mvn -o -q -pl lab-filecrypt test-compile dependency:build-classpath -Dmdep.outputFile=/tmp/cp.txt
 * java --enable-native-access=ALL-UNNAMED \
 *   -cp lab-filecrypt/target/test-classes:lab-filecrypt/target/classes:$(cat /tmp/cp.txt) \
 *   labbook.filecrypt.pgp.ParallelTiming [rounds] [file]
 * </pre>
 */
public final class ParallelTiming {
    private static final char[] PASS = "x".toCharArray();

    private ParallelTiming() {}

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 7;
        Path file =
                args.length > 1 ? Path.of(args[1]) : QuickCorpus.materialize().largest();
        Path home = Files.createTempDirectory(
                Path.of("/tmp"),
                "pt-gpg-",
                java.nio.file.attribute.PosixFilePermissions.asFileAttribute(
                        java.nio.file.attribute.PosixFilePermissions.fromString("rwx------")));
        Path out = Files.createTempDirectory("parallel-timing");
        System.out.printf(
                "%s, %,d B; %s; %s; load %s%n",
                file, Files.size(file), NativeZlib.describe(), Runtime.version(), loadAverage());
        printAdler32(file);

        Map<String, List<Measurement>> times = new LinkedHashMap<>();
        Map<String, Long> sizes = new LinkedHashMap<>();
        warmUp(file);
        for (int round = 0; round < rounds; round++) {
            for (int level : new int[] {6, 9}) {
                String gpgRun = "gpg -z " + level;
                Path gpgOut = out.resolve("gpg.gpg");
                times.computeIfAbsent(gpgRun, k -> new ArrayList<>()).add(gpg(file, gpgOut, home, level));
                sizes.put(gpgRun, Files.size(gpgOut));
                for (int threads : new int[] {1, 2}) {
                    EncryptOptions options =
                            EncryptOptions.defaults().withLevel(level).withThreads(threads);
                    String run = "bcpg -z " + level + ", " + threads + " thread" + (threads > 1 ? "s" : "");
                    Path bcpgOut = out.resolve("bcpg.gpg");
                    times.computeIfAbsent(run, k -> new ArrayList<>()).add(bcpg(file, bcpgOut, options));
                    sizes.put(run, Files.size(bcpgOut));
                }
            }
        }
        System.out.printf("%-22s %11s %11s %11s %12s%n", "", "wall min", "wall median", "CPU median", "output");
        for (Map.Entry<String, List<Measurement>> e : times.entrySet()) {
            List<Measurement> m = e.getValue();
            System.out.printf(
                    "%-22s %8.0f ms %8.0f ms %8.0f ms %,12d B%n",
                    e.getKey(), min(m), median(m, true), median(m, false), sizes.get(e.getKey()));
        }
        for (int level : new int[] {6, 9}) {
            double gpgMedian = median(times.get("gpg -z " + level), true);
            double gpgMin = min(times.get("gpg -z " + level));
            List<Measurement> two = times.get("bcpg -z " + level + ", 2 threads");
            System.out.printf(
                    "-z %d: bcpg on 2 threads / gpg, wall: %.2f (medians), %.2f (minimums)%n",
                    level, median(two, true) / gpgMedian, min(two) / gpgMin);
        }
        System.out.printf("load after: %s%n", loadAverage());
        Peer.command("gpgconf", "--kill", "all")
                .env("GNUPGHOME", home.toString())
                .run();
        deleteTree(home);
        deleteTree(out);
    }

    /** JIT: every path (1 and 2 threads, both levels) on the first 1 MB, then once on the whole file. */
    private static void warmUp(Path file) throws IOException {
        Path small = Files.createTempFile("parallel-timing-warm", ".txt");
        try {
            try (var in = Files.newInputStream(file)) {
                Files.write(small, in.readNBytes(1_000_000));
            }
            for (int round = 0; round < 60; round++) {
                for (int threads : new int[] {1, 2}) {
                    for (int level : new int[] {6, 9}) {
                        new PgpEncryptor(EncryptOptions.defaults()
                                        .withLevel(level)
                                        .withThreads(threads))
                                .encryptFile(small, OutputStream.nullOutputStream(), PASS);
                    }
                }
            }
            for (int threads : new int[] {1, 2}) {
                new PgpEncryptor(EncryptOptions.defaults().withThreads(threads))
                        .encryptFile(file, OutputStream.nullOutputStream(), PASS);
            }
        } finally {
            Files.delete(small);
        }
    }

    private static Measurement bcpg(Path file, Path out, EncryptOptions options) throws IOException {
        sleep();
        PgpEncryptor encryptor = new PgpEncryptor(options);
        CpuTimes cpu0 = Clocks.process();
        long wall0 = Clocks.wallNanos();
        encryptor.encryptFile(file, out, PASS);
        long wall = Clocks.wallNanos() - wall0;
        return new Measurement(wall, Clocks.process().minus(cpu0));
    }

    /** The command line the issue names, under a throwaway GNUPGHOME. */
    private static Measurement gpg(Path file, Path out, Path home, int level) {
        sleep();
        PeerResult r = Peer.command(
                        "gpg",
                        "--batch",
                        "--yes",
                        "--passphrase",
                        "x",
                        "--pinentry-mode",
                        "loopback",
                        "--s2k-count",
                        "65536",
                        "--force-mdc",
                        "--cipher-algo",
                        "AES256",
                        "--compress-algo",
                        "zip",
                        "-z",
                        Integer.toString(level),
                        "-o",
                        out.toString(),
                        "-c",
                        file.toString())
                .env("GNUPGHOME", home.toString())
                .run()
                .orThrow();
        return r.time();
    }

    /** What the ZLIB writer's per-block Adler-32 would cost the writing thread if it were computed there instead. */
    private static void printAdler32(Path file) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        long best = Long.MAX_VALUE;
        for (int i = 0; i < 20; i++) {
            long t0 = System.nanoTime();
            Adler32 adler = new Adler32();
            adler.update(bytes);
            adler.getValue();
            best = Math.min(best, System.nanoTime() - t0);
        }
        System.out.printf(
                "Adler-32 of %,d B on one thread: %.1f ms (%.1f GB/s)%n",
                bytes.length, best / 1e6, bytes.length / (double) best);
    }

    private static double median(List<Measurement> m, boolean wall) {
        double[] v = m.stream()
                .mapToDouble(x -> wall ? x.wallMillis() : x.cpu().totalSeconds() * 1000)
                .sorted()
                .toArray();
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }

    private static double min(List<Measurement> m) {
        return m.stream().mapToDouble(Measurement::wallMillis).min().orElse(Double.NaN);
    }

    private static String loadAverage() throws IOException {
        return Files.readString(Path.of("/proc/loadavg")).strip();
    }

    /** Background work of the previous run (JIT, GC, a child's reaping) ends outside the clock. */
    private static void sleep() {
        try {
            Thread.sleep(50);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        try (var walk = Files.walk(dir)) {
            for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
