package labbook.filecrypt.experiments;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import labbook.core.LabException;
import labbook.core.OwnedScratch;
import labbook.core.Peer;
import labbook.core.PeerResult;
import labbook.filecrypt.cli.CliLaunch;
import labbook.filecrypt.peer.Gpg;
import labbook.filecrypt.pgp.Compression;
import labbook.filecrypt.pgp.EncryptOptions;
import labbook.filecrypt.pgp.FastPath;
import labbook.filecrypt.pgp.Passphrase;
import labbook.filecrypt.pgp.PgpEncryptor;
import labbook.filecrypt.pgp.ZipDeflater;
import org.bouncycastle.openpgp.PGPEncryptedDataGenerator;

/**
 * Runs and times one encryption with any {@link Engine}, same settings on every side: the three engines get the same
 * input file, options, passphrase and pinned S2K count. Outputs go to a private scratch folder and are deleted once
 * measured.
 *
 * <p>Clocks: gpg and the forked JVM are measured by lab-core's {@link Peer} (the child's rusage, to the microsecond);
 * bcpg in-process by this process's user and system time (getrusage, to the microsecond, every thread, JIT and GC
 * included) and, for precision, the calling thread's CPU clock.
 */
public final class Encryptions implements AutoCloseable {
    /**
     * The whole-process bcpg runs: the command a user types, {@code ./labbook filecrypt encrypt ...}, for run.json and
     * printouts. What is timed is the {@code java} command that the launcher execs for it ({@link CliLaunch}), without
     * the few milliseconds of the launcher's own bash.
     */
    public static final String PROCESS_COMMAND = "./labbook filecrypt encrypt";

    /** A fixed, non-secret benchmark passphrase; it is only ever written to files of mode 0600. */
    private static final char[] PASSPHRASE = "labbook filecrypt benchmark passphrase".toCharArray();

    private final OwnedScratch owned;
    private final Path scratch;
    private final Path passphraseFile;
    private final Gpg gpg;
    private int counter;

    private Encryptions(OwnedScratch owned, Path passphraseFile, Gpg gpg) {
        this.owned = owned;
        this.scratch = owned.path();
        this.passphraseFile = passphraseFile;
        this.gpg = gpg;
    }

    public static Encryptions start() {
        OwnedScratch scratch = OwnedScratch.claim(
                Path.of(System.getProperty("java.io.tmpdir"), "labbook-filecrypt"),
                "scratch",
                OwnedScratch.Type.SECRET_FOLDER);
        try {
            Path pass = scratch.path().resolve("passphrase");
            Passphrase.write(pass, PASSPHRASE);
            return new Encryptions(scratch, pass, Gpg.start(PASSPHRASE));
        } catch (RuntimeException e) {
            scratch.close();
            throw e;
        }
    }

    /** "BouncyCastle bcpg 1.82; native zlib, direct AES-CFB": what the in-process engine ran on. */
    public static String describeBcpg() {
        String version = PGPEncryptedDataGenerator.class.getPackage().getImplementationVersion();
        return "BouncyCastle bcpg " + (version == null ? "(version unknown)" : version) + "; " + FastPath.describe();
    }

    public Path scratch() {
        return scratch;
    }

    public Gpg gpg() {
        return gpg;
    }

    public char[] passphrase() {
        return PASSPHRASE.clone();
    }

    /** Encrypts {@code in} with {@code engine}, measures it, deletes the output, returns the sample. */
    public Sample run(Engine engine, Path in, EncryptOptions options) {
        return run(engine, in, options, false);
    }

    /**
     * As above; with {@code gpgReadsBack}, gpg then decrypts the output, outside the clock, and the run fails unless
     * that gives {@code in}'s bytes: a figure is only worth printing for a file gpg reads.
     */
    public Sample run(Engine engine, Path in, EncryptOptions options, boolean gpgReadsBack) {
        return run(engine, in, options, gpgReadsBack, encrypted -> {});
    }

    /**
     * As above; {@code withOutput} gets the encrypted file after the check, before it is deleted (the level sweep
     * decrypts gpg's).
     */
    public Sample run(Engine engine, Path in, EncryptOptions options, boolean gpgReadsBack, Consumer<Path> withOutput) {
        Path out = scratch.resolve("out-" + counter++ + ".gpg");
        try {
            Sample sample = switch (engine) {
                case GPG -> fromPeer(gpg.encrypt(in, out, options), out);
                case BCPG_PROCESS ->
                    fromPeer(Peer.command(forkedEncrypt(in, out, options)).run(), out);
                case BCPG_IN_PROCESS -> inProcess(in, out, options);
            };
            if (gpgReadsBack) {
                readBack(
                        in,
                        out,
                        engine.label() + " at -z " + options.level() + " on " + options.threads() + " threads");
            }
            withOutput.accept(out);
            return sample;
        } finally {
            try {
                Files.deleteIfExists(out);
            } catch (IOException ignored) {
                // the scratch folder is removed on close
            }
        }
    }

