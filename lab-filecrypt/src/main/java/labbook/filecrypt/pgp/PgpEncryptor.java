package labbook.filecrypt.pgp;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Date;
import labbook.core.LabException;
import org.bouncycastle.bcpg.ArmoredOutputStream;
import org.bouncycastle.bcpg.PacketTags;
import org.bouncycastle.openpgp.PGPCompressedDataGenerator;
import org.bouncycastle.openpgp.PGPEncryptedDataGenerator;
import org.bouncycastle.openpgp.PGPException;
import org.bouncycastle.openpgp.PGPLiteralData;
import org.bouncycastle.openpgp.PGPLiteralDataGenerator;
import org.bouncycastle.openpgp.operator.PGPDataEncryptorBuilder;
import org.bouncycastle.openpgp.operator.bc.BcPBEKeyEncryptionMethodGenerator;
import org.bouncycastle.openpgp.operator.bc.BcPGPDataEncryptorBuilder;
import org.bouncycastle.openpgp.operator.bc.BcPGPDigestCalculatorProvider;
import org.bouncycastle.openpgp.operator.jcajce.JcePGPDataEncryptorBuilder;

/**
 * OpenPGP passphrase encryption on BouncyCastle, laid out as {@code gpg -c} lays it out:
 * a v4 SKESK (iterated and salted S2K, the key derived directly, no wrapped session key), a SEIPD
 * v1 packet (CFB + MDC), inside it a compressed packet (none at {@code -z 0}) and a literal packet.
 * Streams in and out with partial-length packets: the input never sits in memory.
 *
 * <p>With {@link EncryptOptions#threads()} above 1, ZIP and ZLIB are deflated by a {@link
 * ParallelDeflateStream} (one ordinary compressed packet, readable by gpg); everything else, the
 * encryption and the MDC included, stays on the calling thread. With 1 thread nothing changes.
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

    /** Encrypts {@code in} (length unknown) to {@code out}; the literal packet carries {@code name} and {@code modified}. */
    public void encrypt(InputStream in, OutputStream out, char[] passphrase, String name, Date modified)
            throws IOException {
        encrypt(in, -1, out, passphrase, name, modified);
    }

    /**
     * Encrypts {@code length} bytes of {@code in} (-1: unknown). With a known length the literal
     * packet gets a definite length, as gpg writes it for a file, and the data pass through it uncopied.
     */
    public void encrypt(InputStream in, long length, OutputStream out, char[] passphrase, String name, Date modified)
            throws IOException {
        encrypt(in, null, length, out, passphrase, name, modified);
    }

    /**
     * With {@code channelIn} (a file of known length) and gpg's ZIP on native zlib, the literal
     * packet's header goes through deflate as usual and then the file's bytes are read straight into
     * zlib's native input buffer, skipping two heap copies; otherwise bytes come from {@code in}.
     */
    private void encrypt(InputStream in, java.nio.channels.ReadableByteChannel channelIn, long length, OutputStream out,
                         char[] passphrase, String name, Date modified) throws IOException {
        try {
            OutputStream target = options.armor() ? new ArmoredOutputStream(out) : out;
            PGPEncryptedDataGenerator encGen = new PGPEncryptedDataGenerator(dataEncryptor());
            encGen.setForceSessionKey(false);
            encGen.addMethod(new BcPBEKeyEncryptionMethodGenerator(passphrase,
                    new BcPGPDigestCalculatorProvider().get(options.s2kDigest().tag()),
                    S2kCount.encode(options.s2kCount())).setSecureRandom(random));
            try (OutputStream encrypted = encGen.open(target, new byte[BUFFER]);
                 OutputStream compressed = compressor(encrypted);
                 OutputStream literal = length >= 0
                         ? new PGPLiteralDataGenerator().open(compressed, PGPLiteralData.BINARY, name, length, modified)
                         : new PGPLiteralDataGenerator().open(compressed, PGPLiteralData.BINARY, name, modified,
                                 new byte[BUFFER])) {
                long copied = channelIn != null && compressed instanceof ZipPacketStream zip && zip.channelSource() != null
                        ? zip.channelSource().deflateAll(channelIn)
                        : copy(in, literal);
                if (length >= 0 && copied != length) {
                    throw new IOException("the input changed while it was read (" + copied + " bytes, expected " + length + ")");
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
        SafeOutput.write(out, stream -> encryptFile(in, stream, passphrase),
                e -> new LabException("cannot encrypt " + in + ": " + e.getMessage(), e));
    }

    /**
     * Encrypts a file to {@code out} (left open) by the same code as {@link #encryptFile(Path, Path,
     * char[])}, without writing a file: the experiments' JIT warm-up, which need not pay a disk sync
     * per round.
     */
    public void encryptFile(Path in, OutputStream out, char[] passphrase) throws IOException {
        try (java.nio.channels.FileChannel channel = java.nio.channels.FileChannel.open(in)) {
            encrypt(java.nio.channels.Channels.newInputStream(channel), channel, channel.size(), out, passphrase,
                    in.getFileName().toString(), new Date(Files.getLastModifiedTime(in).toMillis()));
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

    private PGPDataEncryptorBuilder dataEncryptor() {
        CipherPath path = options.cipher().isAes() ? options.cipherPath() : CipherPath.BC_LIGHTWEIGHT;
        return switch (path) {
            case JDK_FAST -> new FastCfbEncryptorBuilder(options.cipher(), random, true);
            case JDK_CIPHER -> new FastCfbEncryptorBuilder(options.cipher(), random, false);
            case BC_JCE -> new JcePGPDataEncryptorBuilder(options.cipher().tag()).setWithIntegrityPacket(true)
                    .setSecureRandom(random);
            case BC_LIGHTWEIGHT -> new BcPGPDataEncryptorBuilder(options.cipher().tag()).setWithIntegrityPacket(true)
                    .setSecureRandom(random);
        };
    }

    /** The compressed-packet layer; at -z 0 (or algorithm none) there is none, as with gpg. */
    private OutputStream compressor(OutputStream encrypted) throws IOException, PGPException {
        if (!options.compresses()) {
            return new UnclosingStream(encrypted);
        }
        if (options.compressesInParallel()) {
            return parallelCompressor(encrypted);
        }
        if (options.compression() == Compression.ZIP && options.zipDeflater() != ZipDeflater.JDK_32K) {
            return ZipPacketStream.open(encrypted, options.level(), options.zipDeflater());
        }
        if (options.compression() == Compression.BZIP2) {
            return Bzip2PacketStream.open(encrypted, options.level());
        }
        // ZLIB: the JDK Deflater with zlib's header and 32 KiB window is what gpg's ZLIB writes.
        return new PGPCompressedDataGenerator(options.compression().tag(), options.level())
                .open(encrypted, new byte[BUFFER]);
    }

    /**
     * ZIP or ZLIB on several threads, in the packet gpg writes: an old-format header of
     * indeterminate length, as for {@link ZipPacketStream}, then the deflate stream. Its close()
     * finishes the stream and leaves the encrypted layer open.
     */
    private OutputStream parallelCompressor(OutputStream encrypted) throws IOException {
        encrypted.write(ZipPacketStream.OLD_FORMAT_COMPRESSED_INDETERMINATE);
        encrypted.write(options.compression().tag());
        return options.compression() == Compression.ZLIB
                ? ParallelDeflateStream.zlib(encrypted, options.level(), options.threads())
                : ParallelDeflateStream.raw(encrypted, options.level(), options.threads(), options.zipDeflater());
    }

    /** The literal layer's close must not close the encrypted stream before its own try-with-resources does. */
    private static final class UnclosingStream extends java.io.FilterOutputStream {
        UnclosingStream(OutputStream out) {
            super(out);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
        }

        @Override
        public void close() throws IOException {
            out.flush();
        }
    }

    /**
     * The ZIP packet as gpg writes it: an old-format header of indeterminate length (the packet runs
     * to the end of the encrypted data, so the deflate output needs no chunk framing or copy), then
     * raw deflate with an 8 KiB window, memLevel 8, by native zlib or JZlib.
     */
    static final class ZipPacketStream extends OutputStream {
        /** Old format (bit 6 clear), tag 8 (compressed data), length type 3 (indeterminate). */
        static final int OLD_FORMAT_COMPRESSED_INDETERMINATE = 0x80 | (PacketTags.COMPRESSED_DATA << 2) | 3;

        private final OutputStream deflate;
        private boolean closed;

        private ZipPacketStream(OutputStream deflate) {
            this.deflate = deflate;
        }

        /** The native deflate, which can read a file by itself; null for JZlib. */
        NativeZlib.ChannelSource channelSource() {
            return deflate instanceof NativeZlib.ChannelSource source ? source : null;
        }

        static ZipPacketStream open(OutputStream out, int level, ZipDeflater deflater) throws IOException {
            out.write(OLD_FORMAT_COMPRESSED_INDETERMINATE);
            out.write(Compression.ZIP.tag());
            OutputStream deflate = deflater == ZipDeflater.ZLIB_8K
                    ? NativeZlib.rawDeflate(out, level, 13)
                    : new JZlibRawDeflate(out, level);
            return new ZipPacketStream(deflate);
        }

        @Override
        public void write(int b) throws IOException {
            deflate.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            deflate.write(b, off, len);
        }

        @Override
        public void close() throws IOException {
            if (closed) {
                return;
            }
            closed = true;
            deflate.close();
        }
    }

    /**
     * The BZIP2 packet as gpg writes it: old-format indeterminate header, then bzip2 with a block
     * size of {@code level} x 100 kB (gpg passes -z to bzip2 as its block size; BouncyCastle's own
     * generator always uses 900 kB).
     */
    static final class Bzip2PacketStream extends OutputStream {
        private final org.bouncycastle.apache.bzip2.CBZip2OutputStream bzip2;
        private boolean closed;

        private Bzip2PacketStream(org.bouncycastle.apache.bzip2.CBZip2OutputStream bzip2) {
            this.bzip2 = bzip2;
        }

        static Bzip2PacketStream open(OutputStream out, int level) throws IOException {
            out.write(ZipPacketStream.OLD_FORMAT_COMPRESSED_INDETERMINATE);
            out.write(Compression.BZIP2.tag());
            return new Bzip2PacketStream(new org.bouncycastle.apache.bzip2.CBZip2OutputStream(out, level));
        }

        @Override
        public void write(int b) throws IOException {
            bzip2.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            for (int i = 0; i < len; i++) {
                bzip2.write(b[off + i]);
            }
        }

        @Override
        public void close() throws IOException {
            if (!closed) {
                closed = true;
                bzip2.finish();
            }
        }
    }

    /** JZlib's raw deflate with an 8 KiB window; close() finishes the deflate, not the packet under it. */
    private static final class JZlibRawDeflate extends java.io.FilterOutputStream {
        private final com.jcraft.jzlib.DeflaterOutputStream deflate;

        JZlibRawDeflate(OutputStream packet, int level) throws IOException {
            super(packet);
            this.deflate = new com.jcraft.jzlib.DeflaterOutputStream(packet,
                    new com.jcraft.jzlib.Deflater(level, 13, true), BUFFER, false);
        }

        @Override
        public void write(int b) throws IOException {
            deflate.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            deflate.write(b, off, len);
        }

        @Override
        public void close() throws IOException {
            deflate.finish();
            deflate.getDeflater().end();
        }
    }
}
