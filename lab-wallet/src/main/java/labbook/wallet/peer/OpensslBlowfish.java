package labbook.wallet.peer;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import labbook.core.LabException;
import labbook.core.NativeBuild;
import labbook.core.Peer;
import labbook.core.PeerResult;
import labbook.core.Repo;

/**
 * OpenSSL's Blowfish, the fastest on the machine, as the reference for the lab's own, and OpenSSL's PBKDF2-HMAC-SHA512,
 * which makes a KF5-era wallet's Blowfish key, as the reference for the lab's key: the small C program
 * {@code openssl-bf} ({@code lab-wallet/src/main/c/}), built on first use with gcc against the system libcrypto
 * (Debian's libssl-dev) into {@code lab-wallet/target/openssl-bf/}, and run through {@link Peer}, bounded.
 */
public final class OpensslBlowfish {
    static final String BINARY = "openssl-bf";
    static final Path HEADER = Path.of("/usr/include/openssl/blowfish.h");
    /** A run encrypts a few MB at most; anything slower has hung. */
    private static final Duration LIMIT = Duration.ofMinutes(2);

    private static final NativeBuild BUILD = new NativeBuild(
            "OpenSSL's Blowfish harness",
            BINARY,
            Repo.root().resolve("lab-wallet").resolve("src").resolve("main").resolve("c"),
            Repo.root().resolve("lab-wallet").resolve("target").resolve(BINARY),
            List.of(".c"),
            OpensslBlowfish::compileCommand,
            OpensslBlowfish::checkHeader);

    /** The two ways the harness times Blowfish; the {@code blowfish_mode} values of openssl-blowfish.csv. */
    public enum Mode {
        /** {@code BF_ecb_encrypt} block by block, as the KDE4 format chains its blocks. */
        ECB,
        /** One {@code BF_cbc_encrypt} over the buffer: KF5's mode. */
        CBC;

        /** The harness's argument and the CSV's value: ecb or cbc. */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** OpenSSL's function that the harness times. */
        public String call() {
            return "BF_" + label() + "_encrypt";
        }
    }

    private OpensslBlowfish() {}

    private static void checkHeader() {
        if (!Files.isRegularFile(HEADER)) {
            throw new LabException("OpenSSL's Blowfish harness needs " + HEADER + ": "
                    + Harness.installLine(List.of("libssl-dev", "gcc")));
        }
    }

    private static List<String> compileCommand(List<Path> sources, Path out) {
        List<String> cmd = new ArrayList<>(List.of("gcc", "-std=c11", "-O2", "-Wall", "-o", out.toString()));
        sources.forEach(p -> cmd.add(p.toString()));
        cmd.add("-lcrypto");
        return cmd;
    }

    private static Peer harness(String... args) {
        List<String> cmd = new ArrayList<>(List.of(BUILD.ensureBuilt().toString()));
        cmd.addAll(Arrays.asList(args));
        return Peer.command(cmd).captureStdout().limit(LIMIT);
    }

    /** Whether the system's libcrypto gives the published answer for the all-zero vector. */
    public static void check() {
        harness("check").run().orThrow();
    }

    /**
     * Milliseconds of each of {@code repeats} passes over {@code bytes} bytes, timed inside the harness
     * (CLOCK_MONOTONIC) after one untimed pass, so no process start is in them.
     */
    public static List<Double> ms(Mode how, int bytes, int repeats) {
        String mode = how.label();
        PeerResult r = harness("speed", mode, Integer.toString(bytes), Integer.toString(repeats))
                .run()
                .orThrow();
        List<Double> ms = new ArrayList<>();
        for (String line : r.stdoutText().lines().toList()) {
            String[] f = line.split(" ");
            if (f.length != 3 || !f[0].equals(mode) || !f[1].equals(Integer.toString(bytes))) {
                throw new LabException("openssl-bf speed: unexpected line '" + line + "'");
            }
            ms.add(Long.parseLong(f[2]) / 1e6);
        }
        if (ms.size() != repeats) {
            throw new LabException("openssl-bf speed: " + ms.size() + " timings for " + repeats + " repeats");
        }
        return ms;
    }

    /** {@code plain} (whole 8-byte blocks) in CBC with an all-zero IV under {@code key}, by OpenSSL. */
    public static byte[] cbc(byte[] key, byte[] plain) {
        byte[] in = new byte[key.length + plain.length];
        System.arraycopy(key, 0, in, 0, key.length);
        System.arraycopy(plain, 0, in, key.length, plain.length);
        return harness("cbc", Integer.toString(key.length))
                .stdin(in)
                .run()
                .orThrow()
                .stdout();
    }

    /**
     * Milliseconds of each of {@code repeats} PBKDF2-HMAC-SHA512 derivations of {@code iterations} iterations on a KF5
     * wallet's sizes (a 28-byte password, a 56-byte salt and key), timed inside the harness after one untimed one.
     */
    public static List<Double> pbkdf2Ms(int iterations, int repeats) {
        PeerResult r = harness("pbkdf2", Integer.toString(iterations), Integer.toString(repeats))
                .run()
                .orThrow();
        List<Double> ms = new ArrayList<>();
        for (String line : r.stdoutText().lines().toList()) {
            String[] f = line.split(" ");
            if (f.length != 3 || !f[0].equals("pbkdf2") || !f[1].equals(Integer.toString(iterations))) {
                throw new LabException("openssl-bf pbkdf2: unexpected line '" + line + "'");
            }
            ms.add(Long.parseLong(f[2]) / 1e6);
        }
        if (ms.size() != repeats) {
            throw new LabException("openssl-bf pbkdf2: " + ms.size() + " timings for " + repeats + " repeats");
        }
        return ms;
    }

    /** The PBKDF2-HMAC-SHA512 key of {@code password} and {@code salt}, by OpenSSL (both go on stdin, never argv). */
    public static byte[] pbkdf2(byte[] password, byte[] salt, int iterations, int keyBytes) {
        byte[] in = new byte[salt.length + password.length];
        System.arraycopy(salt, 0, in, 0, salt.length);
        System.arraycopy(password, 0, in, salt.length, password.length);
        try {
            return harness(
                            "pbkdf2-key",
                            Integer.toString(iterations),
                            Integer.toString(salt.length),
                            Integer.toString(keyBytes))
                    .stdin(in)
                    .run()
                    .orThrow()
                    .stdout();
        } finally {
            Arrays.fill(in, (byte) 0);
        }
    }
}
