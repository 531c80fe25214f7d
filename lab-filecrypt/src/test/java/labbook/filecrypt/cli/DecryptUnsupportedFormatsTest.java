package labbook.filecrypt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.bouncycastle.bcpg.ArmoredOutputStream;
import org.bouncycastle.bcpg.SymmetricKeyAlgorithmTags;
import org.bouncycastle.openpgp.PGPEncryptedDataGenerator;
import org.bouncycastle.openpgp.operator.bc.BcPBEKeyEncryptionMethodGenerator;
import org.bouncycastle.openpgp.operator.bc.BcPGPDataEncryptorBuilder;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Messages in formats decrypt does not read (RFC 9580's and LibrePGP's packets, packet versions and S2K types; ciphers,
 * digests and compression outside gpg 2.2's), written here packet by packet in both header formats: each is one line
 * naming what it is, exit 1, no output file; never a missing MDC or a wrong passphrase. The packets' contents past what
 * names them are noise: decrypt must refuse before it would need them.
 */
class DecryptUnsupportedFormatsTest {
    private static final String PASSPHRASE = "the right one";
    private static final int SKESK = 3;
    private static final int COMPRESSED = 8;
    private static final int MARKER = 10;
    private static final int SEIPD = 18;
    private static final int OCB_ENCRYPTED = 20;
    private static final int PADDING = 21;
    private static final int AES256 = 9;
    private static final int SHA256 = 8;
    private static final int OCB = 2;

    @TempDir
    Path dir;

    Path pass;
    Path out;
    final Random random = new Random(20);

    @BeforeEach
    void files() throws Exception {
        pass = dir.resolve("pass");
        Files.createFile(pass, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        Files.writeString(pass, PASSPHRASE + "\n");
        out = dir.resolve("out.txt");
    }

    @Test
    void anOcbEncryptedDataPacketAfterAVersion4KeyPacket() throws Exception {
        assertRefused(
                "ocb.gpg",
                "packet type 20 (OCB Encrypted Data, LibrePGP) is not supported",
                oldPacket(SKESK, skeskV4(AES256, iteratedS2k())),
                newPacket(OCB_ENCRYPTED, ocbEncryptedBody()));
    }

    @Test
    void anOcbEncryptedDataPacketAfterAVersion5KeyPacketNamesTheKeyPacketFirst() throws Exception {
        assertRefused(
                "v5.gpg",
                "SKESK packet version 5 (LibrePGP) is not supported; this decrypts version 4 (gpg 2.2's)",
                newPacket(SKESK, skeskV5()),
                newPacket(OCB_ENCRYPTED, ocbEncryptedBody()));
    }

    @Test
    void aVersion2SeipdPacketAfterAVersion4KeyPacket() throws Exception {
        assertRefused(
                "seipd2.gpg",
                "SEIPD packet version 2 (RFC 9580) is not supported; this decrypts version 1 (gpg 2.2's)",
                oldPacket(SKESK, skeskV4(AES256, iteratedS2k())),
                newPacket(SEIPD, seipdV2Body()));
        assertRefused(
                "seipd2-new.gpg",
                "SEIPD packet version 2 (RFC 9580)",
                newPacket(SKESK, skeskV4(AES256, iteratedS2k())),
                newPacket(SEIPD, seipdV2Body()));
    }

    @Test
    void aVersion2SeipdPacketInPartialLengthsAsStreamingWritersSendIt() throws Exception {
        byte[] body = seipdV2Body();
        byte[] first =
                Arrays.copyOf(body, 512); // a partial body's first part is at least 512 bytes (RFC 4880, 4.2.2.4)
        byte[] rest = Arrays.copyOfRange(body, 512, body.length);
        assertRefused(
                "partial.gpg",
                "SEIPD packet version 2 (RFC 9580)",
                oldPacket(SKESK, skeskV4(AES256, iteratedS2k())),
                new byte[] {(byte) (0xC0 | SEIPD), (byte) (224 + 9)},
                first,
                lengthOctets(rest.length),
                rest);
    }

    @Test
    void aVersion6KeyPacketAndVersion2Seipd() throws Exception {
        assertRefused(
                "v6.gpg",
                "SKESK packet version 6 (RFC 9580) is not supported; this decrypts version 4 (gpg 2.2's)",
                newPacket(SKESK, skeskV6()),
                newPacket(SEIPD, seipdV2Body()));
    }

    @Test
    void aKeyPacketOfAnUnknownVersion() throws Exception {
        assertRefused(
                "v7.gpg",
                "SKESK packet version 7 is not supported; this decrypts version 4 (gpg 2.2's)",
                oldPacket(SKESK, concat(new byte[] {7}, noise(20))),
                newPacket(SEIPD, seipdV1Body()));
    }

    @Test
    void anArgon2S2kInAVersion4KeyPacket() throws Exception {
        byte[] argon2 = concat(new byte[] {4}, noise(16), new byte[] {1, 4, 21}); // salt, passes, lanes, 2^21 KiB
        assertRefused(
                "argon2.gpg",
                "S2K type 4 (Argon2, RFC 9580) is not supported; this derives keys by S2K types 0, 1, 3 (gpg 2.2's)",
                oldPacket(SKESK, skeskV4(AES256, argon2)),
                newPacket(SEIPD, seipdV1Body()));
    }

    @Test
    void aReservedS2kType() throws Exception {
        assertRefused(
                "s2k2.gpg",
                "S2K type 2 is not supported",
                oldPacket(SKESK, skeskV4(AES256, concat(new byte[] {2, SHA256}, noise(9)))),
                newPacket(SEIPD, seipdV1Body()));
    }

    @Test
    void aCipherOrS2kDigestOutsideGpg22s() throws Exception {
        assertRefused(
                "cipher.gpg",
                "symmetric algorithm 100 is not supported; gpg 2.2's are 1, 2, 3, 4, 7, 8, 9, 10, 11, 12, 13",
                oldPacket(SKESK, skeskV4(100, iteratedS2k())),
                newPacket(SEIPD, seipdV1Body()));
        byte[] sha3 = concat(new byte[] {3, 12}, noise(8), new byte[] {0x60}); // SHA3-256 (RFC 9580)
        assertRefused(
                "digest.gpg",
                "S2K digest algorithm 12 is not supported; gpg 2.2's are 1, 2, 3, 8, 9, 10, 11",
                oldPacket(SKESK, skeskV4(AES256, sha3)),
                newPacket(SEIPD, seipdV1Body()));
    }

    @Test
    void aMarkerInFrontIsLookedPastAndAPaddingPacketIsNamed() throws Exception {
        byte[] marker = oldPacket(MARKER, "PGP".getBytes(StandardCharsets.US_ASCII));
        assertRefused(
                "marker.gpg",
                "packet type 20 (OCB Encrypted Data, LibrePGP) is not supported",
                marker,
                oldPacket(SKESK, skeskV4(AES256, iteratedS2k())),
                newPacket(OCB_ENCRYPTED, ocbEncryptedBody()));
        assertRefused(
                "padding.gpg",
                "packet type 21 (Padding, RFC 9580) is not supported",
                newPacket(PADDING, noise(32)),
                oldPacket(SKESK, skeskV4(AES256, iteratedS2k())),
                newPacket(SEIPD, seipdV1Body()));
    }

    @Test
    void armoredAsWell() throws Exception {
        ByteArrayOutputStream armored = new ByteArrayOutputStream();
        try (ArmoredOutputStream armor = new ArmoredOutputStream(armored)) {
            armor.write(concat(oldPacket(SKESK, skeskV4(AES256, iteratedS2k())), newPacket(SEIPD, seipdV2Body())));
        }
        assertRefused("armored.asc", "SEIPD packet version 2 (RFC 9580)", armored.toByteArray());
    }

    /**
     * Only decryption shows the compressed packet: a real SEIPD v1 message under the right passphrase, holding
     * algorithm 110.
     */
    @Test
    void aCompressionAlgorithmOutsideGpg22s() throws Exception {
        PGPEncryptedDataGenerator generator = new PGPEncryptedDataGenerator(
                new BcPGPDataEncryptorBuilder(SymmetricKeyAlgorithmTags.AES_256).setWithIntegrityPacket(true));
        generator.addMethod(new BcPBEKeyEncryptionMethodGenerator(PASSPHRASE.toCharArray()));
        ByteArrayOutputStream message = new ByteArrayOutputStream();
        try (OutputStream encrypted = generator.open(message, new byte[1 << 10])) {
            encrypted.write(newPacket(COMPRESSED, concat(new byte[] {110}, noise(300))));
        }
        assertRefused(
                "compressed.gpg",
                "compression algorithm 110 is not supported; gpg 2.2's are 0 (none), 1 (zip), 2 (zlib), 3 (bzip2)",
                message.toByteArray());
    }

    /** What gpg 2.2 writes, with a marker packet in front (RFC 4880 5.8: ignored), still decrypts. */
    @Test
    void aGpg22MessageWithAMarkerInFrontStillDecrypts() throws Exception {
        Path plain = dir.resolve("plain.txt");
        Files.writeString(plain, "still read\n".repeat(1000));
        Path encrypted = dir.resolve("plain.txt.gpg");
        CliRun.encrypt(pass, plain, encrypted);
        Path marked = dir.resolve("marked.gpg");
        Files.write(
                marked,
                concat(oldPacket(MARKER, "PGP".getBytes(StandardCharsets.US_ASCII)), Files.readAllBytes(encrypted)));
        assertThat(CliRun.of("decrypt", "--passphrase-file", pass.toString(), marked.toString(), out.toString())
                        .exit())
                .isZero();
        assertThat(out).hasSameBinaryContentAs(plain);
    }

    private void assertRefused(String name, String reason, byte[]... packets) throws Exception {
        Path in = dir.resolve(name);
        Files.write(in, concat(packets));
        CliRun r = CliRun.of("decrypt", "--passphrase-file", pass.toString(), in.toString(), out.toString());
        assertThat(r.exit()).as(r.err()).isEqualTo(1);
        List<String> lines = r.err().lines().toList();
        assertThat(lines).as(name).hasSize(1);
        assertThat(lines.get(0)).startsWith(LabCommand.NAME + ": cannot decrypt " + in + ": " + reason);
        assertThat(out).doesNotExist();
        try (var listing = Files.list(dir)) {
            assertThat(listing.map(p -> p.getFileName().toString()))
                    .as("partial files")
                    .noneMatch(n -> n.endsWith(".partial"));
        }
    }

    /** A v4 SKESK as gpg -c writes it (RFC 4880, 5.3): no wrapped session key. */
    private static byte[] skeskV4(int cipher, byte[] s2k) {
        return concat(new byte[] {4, (byte) cipher}, s2k);
    }

    /** Iterated and salted on SHA-256, count byte 0x60 (65,536 bytes). */
    private byte[] iteratedS2k() {
        return concat(new byte[] {3, SHA256}, noise(8), new byte[] {0x60});
    }

    /** LibrePGP's v5 SKESK: version, cipher, AEAD (OCB), S2K, a 15-byte nonce, the session key and its 16-byte tag. */
    private byte[] skeskV5() {
        return concat(new byte[] {5, AES256, OCB}, iteratedS2k(), noise(15), noise(32 + 16));
    }

    /**
     * RFC 9580's v6 SKESK (5.3.2): version, the next fields' length, cipher, AEAD, the S2K's length, an Argon2 S2K,
     * nonce, key and tag.
     */
    private byte[] skeskV6() {
        byte[] argon2 = concat(new byte[] {4}, noise(16), new byte[] {1, 4, 21});
        return concat(
                new byte[] {6, (byte) (3 + argon2.length + 15), AES256, OCB, (byte) argon2.length},
                argon2,
                noise(15),
                noise(32 + 16));
    }

    /** RFC 9580's v2 SEIPD (5.13.2): version, cipher, AEAD, chunk size, a 32-byte salt, then chunks and tags. */
    private byte[] seipdV2Body() {
        return concat(new byte[] {2, AES256, OCB, 6}, noise(32), noise(1000));
    }

    /** gpg 2.2's v1 SEIPD: version 1, then CFB data (noise here, never reached). */
    private byte[] seipdV1Body() {
        return concat(new byte[] {1}, noise(200));
    }

    /** LibrePGP's OCB Encrypted Data: version 1, cipher, AEAD, chunk size, a 15-byte nonce, then chunks and tags. */
    private byte[] ocbEncryptedBody() {
        return concat(new byte[] {1, AES256, OCB, 6}, noise(15), noise(500));
    }

    /** A new-format header (RFC 4880, 4.2.2): 0xC0 | tag, then a one-, two- or five-octet length. */
    static byte[] newPacket(int tag, byte[] body) {
        return concat(new byte[] {(byte) (0xC0 | tag)}, lengthOctets(body.length), body);
    }

    private static byte[] lengthOctets(int length) {
        if (length < 192) {
            return new byte[] {(byte) length};
        }
        if (length < 8384) {
            return new byte[] {(byte) (((length - 192) >> 8) + 192), (byte) (length - 192)};
        }
        return new byte[] {
            (byte) 255, (byte) (length >>> 24), (byte) (length >>> 16), (byte) (length >>> 8), (byte) length
        };
    }

    /** An old-format header (RFC 4880, 4.2.1): 0x80 | tag << 2 | 0 (one-octet length) or 1 (two-octet). */
    static byte[] oldPacket(int tag, byte[] body) {
        byte[] header = body.length < 256
                ? new byte[] {(byte) (0x80 | tag << 2), (byte) body.length}
                : new byte[] {(byte) (0x80 | tag << 2 | 1), (byte) (body.length >> 8), (byte) body.length};
        return concat(header, body);
    }

    private byte[] noise(int bytes) {
        byte[] b = new byte[bytes];
        random.nextBytes(b);
        return b;
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            all.writeBytes(p);
        }
        return all.toByteArray();
    }
}
