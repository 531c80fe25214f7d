package labbook.wallet.peer;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import labbook.core.AtomicFiles;
import labbook.core.Child;
import labbook.core.LabException;
import labbook.core.Peer;
import labbook.core.PeerResult;
import labbook.wallet.format.ThrowawayPassword;
import labbook.wallet.format.WalletContents;
import labbook.wallet.store.KwlFile;

/**
 * KDE's real KWallet backend ({@code KWallet::Backend} of Debian 12's libkwalletbackend5-5, KDE Frameworks 5.103) as a
 * peer of the lab, beside gpg and git: the seed's benchmark on it, and wallets read and written by it. See the package
 * documentation for the API as an experiment uses it.
 */
public final class Kwallet5 {
    /** The package whose version run.json records. */
    public static final String BACKEND_PACKAGE = "libkwalletbackend5-5";

    /** The characters {@code Backend::encodeWalletName} leaves as they are (kwalletbackend.cc, v5.103). */
    private static final String WALLET_NAME_ALLOWED =
            "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789^&'@{}[],$=!-#()%.+_\r\n\t\f\u000b ";
    /** QByteArray::toPercentEncoding never encodes these (RFC 3986's unreserved set). */
    private static final String PERCENT_UNRESERVED = "-._~";

    private static Optional<String> unavailable;
    private static String version;

    private Kwallet5() {}

    /** The Debian packages building and running the harness needs (install with --no-install-recommends). */
    public static List<String> packages() {
        return Harness.PACKAGES;
    }

    /**
     * Whether the real backend can be used here: its packages are installed and the harness builds (it is built now if
     * needed). Checked once per JVM.
     */
    public static synchronized boolean available() {
        return unavailableReason().isEmpty();
    }

    /** Why {@link #available()} is false, in one line (naming the apt-get install line when packages are missing). */
    public static synchronized Optional<String> unavailableReason() {
        if (unavailable == null) {
            try {
                Harness.ensureBuilt();
                unavailable = Optional.empty();
            } catch (LabException e) {
                unavailable = Optional.of(e.getMessage());
            }
        }
        return unavailable;
    }

    /** Builds the harness if needed and returns it; a {@link LabException} (one line) when it cannot. */
    public static Path harness() {
        return Harness.ensureBuilt();
    }

    /**
     * The backend's Debian package version (e.g. "5.103.0-1"), for run.json's peer list; "not installed" when dpkg does
     * not know it. Cached: call it before a {@link Kwallet5Session} starts.
     */
    public static synchronized String version() {
        if (version == null) {
            String v;
            try {
                PeerResult r = Peer.command("dpkg-query", "-W", "-f=${Version}", BACKEND_PACKAGE)
                        .captureStdout()
                        .run();
                v = r.ok() && !r.stdoutText().isBlank() ? r.stdoutText().trim() : "not installed";
            } catch (Child.CannotStart noDpkg) {
                v = "not installed";
            }
            version = v;
        }
        return version;
    }

    /**
     * The file name under {@code $XDG_DATA_HOME/kwalletd} where the backend reads (or creates) the PBKDF2 salt of the
     * wallet at {@code walletPath} (an absolute path, as the backend is given it):
     * {@code Backend::encodeWalletName(path) + ".salt"}, the path's UTF-8 bytes percent-encoded with {@code ;} as the
     * escape, so {@code /} becomes {@code ;2F}.
     */
    public static String saltFileName(Path walletPath) {
        return encodeWalletName(walletPath.toString()) + ".salt";
    }

    static String encodeWalletName(String name) {
        StringBuilder sb = new StringBuilder();
        for (byte b : name.getBytes(StandardCharsets.UTF_8)) {
            char c = (char) (b & 0xFF);
            if (c < 0x80 && (WALLET_NAME_ALLOWED.indexOf(c) >= 0 || PERCENT_UNRESERVED.indexOf(c) >= 0)) {
                sb.append(c);
            } else {
                sb.append(';')
                        .append(Character.toUpperCase(Character.forDigit((b >> 4) & 0xF, 16)))
                        .append(Character.toUpperCase(Character.forDigit(b & 0xF, 16)));
            }
        }
        return sb.toString();
    }

