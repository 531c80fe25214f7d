package labbook.filecrypt.pgp;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.ReadableByteChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Date;
import labbook.core.LabException;
import org.bouncycastle.bcpg.ArmoredOutputStream;
import org.bouncycastle.bcpg.S2K;
import org.bouncycastle.openpgp.PGPEncryptedDataGenerator;
import org.bouncycastle.openpgp.PGPException;
import org.bouncycastle.openpgp.PGPLiteralData;
import org.bouncycastle.openpgp.PGPLiteralDataGenerator;
import org.bouncycastle.openpgp.operator.PBEKeyEncryptionMethodGenerator;
import org.bouncycastle.openpgp.operator.PGPDataEncryptorBuilder;
import org.bouncycastle.openpgp.operator.bc.BcPBEKeyEncryptionMethodGenerator;
import org.bouncycastle.openpgp.operator.bc.BcPGPDataEncryptorBuilder;
import org.bouncycastle.openpgp.operator.bc.BcPGPDigestCalculatorProvider;
import org.bouncycastle.openpgp.operator.jcajce.JcePGPDataEncryptorBuilder;

/**
 * OpenPGP passphrase encryption on BouncyCastle, laid out as {@code gpg -c} lays it out: a v4 SKESK (iterated and
 * salted S2K, the key derived directly, no wrapped session key), a SEIPD v1 packet (CFB + MDC), inside it a compressed
 * packet (none at {@code -z 0}) and a literal packet. Streams in and out with partial-length packets: the input never
 * sits in memory.
 *
 * <p>With {@link EncryptOptions#threads()} above 1, ZIP and ZLIB are deflated by a {@link ParallelDeflateStream} (one
 * ordinary compressed packet, readable by gpg); everything else, the encryption and the MDC included, stays on the
 * calling thread. With 1 thread nothing changes.
 */
public final class PgpEncryptor {
    /** Partial-packet and copy buffer size: large enough that per-call overheads vanish. */
    static final int BUFFER = 1 << 16;

    private final EncryptOptions options;
    private final SecureRandom random = new SecureRandom();

    public PgpEncryptor(EncryptOptions options) {
        this.options = options;
    }

    public EncryptOptions options() {
        return options;
    }

    /**
     * Encrypts {@code in} (length unknown) to {@code out}; the literal packet carries {@code name} and
     * {@code modified}.
     */
    public void encrypt(InputStream in, OutputStream out, char[] passphrase, String name, Date modified)
            throws IOException {
        encrypt(in, -1, out, passphrase, name, modified);
    }

    /**
     * Encrypts {@code length} bytes of {@code in} (-1: unknown). With a known length the literal packet gets a definite
     * length, as gpg writes it for a file, and the data pass through it uncopied.
     */
    public void encrypt(InputStream in, long length, OutputStream out, char[] passphrase, String name, Date modified)
            throws IOException {
        encrypt(in, null, length, out, passphrase, name, modified);
    }

    /**
     * With {@code channelIn} (a file of known length) and gpg's ZIP on native zlib, the literal packet's header goes
     * through deflate as usual and then the file's bytes are read straight into zlib's native input buffer, skipping
     * two heap copies; otherwise bytes come from {@code in}.
     */
    private void encrypt(
            InputStream in,
            ReadableByteChannel channelIn,
            long length,
            OutputStream out,
            char[] passphrase,
            String name,
            Date modified)
            throws IOException {
        try {
            OutputStream target = options.armor() ? new ArmoredOutputStream(out) : out;
            PGPEncryptedDataGenerator encGen = new PGPEncryptedDataGenerator(dataEncryptor());
            encGen.setForceSessionKey(false);
            encGen.addMethod(keyMethod(passphrase));
            try (OutputStream encrypted = encGen.open(target, new byte[BUFFER]);
                    OutputStream compressed = CompressedPacket.open(encrypted, options);
                    OutputStream literal = length >= 0
                            ? new PGPLiteralDataGenerator()
                                    .open(compressed, PGPLiteralData.BINARY, name, length, modified)
                            : new PGPLiteralDataGenerator()
                                    .open(compressed, PGPLiteralData.BINARY, name, modified, new byte[BUFFER])) {
                long copied = channelIn != null
                                && compressed instanceof CompressedPacket.ZipPacketStream zip
                                && zip.channelSource() != null
                        ? zip.channelSource().deflateAll(channelIn)
                        : copy(in, literal);
                if (length >= 0 && copied != length) {
                    throw new IOException(
                            "the input changed while it was read (" + copied + " bytes, expected " + length + ")");
                }
            }
            if (options.armor()) {
                target.close();
            }
        } catch (PGPException e) {
            throw new IOException("OpenPGP encryption failed: " + e.getMessage(), e);
        }
    }

    /** Encrypts a file; OUT appears whole (temp file + rename) or not at all. */
    public void encryptFile(Path in, Path out, char[] passphrase) {
        if (!Files.isRegularFile(in)) {
            throw new LabException("cannot read " + in + ": no such file");
        }
        SafeOutput.write(
                out,
                stream -> encryptFile(in, stream, passphrase),
                e -> new LabException("cannot encrypt " + in + ": " + e.getMessage(), e));
    }

    /**
     * Encrypts a file to {@code out} (left open) by the same code as {@link #encryptFile(Path, Path, char[])}, without
     * writing a file: the experiments' JIT warm-up, which need not pay a disk sync per round.
     */
    public void encryptFile(Path in, OutputStream out, char[] passphrase) throws IOException {
        try (FileChannel channel = FileChannel.open(in)) {
            encrypt(
                    Channels.newInputStream(channel),
                    channel,
                    channel.size(),
                    out,
                    passphrase,
                    in.getFileName().toString(),
                    new Date(Files.getLastModifiedTime(in).toMillis()));
        }
    }

    private static long copy(InputStream in, OutputStream literal) throws IOException {
        byte[] buffer = new byte[BUFFER];
        long total = 0;
        for (int n; (n = in.read(buffer)) > 0; ) {
            literal.write(buffer, 0, n);
            total += n;
        }
        return total;
    }

    /** gpg -c's key packet; the S2K on the JDK's digest unless it is one the JDK lacks (RIPEMD-160). */
    private PBEKeyEncryptionMethodGenerator keyMethod(char[] passphrase) throws PGPException {
        int count = S2kCount.encode(options.s2kCount());
        if (S2kKey.handles(S2K.SALTED_AND_ITERATED, options.s2kDigest().tag())) {
            return new JdkPbeKeyMethod(passphrase, options.s2kDigest(), count, random);
        }
        return new BcPBEKeyEncryptionMethodGenerator(
                        passphrase,
                        new BcPGPDigestCalculatorProvider()
                                .get(options.s2kDigest().tag()),
                        count)
                .setSecureRandom(random);
    }

    private PGPDataEncryptorBuilder dataEncryptor() {
        CipherPath path = options.cipher().isAes() ? options.cipherPath() : CipherPath.BC_LIGHTWEIGHT;
        return switch (path) {
            case JDK_FAST -> new FastCfbEncryptorBuilder(options.cipher(), random, true);
            case JDK_CIPHER -> new FastCfbEncryptorBuilder(options.cipher(), random, false);
            case BC_JCE ->
                new JcePGPDataEncryptorBuilder(options.cipher().tag())
                        .setWithIntegrityPacket(true)
                        .setSecureRandom(random);
            case BC_LIGHTWEIGHT ->
                new BcPGPDataEncryptorBuilder(options.cipher().tag())
                        .setWithIntegrityPacket(true)
                        .setSecureRandom(random);
        };
    }
}
