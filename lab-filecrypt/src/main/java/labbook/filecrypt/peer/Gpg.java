package labbook.filecrypt.peer;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import labbook.core.Child;
import labbook.core.OwnedScratch;
import labbook.core.Peer;
import labbook.core.PeerResult;
import labbook.filecrypt.pgp.EncryptOptions;
import labbook.filecrypt.pgp.Passphrase;

/**
 * The real gpg as a peer: the same settings as gpg command lines, under a throwaway GNUPGHOME (mode 0700), the
 * passphrase in a file of mode 0600 inside it (only its path is on the command line), the S2K count always given so gpg
 * does not calibrate it, and every run measured by lab-core's {@link Peer} (the child's own user and system CPU).
 *
 * <p>Encryption is gpg's {@code -c} as the crypto tool ran it: {@code --batch --force-mdc --cipher-algo C -z N
 * --symmetric}, plus the algorithm, S2K settings and armor asked for.
 */
public final class Gpg implements AutoCloseable {
    private final OwnedScratch owned;
    private final Path home;
    private final Path passphraseFile;

    private Gpg(OwnedScratch owned, Path passphraseFile) {
        this.owned = owned;
        this.home = owned.path();
        this.passphraseFile = passphraseFile;
    }

    /**
     * A fresh GNUPGHOME under /tmp (short, since gpg-agent's socket path must be short), an {@link OwnedScratch} that a
     * signal removes and a later run removes if SIGKILL left it.
     */
    public static Gpg start(char[] passphrase) {
        OwnedScratch home = OwnedScratch.claim(Path.of("/tmp/lfc-gpg"), "home", OwnedScratch.Type.SECRET_FOLDER);
        try {
            Path pass = home.path().resolve("passphrase");
            Passphrase.write(pass, passphrase);
            return new Gpg(home, pass);
        } catch (RuntimeException e) {
            home.close();
            throw e;
        }
    }

    public static String version() {
        return Peer.version("gpg");
    }

    public Path home() {
        return home;
    }

    /** The gpg command line for an encryption with these options (no secret on it). */
    public List<String> encryptCommand(Path in, Path out, EncryptOptions o) {
        List<String> cmd = base();
        cmd.addAll(List.of(
                "--force-mdc",
                "--cipher-algo",
                o.cipher().gpgName(),
                "--compress-algo",
                o.compression().gpgName(),
                "-z",
                Integer.toString(o.level()),
                "--s2k-mode",
                "3",
                "--s2k-count",
                Long.toString(o.s2kCount()),
                "--s2k-digest-algo",
                o.s2kDigest().gpgName()));
        if (o.armor()) {
            cmd.add("--armor");
        }
        cmd.addAll(List.of("-o", out.toString(), "--symmetric", in.toString()));
        return cmd;
    }

    public PeerResult encrypt(Path in, Path out, EncryptOptions o) {
        return Peer.command(encryptCommand(in, out, o))
                .env("GNUPGHOME", home.toString())
                .limit(limitFor(in))
                .run();
    }

    /**
     * Plain {@code gpg -c}: every setting gpg's own default (Debian's AES-256, ZIP 6, S2K count calibrated by the
     * agent).
     */
    public PeerResult encryptWithGpgDefaults(Path in, Path out) {
        List<String> cmd = base();
        cmd.addAll(List.of("-o", out.toString(), "-c", in.toString()));
        return Peer.command(cmd)
                .env("GNUPGHOME", home.toString())
                .limit(limitFor(in))
                .run();
    }

    public PeerResult decrypt(Path in, Path out) {
        List<String> cmd = base();
        cmd.addAll(List.of("-o", out.toString(), "--decrypt", in.toString()));
        return Peer.command(cmd)
                .env("GNUPGHOME", home.toString())
                .limit(limitFor(in))
                .run();
    }

    /**
     * A gpg run's bound, scaled to its input: gpg works at tens of MB/s even at {@code -z 9}, so a minute plus 5 s per
     * MB is a run that has hung, not a slow one (writing to a file, it prints nothing meanwhile).
     */
    static Duration limitFor(Path in) {
        long bytes;
        try {
            bytes = Files.size(in);
        } catch (IOException unreadable) {
            bytes = 0; // gpg says why itself
        }
        return Duration.ofSeconds(60 + 5 * (bytes >> 20));
    }

    private List<String> base() {
        return new ArrayList<>(List.of(
                "gpg",
                "--batch",
                "--yes",
                "--quiet",
                "--no-tty",
                "--no-symkey-cache",
                "--pinentry-mode",
                "loopback",
                "--passphrase-file",
                passphraseFile.toString()));
    }

    /** Stops any agent gpg started for this home and deletes the home, passphrase file included. */
    @Override
    public void close() {
        try {
            Peer.command("gpgconf", "--kill", "all")
                    .env("GNUPGHOME", home.toString())
                    .run();
        } catch (Child.CannotStart noGpgconf) {
            // without gpgconf there is no agent to stop either
        }
        owned.close();
    }
}