    // ---- reading and writing wallets ------------------------------------------------------------

    /**
     * Opens {@code wallet} with the real backend and returns every folder and entry it holds. The PBKDF2 salt is the
     * {@code .salt} beside the wallet (the lab's convention), if there is one. The backend works on a copy in a scratch
     * folder: the wallet itself is never written.
     *
     * @throws Kwallet5Exception when the backend refuses it: its return code, translated, in one line
     */
    public static WalletContents dump(Path wallet, byte[] password) {
        Path salt = KwlFile.saltPathFor(wallet);
        return dump(wallet, Files.exists(salt) ? salt : null, password);
    }

    /** As {@link #dump(Path, byte[])} with an explicit salt file ({@code null}: none). */
    public static WalletContents dump(Path wallet, Path salt, byte[] password) {
        return open(wallet, salt, password, Harness.defaultScratchParent()).contents();
    }

    /** What {@code dump} saw: the file's header bytes ("00 01 03 02") and the contents the backend read. */
    public record Opened(String header, WalletContents contents) {}

    /** As {@link #dump(Path, Path, byte[])}, with the header, the scratch folder made under {@code scratchParent}. */
    public static Opened open(Path wallet, Path salt, byte[] password, Path scratchParent) {
        Harness.ensureBuilt();
        Path scratch = Harness.newScratch(scratchParent);
        try {
            Path copy = scratch.resolve("wallets").resolve("wallet.kwl");
            try {
                Files.createDirectories(copy.getParent());
                Files.copy(wallet, copy);
            } catch (IOException e) {
                throw LabException.cannot("read wallet", wallet, e);
            }
            if (salt != null) {
                Path saltCopy = Harness.saltHome(scratch).resolve(saltFileName(copy));
                try {
                    Files.copy(salt, saltCopy);
                } catch (IOException e) {
                    throw LabException.cannot("read salt file", salt, e);
                }
            }
            PeerResult r = Harness.run(
                    scratch,
                    HarnessText.passwordLine(password).getBytes(StandardCharsets.US_ASCII),
                    List.of("dump", "--scratch", scratch.toString(), copy.toString()));
            if (!r.ok()) {
                throw Kwallet5Exception.of(r, wallet.toString());
            }
            try {
                HarnessText.Dumped d = HarnessText.parseDump(r.stdoutText());
                return new Opened(d.header(), d.contents());
            } catch (IllegalArgumentException e) {
                throw new LabException(
                        wallet + ": the kwallet5 harness printed something unreadable: " + e.getMessage());
            }
        } finally {
            Harness.deleteTree(scratch);
        }
    }

    /**
     * Writes {@code contents} as a new wallet at {@code target} with the real backend (a new wallet, Blowfish, its
     * first and only sync), and its PBKDF2 salt beside it as {@code <name>.salt} (the lab's convention; the backend
     * itself keeps salts under {@code $XDG_DATA_HOME}). Both are mode 0600 and replace what was there, each by a
     * rename. Entries of every type code are written; note that the backend itself, reading, keeps only Password,
     * Stream and Map entries.
     */
    public static void write(WalletContents contents, byte[] password, Path target) {
        write(contents, password, target, Harness.defaultScratchParent());
    }

