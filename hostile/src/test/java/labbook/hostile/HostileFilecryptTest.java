package labbook.hostile;

import static labbook.hostile.Tool.FILECRYPT;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.ToIntFunction;
import java.util.stream.Stream;
import labbook.core.Repo;
import org.bouncycastle.bcpg.ArmoredOutputStream;
import org.bouncycastle.bcpg.SymmetricKeyAlgorithmTags;
import org.bouncycastle.openpgp.PGPEncryptedDataGenerator;
import org.bouncycastle.openpgp.PGPException;
import org.bouncycastle.openpgp.operator.bc.BcPBEKeyEncryptionMethodGenerator;
import org.bouncycastle.openpgp.operator.bc.BcPGPDataEncryptorBuilder;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * encrypt and decrypt: bad passphrases, damaged messages, newer formats, bad option values, outputs that must not be
 * clobbered.
 */
class HostileFilecryptTest {
    @TempDir
    Path tmp;

    static final String PASSPHRASE = "correct-horse-battery-staple-42";
    static final String TEXT = "It was the best of times, it was the worst of times.\n".repeat(2000);

    static String passphrase(Sandbox s) {
        return s.secretFile("secret-pass", PASSPHRASE);
    }

    /** {@code encrypt} of {@code in} to {@code out} with a fast S2K and {@code options}, as a command line. */
    static List<String> fastEncrypt(String pass, String in, String out, String... options) {
        List<String> args = new ArrayList<>(List.of("encrypt", "--passphrase-file", pass, "--s2k-count", "1024"));
        args.addAll(Arrays.asList(options));
        args.addAll(List.of(in, out));
        return args;
    }