    private void readBack(Path in, Path encrypted, String what) {
        Path decrypted = scratch.resolve("read-back-" + counter++);
        try {
            PeerResult r = gpg.decrypt(encrypted, decrypted);
            if (!r.ok()) {
                throw new LabException("gpg could not decrypt " + what + "'s output of " + in + ": "
                        + r.stderr()
                                .lines()
                                .filter(l -> !l.isBlank())
                                .findFirst()
                                .orElse("exit " + r.exitCode())
                                .trim());
            }
            if (Files.mismatch(in, decrypted) != -1) {
                throw new LabException(
                        "gpg decrypted " + what + "'s output of " + in + " to other bytes than the input's");
            }
        } catch (IOException e) {
            throw LabException.cannot("compare with " + in, decrypted, e);
        } finally {
            try {
                Files.deleteIfExists(decrypted);
            } catch (IOException ignored) {
                // the scratch folder is removed on close
            }
        }
    }

    /**
     * Rounds of the JIT warm-up on the 1 MB file that make the largest file's in-process samples steady (the module
     * README gives the runs that chose it).
     */
    public static final int JIT_ROUNDS = 200;

    /**
     * Lets C2 finish compiling the in-process pipeline before anything is timed: it keeps compiling for a hundred or
     * more encryptions, and the early samples would be slow and carry its threads' CPU (see {@link #JIT_ROUNDS}).
     * Untimed, so without the pause a timed sample takes first. What is warmed is each distinct Java code path among
     * {@code variants}, at the cheapest options that run it ({@link #codePath}: native deflate's level reaches only
     * zlib, so {@code -z 9}'s Java code is warmed at {@code -z 1}), in the JVM of the variant that times them
     * ({@link VariantJvm}).
     */
    public void warmUpInProcess(Path small, List<EncryptOptions> variants, int rounds) {
        Set<EncryptOptions> todo = new LinkedHashSet<>();
        variants.forEach(o -> todo.add(codePath(o)));
        for (int i = 0; i < rounds; i++) {
            for (EncryptOptions o : todo) {
                // the timed path up to the file's own write, which would add a disk sync per round (SafeOutput)
                try {
                    new PgpEncryptor(o)
                            .encryptFile(
                                    small,
                                    new BufferedOutputStream(OutputStream.nullOutputStream(), 1 << 16),
                                    PASSPHRASE);
                } catch (IOException e) {
                    throw new LabException("cannot encrypt " + small + ": " + e.getMessage(), e);
                }
            }
        }
    }

    /**
     * The page cache's warm-up, and the JIT's on files as large as the timed ones (a 10 MB file's buffers and heap):
     * each file encrypted once, untimed, by bcpg in this JVM at {@code options}.
     */
    public void warmUpFiles(List<Path> files, EncryptOptions options) {
        for (Path file : files) {
            run(Engine.BCPG_IN_PROCESS, file, options);
        }
    }

    /**
     * The options reduced to what decides which Java code runs: no compression at all; native deflate (zlib-8k, the
     * JDK's Deflater) and BC's bzip2, where the level is only a set-up parameter; JZlib, whose Java code differs
     * between levels 1-3 (deflate_fast) and 4-9 (deflate_slow).
     */
    static EncryptOptions codePath(EncryptOptions o) {
        if (!o.compresses()) {
            return o.withLevel(0).withCompression(Compression.NONE).withZipDeflater(ZipDeflater.JDK_32K);
        }
        if (o.compression() == Compression.ZIP && o.zipDeflater() == ZipDeflater.JZLIB_8K) {
            return o.withLevel(o.level() <= 3 ? 1 : 9);
        }
        return o.withLevel(1);
    }

    private Sample inProcess(Path in, Path out, EncryptOptions options) {
        PgpEncryptor encryptor = new PgpEncryptor(options);
        return InProcessClock.time(() -> encryptor.encryptFile(in, out, PASSPHRASE), () -> size(out));
    }

    private static Sample fromPeer(PeerResult r, Path out) {
        return Sample.of(r.orThrow(), size(out));
    }

    /**
     * {@link #PROCESS_COMMAND} with these options. The threads are always passed: the command's own default is one per
     * core, and this engine's published figures are gpg's way, one thread.
     */
    List<String> forkedEncrypt(Path in, Path out, EncryptOptions o) {
        List<String> args = new ArrayList<>(List.of(
                "--passphrase-file",
                passphraseFile.toString(),
                "-z",
                Integer.toString(o.level()),
                "--compress-algo",
                o.compression().gpgName(),
                "--cipher-algo",
                o.cipher().gpgName(),
                "--s2k-count",
                Long.toString(o.s2kCount()),
                "--s2k-digest-algo",
                o.s2kDigest().gpgName(),
                "--zip-deflater",
                o.zipDeflater().label(),
                "--cipher-path",
                o.cipherPath().label(),
                "--threads",
                Integer.toString(o.threads())));
        if (o.armor()) {
            args.add("--armor");
        }
        args.add(in.toString());
        args.add(out.toString());
        return encryptCommand(args);
    }

    /** {@code encrypt --help} as a user types it: the start-up and exit of the command, nothing encrypted. */
    public static Sample helpProcess() {
        return Sample.of(Peer.command(encryptCommand(List.of("--help"))).run().orThrow(), 0);
    }

    private static List<String> encryptCommand(List<String> encryptArgs) {
        List<String> args = new ArrayList<>(List.of("encrypt"));
        args.addAll(encryptArgs);
        return CliLaunch.command(args);
    }

    private static long size(Path p) {
        try {
            return Files.size(p);
        } catch (IOException e) {
            throw new LabException("no output written at " + p + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        gpg.close();
        owned.close();
    }
}