    /** As {@link #write(WalletContents, byte[], Path)}, the scratch folder made under {@code scratchParent}. */
    public static void write(WalletContents contents, byte[] password, Path target, Path scratchParent) {
        Path dir = target.toAbsolutePath().getParent();
        if (dir == null || !Files.isDirectory(dir)) {
            throw new LabException(target + ": its folder does not exist");
        }
        Harness.ensureBuilt();
        Path scratch = Harness.newScratch(scratchParent);
        try {
            Path made = scratch.resolve("wallets").resolve("wallet.kwl");
            try {
                Files.createDirectories(made.getParent());
            } catch (IOException e) {
                throw LabException.cannot("create", made.getParent(), e);
            }
            PeerResult r = Harness.run(
                    scratch,
                    HarnessText.writeInput(password, contents),
                    List.of("write", "--scratch", scratch.toString(), made.toString()));
            if (!r.ok()) {
                throw Kwallet5Exception.of(r, target.toString());
            }
            Path salt = Harness.saltHome(scratch).resolve(saltFileName(made));
            if (Files.exists(salt)) {
                place(salt, KwlFile.saltPathFor(target.toAbsolutePath()));
            }
            place(made, target.toAbsolutePath());
        } finally {
            Harness.deleteTree(scratch);
        }
    }

    /** Copies {@code from} beside {@code to} (mode 0600), then renames it over {@code to}. */
    private static void place(Path from, Path to) {
        Path temp = to.resolveSibling(
                to.getFileName() + ".kwallet5-" + Long.toHexString(new SecureRandom().nextLong()) + ".new");
        try {
            Files.createFile(temp, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            Files.setPosixFilePermissions(temp, PosixFilePermissions.fromString("rw-------")); // whatever the umask
            Files.write(temp, Files.readAllBytes(from));
            AtomicFiles.replace(temp, to);
        } catch (IOException e) {
            try {
                Files.deleteIfExists(temp);
            } catch (IOException ignored) {
                // the first error is the one to report
            }
            throw LabException.cannot("write", to, e);
        }
    }

    // ---- the seed's benchmark -------------------------------------------------------------------

    /**
     * The seed's loop on the real backend in one harness run, nothing else in between: a new wallet, 100 seed entries
     * per step (random 20-character key, 50 random bytes as a Password value, folder "benchmark"), only {@code sync()}
     * timed. Returns one row per timed sync.
     *
     * @param fdatasync true as KWallet ships (QSaveFile's fdatasync before its rename); false skips it
     */
    public static List<SyncTiming> sweep(SweepPlan plan, boolean fdatasync, Path scratchParent) {
        Harness.ensureBuilt();
        Path scratch = Harness.newScratch(scratchParent);
        try {
            List<String> args = new ArrayList<>(List.of(
                    "sweep",
                    "--scratch",
                    scratch.toString(),
                    scratch.resolve("benchmark.kwl").toString(),
                    "--fdatasync",
                    fdatasync ? "on" : "off"));
            args.addAll(plan.harnessArgs());
            PeerResult r = Harness.run(
                    scratch,
                    HarnessText.passwordLine(ThrowawayPassword.draw()).getBytes(StandardCharsets.US_ASCII),
                    args);
            if (!r.ok()) {
                throw Kwallet5Exception.of(r, "kwallet5 sweep");
            }
            List<SyncTiming> rows = new ArrayList<>();
            r.stdoutText().lines().filter(l -> l.startsWith("sync ")).forEach(l -> rows.add(SyncTiming.parse(l)));
            return rows;
        } finally {
            Harness.deleteTree(scratch);
        }
    }

    /** As {@link #sweep(SweepPlan, boolean, Path)}, as shipped (fdatasync on), scratch under target/kwallet5. */
    public static List<SyncTiming> sweep(SweepPlan plan) {
        return sweep(plan, true, Harness.defaultScratchParent());
    }

    /**
     * A long-lived harness holding a new wallet open, for an experiment that interleaves the real backend with its Java
     * variants step by step: {@code add(n)}, then {@code sync()} as often as it likes, then {@code close()}. See
     * {@link Kwallet5Session}.
     */
    public static Kwallet5Session session(boolean fdatasync, Path scratchParent) {
        version(); // cached now: no other peer may run while the session does
        return Kwallet5Session.start(fdatasync, scratchParent);
    }

    /** Where a harness makes its scratch folders when none is given: the system's temporary folder. */
    public static Path defaultScratchParent() {
        return Harness.defaultScratchParent();
    }
}