    /** A message encrypted by the lab itself (fast S2K), for the decrypt cases to damage. */
    static byte[] message(Sandbox s, String... options) {
        List<String> args = fastEncrypt(passphrase(s), s.write("plain-src.txt", TEXT), s.p("msg.gpg"), options);
        Outcome o = FILECRYPT.run(args.toArray(String[]::new));
        if (o.exit() != 0) {
            throw new IllegalStateException("setup: encrypt failed: " + o);
        }
        byte[] b = s.read("msg.gpg");
        try {
            Files.delete(s.path("msg.gpg"));
            Files.delete(s.path("plain-src.txt"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return b;
    }

    static List<String> encrypt(Sandbox s, String... more) {
        List<String> args = new ArrayList<>(List.of("encrypt", "--passphrase-file", passphrase(s)));
        args.addAll(Arrays.asList(more));
        return args;
    }

    static List<String> decrypt(Sandbox s, byte[] message, String out) {
        return List.of("decrypt", "--passphrase-file", passphrase(s), s.write("in.gpg", message), out);
    }

    /**
     * An index inside an armored message's base64 data (flipping a character of the armor's framing, which a reader may
     * ignore, changes no data): counted from the data's first character, or back from the checksum line, well clear of
     * the last group's padding bits.
     */
    static int armoredDataIndex(byte[] armored, int at) {
        String text = new String(armored, java.nio.charset.StandardCharsets.US_ASCII);
        int start = text.indexOf("\n\n") + 2;
        int end = text.lastIndexOf("\n=");
        int i = at >= 0 ? start + at : end + at - 8;
        while (text.charAt(i) == '\n' || text.charAt(i) == '\r') {
            i++;
        }
        return i;
    }

    static List<Case> cases() {
        List<Case> cases = new ArrayList<>();
        for (String cmd : new String[] {"encrypt", "decrypt"}) {
            cases.add(Case.of(
                    cmd + ": passphrase file missing",
                    FILECRYPT,
                    1,
                    s -> List.of(cmd, "--passphrase-file", s.p("nope"), s.write("in", TEXT), s.p("out")),
                    s -> "nope"));
            cases.add(Case.of(
                    cmd + ": passphrase file is a folder",
                    FILECRYPT,
                    1,
                    s -> List.of(cmd, "--passphrase-file", s.dir("pdir"), s.write("in", TEXT), s.p("out")),
                    s -> "pdir"));
            cases.add(Case.of(
                    cmd + ": passphrase file is empty",
                    FILECRYPT,
                    1,
                    s -> List.of(cmd, "--passphrase-file", s.write("empty-pass", ""), s.write("in", TEXT), s.p("out")),
                    s -> "empty-pass"));
            cases.add(Case.of(
                    cmd + ": passphrase file is /dev/zero",
                    FILECRYPT,
                    1,
                    s -> List.of(cmd, "--passphrase-file", "/dev/zero", s.write("in", TEXT), s.p("out")),
                    s -> "/dev/zero"));
            cases.add(Case.of(
                    cmd + ": IN missing",
                    FILECRYPT,
                    1,
                    s -> List.of(cmd, "--passphrase-file", passphrase(s), s.p("absent"), s.p("out")),
                    s -> "absent"));
            cases.add(Case.of(
                    cmd + ": IN is a folder",
                    FILECRYPT,
                    1,
                    s -> List.of(cmd, "--passphrase-file", passphrase(s), s.dir("indir"), s.p("out")),
                    s -> "is a folder"));
            cases.add(Case.of(
                    cmd + ": OUT's folder missing",
                    FILECRYPT,
                    1,
                    s -> List.of(cmd, "--passphrase-file", passphrase(s), s.write("in", TEXT), s.p("no/such/out")),
                    s -> "no/such"));
            cases.add(Case.of(
                    cmd + ": OUT exists, no --force",
                    FILECRYPT,
                    1,
                    s -> List.of(
                            cmd,
                            "--passphrase-file",
                            passphrase(s),
                            cmd.equals("encrypt") ? s.write("in", TEXT) : s.write("in.gpg", message(s)),
                            s.write("out", "keep me")),
                    s -> "out"));
            cases.add(Case.of(
                    cmd + ": no OUT given",
                    FILECRYPT,
                    2,
                    s -> List.of(cmd, "--passphrase-file", passphrase(s), s.write("in", TEXT)),
                    s -> "OUT"));
        }
        for (String[] bad : new String[][] {
            {"-z", "10"},
            {"-z", "-1"},
            {"-z", "many"},
            {"--cipher-algo", "ROT13"},
            {"--compress-algo", "rar"},
            {"--s2k-count", "0"},
            {"--s2k-count", "99999999999"},
            {"--s2k-count", "lots"},
            {"--s2k-digest-algo", "MD4"},
            {"--cipher-path", "fastest"},
            {"--zip-deflater", "magic"},
            // encrypt parses without picocli (FileCommand), so HostileOptionsTest's scan of picocli's options misses
            // these
            {"--threads", "many"},
            {"--threads", "0"},
            {"--threads", "257"}
        }) {
            Case c = Case.of(
                    "encrypt " + bad[0] + " " + bad[1],
                    FILECRYPT,
                    2,
                    s -> encrypt(s, bad[0], bad[1], s.write("in", TEXT), s.p("out")),
                    s -> bad[0]);
            cases.add(c);
        }
        cases.add(Case.of(
                "decrypt: a wrong passphrase",
                FILECRYPT,
                1,
                s -> {
                    byte[] m = message(s);
                    return List.of(
                            "decrypt",
                            "--passphrase-file",
                            s.secretFile("secret-wrong", "wrong-" + PASSPHRASE),
                            s.write("in.gpg", m),
                            s.p("out"));
                },
                s -> "in.gpg"));
        cases.add(Case.of(
                "decrypt: an empty file", FILECRYPT, 1, s -> decrypt(s, new byte[0], s.p("out")), s -> "in.gpg"));
        cases.add(Case.of(
                "decrypt: random bytes",
                FILECRYPT,
                1,
                s -> decrypt(s, HostileWalletTest.random(5000, 7), s.p("out")),
                s -> "in.gpg"));
        cases.add(Case.of(
                "decrypt: plain text",
                FILECRYPT,
                1,
                s -> decrypt(s, TEXT.getBytes(StandardCharsets.UTF_8), s.p("out")),
                s -> "in.gpg"));
        cases.add(Case.of(
                "decrypt: an armor header with nothing after it",
                FILECRYPT,
                1,
                s -> decrypt(s, "-----BEGIN PGP MESSAGE-----\n\n".getBytes(StandardCharsets.UTF_8), s.p("out")),
                s -> "in.gpg"));
        newerFormats(cases);
        for (String[] options :
                new String[][] {{}, {"-z", "0"}, {"--compress-algo", "zlib"}, {"--compress-algo", "bzip2"}, {"-a"}}) {
            String label = options.length == 0 ? "zip" : String.join(" ", options);
            boolean armor = label.equals("-a");
            for (int at : new int[] {3, 20, 40, 200, 600, -30, -22, -2}) {
                cases.add(Case.of(
                        "decrypt (" + label + "): a bit flipped at " + at,
                        FILECRYPT,
                        1,
                        s -> {
                            byte[] m = message(s, options);
                            int i = armor
                                    ? armoredDataIndex(m, at)
                                    : at >= 0 ? Math.min(at, m.length - 1) : m.length + at;
                            m[i] ^= (byte) (armor ? 0x01 : 0x10);
                            return decrypt(s, m, s.p("out"));
                        },
                        s -> "in.gpg"));
            }
            // an armored message cut in its last 1 % may keep every data line (only the armor tail goes)
            for (double keep : armor ? new double[] {0.1, 0.5, 0.9} : new double[] {0.1, 0.5, 0.9, 0.99}) {
                cases.add(Case.of(
                        "decrypt (" + label + "): cut to " + (int) (keep * 100) + " %",
                        FILECRYPT,
                        1,
                        s -> {
                            byte[] m = message(s, options);
                            return decrypt(s, Arrays.copyOf(m, (int) (m.length * keep)), s.p("out"));
                        },
                        s -> "in.gpg"));
            }
        }
        return cases;
    }

    /**
     * Formats decrypt does not read: messages the lab wrote with one field of a newer OpenPGP (RFC 9580, LibrePGP) put
     * in or a padding packet in front, and one holding a compression algorithm outside gpg 2.2's. The line names the
     * file and that field, never a missing MDC or a wrong passphrase.
     */
    static void newerFormats(List<Case> cases) {
        record Edit(String what, ToIntFunction<byte[]> at, int value, String named) {}
        for (Edit e : new Edit[] {
            new Edit("SKESK made version 5 (LibrePGP)", m -> 2, 5, "SKESK packet version 5"),
            new Edit("SKESK made version 6 (RFC 9580)", m -> 2, 6, "SKESK packet version 6"),
            new Edit("SKESK's cipher made 100", m -> 3, 100, "symmetric algorithm 100"),
            new Edit("S2K made Argon2 (RFC 9580)", m -> 4, 4, "S2K type 4 (Argon2"),
            new Edit("S2K made type 2 (reserved)", m -> 4, 2, "S2K type 2"),
            new Edit("S2K digest made SHA3-256 (RFC 9580)", m -> 5, 12, "S2K digest algorithm 12"),
            new Edit(
                    "SEIPD made version 2 (RFC 9580)",
                    HostileFilecryptTest::seipdVersionIndex,
                    2,
                    "SEIPD packet version 2"),
            new Edit(
                    "the data packet made an OCB packet (tag 20, LibrePGP)",
                    HostileFilecryptTest::seipdHeaderIndex,
                    0xC0 | 20,
                    "packet type 20")
        }) {
            cases.add(Case.of(
                    "decrypt: " + e.what(),
                    FILECRYPT,
                    1,
                    s -> {
                        byte[] m = gpgCMessage(s);
                        m[e.at().applyAsInt(m)] = (byte) e.value();
                        return decrypt(s, m, s.p("out"));
                    },
                    s -> "in.gpg: " + e.named()));
        }
        cases.add(Case.of(
                "decrypt (-a): SEIPD made version 2 (RFC 9580)",
                FILECRYPT,
                1,
                s -> {
                    byte[] m = gpgCMessage(s);
                    m[seipdVersionIndex(m)] = 2;
                    ByteArrayOutputStream armored = new ByteArrayOutputStream();
                    try (ArmoredOutputStream armor = new ArmoredOutputStream(armored)) {
                        armor.write(m);
                    } catch (IOException ex) {
                        throw new UncheckedIOException(ex);
                    }
                    return decrypt(s, armored.toByteArray(), s.p("out"));
                },
                s -> "in.gpg: SEIPD packet version 2"));
        cases.add(Case.of(
                "decrypt: a padding packet (RFC 9580) in front",
                FILECRYPT,
                1,
                s -> {
                    byte[] m = message(s);
                    byte[] padded = new byte[6 + m.length];
                    padded[0] = (byte) (0xC0 | 21); // new format, tag 21, four bytes of zeros
                    padded[1] = 4;
                    System.arraycopy(m, 0, padded, 6, m.length);
                    return decrypt(s, padded, s.p("out"));
                },
                s -> "in.gpg: packet type 21 (Padding"));
        // the right passphrase: decryption starts, and the partial OUT must go when the compressed packet inside is
        // refused
        cases.add(Case.of(
                "decrypt: compression algorithm 110 inside",
                FILECRYPT,
                1,
                s -> {
                    PGPEncryptedDataGenerator generator = new PGPEncryptedDataGenerator(
                            new BcPGPDataEncryptorBuilder(SymmetricKeyAlgorithmTags.AES_256)
                                    .setWithIntegrityPacket(true));
                    generator.addMethod(new BcPBEKeyEncryptionMethodGenerator(PASSPHRASE.toCharArray()));
                    ByteArrayOutputStream m = new ByteArrayOutputStream();
                    try (OutputStream encrypted = generator.open(m, new byte[1 << 10])) {
                        byte[] body = HostileWalletTest.random(100, 110);
                        body[0] = 110; // the algorithm; the rest is never inflated
                        encrypted.write(new byte[] {(byte) (0xC0 | 8), (byte) body.length});
                        encrypted.write(body);
                    } catch (IOException | PGPException ex) {
                        throw new IllegalStateException("setup: " + ex, ex);
                    }
                    return decrypt(s, m.toByteArray(), s.p("out"));
                },
                s -> "in.gpg: compression algorithm 110"));
    }

    /**
     * A message the lab wrote, checked to be laid out as gpg -c writes it, which the edits' indices assume: an SKESK v4
     * (tag 3) of one-octet length (version at 2, cipher, S2K type, digest, ...), then the SEIPD packet.
     */
    static byte[] gpgCMessage(Sandbox s) {
        byte[] m = message(s);
        boolean oneOctetSkesk = (m[0] == (byte) (0xC0 | 3) && (m[1] & 0xff) < 192) || m[0] == (byte) (0x80 | (3 << 2));
        if (!oneOctetSkesk || m[2] != 4) {
            throw new IllegalStateException("setup: the lab's message no longer starts with gpg -c's SKESK packet");
        }
        return m;
    }

    /** Where the SEIPD packet's header is: after the SKESK's two header bytes and body. */
    static int seipdHeaderIndex(byte[] message) {
        return 2 + (message[1] & 0xff);
    }

    /** Where the SEIPD packet's version byte is: after its tag and a one-, two- or five-octet (or partial) length. */
    static int seipdVersionIndex(byte[] message) {
        int length = seipdHeaderIndex(message) + 1;
        int first = message[length] & 0xff;
        return length + (first >= 192 && first < 224 ? 2 : first == 255 ? 5 : 1);
    }

    @TestFactory
    Stream<DynamicTest> encryptAndDecryptKeepTheirPromise() {
        return Promise.eachCase(cases(), tmp);
    }

    /**
     * Through the launcher from another folder: IN, OUT and the passphrase file given relative to the user's folder.
     */
    @Test
    void relativePathsMeanTheUsersFolder() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(Repo.root().resolve("labbook")), "no ./labbook launcher");
        Path dir = Files.createDirectories(tmp.resolve("elsewhere"));
        Files.writeString(dir.resolve("pass"), PASSPHRASE + "\n");
        Files.setPosixFilePermissions(dir.resolve("pass"), PosixFilePermissions.fromString("rw-------"));
        Files.writeString(dir.resolve("in.txt"), TEXT);
        Outcome enc = Launcher.run(
                dir,
                "filecrypt",
                List.of("encrypt", "--passphrase-file", "pass", "--s2k-count", "1024", "in.txt", "in.txt.gpg"),
                300);
        assertThat(enc.exit()).as("%s", enc).isZero();
        Outcome dec = Launcher.run(
                dir, "filecrypt", List.of("decrypt", "--passphrase-file", "pass", "in.txt.gpg", "back.txt"), 300);
        assertThat(dec.exit()).as("%s", dec).isZero();
        assertThat(dir.resolve("back.txt")).hasContent(TEXT);
    }
}
