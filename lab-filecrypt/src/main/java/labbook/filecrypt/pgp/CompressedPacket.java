package labbook.filecrypt.pgp;

import com.jcraft.jzlib.Deflater;
import com.jcraft.jzlib.DeflaterOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import org.bouncycastle.apache.bzip2.CBZip2OutputStream;
import org.bouncycastle.bcpg.PacketTags;
import org.bouncycastle.openpgp.PGPCompressedDataGenerator;
import org.bouncycastle.openpgp.PGPException;

/**
 * The compressed data packet inside {@link PgpEncryptor}'s encrypted packet, written as gpg writes it for each
 * algorithm, level and deflater: the packet's header, then the compressor's stream, whose close() finishes the
 * compression and leaves the encrypted layer open for the MDC.
 */
final class CompressedPacket {
    private CompressedPacket() {}

    /** The compressed-packet layer for {@code options}; at -z 0 (or algorithm none) there is none, as with gpg. */
    static OutputStream open(OutputStream encrypted, EncryptOptions options) throws IOException, PGPException {
        if (!options.compresses()) {
            return new UnclosingStream(encrypted);
        }
        if (options.compressesInParallel()) {
            return parallel(encrypted, options);
        }
        if (options.compression() == Compression.ZIP && options.zipDeflater() != ZipDeflater.JDK_32K) {
            return ZipPacketStream.open(encrypted, options.level(), options.zipDeflater());
        }
        if (options.compression() == Compression.BZIP2) {
            return Bzip2PacketStream.open(encrypted, options.level());
        }
        // ZLIB: the JDK Deflater with zlib's header and 32 KiB window is what gpg's ZLIB writes.
        return new PGPCompressedDataGenerator(options.compression().tag(), options.level())
                .open(encrypted, new byte[PgpEncryptor.BUFFER]);
    }

    /**
     * ZIP or ZLIB on several threads, in the packet gpg writes: an old-format header of indeterminate length, as for
     * {@link ZipPacketStream}, then the deflate stream. Its close() finishes the stream and leaves the encrypted layer
     * open.
     */
    private static OutputStream parallel(OutputStream encrypted, EncryptOptions options) throws IOException {
        encrypted.write(ZipPacketStream.OLD_FORMAT_COMPRESSED_INDETERMINATE);
        encrypted.write(options.compression().tag());
        return options.compression() == Compression.ZLIB
                ? ParallelDeflateStream.zlib(encrypted, options.level(), options.threads())
                : ParallelDeflateStream.raw(encrypted, options.level(), options.threads(), options.zipDeflater());
    }

    /** The literal layer's close must not close the encrypted stream before its own try-with-resources does. */
    private static final class UnclosingStream extends FilterOutputStream {
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
     * The ZIP packet as gpg writes it: an old-format header of indeterminate length (the packet runs to the end of the
     * encrypted data, so the deflate output needs no chunk framing or copy), then raw deflate with an 8 KiB window,
     * memLevel 8, by native zlib or JZlib.
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
     * The BZIP2 packet as gpg writes it: old-format indeterminate header, then bzip2 with a block size of {@code level}
     * x 100 kB (gpg passes -z to bzip2 as its block size; BouncyCastle's own generator always uses 900 kB).
     */
    static final class Bzip2PacketStream extends OutputStream {
        private final CBZip2OutputStream bzip2;
        private boolean closed;

        private Bzip2PacketStream(CBZip2OutputStream bzip2) {
            this.bzip2 = bzip2;
        }

        static Bzip2PacketStream open(OutputStream out, int level) throws IOException {
            out.write(ZipPacketStream.OLD_FORMAT_COMPRESSED_INDETERMINATE);
            out.write(Compression.BZIP2.tag());
            return new Bzip2PacketStream(new CBZip2OutputStream(out, level));
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
    private static final class JZlibRawDeflate extends DeflaterOutputStream {
        JZlibRawDeflate(OutputStream packet, int level) throws IOException {
            super(packet, new Deflater(level, 13, true), PgpEncryptor.BUFFER, false);
        }

        @Override
        public void close() throws IOException {
            finish();
            getDeflater().end();
        }
    }
}
